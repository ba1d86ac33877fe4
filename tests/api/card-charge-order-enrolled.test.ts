import { describe, expect, it } from 'vitest';
import {
  confirmIntent,
  gateway,
  learner,
  ledgerOfIntent,
  moneyCalls,
  openIntent,
  payFromWallet,
  session,
  useTestApp,
} from './card-charge-order-shared.js';

useTestApp();

describe('confirming a card intent of a learner who is already enrolled', () => {
  it('answers 409 without calling the gateway, however many new Idempotency-Keys are tried', async () => {
    const s = await session(4000);
    const l = await learner('both', 10_000);
    const intent = await openIntent(l, s.id, 4000);
    expect(intent.status).toBe(201);
    const wallet = await payFromWallet(l, s.id, 4000);
    expect(wallet.status).toBe(201);
    gateway.calls.length = 0;
    for (let i = 0; i < 3; i++) {
      const res = await confirmIntent(l, intent.body.data.id);
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('You are already enrolled in this session');
    }
    expect(moneyCalls()).toEqual([]);
    expect(await ledgerOfIntent(intent.body.data.id)).toEqual([]);
  });
});
