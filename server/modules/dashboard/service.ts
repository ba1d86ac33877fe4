import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database, Role } from '../../db/types.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { centsToDollars } from '../../platform/money/cents.js';
import { walletBalanceCents } from '../../platform/money/ledger.js';

/** A chart point: a week start (YYYY-MM-DD) or a key, and its value. */
export interface DashboardPoint {
  label: string;
  value: number;
}

/**
 * One value per week over the last 12 weeks (weeks start on Monday, UTC), oldest first.
 * `valueIn(weekStart)` is a scalar SQL expression over the week `[weekStart, weekStart + 7 days)`.
 */
async function weeklySeries(
  db: Kysely<Database>,
  valueIn: (weekStart: RawBuilder<Date>) => RawBuilder<number>,
): Promise<DashboardPoint[]> {
  const w = sql<Date>`w`;
  const { rows } = await sql<{ label: string; value: number }>`
    select to_char(w, 'YYYY-MM-DD') as label, coalesce((${valueIn(w)}), 0)::float8 as value
    from generate_series(date_trunc('week', now() at time zone 'UTC') - interval '11 weeks',
                         date_trunc('week', now() at time zone 'UTC'), interval '1 week') as w
    order by w`.execute(db);
  return rows.map((r) => ({ label: r.label, value: Number(r.value) }));
}

const inWeek = (column: RawBuilder<unknown>, w: RawBuilder<Date>) =>
  sql`${column} >= ${w} and ${column} < ${w} + interval '1 week'`;

/**
 * GET /dashboard/stats: counters and chart series for the caller's role (money in dollars, everything else counts),
 * and whether this is the caller's first sign-in (`users.sign_in_count` ≤ 1).
 */
export async function getDashboardStats(
  app: AppContext,
  caller: Caller,
): Promise<{
  role: Role;
  counters: Record<string, number>;
  series: Record<string, DashboardPoint[]>;
  firstSignIn: boolean;
}> {
  const db = app.db;
  const count = async (q: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) =>
    Number((await q.executeTakeFirstOrThrow()).n);
  const counters: Record<string, number> = {};
  const series: Record<string, DashboardPoint[]> = {};
  const createdAt = sql.ref('e.created_at');
  switch (caller.role) {
    case 'USER':
    case 'LEARNER': {
      const mine = db
        .selectFrom('enrollments as e')
        .innerJoin('sessions as s', 's.id', 'e.session_id')
        .where('e.user_id', '=', caller.userId)
        .where('e.status', '=', 'ACTIVE');
      counters.enrollments = await count(mine.select((eb) => eb.fn.countAll<number>().as('n')));
      counters.runningSessions = await count(
        mine
          .where('s.start_date', '<=', sql<string>`current_date`)
          .where('s.end_date', '>=', sql<string>`current_date`)
          .select((eb) => eb.fn.countAll<number>().as('n')),
      );
      counters.upcomingSessions = await count(
        mine.where('s.start_date', '>', sql<string>`current_date`).select((eb) => eb.fn.countAll<number>().as('n')),
      );
      counters.completedSessions = await count(
        mine.where('s.end_date', '<', sql<string>`current_date`).select((eb) => eb.fn.countAll<number>().as('n')),
      );
      counters.walletBalance = centsToDollars(await walletBalanceCents(db, caller.userId));
      series.enrollmentsByWeek = await weeklySeries(
        db,
        (w) =>
          sql<number>`select count(*) from enrollments e where e.user_id = ${caller.userId} and ${inWeek(createdAt, w)}`,
      );
      break;
    }
    case 'EDUCATOR': {
      counters.courses = await count(
        db
          .selectFrom('courses')
          .where('educator_id', '=', caller.userId)
          .select((eb) => eb.fn.countAll<number>().as('n')),
      );
      counters.sessions = await count(
        db
          .selectFrom('sessions')
          .where('educator_id', '=', caller.userId)
          .select((eb) => eb.fn.countAll<number>().as('n')),
      );
      counters.pendingSessions = await count(
        db
          .selectFrom('sessions')
          .where('educator_id', '=', caller.userId)
          .where('status', '=', 'PENDING')
          .select((eb) => eb.fn.countAll<number>().as('n')),
      );
      counters.learners = await count(
        db
          .selectFrom('enrollments as e')
          .innerJoin('sessions as s', 's.id', 'e.session_id')
          .where('s.educator_id', '=', caller.userId)
          .where('e.status', '=', 'ACTIVE')
          .select(sql<number>`count(distinct e.user_id)`.as('n')),
      );
      const { sum } = await db
        .selectFrom('ledger_entries')
        .where('account', '=', 'EARNINGS')
        .where('owner_id', '=', caller.userId)
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('sum'))
        .executeTakeFirstOrThrow();
      counters.earnings = centsToDollars(Number(sum));
      series.enrollmentsByWeek = await weeklySeries(
        db,
        (w) =>
          sql<number>`select count(*) from enrollments e join sessions s on s.id = e.session_id
                    where s.educator_id = ${caller.userId} and ${inWeek(createdAt, w)}`,
      );
      series.earningsByWeek = await weeklySeries(
        db,
        (w) =>
          sql<number>`select sum(e.amount_cents) / 100.0 from ledger_entries e
                    where e.account = 'EARNINGS' and e.owner_id = ${caller.userId} and ${inWeek(createdAt, w)}`,
      );
      break;
    }
    case 'PARTNER': {
      const cid = caller.companyId ?? -1;
      counters.members = await count(
        db
          .selectFrom('users')
          .where('company_id', '=', cid)
          .where('status', '!=', 'DELETED')
          .select((eb) => eb.fn.countAll<number>().as('n')),
      );
      counters.learners = await count(
        db
          .selectFrom('users')
          .where('company_id', '=', cid)
          .where('role', '=', 'LEARNER')
          .where('status', '!=', 'DELETED')
          .select((eb) => eb.fn.countAll<number>().as('n')),
      );
      counters.enrollments = await count(
        db
          .selectFrom('enrollments as e')
          .innerJoin('users as u', 'u.id', 'e.user_id')
          .where('u.company_id', '=', cid)
          .where('e.status', '=', 'ACTIVE')
          .select((eb) => eb.fn.countAll<number>().as('n')),
      );
      counters.privateCourses = await count(
        db
          .selectFrom('courses')
          .where('company_id', '=', cid)
          .where('is_private', '=', true)
          .select((eb) => eb.fn.countAll<number>().as('n')),
      );
      series.enrollmentsByWeek = await weeklySeries(
        db,
        (w) =>
          sql<number>`select count(*) from enrollments e join users u on u.id = e.user_id where u.company_id = ${cid} and ${inWeek(createdAt, w)}`,
      );
      break;
    }
    default: {
      const byRole = await db
        .selectFrom('users')
        .where('status', '!=', 'DELETED')
        .select(['role', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('role')
        .execute();
      counters.users = byRole.reduce((s, r) => s + Number(r.n), 0);
      for (const r of byRole)
        counters[
          `users${r.role[0]}${r.role
            .slice(1)
            .toLowerCase()
            .replace(/_(\w)/g, (_m, c: string) => c.toUpperCase())}`
        ] = Number(r.n);
      counters.pendingUsers = await count(
        db
          .selectFrom('users')
          .where('status', '=', 'PENDING')
          .select((eb) => eb.fn.countAll<number>().as('n')),
      );
      counters.courses = await count(db.selectFrom('courses').select((eb) => eb.fn.countAll<number>().as('n')));
      counters.sessions = await count(db.selectFrom('sessions').select((eb) => eb.fn.countAll<number>().as('n')));
      counters.pendingSessions = await count(
        db
          .selectFrom('sessions')
          .where('status', '=', 'PENDING')
          .select((eb) => eb.fn.countAll<number>().as('n')),
      );
      counters.enrollments = await count(
        db
          .selectFrom('enrollments')
          .where('status', '=', 'ACTIVE')
          .select((eb) => eb.fn.countAll<number>().as('n')),
      );
      const { sum } = await db
        .selectFrom('ledger_entries')
        .where('account', '=', 'PLATFORM_FEES')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_cents'), eb.lit(0)).as('sum'))
        .executeTakeFirstOrThrow();
      counters.revenue = centsToDollars(Number(sum));
      series.usersByRole = byRole
        .map((r) => ({ label: r.role, value: Number(r.n) }))
        .sort((a, b) => a.label.localeCompare(b.label));
      series.enrollmentsByWeek = await weeklySeries(
        db,
        (w) => sql<number>`select count(*) from enrollments e where ${inWeek(createdAt, w)}`,
      );
      series.revenueByWeek = await weeklySeries(
        db,
        (w) =>
          sql<number>`select sum(e.amount_cents) / 100.0 from ledger_entries e where e.account = 'PLATFORM_FEES' and ${inWeek(createdAt, w)}`,
      );
    }
  }
  const me = await db.selectFrom('users').select('sign_in_count').where('id', '=', caller.userId).executeTakeFirst();
  return { role: caller.role, counters, series, firstSignIn: (me?.sign_in_count ?? 0) <= 1 };
}
