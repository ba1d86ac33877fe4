import { isAbsolute, resolve } from 'node:path';
import type { RefundPolicy } from './platform/money/refund-policy.js';
import { ConfigError, boolVar, intVar, readOrCreateSecret, urlVar } from './config-vars.js';
import { type FederationConfig, federationSettings } from './config-federation.js';
import {
  type CaptchaConfig,
  type RateLimits,
  type StorageConfig,
  type StripeConfig,
  captchaSettings,
  metricsTokenSetting,
  rateLimitSettings,
  storageSettings,
  stripeSettings,
  trustProxySetting,
} from './config-services.js';

// The configuration's vocabulary, importable from here whatever file reads which variables.
export { ConfigError } from './config-vars.js';
export type { FederatedProviderCode, FederatedProviderConfig, FederationConfig } from './config-federation.js';
export type { CaptchaConfig, RateLimits, S3StorageConfig, StorageConfig, StripeConfig } from './config-services.js';

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
  /**
   * The conferencing provider a meeting lesson without a pasted link opens its session's room at
   * (MEETING_BASE_URL, default https://meet.jit.si; any Jitsi Meet; no trailing slash); null when
   * MEETING_BASE_URL=none: no automatic rooms.
   */
  meetingBaseUrl: string | null;
  /** Platform fee: percent of the price (FEE_PERCENT, default 5) plus fixed cents (FEE_FIXED_CENTS, default 50). */
  fee: { percent: number; fixedCents: number };
  /**
   * The refund policy's numbers (server/platform/money/refund-policy.ts): the share of the price given
   * back once the session has started (REFUND_PARTIAL_PERCENT, default 50) and for how many days after
   * its first day (REFUND_PARTIAL_DAYS, default 7).
   */
  refund: RefundPolicy;
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
  stripe: StripeConfig | null;
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
    meetingBaseUrl: meetingBaseUrlSetting(env),
    fee: {
      percent: intVar(env, 'FEE_PERCENT', 5, 0, 50),
      fixedCents: intVar(env, 'FEE_FIXED_CENTS', 50, 0, 10_000),
    },
    refund: {
      partialPercent: intVar(env, 'REFUND_PARTIAL_PERCENT', 50, 0, 100),
      partialDays: intVar(env, 'REFUND_PARTIAL_DAYS', 7, 0, 365),
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

/** MEETING_BASE_URL: an http(s) URL (trailing slash dropped), `none` → null, unset → Jitsi Meet's public service. */
function meetingBaseUrlSetting(env: NodeJS.ProcessEnv): string | null {
  if (env.MEETING_BASE_URL?.trim().toLowerCase() === 'none') return null;
  return urlVar(env, 'MEETING_BASE_URL', 'https://meet.jit.si or none') ?? 'https://meet.jit.si';
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

/** Reads the Stripe settings; a key of the wrong kind stops the start. */
