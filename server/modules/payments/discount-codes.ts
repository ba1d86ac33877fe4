import { type Kysely, type Selectable, type Transaction, sql } from 'kysely';
import type { Database, DiscountCodesTable } from '../../db/types.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { HttpError, conflict, notFound, unprocessable } from '../../platform/errors.js';
import type { Schema } from '../../platform/handlers.js';
import { centsToDollars } from '../../platform/money/cents.js';
import { type FeeCents, quoteCents } from '../../platform/money/fees.js';
import {
  type TenantScope,
  courseTenantOpenFor,
  courseVisible,
  discountCodeManaged,
  tenantScopeOf,
} from '../../platform/tenancy.js';

/**
 * Discount codes (docs/product.md "Discount codes", docs/decisions.md "Discount codes"): created by
 * educators (their own courses), partners (their company's members only) and admins (any course);
 * checked at checkout; a use counted in the transaction that enrolls, by a conditional UPDATE that
 * never takes `uses` past `max_uses` however many checkouts race for the last one.
 */

type CodeRow = Selectable<DiscountCodesTable>;
export type DiscountCodeView = Schema<'DiscountCode'>;
export type DiscountRefusal = Schema<'DiscountRefusal'>;

const REFUSALS: Record<DiscountRefusal, { status: 409 | 422; message: string }> = {
  unknown: { status: 422, message: 'This discount code does not exist' },
  notYetValid: { status: 422, message: 'This discount code is not valid yet' },
  expired: { status: 422, message: 'This discount code has expired' },
  exhausted: { status: 409, message: 'This discount code has been used up' },
  learnerLimit: { status: 409, message: 'You have already used this discount code as often as allowed' },
  otherCompany: { status: 422, message: "This discount code is for another company's members" },
  wrongCourse: { status: 422, message: 'This discount code is for another course' },
  wrongSession: { status: 422, message: 'This discount code is for another session of this course' },
};

/**
 * The 4xx of a refused code: 409 (exhausted, learnerLimit) or 422, English message, and
 * `errors[0] = {path: 'discountCode', message: reason}` so the client can say it in its language.
 */
export function discountRefused(reason: DiscountRefusal): HttpError {
  const { status, message } = REFUSALS[reason];
  return new HttpError(status, message, [{ path: 'discountCode', message: reason }]);
}

/** A code as typed by a person: trimmed, upper-case (codes are stored upper-case). */
export const normalizeCode = (code: string): string => code.trim().toUpperCase();

/**
 * Cents a code takes off a price in cents: `percent` → round(price × percent / 100), half up;
 * `fixed` → its amount, at most the price (a price never goes below 0).
 */
export function discountCents(code: Pick<CodeRow, 'kind' | 'percent_off' | 'amount_off_cents'>, priceCents: number) {
  if (priceCents <= 0) return 0;
  const off =
    code.kind === 'percent' ? Math.round((priceCents * (code.percent_off ?? 0)) / 100) : (code.amount_off_cents ?? 0);
  return Math.min(priceCents, off);
}

/** A session's price with a code, cents: the fee rule applied to the discounted price (none when it is 0). */
export interface DiscountedPrice {
  code: CodeRow;
  listPriceCents: number;
  discountCents: number;
  quote: FeeCents;
}

/** The price with `code` of a session whose list price is `listPriceCents` (fees.ts applies to what is left). */
export function priceWith(app: AppContext, code: CodeRow, listPriceCents: number): DiscountedPrice {
  const off = discountCents(code, listPriceCents);
  return { code, listPriceCents, discountCents: off, quote: quoteCents(listPriceCents - off, app.config.fee) };
}

/**
 * Every rule of a code for a learner and a session, read without locks: the code exists, is valid
 * at `now` (valid_from ≤ now < valid_to), has uses left, the learner has uses left, it is for the
 * session's course (and session, when it names one), and a partner's code is used by its company's
 * members only. @returns the code row and the session's course and list price (cents).
 * @throws {@link discountRefused} for the first rule broken.
 */
export async function checkCode(
  db: Kysely<Database> | Transaction<Database>,
  caller: Caller,
  input: { sessionId: number; code: string },
  now: Date,
): Promise<CodeRow> {
  const code = await db
    .selectFrom('discount_codes')
    .selectAll()
    .where('code', '=', normalizeCode(input.code))
    .executeTakeFirst();
  if (!code) throw discountRefused('unknown');
  if (code.company_id !== null && code.company_id !== caller.companyId) throw discountRefused('otherCompany');
  const session = await db
    .selectFrom('sessions')
    .select(['id', 'course_id'])
    .where('id', '=', input.sessionId)
    .executeTakeFirst();
  if (!session) throw notFound('Session');
  if (session.course_id !== code.course_id) throw discountRefused('wrongCourse');
  if (code.session_id !== null && code.session_id !== session.id) throw discountRefused('wrongSession');
  if (now < code.valid_from) throw discountRefused('notYetValid');
  if (now >= code.valid_to) throw discountRefused('expired');
  if (code.uses >= code.max_uses) throw discountRefused('exhausted');
  if ((await usesBy(db, code.id, caller.userId)) >= code.max_uses_per_learner) throw discountRefused('learnerLimit');
  return code;
}

async function usesBy(db: Kysely<Database> | Transaction<Database>, codeId: number, userId: number) {
  const { n } = await db
    .selectFrom('discount_code_uses')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('code_id', '=', codeId)
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

/**
 * Takes one use of a code in the caller's transaction: `UPDATE … SET uses = uses + 1 WHERE uses <
 * max_uses AND valid now`, which locks the code's row until commit, so concurrent checkouts with the
 * same code queue here and the last use goes to exactly one of them; then, under that lock, the
 * learner's own uses are counted. Must run before the session's row is locked (the lock order of a
 * checkout: code, then session). The use's row is written by {@link recordUse} once the payment exists.
 * @throws {@link discountRefused} exhausted, expired, notYetValid or learnerLimit; the
 *   transaction must then roll back (nothing of the checkout is kept).
 */
export async function takeUse(trx: Transaction<Database>, codeId: number, userId: number, now: Date): Promise<void> {
  const taken = await trx
    .updateTable('discount_codes')
    .set((eb) => ({ uses: eb('uses', '+', 1) }))
    .where('id', '=', codeId)
    .whereRef('uses', '<', 'max_uses')
    .where('valid_from', '<=', now)
    .where('valid_to', '>', now)
    .returning(['max_uses_per_learner'])
    .executeTakeFirst();
  if (!taken) {
    const code = await trx.selectFrom('discount_codes').selectAll().where('id', '=', codeId).executeTakeFirstOrThrow();
    if (now < code.valid_from) throw discountRefused('notYetValid');
    if (now >= code.valid_to) throw discountRefused('expired');
    throw discountRefused('exhausted');
  }
  if ((await usesBy(trx, codeId, userId)) >= taken.max_uses_per_learner) throw discountRefused('learnerLimit');
}

/** Writes the use taken by {@link takeUse}: who, which session and payment, how many cents off. */
export async function recordUse(
  trx: Transaction<Database>,
  use: { codeId: number; userId: number; sessionId: number; paymentIntentId: string; discountCents: number; at: Date },
): Promise<void> {
  await trx
    .insertInto('discount_code_uses')
    .values({
      code_id: use.codeId,
      user_id: use.userId,
      session_id: use.sessionId,
      payment_intent_id: use.paymentIntentId,
      discount_cents: use.discountCents,
      created_at: use.at,
    })
    .execute();
}

/**
 * POST /payments/discount-codes/quote {sessionId, code}: the session's price with the code, the
 * platform fee on the discounted price and the total (dollars; `amount` in cents). Counts nothing.
 * @throws 404 session unknown or not visible; {@link discountRefused}.
 */
export async function quoteDiscountCode(app: AppContext, caller: Caller, input: { sessionId: number; code: string }) {
  const session = await app.db
    .selectFrom('sessions as s')
    .innerJoin('courses as c', 'c.id', 's.course_id')
    .select(['s.id', 's.price_cents'])
    .where('s.id', '=', input.sessionId)
    .where((eb) => courseVisible(eb, tenantScopeOf(caller)))
    .executeTakeFirst();
  if (!session) throw notFound('Session');
  const code = await checkCode(app.db, caller, input, app.now());
  const priced = priceWith(app, code, session.price_cents);
  return {
    code: code.code,
    listPrice: centsToDollars(priced.listPriceCents),
    discount: centsToDollars(priced.discountCents),
    price: centsToDollars(priced.quote.priceCents),
    fee: centsToDollars(priced.quote.feeCents),
    total: centsToDollars(priced.quote.totalCents),
    amount: priced.quote.totalCents,
    currency: 'USD' as const,
  };
}

/**
 * GET /payments/discount-codes: the codes the scope manages ({@link discountCodeManaged}: admins
 * all, an educator their courses', a partner their company's), newest first (at most 500), each
 * with its newest 20 uses.
 */
export async function listDiscountCodes(app: AppContext, scope: TenantScope): Promise<DiscountCodeView[]> {
  const rows = await app.db
    .selectFrom('discount_codes as d')
    .innerJoin('courses as c', 'c.id', 'd.course_id')
    .selectAll('d')
    .select('c.title as course_title')
    .where((eb) => discountCodeManaged(eb, scope))
    .orderBy('d.created_at', 'desc')
    .orderBy('d.id', 'desc')
    .limit(500)
    .execute();
  if (rows.length === 0) return [];
  const uses = await app.db
    .selectFrom(
      app.db
        .selectFrom('discount_code_uses as u')
        .innerJoin('users as l', 'l.id', 'u.user_id')
        .select([
          'u.code_id',
          'u.session_id',
          'u.discount_cents',
          'u.created_at',
          sql<string>`l.first_name || ' ' || l.last_name`.as('learner_name'),
          sql<number>`row_number() over (partition by u.code_id order by u.created_at desc, u.id desc)`.as('n'),
        ])
        .where(
          'u.code_id',
          'in',
          rows.map((r) => r.id),
        )
        .as('x'),
    )
    .selectAll()
    .where('n', '<=', 20)
    .orderBy('code_id')
    .orderBy('n')
    .execute();
  return rows.map((r) => ({
    ...toView(r, r.course_title),
    recentUses: uses
      .filter((u) => u.code_id === r.id)
      .map((u) => ({
        learnerName: u.learner_name,
        sessionId: u.session_id,
        discount: u.discount_cents,
        usedAt: u.created_at.toISOString(),
      })),
  }));
}

function toView(r: CodeRow, courseTitle: string): DiscountCodeView {
  return {
    id: r.id,
    code: r.code,
    kind: r.kind,
    percentOff: r.percent_off,
    amountOff: r.amount_off_cents,
    courseId: r.course_id,
    courseTitle,
    sessionId: r.session_id,
    companyId: r.company_id,
    validFrom: r.valid_from.toISOString(),
    validTo: r.valid_to.toISOString(),
    maxUses: r.max_uses,
    maxUsesPerLearner: r.max_uses_per_learner,
    uses: r.uses,
    recentUses: [],
    createdAt: r.created_at.toISOString(),
  };
}

/**
 * POST /payments/discount-codes: a new code for a course the scope may discount — an educator
 * their own course, a partner a course their company's members see (the code then carries the
 * company: its members only), an admin any course.
 * @throws 404 course unknown or not visible to the scope; 403 a course the scope sees but may not
 *   discount (another educator's; a partner's: not published); 422 session not of the course, validTo ≤ validFrom,
 *   percentOff / amountOff missing for the kind; 409 the code is taken.
 */
export async function createDiscountCode(
  app: AppContext,
  scope: TenantScope,
  input: Schema<'DiscountCodeRequest'>,
): Promise<DiscountCodeView> {
  if (scope.userId === null) throw new HttpError(401, 'Authentication required');
  const percent = input.kind === 'percent' ? (input.percentOff ?? null) : null;
  const amount = input.kind === 'fixed' ? (input.amountOff ?? null) : null;
  if (input.kind === 'percent' && percent === null)
    throw unprocessable('Give the percent off', [{ path: 'percentOff', message: 'is required for a percent code' }]);
  if (input.kind === 'fixed' && amount === null)
    throw unprocessable('Give the amount off', [{ path: 'amountOff', message: 'is required for a fixed code' }]);
  const validFrom = new Date(input.validFrom);
  const validTo = new Date(input.validTo);
  if (!(validFrom < validTo))
    throw unprocessable('The code must end after it starts', [{ path: 'validTo', message: 'must be after validFrom' }]);
  const course = await app.db
    .selectFrom('courses as c')
    .select(['c.id', 'c.title', 'c.educator_id', 'c.is_private', 'c.company_id', 'c.status'])
    .where('c.id', '=', input.courseId)
    .executeTakeFirst();
  // A course the scope cannot see is not found; one it sees but may not discount is forbidden.
  if (!course || !courseTenantOpenFor({ isPrivate: course.is_private, companyId: course.company_id }, scope))
    throw notFound('Course');
  const allowed = scope.isStaff
    ? true
    : scope.role === 'PARTNER'
      ? course.status === 'PUBLISHED'
      : course.educator_id === scope.userId;
  if (!allowed) throw new HttpError(403, 'You cannot create discount codes for this course');
  if (input.sessionId !== undefined) {
    const session = await app.db
      .selectFrom('sessions')
      .select('id')
      .where('id', '=', input.sessionId)
      .where('course_id', '=', course.id)
      .executeTakeFirst();
    if (!session)
      throw unprocessable('This session is not one of the course', [
        { path: 'sessionId', message: 'is not a session of this course' },
      ]);
  }
  const companyId = !scope.isStaff && scope.role === 'PARTNER' ? scope.companyId : null;
  if (!scope.isStaff && scope.role === 'PARTNER' && companyId === null)
    throw new HttpError(403, 'Only members of a company can create codes for it');
  const row = await app.db
    .insertInto('discount_codes')
    .values({
      code: normalizeCode(input.code),
      kind: input.kind,
      percent_off: percent,
      amount_off_cents: amount,
      course_id: course.id,
      session_id: input.sessionId ?? null,
      company_id: companyId,
      created_by: scope.userId,
      valid_from: validFrom,
      valid_to: validTo,
      max_uses: input.maxUses,
      max_uses_per_learner: input.maxUsesPerLearner ?? 1,
      created_at: app.now(),
    })
    .onConflict((oc) => oc.column('code').doNothing())
    .returningAll()
    .executeTakeFirst();
  if (!row) throw conflict('This code is taken: choose another');
  return toView(row, course.title);
}

/**
 * The total (cents) a payment intent must still have for a session whose list price is now
 * `listPriceCents`: the fee quote of the price, less the intent's code when it has one (a code's
 * terms never change once created, so this is the price the intent was created with unless the
 * session's price changed).
 */
export async function expectedTotalCents(
  app: AppContext,
  db: Kysely<Database> | Transaction<Database>,
  row: { discount_code_id: number | null },
  listPriceCents: number,
): Promise<number> {
  if (row.discount_code_id === null) return quoteCents(listPriceCents, app.config.fee).totalCents;
  const code = await db
    .selectFrom('discount_codes')
    .selectAll()
    .where('id', '=', row.discount_code_id)
    .executeTakeFirstOrThrow();
  return priceWith(app, code, listPriceCents).quote.totalCents;
}
