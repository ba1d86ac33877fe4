import { createChallenge, extractParams, verifySolution } from 'altcha-lib';
import type { Kysely } from 'kysely';
import type { CaptchaConfig } from '../config.js';
import type { Database } from '../db/types.js';
import { HttpError } from './errors.js';

/** The query parameter the captcha's solved payload travels in (product.md#validation, #calls). */
export const CAPTCHA_PARAM = 'g-recaptcha-response';

/** The contract's CaptchaChallenge (ALTCHA v1: SHA-256 proof of work). */
export interface CaptchaChallenge {
  algorithm: 'SHA-256';
  challenge: string;
  maxnumber: number;
  /** Random salt carrying `?expires=<unix seconds>`; signed with the rest. */
  salt: string;
  /** HMAC-SHA-256 of the challenge (hex). */
  signature: string;
}

/** The messages of a refused captcha (400); the SPA translates the first one. */
export const CAPTCHA_MESSAGES = {
  missing: 'Please complete the captcha',
  invalid: 'The captcha is not valid, please try again',
  expired: 'The captcha has expired, please try again',
  used: 'This captcha was already used, please try again',
} as const;

/**
 * A new ALTCHA challenge (GET /auth/captcha/challenge): a random secret number up to
 * `config.maxNumber` hashed with a random salt that carries its expiry (`config.ttlSeconds` from
 * `now`), signed with `config.hmacKey`. Nothing is stored until a solution is used.
 */
export async function newCaptchaChallenge(config: CaptchaConfig, now: Date): Promise<CaptchaChallenge> {
  const c = await createChallenge({
    hmacKey: config.hmacKey,
    maxNumber: config.maxNumber,
    algorithm: 'SHA-256',
    expires: new Date(now.getTime() + config.ttlSeconds * 1000),
  });
  return {
    algorithm: 'SHA-256',
    challenge: c.challenge,
    maxnumber: c.maxnumber ?? config.maxNumber,
    salt: c.salt,
    signature: c.signature,
  };
}

/** Reads the widget's payload: base64 of JSON `{algorithm, challenge, number, salt, signature}`. */
function decodePayload(
  raw: string,
): { algorithm: 'SHA-256'; challenge: string; number: number; salt: string; signature: string } | null {
  try {
    const p = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')) as Record<string, unknown>;
    if (
      typeof p.challenge !== 'string' ||
      typeof p.salt !== 'string' ||
      typeof p.signature !== 'string' ||
      typeof p.number !== 'number'
    )
      return null;
    if (p.algorithm !== 'SHA-256') return null;
    return { algorithm: 'SHA-256', challenge: p.challenge, number: p.number, salt: p.salt, signature: p.signature };
  } catch {
    return null;
  }
}

/**
 * Checks a solved captcha payload and spends it (single use across server instances: its signature
 * goes into `captcha_uses` until the challenge expires; a second use finds it there). Used
 * signatures whose challenge has expired are swept on the way.
 * @param raw the `g-recaptcha-response` query value (base64 JSON from the ALTCHA widget)
 * @throws HttpError 400 `Please complete the captcha` (missing), `… not valid …` (bad signature,
 *   wrong number, tampered fields), `… expired …`, `… already used …`.
 */
export async function spendCaptcha(
  db: Kysely<Database>,
  config: CaptchaConfig,
  raw: string | undefined,
  now: Date,
): Promise<void> {
  const fail = (message: string) => new HttpError(400, message, [{ path: CAPTCHA_PARAM, message }]);
  if (!raw) throw fail(CAPTCHA_MESSAGES.missing);
  const payload = decodePayload(raw);
  if (!payload) throw fail(CAPTCHA_MESSAGES.invalid);
  const expires = Number(extractParams(payload).expires);
  if (!Number.isFinite(expires)) throw fail(CAPTCHA_MESSAGES.invalid);
  if (expires * 1000 <= now.getTime()) throw fail(CAPTCHA_MESSAGES.expired);
  // The expiry is inside the signed salt: checked above against the app's clock, not altcha's.
  if (!(await verifySolution(payload, config.hmacKey, false))) throw fail(CAPTCHA_MESSAGES.invalid);
  await db.deleteFrom('captcha_uses').where('expires_at', '<', now).execute();
  const inserted = await db
    .insertInto('captcha_uses')
    .values({ signature: payload.signature, expires_at: new Date(expires * 1000) })
    .onConflict((oc) => oc.column('signature').doNothing())
    .returning('signature')
    .executeTakeFirst();
  if (!inserted) throw fail(CAPTCHA_MESSAGES.used);
}
