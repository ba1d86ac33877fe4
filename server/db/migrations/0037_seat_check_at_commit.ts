import { type Kysely, sql } from 'kysely';

/**
 * The seat check of a card checkout, made by PostgreSQL while the transaction commits.
 *
 * Until now the checkout's transaction locked the session's row (FOR NO KEY UPDATE, through
 * `session_seats`), counted the seats, and only then sent COMMIT: the lock was held for two round
 * trips between the server and the database, and under an enrollment storm every checkout of the
 * session queued behind it (3,000 learners for 1,000 seats: 9.4 s, p99 ~1 s).
 *
 * Now the checkout inserts one row into `seat_checks` (what to check: the session, the learner, the
 * app's clock, the price and educator read by the checkout's own unlocked pre-check, and how many
 * seats the learner takes over those counted), and a deferred constraint trigger runs the check as
 * part of COMMIT: it locks the session's row, counts the seats (active enrollments + unexpired holds
 * of other learners' unfinished card payments, as `session_seats` does), and raises when the session
 * is gone, closed, changed or full, which fails the COMMIT and rolls the whole transaction back.
 * The lock is taken and released inside the one COMMIT round trip: no round trip between the server
 * and the database is made while it is held. The row is deleted by the trigger that checked it.
 *
 * Errors (SQLSTATE, message): HQ404 'Session' (gone); HQ422 not open for enrollment; HQ409 full,
 * price changed, or educator changed. sessions/seat-check.ts maps them to HTTP answers.
 *
 * Also indexes for the admin's people lists at 200,000 users (bench/pages.ts): users by role in
 * the lists' order (newest first), and a trigram index on the one expression the lists search
 * (`email || E'\n' || first_name || ' ' || last_name`, users/admin-service.ts); enrollments by
 * creation time, so that each week of the dashboards' enrollment charts is a range of an index,
 * not a scan of every enrollment; users by company (a partner's lists, dashboard and attendance
 * analytics read their company's users).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create table seat_checks (
      id bigint generated always as identity primary key,
      session_id integer not null,
      user_id integer not null,
      checked_at timestamptz not null,
      price_cents integer not null,
      educator_id integer,
      takes integer not null
    )`.execute(db);
  await sql`
    create function seat_check_at_commit() returns trigger
    language plpgsql volatile as $$
    declare
      s record;
      taken bigint;
    begin
      delete from seat_checks where id = new.id;
      select se.price_cents, se.max_seats, se.status, se.end_date, se.timezone, se.educator_id into s
        from sessions se where se.id = new.session_id and se.deleted_at is null for no key update;
      if not found then
        raise exception 'Session' using errcode = 'HQ404';
      end if;
      -- Open until the end of its last day in its own time zone (decisions.md), as the pre-check says.
      if s.status not in ('APPROVED', 'ACTIVE') or s.end_date < (new.checked_at at time zone s.timezone)::date then
        raise exception 'This session is not open for enrollment' using errcode = 'HQ422';
      end if;
      if s.price_cents <> new.price_cents then
        raise exception 'The price of this session changed: start again' using errcode = 'HQ409';
      end if;
      if new.educator_id is not null and s.educator_id <> new.educator_id then
        raise exception 'This session changed: start again' using errcode = 'HQ409';
      end if;
      -- A statement started after the lock was granted: it sees every checkout committed before.
      select (select count(*) from enrollments e where e.session_id = new.session_id and e.status = 'ACTIVE')
        + (select count(*) from payment_intents i
           where i.session_id = new.session_id and i.user_id <> new.user_id
             and i.status in ('requires_payment_method', 'requires_confirmation', 'processing', 'requires_action')
             and i.hold_expires_at > new.checked_at)
        into taken;
      if taken + new.takes > s.max_seats then
        raise exception 'Session is full' using errcode = 'HQ409';
      end if;
      return null;
    end $$`.execute(db);
  await sql`
    create constraint trigger seat_checks_at_commit after insert on seat_checks
    deferrable initially deferred for each row execute function seat_check_at_commit()`.execute(db);
  await sql`create index users_role_created_idx on users (role, created_at desc, id desc)`.execute(db);
  await sql`create index enrollments_created_idx on enrollments (created_at)`.execute(db);
  await sql`create index users_company_idx on users (company_id) where company_id is not null`.execute(db);
  await sql`
    create index users_search_trgm_idx on users
    using gin ((email || E'\n' || first_name || ' ' || last_name) public.gin_trgm_ops)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists users_role_created_idx`.execute(db);
  await sql`drop index if exists enrollments_created_idx`.execute(db);
  await sql`drop index if exists users_company_idx`.execute(db);
  await sql`drop index if exists users_search_trgm_idx`.execute(db);
  await sql`drop table if exists seat_checks`.execute(db);
  await sql`drop function if exists seat_check_at_commit()`.execute(db);
}
