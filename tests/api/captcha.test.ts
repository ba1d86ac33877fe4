import { createHash } from 'node:crypto';
import { createChallenge } from 'altcha-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, multipart, startTestApp, type TestApp } from './harness.js';

/**
 * The proof-of-work captcha, ON: a real challenge from GET /auth/captcha/challenge,
 * solved with altcha-lib's solveChallenge as the widget would, sent as `g-recaptcha-response` on
 * sign-up, company sign-up and the contact form (`x-captcha`, checked at the edge).
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ captcha: true });
});
afterAll(async () => {
  await t?.close();
});

type Challenge = { algorithm: 'SHA-256'; challenge: string; maxnumber: number; salt: string; signature: string };
const encode = (p: object) => Buffer.from(JSON.stringify(p)).toString('base64');

async function challenge(): Promise<Challenge> {
  const res = await t.app.inject({ method: 'GET', url: '/api/auth/captcha/challenge' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json().data;
}

/**
 * Finds the secret number of a challenge as the browser widget does (the n in 0…maxnumber with
 * SHA-256(salt + n) = challenge), with Node's synchronous hash: altcha-lib's solver awaits
 * WebCrypto once per number, seconds per challenge on this machine.
 */
function secretNumber(c: Challenge): number | null {
  for (let n = 0; n <= c.maxnumber; n++)
    if (
      createHash('sha256')
        .update(c.salt + n)
        .digest('hex') === c.challenge
    )
      return n;
  return null;
}

/** Solves a challenge like the browser widget and builds its payload (base64 JSON). */
async function solve(c: Challenge): Promise<string> {
  const number = secretNumber(c);
  expect(number).not.toBeNull();
  return encode({ algorithm: c.algorithm, challenge: c.challenge, number, salt: c.salt, signature: c.signature });
}

let seq = 0;
const learnerForm = () =>
  multipart({ firstName: 'Cap', lastName: 'Tcha', email: `captcha${++seq}@example.org`, password: 'Str0ng!pass' });
const signUp = (captcha?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/auth/signup${captcha === undefined ? '' : `?g-recaptcha-response=${encodeURIComponent(captcha)}`}`,
    ...learnerForm(),
  });

describe('captcha on sign-up', () => {
  it('hands out a modest SHA-256 challenge that expires within 10 minutes', async () => {
    const c = await challenge();
    expect(c.algorithm).toBe('SHA-256');
    expect(c.maxnumber).toBe(50_000);
    const expires = Number(new URLSearchParams(c.salt.split('?')[1]).get('expires'));
    expect(expires * 1000).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect(expires * 1000).toBeLessThanOrEqual(Date.now() + 10 * 60_000 + 1000);
  });

  it('missing → 400 "Please complete the captcha", nothing written', async () => {
    const before = await countRows(t.db, 'users');
    const res = await signUp();
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'Please complete the captcha',
      errors: [{ path: 'g-recaptcha-response' }],
    });
    expect(await countRows(t.db, 'users')).toBe(before);
  });

  it('solved → 201; the same payload again → 400 (single use)', async () => {
    const payload = await solve(await challenge());
    const ok = await signUp(payload);
    expect(ok.statusCode).toBe(201);
    const before = await countRows(t.db, 'users');
    const replay = await signUp(payload);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().message).toBe('This captcha was already used, please try again');
    expect(await countRows(t.db, 'users')).toBe(before);
  });

  it('the used signature is kept in the database, which every instance shares', async () => {
    const payload = await solve(await challenge());
    expect((await signUp(payload)).statusCode).toBe(201);
    const stored = await t.db.selectFrom('captcha_uses').select('signature').execute();
    expect(stored.map((r) => r.signature)).toContain(JSON.parse(Buffer.from(payload, 'base64').toString()).signature);
  });

  it('a tampered payload (wrong number, changed salt or a foreign signature) → 400', async () => {
    const c = await challenge();
    const good = JSON.parse(Buffer.from(await solve(c), 'base64').toString());
    const before = await countRows(t.db, 'users');
    for (const bad of [
      { ...good, number: good.number + 1 },
      { ...good, salt: good.salt.replace(/expires=\d+/, 'expires=9999999999') },
      { ...good, signature: 'f'.repeat(64) },
    ]) {
      const res = await signUp(encode(bad));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('The captcha is not valid, please try again');
    }
    const garbage = await signUp('not-base64-json');
    expect(garbage.statusCode).toBe(400);
    expect(await countRows(t.db, 'users')).toBe(before);
    // The genuine payload still works: refused tries did not spend it.
    expect((await signUp(encode(good))).statusCode).toBe(201);
  });

  it('a challenge signed by another key → 400', async () => {
    const foreign = await createChallenge({
      hmacKey: 'another-key-that-is-long-enough-0123456789',
      maxNumber: 1000,
      expires: new Date(Date.now() + 60_000),
    });
    const payload = await solve({ ...foreign, algorithm: 'SHA-256', maxnumber: 1000 });
    const res = await signUp(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The captcha is not valid, please try again');
  });

  it('an expired challenge (properly signed) → 400', async () => {
    const old = await createChallenge({
      hmacKey: t.config.captcha.hmacKey,
      maxNumber: 1000,
      expires: new Date(Date.now() - 1000),
    });
    const payload = await solve({ ...old, algorithm: 'SHA-256', maxnumber: 1000 });
    const res = await signUp(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The captcha has expired, please try again');
  });

  it('invalid input answers its own 400 first and does not spend the captcha', async () => {
    const payload = await solve(await challenge());
    const bad = multipart({ firstName: 'A', lastName: 'B', email: 'a@b', password: 'short' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/auth/signup?g-recaptcha-response=${encodeURIComponent(payload)}`,
      ...bad,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { path: string }) => e.path)).not.toContain('g-recaptcha-response');
    expect((await signUp(payload)).statusCode).toBe(201);
  });
});

describe('captcha on company sign-up and the contact form', () => {
  const company = () => ({
    company: {
      name: 'Captcha Co',
      acronym: `CAP${++seq}`,
      address: { line1: '1 Main', city: 'Doha', postalCode: '00000', country: 'QA' },
    },
    account: { firstName: 'Cap', lastName: 'Partner', email: `cap.partner${seq}@example.org`, password: 'Str0ng!pass' },
  });

  it('company sign-up: missing → 400 and nothing written; solved → 201', async () => {
    const before = await countRows(t.db, 'companies');
    const missing = await t.app.inject({ method: 'POST', url: '/api/auth/signup/company', payload: company() });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please complete the captcha');
    expect(await countRows(t.db, 'companies')).toBe(before);
    const payload = await solve(await challenge());
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/auth/signup/company?g-recaptcha-response=${encodeURIComponent(payload)}`,
      payload: company(),
    });
    expect(ok.statusCode).toBe(201);
  });

  it('the contact form is marked x-captcha in the contract (checked at the edge once it is built)', async () => {
    const { operations } = await (await import('../../server/platform/openapi.js')).loadOperations();
    const marked = operations
      .filter((o) => o.captcha)
      .map((o) => o.operationId)
      .sort();
    expect(marked).toEqual(['sendContactMessage', 'signUp', 'signUpCompany']);
  });
});

describe('captcha off (the API tests’ setting)', () => {
  it('still hands out challenges, and sign-up needs none', async () => {
    const off = await startTestApp();
    try {
      expect(off.config.captcha.enabled).toBe(false);
      const res = await off.app.inject({ method: 'GET', url: '/api/auth/captcha/challenge' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.algorithm).toBe('SHA-256');
      const form = multipart({
        firstName: 'No',
        lastName: 'Captcha',
        email: 'no.captcha@example.org',
        password: 'Str0ng!pass',
      });
      expect((await off.app.inject({ method: 'POST', url: '/api/auth/signup', ...form })).statusCode).toBe(201);
    } finally {
      await off.close();
    }
  });
});
