import { type Kysely, sql } from 'kysely';

/**
 * A session's seats, counted in one round trip after its row is locked (the
 * enrollment storm). A checkout locks the session's row (FOR NO KEY UPDATE) and counts the seats
 * taken; the lock is held until commit, so every round trip between the lock and the commit
 * lengthens the queue of checkouts behind it. In READ COMMITTED the count must come from a
 * statement that starts after the lock is granted (one started before it would not see the
 * previous holder's enrollment), so in SQL from the server that is two statements; inside a
 * VOLATILE function each statement takes a new snapshot, so the lock and the count are one call.
 *
 * `session_seats(session, user, open_statuses, lock)` returns, for a session that is not deleted:
 * its price (cents), seats, status, whether it has not ended (its end date ≥ today), its educator,
 * the seats taken: ACTIVE enrollments plus unexpired holds of unfinished card payments
 * (`open_statuses`, server/platform/session-lifecycle.ts) of anyone but `user`, `user`'s own
 * unfinished card payments for it (a new one cancels them), and `user`'s enrollment in it (id and
 * status; null when none), which every checkout looks at too. With `lock`
 * false nothing is locked (a pre-check that reads the last committed state). No row: no such session.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function session_seats(p_session integer, p_user integer, p_open text[], p_lock boolean)
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
        select s.price_cents, s.max_seats, s.status, s.end_date >= current_date, s.educator_id,
          (select count(*) from enrollments e where e.session_id = p_session and e.status = 'ACTIVE')
            + (select count(*) from payment_intents i
               where i.session_id = p_session and i.user_id <> p_user and i.status = any (p_open) and i.hold_expires_at > now()),
          (select count(*) from payment_intents i where i.user_id = p_user and i.session_id = p_session and i.status = any (p_open)),
          e.id, e.status
        from sessions s
        left join enrollments e on e.session_id = s.id and e.user_id = p_user
        where s.id = p_session and s.deleted_at is null;
    end $$`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop function if exists session_seats(integer, integer, text[], boolean)`.execute(db);
}
