import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { isAbsolute, join, resolve } from 'node:path';

/** Server configuration, read from environment variables (README "Configuration"). */
export interface Config {
  /** TCP port to listen on (PORT, default 3000). */
  port: number;
  /** Interface to bind (HOST, default 127.0.0.1: this machine only; other interfaces only when set). */
  host: string;
  /** HOST was set explicitly (the start banner warns when it opens the demo accounts to a network). */
  hostExplicit: boolean;
  /** Root of everything kept on disk: database, uploads, outbox, JWT secret (DATA_DIR, default ./data). */
  dataDir: string;
  /** PostgreSQL connection string (DATABASE_URL); null → embedded PGlite in `${dataDir}/pg`. */
  databaseUrl: string | null;
  /** HS256 secret for access tokens (JWT_SECRET, ≥ 32 characters); generated once into DATA_DIR when unset. */
  jwtSecret: string;
  /** Lifetime of an access token in seconds (JWT_TTL_SECONDS, default 43200 = 12 h). */
  jwtTtlSeconds: number;
  /** Origin the app is reached at, used in links and mails (PUBLIC_URL, default http://localhost:PORT). */
  publicUrl: string;
  /** Platform fee: percent of the price (FEE_PERCENT, default 5) plus fixed cents (FEE_FIXED_CENTS, default 50). */
  fee: { percent: number; fixedCents: number };
  /**
   * Seed demo data into an empty database (SEED_DEMO_DATA). Default true only for the embedded
   * database (no DATABASE_URL) of a local install ({@link isLocalInstall}); refused outside one.
   */
  seedDemoData: boolean;
  /** Directory of the built SPA served at / (default ./dist); null disables static serving. */
  webDir: string | null;
  /** Log level for pino (LOG_LEVEL, default info). */
  logLevel: string;
  /** How long a seat is held for an unfinished card payment, minutes (PAYMENT_HOLD_MINUTES, default 15). */
  paymentHoldMinutes: number;
  /** Stripe (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET); null → the sandbox gateway. */
  stripe: { secretKey: string; publishableKey: string | null; webhookSecret: string | null } | null;
  /** SMTP server for outgoing mail (SMTP_URL, e.g. smtp://user:pass@host:587); null → .eml files in DATA_DIR/outbox. */
  smtpUrl: string | null;
  /** Where uploaded files are kept (STORAGE_DRIVER and S3_*; see {@link StorageConfig}). */
  storage: StorageConfig;
  /** Most bytes of uploaded files one user may keep (UPLOAD_QUOTA_MB, default 2048 MB; 413 beyond). */
  uploadQuotaBytes: number;
  /** scrypt cost of new password hashes as log2(N) (SCRYPT_LOG_N, default 17: OWASP's N = 2^17; 14 to 20). Weaker stored hashes are upgraded at sign-in. */
  scryptLogN: number;
  /** Sign-in protection: requests per window, per IP and per account e-mail; see {@link RateLimits}. */
  rateLimits: RateLimits;
  /**
   * The proxies whose `X-Forwarded-For` (and `-Proto`, `-Host`) are believed (TRUST_PROXY): false
   * (default) → the client address is the socket's peer; else IP addresses, CIDR ranges or
   * proxy-addr's names `loopback`, `linklocal`, `uniquelocal`, as Fastify's `trustProxy` takes them.
   */
  trustProxy: string[] | false;
  /**
   * Bearer token that reads `GET /metrics` from anywhere (METRICS_TOKEN, ≥ 32 characters); null
   * (default): the metrics are served to this machine only (server/platform/metrics.ts).
   */
  metricsToken: string | null;
  /** Proof-of-work captcha on sign-up and the contact form (see {@link CaptchaConfig}). */
  captcha: CaptchaConfig;
  /** How often each open chat socket's token and session rights are checked again, seconds (CHAT_RECHECK_SECONDS, default 20). */
  chatRecheckSeconds: number;
  /**
   * How long a stopping server (SIGTERM, SIGINT) gives the requests in flight, seconds
   * (SHUTDOWN_GRACE_SECONDS, default 10, 1 to 600); server/platform/shutdown.ts.
   */
  shutdownGraceSeconds: number;
  /** MA and QA single sign-on over OpenID Connect (product.md#overview, #screens, #limits; docs/deploy.md "Single sign-on"). */
  federation: FederationConfig;
}

/** The enterprise directories of product.md#limits ("Federated providers: MA and QA"), by partner code. */
export type FederatedProviderCode = 'MA' | 'QA';
export const FEDERATED_PROVIDERS: readonly FederatedProviderCode[] = ['MA', 'QA'];

/**
 * One directory's OpenID Provider. `builtIn` marks the development identity provider this server
 * hosts itself under `/idp/<code lower>` (server/platform/identity/dev-idp.ts).
 */
export interface FederatedProviderConfig {
  code: FederatedProviderCode;
  /** Issuer identifier, e.g. https://login.ma.example/realms/ma (OIDC_<CODE>_ISSUER). */
  issuer: string;
  /** OIDC_<CODE>_CLIENT_ID. */
  clientId: string;
  /** OIDC_<CODE>_CLIENT_SECRET (client_secret_basic). */
  clientSecret: string;
  /** The claim that carries the user's groups (OIDC_<CODE>_GROUPS_CLAIM, default `groups`). */
  groupsClaim: string;
  /** Scopes asked for (OIDC_<CODE>_SCOPE, default `openid email profile groups`; add `offline_access` where the provider wants it for refresh tokens). */
  scope: string;
  /** Acronym of the Halaqa company its users are provisioned into (MA → MOROCCO, QA → QAD; OIDC_<CODE>_COMPANY). */
  companyAcronym: string;
  builtIn: boolean;
}

/**
 * Single sign-on settings. A directory with OIDC_<CODE>_ISSUER set uses that provider; the others
 * are served by the built-in development identity provider when OIDC_BUILTIN_IDP is on (its
 * default only for a local install, {@link isLocalInstall}), else they are not offered and their
 * sign-in answers "not available".
 */
export interface FederationConfig {
  providers: FederatedProviderConfig[];
  /**
   * The company acronyms of every directory (OIDC_<CODE>_COMPANY or MOROCCO/QAD), offered or not:
   * nobody may sign up a company under them, so directory users never land in a company someone
   * else registered.
   */
  reservedAcronyms: string[];
  /** Lifetime of a federated user's Halaqa access token, seconds (OIDC_ACCESS_TTL_SECONDS, default 3600). */
  accessTtlSeconds: number;
}

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

function rateLimitSettings(env: NodeJS.ProcessEnv): RateLimits {
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

/** A configuration error: names the variable and what is wrong with it. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Configuration error: ${variable} ${problem}`);
    this.name = 'ConfigError';
  }
}

function intVar(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(name, `must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return n;
}

function boolVar(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new ConfigError(name, `must be true or false, got "${raw}"`);
}

/**
 * Reads and validates the configuration.
 * @param env the environment (process.env by default)
 * @param cwd directory relative paths are resolved from
 * @throws ConfigError naming the first bad variable, or every setting NODE_ENV=production lacks
 *   ({@link REQUIRED_IN_PRODUCTION})
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  // Before anything is generated into DATA_DIR: a refused start leaves no secret behind.
  refuseMissingProductionSettings(env);
  const port = intVar(env, 'PORT', 3000, 0, 65535);
  const dataDir = resolve(cwd, env.DATA_DIR || './data');

  let databaseUrl: string | null = env.DATABASE_URL || null;
  if (databaseUrl) {
    let u: URL;
    try {
      u = new URL(databaseUrl);
    } catch {
      throw new ConfigError('DATABASE_URL', 'is not a valid URL (expected postgres://user@host:5432/db)');
    }
    if (!/^postgres(ql)?:$/.test(u.protocol)) {
      throw new ConfigError('DATABASE_URL', `must start with postgres:// or postgresql://, got "${u.protocol}//"`);
    }
  }

  const publicUrl = env.PUBLIC_URL || `http://localhost:${port}`;
  try {
    const u = new URL(publicUrl);
    if (!/^https?:$/.test(u.protocol)) throw new Error();
  } catch {
    throw new ConfigError('PUBLIC_URL', `must be an http(s) URL, got "${publicUrl}"`);
  }

  let jwtSecret = env.JWT_SECRET || '';
  if (jwtSecret && jwtSecret.length < 32) {
    throw new ConfigError('JWT_SECRET', 'must be at least 32 characters long');
  }
  if (!jwtSecret) jwtSecret = readOrCreateSecret(dataDir);

  const local = isLocalInstall(publicUrl, env);
  const webDirRaw = env.WEB_DIR ?? './dist';
  const webDir = webDirRaw === '' ? null : isAbsolute(webDirRaw) ? webDirRaw : resolve(cwd, webDirRaw);

  const config: Config = {
    port,
    host: env.HOST || '127.0.0.1',
    hostExplicit: Boolean(env.HOST),
    dataDir,
    databaseUrl,
    jwtSecret,
    jwtTtlSeconds: intVar(env, 'JWT_TTL_SECONDS', 12 * 3600, 60, 30 * 24 * 3600),
    publicUrl: publicUrl.replace(/\/$/, ''),
    fee: {
      percent: intVar(env, 'FEE_PERCENT', 5, 0, 50),
      fixedCents: intVar(env, 'FEE_FIXED_CENTS', 50, 0, 10_000),
    },
    // A DATABASE_URL may be anyone's real database, even on a loopback PUBLIC_URL: demo data there only when asked for.
    seedDemoData: boolVar(env, 'SEED_DEMO_DATA', local && !databaseUrl),
    webDir,
    logLevel: env.LOG_LEVEL || 'info',
    smtpUrl: env.SMTP_URL || null,
    stripe: stripeSettings(env),
    paymentHoldMinutes: intVar(env, 'PAYMENT_HOLD_MINUTES', 15, 1, 24 * 60),
    storage: storageSettings(env),
    uploadQuotaBytes: intVar(env, 'UPLOAD_QUOTA_MB', 2048, 1, 1024 * 1024) * 1024 * 1024,
    scryptLogN: intVar(env, 'SCRYPT_LOG_N', 17, 14, 20),
    chatRecheckSeconds: intVar(env, 'CHAT_RECHECK_SECONDS', 20, 1, 3600),
    shutdownGraceSeconds: intVar(env, 'SHUTDOWN_GRACE_SECONDS', 10, 1, 600),
    rateLimits: rateLimitSettings(env),
    trustProxy: trustProxySetting(env),
    metricsToken: metricsTokenSetting(env),
    captcha: captchaSettings(env, dataDir),
    federation: federationSettings(env, publicUrl.replace(/\/$/, ''), jwtSecret, { local }),
  };
  refuseUnsafeSettings(config, env);
  return config;
}

/**
 * What a server started with NODE_ENV=production must be given, never generated or guessed: a
 * secret generated into DATA_DIR differs per instance and goes with the disk, and the default
 * PUBLIC_URL (http://localhost:PORT) would be the origin of every mailed link.
 */
const REQUIRED_IN_PRODUCTION: readonly { variable: string; why: string }[] = [
  { variable: 'JWT_SECRET', why: 'signs the access tokens (≥ 32 characters, the same on every instance)' },
  { variable: 'CAPTCHA_HMAC_KEY', why: 'signs the captcha challenges (≥ 32 characters, the same on every instance)' },
  { variable: 'PUBLIC_URL', why: 'is the https origin users reach, used in mailed links' },
];

/**
 * With NODE_ENV=production, refuses to start unless every setting of {@link REQUIRED_IN_PRODUCTION}
 * is set (docs/deploy.md "Production checklist").
 * @throws ConfigError whose `variable` lists every missing one, comma-separated, and says why each is needed.
 */
function refuseMissingProductionSettings(env: NodeJS.ProcessEnv): void {
  if (env.NODE_ENV !== 'production') return;
  const missing = REQUIRED_IN_PRODUCTION.filter((s) => !env[s.variable]);
  if (missing.length === 0) return;
  throw new ConfigError(
    missing.map((s) => s.variable).join(', '),
    `${missing.length === 1 ? 'is' : 'are'} required with NODE_ENV=production: ${missing.map((s) => `${s.variable} ${s.why}`).join('; ')} (docs/deploy.md "Production checklist").`,
  );
}

/**
 * A local install: PUBLIC_URL (unset counts as http://localhost) is a loopback origin — `localhost`
 * (or a name under `.localhost`, RFC 6761 §6.3), 127.0.0.0/8 or [::1] — and NODE_ENV is not
 * `production`. Only there do the demo conveniences default to on: the built-in identity provider,
 * and the demo data on the embedded database (not with DATABASE_URL).
 */
export function isLocalInstall(publicUrl: string, env: NodeJS.ProcessEnv): boolean {
  return env.NODE_ENV !== 'production' && isLoopbackHost(new URL(publicUrl).hostname);
}

/** Whether a host name or address is this machine only: localhost (and names under .localhost), 127.0.0.0/8, ::1. */
export function isLoopbackHost(host: string): boolean {
  const h = host.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(h) || h === '::1';
}

/**
 * A setting that is safe on a developer's machine and unsafe where others reach the server.
 * `unsafe` tells, from the loaded configuration and the environment, whether it is set so;
 * `fix` is what to set instead (quoted in the refusal and in docs/deploy.md "Production checklist").
 */
interface UnsafeSetting {
  variable: string;
  unsafe: (config: Config, env: NodeJS.ProcessEnv) => boolean;
  fix: string;
}

/**
 * The settings a server reached by others must not keep (OWASP ASVS 14.1: no default or demo
 * accounts, no debug features in production). Add a row to refuse one more.
 */
const UNSAFE_OUTSIDE_LOCAL: readonly UnsafeSetting[] = [
  {
    variable: 'OIDC_BUILTIN_IDP',
    // Refused when asked for at all, even if every directory has an issuer: the setting says "demo".
    unsafe: (c, env) => c.federation.providers.some((p) => p.builtIn) || boolVar(env, 'OIDC_BUILTIN_IDP', false),
    fix: 'the built-in identity provider signs anyone in with the published demo password; set OIDC_<CODE>_ISSUER for each directory, or OIDC_BUILTIN_IDP=false',
  },
  {
    variable: 'SEED_DEMO_DATA',
    unsafe: (c) => c.seedDemoData,
    fix: 'the demo accounts (a super admin among them) share the published password Halaqa-demo-1; set SEED_DEMO_DATA=false',
  },
  {
    variable: 'CAPTCHA',
    unsafe: (c) => !c.captcha.enabled,
    fix: 'CAPTCHA=off is for the API tests only; remove it',
  },
];

/**
 * Refuses to start when a server reached by others (PUBLIC_URL not a loopback origin, or
 * NODE_ENV=production: see {@link isLocalInstall}) keeps a setting of {@link UNSAFE_OUTSIDE_LOCAL}.
 * @throws ConfigError naming the first such setting and what to set instead.
 */
export function refuseUnsafeSettings(config: Config, env: NodeJS.ProcessEnv): void {
  if (isLocalInstall(config.publicUrl, env)) return;
  const where =
    env.NODE_ENV === 'production' ? 'with NODE_ENV=production' : `with the public PUBLIC_URL ${config.publicUrl}`;
  for (const setting of UNSAFE_OUTSIDE_LOCAL) {
    if (setting.unsafe(config, env)) throw new ConfigError(setting.variable, `is unsafe ${where}: ${setting.fix}.`);
  }
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
function trustProxySetting(env: NodeJS.ProcessEnv): string[] | false {
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
function metricsTokenSetting(env: NodeJS.ProcessEnv): string | null {
  const token = env.METRICS_TOKEN ?? '';
  if (token && token.length < 32) throw new ConfigError('METRICS_TOKEN', 'must be at least 32 characters long');
  return token || null;
}

/**
 * Reads the captcha settings (CAPTCHA, CAPTCHA_HMAC_KEY, CAPTCHA_MAX_NUMBER, CAPTCHA_TTL_SECONDS).
 * @throws ConfigError for a CAPTCHA that is not on/off or a key shorter than 32 characters.
 */
function captchaSettings(env: NodeJS.ProcessEnv, dataDir: string): CaptchaConfig {
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

const DEFAULT_COMPANY: Record<FederatedProviderCode, string> = { MA: 'MOROCCO', QA: 'QAD' };

/**
 * Reads OIDC_<CODE>_ISSUER, _CLIENT_ID, _CLIENT_SECRET, _GROUPS_CLAIM, _SCOPE, _COMPANY for MA and QA, and
 * OIDC_BUILTIN_IDP (default: on for a local install only). The built-in provider's client secret
 * is derived from the JWT secret (it never leaves the server).
 * @throws ConfigError for a bad issuer URL, an issuer without client id and secret, a scope without openid.
 */
function federationSettings(
  env: NodeJS.ProcessEnv,
  publicUrl: string,
  jwtSecret: string,
  { local }: { local: boolean },
): FederationConfig {
  const builtInAllowed = boolVar(env, 'OIDC_BUILTIN_IDP', local);
  const providers: FederatedProviderConfig[] = [];
  const reservedAcronyms: string[] = [];
  for (const code of FEDERATED_PROVIDERS) {
    const prefix = `OIDC_${code}_`;
    const issuer = urlVar(
      env,
      `${prefix}ISSUER`,
      `https://login.${code.toLowerCase()}.example/realms/${code.toLowerCase()}`,
    );
    const groupsClaim = env[`${prefix}GROUPS_CLAIM`] || 'groups';
    const companyAcronym = (env[`${prefix}COMPANY`] || DEFAULT_COMPANY[code]).trim().toUpperCase();
    reservedAcronyms.push(companyAcronym);
    const scope = (env[`${prefix}SCOPE`] || 'openid email profile groups').trim().replace(/\s+/g, ' ');
    if (!scope.split(' ').includes('openid'))
      throw new ConfigError(`${prefix}SCOPE`, `must include openid, got "${scope}"`);
    if (issuer) {
      const clientId = env[`${prefix}CLIENT_ID`] || '';
      const clientSecret = env[`${prefix}CLIENT_SECRET`] || '';
      if (!clientId) throw new ConfigError(`${prefix}CLIENT_ID`, `is required when ${prefix}ISSUER is set`);
      if (!clientSecret) throw new ConfigError(`${prefix}CLIENT_SECRET`, `is required when ${prefix}ISSUER is set`);
      providers.push({ code, issuer, clientId, clientSecret, groupsClaim, scope, companyAcronym, builtIn: false });
    } else if (builtInAllowed) {
      const clientSecret = createHmac('sha256', jwtSecret).update(`builtin-idp-client:${code}`).digest('base64url');
      providers.push({
        code,
        issuer: `${publicUrl}/idp/${code.toLowerCase()}`,
        clientId: 'halaqa',
        clientSecret,
        groupsClaim,
        scope,
        companyAcronym,
        builtIn: true,
      });
    }
  }
  return { providers, reservedAcronyms, accessTtlSeconds: intVar(env, 'OIDC_ACCESS_TTL_SECONDS', 3600, 60, 24 * 3600) };
}

/** An http(s) URL variable, or null when unset; the trailing slash is dropped. */
function urlVar(env: NodeJS.ProcessEnv, name: string, example: string): string | null {
  const raw = env[name];
  if (!raw) return null;
  try {
    const u = new URL(raw);
    if (!/^https?:$/.test(u.protocol)) throw new Error();
  } catch {
    throw new ConfigError(name, `must be an http(s) URL such as ${example}, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

/**
 * Reads the upload storage settings.
 * @throws ConfigError for an unknown STORAGE_DRIVER, a missing S3_BUCKET or S3_REGION with the s3
 *   driver, only one of S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY, a bad bucket name or URL.
 */
function storageSettings(env: NodeJS.ProcessEnv): StorageConfig {
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

/** Keeps a generated secret in DATA_DIR/<name> (JWT: `jwt-secret`) so it survives restarts. */
function readOrCreateSecret(dataDir: string, name = 'jwt-secret'): string {
  const file = join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600 });
  return secret;
}

/** Reads the Stripe settings; a key of the wrong kind stops the start. */
function stripeSettings(env: NodeJS.ProcessEnv): Config['stripe'] {
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
