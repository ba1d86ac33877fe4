import { type Kysely, sql } from 'kysely';

/**
 * `session_seats` on the app's clock: the instant that decides which seat holds still count, and
 * whether the session has ended, is a parameter (`p_now`, the server's `AppContext.now`) instead of
 * the database's `now()`, so a seat hold, its expiry and the seat count read one clock. Otherwise as
 * migration 0022: `session_seats(session, user, open_statuses, lock, now)`. The four-argument function of
 * 0022 stays beside it (an overload), so instances of the previous release keep working during a rolling
 * upgrade (docs/deploy.md).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function session_seats(p_session integer, p_user integer, p_open text[], p_lock boolean, p_now timestamptz)
    returns table (
      price_cents integer, max_seats integer, status text, not_ended boolean, educator_id integer, seats_taken bigint,
      own_holds bigint, enrollment_id integer, enrollment_status text
    )
    language plpgsql volatile as $$
    #variable_conflict use_column
    begin
      if p_lock then
        perform 1 from sessions s where s.id = p_session and s.deleted_at is null for no key update;
      end if;
      return query
        select s.price_cents, s.max_seats, s.status, s.end_date >= p_now::date, s.educator_id,
          (select count(*) from enrollments e where e.session_id = p_session and e.status = 'ACTIVE')
            + (select count(*) from payment_intents i
               where i.session_id = p_session and i.user_id <> p_user and i.status = any (p_open) and i.hold_expires_at > p_now),
          (select count(*) from payment_intents i where i.user_id = p_user and i.session_id = p_session and i.status = any (p_open)),
          e.id, e.status
        from sessions s
        left join enrollments e on e.session_id = s.id and e.user_id = p_user
        where s.id = p_session and s.deleted_at is null;
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists session_seats(integer, integer, text[], boolean, timestamptz)`.execute(db);
}
