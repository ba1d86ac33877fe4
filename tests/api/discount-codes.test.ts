import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { unbalancedTransactions } from './harness.js';
import { MONDAY_EVENINGS } from '../fixtures.js';
import { companyIdOfUser, insertOpenSession, publicCourseOf, userIdOf } from './course-fixtures.js';
import { createLearners, post, t, useTestApp } from './enrollment-payments-shared.js';

useTestApp();

const DAY = 86_400_000;
const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: t.auth(token) });
const key = () => `k-${randomBytes(8).toString('hex')}`;
const codeName = (tag: string) => `${tag}${randomBytes(3).toString('hex')}`.toUpperCase();

/** A session of the demo educator's first public course at `priceCents`. */
async function educatorSession(priceCents: number, maxSeats = 50) {
  const courseId = await publicCourseOf(t.db, 'educator@halaqa.test');
  const educatorId = await userIdOf(t.db, 'educator@halaqa.test');
  const options = { priceCents, maxSeats, toDay: 30, timezone: 'UTC', schedule: MONDAY_EVENINGS };
  const { id } = await insertOpenSession(t.db, { ...options, course: { id: courseId, educatorId } });
  return { sessionId: id, courseId };
}

/** Creates a code as the demo user `email`; the raw answer. */
async function createCode(email: string, body: Record<string, unknown>) {
  return post('/api/payments/discount-codes', await t.tokenFor(email), {
    kind: 'percent',
    percentOff: 20,
    validFrom: new Date(Date.now() - DAY).toISOString(),
    validTo: new Date(Date.now() + 30 * DAY).toISOString(),
    maxUses: 10,
    ...body,
  });
}

const quote = (token: string, sessionId: number, code: string) =>
  post('/api/payments/discount-codes/quote', token, { sessionId, code });
const payWithCode = (token: string, sessionId: number, amount: number, code: string) =>
  post('/api/payments/intents/wallet', token, { sessionId, amount, discountCode: code }, { 'idempotency-key': key() });
const reason = (res: { json(): { errors?: { path: string; message: string }[] } }) => res.json().errors?.[0];

describe('discount codes: who creates and lists them', () => {
  it('an educator creates a code for their own course, never for another educator’s', async () => {
    const { courseId } = await educatorSession(10000);
    const code = codeName('own');
    const res = await createCode('educator@halaqa.test', { code: code.toLowerCase(), courseId });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ code, kind: 'percent', percentOff: 20, uses: 0, companyId: null });
    const other = await t.db
      .selectFrom('courses')
      .select('id')
      .where('educator_id', '!=', await userIdOf(t.db, 'educator@halaqa.test'))
      .executeTakeFirstOrThrow();
    const refused = await createCode('educator@halaqa.test', { code: codeName('theirs'), courseId: other.id });
    expect(refused.statusCode).toBe(403);
    // The same code twice: 409, whatever its case.
    const taken = await createCode('admin@halaqa.test', { code, courseId });
    expect(taken.statusCode).toBe(409);
  });

  it('a learner may not create or list codes; each role lists only its own', async () => {
    const { courseId } = await educatorSession(10000);
    const learner = await t.tokenFor('learner@halaqa.test');
    expect((await post('/api/payments/discount-codes', learner, {})).statusCode).toBe(403);
    expect((await get('/api/payments/discount-codes', learner)).statusCode).toBe(403);
    const partnerCode = codeName('qad');
    expect((await createCode('partner@qad.halaqa.test', { code: partnerCode, courseId })).statusCode).toBe(201);
    const partnerList = (await get('/api/payments/discount-codes', await t.tokenFor('partner@qad.halaqa.test'))).json()
      .data as { code: string; companyId: number }[];
    const company = await companyIdOfUser(t.db, 'partner@qad.halaqa.test');
    expect(partnerList.map((c) => c.code)).toContain(partnerCode);
    expect(partnerList.every((c) => c.companyId === company)).toBe(true);
    const adminList = (await get('/api/payments/discount-codes', await t.tokenFor('admin@halaqa.test'))).json().data;
    expect(adminList.map((c: { code: string }) => c.code)).toContain(partnerCode);
  });

  it('refuses a window that ends before it starts and a session of another course', async () => {
    const { courseId } = await educatorSession(10000);
    const backwards = await createCode('admin@halaqa.test', {
      code: codeName('back'),
      courseId,
      validFrom: new Date(Date.now() + DAY).toISOString(),
      validTo: new Date(Date.now()).toISOString(),
    });
    expect(backwards.statusCode).toBe(422);
    const foreign = await insertOpenSession(t.db, { priceCents: 100, maxSeats: 1 });
    const other = await t.db.selectFrom('courses').select('id').where('id', '!=', foreign.course_id).executeTakeFirst();
    const wrong = await createCode('admin@halaqa.test', {
      code: codeName('ses'),
      courseId: other!.id,
      sessionId: foreign.id,
    });
    expect(wrong.statusCode).toBe(422);
    expect(reason(wrong)).toMatchObject({ path: 'sessionId' });
  });
});

describe('discount codes at checkout', () => {
  it('a 20 % code: the fee is on the discounted price, the use counted with the enrollment', async () => {
    const { sessionId, courseId } = await educatorSession(10000);
    const code = codeName('twenty');
    await createCode('educator@halaqa.test', { code, courseId });
    const [learner] = await createLearners(1, 20000, `q${code}`);
    const q = await quote(learner.token, sessionId, code.toLowerCase());
    expect(q.statusCode).toBe(200);
    // 100.00 − 20 % = 80.00; fee 5 % + 0.50 on 80.00 = 4.50.
    expect(q.json().data).toEqual({
      code,
      listPrice: 100,
      discount: 20,
      price: 80,
      fee: 4.5,
      total: 84.5,
      amount: 8450,
      currency: 'USD',
    });
    // The full price's amount is refused with a code.
    expect((await payWithCode(learner.token, sessionId, 11050, code)).statusCode).toBe(422);
    const paid = await payWithCode(learner.token, sessionId, 8450, code);
    expect(paid.statusCode).toBe(201);
    expect(paid.json().data).toMatchObject({ status: 'succeeded', amount: 8450 });
    const legs = await t.db
      .selectFrom('ledger_entries as le')
      .innerJoin('ledger_transactions as lt', 'lt.id', 'le.transaction_id')
      .select(['le.account', 'le.amount_cents'])
      .where('lt.payment_intent_id', '=', paid.json().data.id)
      .execute();
    expect(Object.fromEntries(legs.map((l) => [l.account, l.amount_cents]))).toEqual({
      WALLET: -8450,
      EARNINGS: 8000,
      PLATFORM_FEES: 450,
    });
    const list = (await get('/api/payments/discount-codes', await t.tokenFor('educator@halaqa.test'))).json().data;
    const listed = list.find((c: { code: string }) => c.code === code);
    expect(listed).toMatchObject({ uses: 1, recentUses: [{ sessionId, discount: 2000 }] });
    // Once per learner by default.
    const again = await quote(learner.token, sessionId, code);
    expect(again.statusCode).toBe(409);
    expect(reason(again)).toEqual({ path: 'discountCode', message: 'learnerLimit' });
  });

  it('a 100 % code enrolls with nothing to pay and an empty wallet', async () => {
    const { sessionId, courseId } = await educatorSession(5000);
    const code = codeName('free');
    await createCode('admin@halaqa.test', { code, courseId, percentOff: 100 });
    const [learner] = await createLearners(1, 0, `f${code}`);
    expect((await quote(learner.token, sessionId, code)).json().data).toMatchObject({ price: 0, fee: 0, amount: 0 });
    const paid = await payWithCode(learner.token, sessionId, 0, code);
    expect(paid.statusCode).toBe(201);
    expect(paid.json().data).toMatchObject({ status: 'succeeded', amount: 0 });
    const enrolled = await post(`/api/sessions/${sessionId}/enroll`, learner.token);
    expect(enrolled.statusCode).toBe(200);
    expect(await unbalancedTransactions(t.db)).toEqual([]);
    // Without a code, 0 is still refused.
    const [other] = await createLearners(1, 0, `g${code}`);
    const refused = await post(
      '/api/payments/intents/wallet',
      other.token,
      { sessionId, amount: 0 },
      { 'idempotency-key': key() },
    );
    expect(refused.statusCode).toBe(422);
  });

  it('refuses expired, not yet valid, wrong course, wrong session and unknown codes, changing nothing', async () => {
    const { sessionId, courseId } = await educatorSession(10000);
    const { sessionId: otherSession } = await educatorSession(10000);
    const admin = 'admin@halaqa.test';
    const expired = codeName('old');
    const soon = codeName('soon');
    const single = codeName('one');
    await createCode(admin, {
      code: expired,
      courseId,
      validFrom: new Date(Date.now() - 3 * DAY).toISOString(),
      validTo: new Date(Date.now() - DAY).toISOString(),
    });
    await createCode(admin, {
      code: soon,
      courseId,
      validFrom: new Date(Date.now() + DAY).toISOString(),
      validTo: new Date(Date.now() + 3 * DAY).toISOString(),
    });
    await createCode(admin, { code: single, courseId, sessionId: otherSession });
    const foreign = await insertOpenSession(t.db, { priceCents: 10000, maxSeats: 5 });
    const [learner] = await createLearners(1, 50000, `r${expired}`);
    const cases: [number, string, number, string][] = [
      [sessionId, expired, 422, 'expired'],
      [sessionId, soon, 422, 'notYetValid'],
      [sessionId, single, 422, 'wrongSession'],
      [sessionId, 'NO-SUCH-CODE', 422, 'unknown'],
    ];
    if (foreign.course_id !== courseId) cases.push([foreign.id, single, 422, 'wrongCourse']);
    for (const [session, code, status, why] of cases) {
      const res = await payWithCode(learner.token, session, 8450, code);
      expect([code, res.statusCode]).toEqual([code, status]);
      expect(reason(res)).toEqual({ path: 'discountCode', message: why });
      expect(res.json().message).toMatch(/discount code/);
    }
    const codes = await t.db
      .selectFrom('discount_codes')
      .select('uses')
      .where('code', 'in', [expired, soon, single])
      .execute();
    expect(codes.every((c) => c.uses === 0)).toBe(true);
    expect((await get('/api/payments/wallets/me', learner.token)).json().data.balance).toBe(500);
  });

  it("refuses a partner's code to anyone outside the partner's company", async () => {
    const { sessionId, courseId } = await educatorSession(10000);
    const code = codeName('members');
    expect((await createCode('partner@qad.halaqa.test', { code, courseId })).statusCode).toBe(201);
    const [outsider] = await createLearners(1, 50000, `o${code}`);
    const refused = await quote(outsider.token, sessionId, code);
    expect(refused.statusCode).toBe(422);
    expect(reason(refused)).toEqual({ path: 'discountCode', message: 'otherCompany' });
    // A member of the company may use it.
    const [member] = await createLearners(1, 50000, `m${code}`);
    await t.db
      .updateTable('users')
      .set({ company_id: await companyIdOfUser(t.db, 'partner@qad.halaqa.test') })
      .where('id', '=', member.id)
      .execute();
    expect((await payWithCode(member.token, sessionId, 8450, code)).statusCode).toBe(201);
  });

  it('an exhausted code is refused with 409; by card, the use is taken when the payment enrolls', async () => {
    const { sessionId, courseId } = await educatorSession(10000);
    const code = codeName('last');
    await createCode('admin@halaqa.test', { code, courseId, maxUses: 1 });
    const [cardPayer, walletPayer, late] = await createLearners(3, 50000, `c${code}`);
    const card = await post('/api/payments/cards', cardPayer.token, { source: 'tok_visa' });
    expect(card.statusCode).toBe(201);
    // The card checkout holds its seat with the code; nothing is counted yet.
    const intent = await post(
      '/api/payments/intents',
      cardPayer.token,
      { sessionId, amount: 8450, discountCode: code },
      { 'idempotency-key': key() },
    );
    expect(intent.statusCode).toBe(201);
    // The wallet payer takes the only use first; the card payment is then refused and nothing charged.
    expect((await payWithCode(walletPayer.token, sessionId, 8450, code)).statusCode).toBe(201);
    const confirm = await post(
      `/api/payments/intents/${intent.json().data.id}/confirm`,
      cardPayer.token,
      { paymentMethod: card.json().data.id },
      { 'idempotency-key': key() },
    );
    expect(confirm.statusCode).toBe(409);
    expect(reason(confirm)).toEqual({ path: 'discountCode', message: 'exhausted' });
    const exhausted = await payWithCode(late.token, sessionId, 8450, code);
    expect(exhausted.statusCode).toBe(409);
    expect(reason(exhausted)).toEqual({ path: 'discountCode', message: 'exhausted' });
    const row = await t.db
      .selectFrom('discount_codes')
      .select('uses')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(row.uses).toBe(1);
    expect(await unbalancedTransactions(t.db)).toEqual([]);
  });

  it('a card payment with a code enrolls at the discounted amount and counts the use', async () => {
    const { sessionId, courseId } = await educatorSession(10000);
    const code = codeName('card');
    await createCode('admin@halaqa.test', { code, courseId, kind: 'fixed', percentOff: undefined, amountOff: 2500 });
    const [payer] = await createLearners(1, 0, `d${code}`);
    const card = await post('/api/payments/cards', payer.token, { source: 'tok_visa' });
    // 100.00 − 25.00 = 75.00; fee 3.75 + 0.50.
    const intent = await post(
      '/api/payments/intents',
      payer.token,
      { sessionId, amount: 7925, discountCode: code },
      { 'idempotency-key': key() },
    );
    expect(intent.statusCode).toBe(201);
    const confirm = await post(
      `/api/payments/intents/${intent.json().data.id}/confirm`,
      payer.token,
      { paymentMethod: card.json().data.id },
      { 'idempotency-key': key() },
    );
    expect(confirm.statusCode).toBe(200);
    expect(confirm.json().data).toMatchObject({ status: 'succeeded', amount: 7925 });
    const row = await t.db
      .selectFrom('discount_codes')
      .select('uses')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(row.uses).toBe(1);
  });
});

describe('discount codes under a storm', () => {
  it('one learner paying two sessions at once with a once-per-learner code: one use', async () => {
    const { sessionId: first, courseId } = await educatorSession(10000);
    const { sessionId: second } = await educatorSession(10000);
    const code = codeName('once');
    await createCode('admin@halaqa.test', { code, courseId, percentOff: 100 });
    const [learner] = await createLearners(1, 0, `p${code}`);
    const answers = await Promise.all([first, second].map((s) => payWithCode(learner.token, s, 0, code)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(reason(answers.find((a) => a.statusCode === 409)!)).toEqual({
      path: 'discountCode',
      message: 'learnerLimit',
    });
    const row = await t.db
      .selectFrom('discount_codes')
      .select('uses')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(row.uses).toBe(1);
  });

  it('1,000 learners racing for a 50-use code: exactly 50 enroll with it', { timeout: 240_000 }, async () => {
    const { sessionId, courseId } = await educatorSession(2000, 2000);
    const code = codeName('storm');
    await createCode('admin@halaqa.test', { code, courseId, percentOff: 100, maxUses: 50 });
    const learners = await createLearners(1000, 0, `s${code}`);
    const statuses: number[] = [];
    // 1,000 attempts, 100 in flight at a time.
    for (let i = 0; i < learners.length; i += 100) {
      const batch = await Promise.all(learners.slice(i, i + 100).map((l) => payWithCode(l.token, sessionId, 0, code)));
      statuses.push(...batch.map((r) => r.statusCode));
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(50);
    expect(statuses.filter((s) => s === 409)).toHaveLength(950);
    const row = await t.db.selectFrom('discount_codes').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
    expect(row.uses).toBe(50);
    const uses = await t.db
      .selectFrom('discount_code_uses')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('code_id', '=', row.id)
      .executeTakeFirstOrThrow();
    expect(Number(uses.n)).toBe(50);
    const enrolled = await t.db
      .selectFrom('enrollments')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('session_id', '=', sessionId)
      .where('status', '=', 'ACTIVE')
      .executeTakeFirstOrThrow();
    expect(Number(enrolled.n)).toBe(50);
  });
});
