import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { ConfigError, boolVar, intVar, readOrCreateSecret, urlVar } from './config-vars.js';

/**
 * The settings of the services around the server, each from its variables: rate limits, file storage
 * (disk or S3), the captcha, the trusted proxies, the metrics token and Stripe.
 */

/**
 * The self-hosted ALTCHA proof-of-work captcha (docs/decisions.md "Captcha"). `CAPTCHA=off` turns
 * it off (meant for the API tests only; default on); `CAPTCHA_HMAC_KEY` (≥ 32 characters) signs the
 * challenges, else a random key is generated once into `DATA_DIR/captcha-key`, so every instance
 * sharing the data directory (or the variable) verifies the others' challenges.
 */
export interface CaptchaConfig {
  enabled: boolean;
  /** HMAC-SHA-256 key of the challenges. */
  hmacKey: string;
  /** Largest secret number of a challenge (CAPTCHA_MAX_NUMBER, default 50,000: well under 1 s in a browser). */
  maxNumber: number;
  /** How long a challenge may be solved and used, seconds (CAPTCHA_TTL_SECONDS, default 600). */
  ttlSeconds: number;
}

/**
 * Rate limits of the public account operations (docs/decisions.md "Sign-in protection"): each is
 * the most requests one key may make per `windowSeconds`; beyond, 429 with `Retry-After`.
 * Variables RATE_LIMIT_<NAME> (e.g. RATE_LIMIT_SIGN_IN_PER_IP_EMAIL), RATE_LIMIT_WINDOW_SECONDS (60),
 * and RATE_LIMIT_FACTOR (default 1), a multiplier of every limit for test and demo installs.
 */
export interface RateLimits {
  windowSeconds: number;
  /** sign-in attempts per IP and e-mail (10), per IP whatever the e-mail (30), and per e-mail whatever the IP (20: many addresses, or a forged X-Forwarded-For, still meet this one) */
  signInPerIpEmail: number;
  signInPerIp: number;
  signInPerEmail: number;
  /** sign-ups (learner, educator, company) per IP (10) and per e-mail (5) */
  signUpPerIp: number;
  signUpPerEmail: number;
  /** password-reset requests per IP (10) and per e-mail (3) */
  resetRequestPerIp: number;
  resetRequestPerEmail: number;
  /** password resets with a token, per IP (10) */
  resetPerIp: number;
  /** contact-form messages per IP (5) and per e-mail (3) */
  contactPerIp: number;
  contactPerEmail: number;
}

export function rateLimitSettings(env: NodeJS.ProcessEnv): RateLimits {
  const factor = intVar(env, 'RATE_LIMIT_FACTOR', 1, 1, 1_000_000);
  const limit = (name: string, fallback: number) => intVar(env, `RATE_LIMIT_${name}`, fallback, 1, 1_000_000) * factor;
  return {
    windowSeconds: intVar(env, 'RATE_LIMIT_WINDOW_SECONDS', 60, 1, 24 * 3600),
    signInPerIpEmail: limit('SIGN_IN_PER_IP_EMAIL', 10),
    signInPerIp: limit('SIGN_IN_PER_IP', 30),
    signInPerEmail: limit('SIGN_IN_PER_EMAIL', 20),
    signUpPerIp: limit('SIGN_UP_PER_IP', 10),
    signUpPerEmail: limit('SIGN_UP_PER_EMAIL', 5),
    resetRequestPerIp: limit('RESET_REQUEST_PER_IP', 10),
    resetRequestPerEmail: limit('RESET_REQUEST_PER_EMAIL', 3),
    resetPerIp: limit('RESET_PER_IP', 10),
    contactPerIp: limit('CONTACT_PER_IP', 5),
    contactPerEmail: limit('CONTACT_PER_EMAIL', 3),
  };
}

/**
 * Upload storage (README "Configuration", docs/storage.md). `STORAGE_DRIVER` is `disk` or `s3`;
 * unset, it is `s3` when `S3_BUCKET` is set and `disk` otherwise.
 */
export type StorageConfig = { driver: 'disk' } | S3StorageConfig;

/** An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, s3rver…). */
export interface S3StorageConfig {
  driver: 's3';
  /** Bucket name (S3_BUCKET, required); it must exist (the app checks it at start). */
  bucket: string;
  /** Region (S3_REGION); required for AWS, `us-east-1` by default when S3_ENDPOINT is set. */
  region: string;
  /** Endpoint of a non-AWS service, e.g. http://127.0.0.1:9000 (S3_ENDPOINT); null → AWS. */
  endpoint: string | null;
  /** Static credentials (S3_ACCESS_KEY_ID + S3_SECRET_ACCESS_KEY, both or neither); null → the AWS SDK's default chain (AWS_* variables, instance role…). */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
  /** Path-style URLs `endpoint/bucket/key` (S3_FORCE_PATH_STYLE); default true with S3_ENDPOINT, false on AWS. */
  forcePathStyle: boolean;
  /** Public origin of the bucket or its CDN (S3_PUBLIC_BASE_URL, no trailing slash); set → `/uploads/<key>` answers 302 to `<base>/<key>` instead of streaming. */
  publicBaseUrl: string | null;
}

/** proxy-addr's names for address ranges (its `compile`). */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/**
 * Reads TRUST_PROXY: unset, empty, `off` or `false` → trust no proxy; else a comma list of the
 * load balancers' addresses (`10.0.0.5`), CIDR ranges (`10.0.0.0/8`, `fd00::/8`) or the names
 * `loopback`, `linklocal`, `uniquelocal` (proxy-addr semantics: the client address is the first
 * address of X-Forwarded-For, read from the right, that is not a trusted proxy).
 * @throws ConfigError for `true`/`on` (every peer trusted: any client could forge its address past
 *   the per-IP limits) or an entry that is none of the above.
 */
export function trustProxySetting(env: NodeJS.ProcessEnv): string[] | false {
  const raw = (env.TRUST_PROXY ?? '').trim();
  if (raw === '' || /^(off|false|no|0)$/i.test(raw)) return false;
  if (/^(on|true|yes|1)$/i.test(raw)) {
    throw new ConfigError(
      'TRUST_PROXY',
      "must list the proxies' addresses (e.g. 10.0.0.5 or 10.0.0.0/8), not trust every peer: any client could then forge X-Forwarded-For",
    );
  }
  const entries = raw
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (PROXY_RANGE_NAMES.includes(entry) || isIP(entry)) continue;
    const [address, bits, extra] = entry.split('/');
    const version = address ? isIP(address) : 0;
    const max = version === 4 ? 32 : 128;
    if (version && extra === undefined && bits !== undefined && /^\d{1,3}$/.test(bits) && Number(bits) <= max) continue;
    throw new ConfigError(
      'TRUST_PROXY',
      `must be off or a comma list of IP addresses, CIDR ranges or loopback/linklocal/uniquelocal, got "${entry}"`,
    );
  }
  return entries;
}

/**
 * Reads METRICS_TOKEN: unset or empty → null.
 * @throws ConfigError for a token shorter than 32 characters (it guards the server's inner figures).
 */
export function metricsTokenSetting(env: NodeJS.ProcessEnv): string | null {
  const token = env.METRICS_TOKEN ?? '';
  if (token && token.length < 32) throw new ConfigError('METRICS_TOKEN', 'must be at least 32 characters long');
  return token || null;
}

/**
 * Reads the captcha settings (CAPTCHA, CAPTCHA_HMAC_KEY, CAPTCHA_MAX_NUMBER, CAPTCHA_TTL_SECONDS).
 * @throws ConfigError for a CAPTCHA that is not on/off or a key shorter than 32 characters.
 */
export function captchaSettings(env: NodeJS.ProcessEnv, dataDir: string): CaptchaConfig {
  const enabled = boolVar(env, 'CAPTCHA', true);
  let hmacKey = env.CAPTCHA_HMAC_KEY || '';
  if (hmacKey && hmacKey.length < 32) throw new ConfigError('CAPTCHA_HMAC_KEY', 'must be at least 32 characters long');
  // Off (API tests only), challenges are still handed out, signed with a key of this process.
  if (!hmacKey) hmacKey = enabled ? readOrCreateSecret(dataDir, 'captcha-key') : randomBytes(32).toString('base64url');
  return {
    enabled,
    hmacKey,
    maxNumber: intVar(env, 'CAPTCHA_MAX_NUMBER', 50_000, 1_000, 10_000_000),
    ttlSeconds: intVar(env, 'CAPTCHA_TTL_SECONDS', 600, 30, 24 * 3600),
  };
}

/**
 * Reads the upload storage settings.
 * @throws ConfigError for an unknown STORAGE_DRIVER, a missing S3_BUCKET or S3_REGION with the s3
 *   driver, only one of S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY, a bad bucket name or URL.
 */
export function storageSettings(env: NodeJS.ProcessEnv): StorageConfig {
  const driver = env.STORAGE_DRIVER || (env.S3_BUCKET ? 's3' : 'disk');
  if (driver === 'disk') return { driver: 'disk' };
  if (driver !== 's3') throw new ConfigError('STORAGE_DRIVER', `must be disk or s3, got "${driver}"`);
  const bucket = env.S3_BUCKET || '';
  if (!bucket)
    throw new ConfigError('S3_BUCKET', 'is required when STORAGE_DRIVER=s3 (the name of an existing bucket)');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    throw new ConfigError(
      'S3_BUCKET',
      `must be a bucket name (3–63 lower-case letters, digits, dots, hyphens), got "${bucket}"`,
    );
  }
  const endpoint = urlVar(env, 'S3_ENDPOINT', 'http://127.0.0.1:9000');
  const region = env.S3_REGION || (endpoint ? 'us-east-1' : '');
  if (!region)
    throw new ConfigError('S3_REGION', 'is required when STORAGE_DRIVER=s3 without S3_ENDPOINT (e.g. eu-west-1)');
  const accessKeyId = env.S3_ACCESS_KEY_ID || '';
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || '';
  if (accessKeyId && !secretAccessKey)
    throw new ConfigError('S3_SECRET_ACCESS_KEY', 'is required when S3_ACCESS_KEY_ID is set');
  if (secretAccessKey && !accessKeyId)
    throw new ConfigError('S3_ACCESS_KEY_ID', 'is required when S3_SECRET_ACCESS_KEY is set');
  return {
    driver: 's3',
    bucket,
    region,
    endpoint,
    credentials: accessKeyId ? { accessKeyId, secretAccessKey } : null,
    forcePathStyle: boolVar(env, 'S3_FORCE_PATH_STYLE', endpoint !== null),
    publicBaseUrl: urlVar(env, 'S3_PUBLIC_BASE_URL', 'https://cdn.example.com/uploads'),
  };
}

/** Stripe's keys (secret key, publishable key, webhook signing secret). */
export interface StripeConfig {
  secretKey: string;
  publishableKey: string | null;
  webhookSecret: string | null;
}

export function stripeSettings(env: NodeJS.ProcessEnv): StripeConfig | null {
  const secretKey = env.STRIPE_SECRET_KEY || '';
  if (!secretKey) return null;
  if (!/^(sk|rk)_(test|live)_/.test(secretKey))
    throw new ConfigError('STRIPE_SECRET_KEY', 'must be a Stripe secret key (sk_test_… or sk_live_…)');
  const publishableKey = env.STRIPE_PUBLISHABLE_KEY || null;
  if (publishableKey && !/^pk_(test|live)_/.test(publishableKey))
    throw new ConfigError('STRIPE_PUBLISHABLE_KEY', 'must be a Stripe publishable key (pk_test_…)');
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET || null;
  if (webhookSecret && !webhookSecret.startsWith('whsec_'))
    throw new ConfigError('STRIPE_WEBHOOK_SECRET', 'must be a webhook signing secret (whsec_…)');
  return { secretKey, publishableKey, webhookSecret };
}
