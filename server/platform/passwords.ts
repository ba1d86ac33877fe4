import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * scrypt cost (RFC 7914) as log2(N): OWASP's Password Storage Cheat Sheet recommends N = 2^17,
 * r = 8, p = 1. The server's cost comes from `SCRYPT_LOG_N` (server/config.ts, default 17); the
 * API tests run at 2^14 (tests/api/harness.ts) so that their many sign-ins stay fast.
 */
export const DEFAULT_SCRYPT_LOG_N = 17;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

/** scrypt needs 128·N·r bytes; Node refuses above `maxmem` (32 MiB by default): allow twice that. */
const maxmemFor = (n: number, r: number) => 128 * n * r * 2;

function scrypt(password: string, salt: Buffer, keylen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password, salt, keylen, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** The parts of a stored hash `scrypt$N$r$p$salt$hash`, or null for any other format. */
function parse(stored: string): { n: number; r: number; p: number; salt: Buffer; hash: Buffer } | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [, n, r, p, saltB64, hashB64] = parts;
  const [N, Rv, Pv] = [Number(n), Number(r), Number(p)];
  // Bounded so that a corrupt row cannot make one sign-in allocate gigabytes.
  if (
    ![N, Rv, Pv].every(Number.isInteger) ||
    N < 2 ||
    N > 2 ** 20 ||
    (N & (N - 1)) !== 0 ||
    Rv < 1 ||
    Rv > 32 ||
    Pv < 1 ||
    Pv > 16
  )
    return null;
  return { n: N, r: Rv, p: Pv, salt: Buffer.from(saltB64, 'base64url'), hash: Buffer.from(hashB64, 'base64url') };
}

/**
 * Hashes a password with scrypt (Node's crypto, RFC 7914), r = 8, p = 1, 16-byte salt, 32-byte key.
 * @param logN log2 of the cost N (default {@link DEFAULT_SCRYPT_LOG_N}: N = 131072, ~100-300 ms here)
 * @returns `scrypt$N$r$p$<salt base64url>$<hash base64url>`
 */
export async function hashPassword(password: string, logN: number = DEFAULT_SCRYPT_LOG_N): Promise<string> {
  const n = 2 ** logN;
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, { N: n, r: R, p: P, maxmem: maxmemFor(n, R) });
  return ['scrypt', n, R, P, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/**
 * Checks a password against a hash made by {@link hashPassword} (any N, r, p it records), in
 * constant time; false for any other format.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const h = parse(stored);
  if (!h) return false;
  const key = await scrypt(password, h.salt, h.hash.length, { N: h.n, r: h.r, p: h.p, maxmem: maxmemFor(h.n, h.r) });
  return key.length === h.hash.length && timingSafeEqual(key, h.hash);
}

/**
 * Whether a stored hash is weaker than the configured cost (an older N, or another r/p), so that
 * the next successful sign-in stores it again at `logN` (N = 2^14 → 2^17).
 */
export function needsRehash(stored: string, logN: number = DEFAULT_SCRYPT_LOG_N): boolean {
  const h = parse(stored);
  return !h || h.n < 2 ** logN || h.r !== R || h.p !== P;
}

const dummyHashes = new Map<number, Promise<string>>();

/**
 * A hash of a random password at cost `logN`, made once per process and cost. Sign-in and the
 * reset request verify against it when the e-mail has no account, so that an unknown address
 * costs the same scrypt work as a known one and timing cannot tell them apart.
 */
export function dummyHash(logN: number = DEFAULT_SCRYPT_LOG_N): Promise<string> {
  let h = dummyHashes.get(logN);
  if (!h) {
    h = hashPassword(randomBytes(16).toString('base64url'), logN);
    dummyHashes.set(logN, h);
  }
  return h;
}

/**
 * The password functions as one object, which services call through (`passwords.verify(…)`), so
 * that tests can observe which hash a sign-in verified against (the dummy one for unknown e-mails).
 */
export const passwords = { hash: hashPassword, verify: verifyPassword, needsRehash, dummyHash };
