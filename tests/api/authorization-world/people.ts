import { signInForTests } from '../../../server/platform/sign-in-sessions.js';
import { TokenService } from '../../../server/platform/tokens.js';
import type { TestApp } from '../harness.js';
import { CALLERS, companyId, EMAIL, insertUser, ownerCall, type Person, type World } from './shared.js';

/** The world's people: the companies A and B, everyone's id, and each caller's two sign-ins. */
export type People = Pick<World, 'companyA' | 'companyB' | 'ids' | 'tokens' | 'spareTokens'>;

/**
 * The first step of the world: the people it adds to the demo seed (educator A, the USER, learnerA2,
 * educator B), everyone's ids, wallet money for the USER, and a token and a spare sign-in per caller.
 */
export async function people(t: TestApp): Promise<People> {
  const db = t.db;
  const companyA = await companyId(db, 'NCAI');
  const companyB = await companyId(db, 'MOROCCO');
  const ids = {} as Record<Person, number>;
  ids.educator = await insertUser(db, EMAIL.educator, 'EDUCATOR', companyA);
  ids.user = await insertUser(db, EMAIL.user, 'USER', companyA);
  ids.learnerA2 = await insertUser(db, EMAIL.learnerA2, 'LEARNER', companyA);
  ids.educatorB = await insertUser(db, EMAIL.educatorB, 'EDUCATOR', companyB);
  for (const p of Object.keys(EMAIL) as Person[]) {
    ids[p] ??= (await db.selectFrom('users').select('id').where('email', '=', EMAIL[p]).executeTakeFirstOrThrow()).id;
  }
  // Wallet money for the USER too (learners have their welcome credit): one balanced TOP_UP.
  const tx = await db
    .insertInto('ledger_transactions')
    .values({ kind: 'TOP_UP', payment_intent_id: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('ledger_entries')
    .values([
      {
        transaction_id: tx.id,
        account: 'WALLET',
        owner_id: ids.user,
        amount_cents: 20_000,
        reason: 'TOP_UP',
        session_id: null,
        description: 'matrix',
      },
      {
        transaction_id: tx.id,
        account: 'FUNDING',
        owner_id: null,
        amount_cents: -20_000,
        reason: 'TOP_UP',
        session_id: null,
        description: 'matrix',
      },
    ])
    .execute();

  const tokens = {} as World['tokens'];
  for (const k of CALLERS) if (k !== 'anon') tokens[k] = await t.tokenFor(EMAIL[k]);
  const issuer = new TokenService(t.config.jwtSecret, t.config.jwtTtlSeconds);
  const spareTokens = {} as World['spareTokens'];
  for (const k of CALLERS) {
    if (k === 'anon') continue;
    const u = await t.db
      .selectFrom('users')
      .select(['id', 'role', 'company_id', 'token_version'])
      .where('email', '=', EMAIL[k])
      .executeTakeFirstOrThrow();
    spareTokens[k] = await signInForTests(t.db, issuer, u);
  }
  return { companyA, companyB, ids, tokens, spareTokens };
}

/** Two cards each (tok_visa kept, tok_mastercard to remove) of the learners and the USER, saved by their owners. */
export async function cards(t: TestApp): Promise<World['cards']> {
  const cards: World['cards'] = {};
  for (const p of ['learner', 'user', 'learnerA2', 'learnerB', 'learnerO'] as Person[]) {
    const main = (await ownerCall(t, p, 'POST', '/api/payments/cards', { source: 'tok_visa' })).id as string;
    const spare = (await ownerCall(t, p, 'POST', '/api/payments/cards', { source: 'tok_mastercard' })).id as string;
    cards[p] = { main, spare };
  }
  return cards;
}
