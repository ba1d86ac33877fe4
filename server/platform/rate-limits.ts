import { createHash } from 'node:crypto';
import fastifyRateLimit, { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { RateLimits } from '../config.js';
import type { Database } from '../db/types.js';
import { tooManyRequests } from './errors.js';

/** One limit: at most `max` requests per window for each key `keyOf(request)` (null: not counted). */
interface Limit {
  name: string;
  max: number;
  keyOf: (request: FastifyRequest) => string | null;
}

/** The account e-mail a request names (JSON body `email`, company sign-up `account.email`, multipart `email`), lower-cased. */
export function emailOf(request: FastifyRequest): string | null {
  const body = request.body as Record<string, unknown> | undefined;
  const raw = body?.email ?? (body?.account as Record<string, unknown> | undefined)?.email;
  return typeof raw === 'string' && raw.trim() ? raw.trim().toLowerCase() : null;
}

const byIp = (r: FastifyRequest) => r.ip;
const byEmail = (r: FastifyRequest) => emailOf(r);
const byIpEmail = (r: FastifyRequest) => `${r.ip}|${emailOf(r) ?? ''}`;
const byCaller = (r: FastifyRequest) => (r.caller ? String(r.caller.userId) : null);

/**
 * The limits per operationId (defaults in server/config.ts and
 * docs/decisions.md). Per IP and per account: a guesser cannot try many passwords on one account
 * from one address, nor many accounts from one address, and one account is not mailed in a loop.
 */
export function limitsByOperation(l: RateLimits): Record<string, Limit[]> {
  const signUp = [
    { name: 'sign-up/ip', max: l.signUpPerIp, keyOf: byIp },
    { name: 'sign-up/email', max: l.signUpPerEmail, keyOf: byEmail },
  ];
  return {
    signIn: [
      { name: 'sign-in/ip+email', max: l.signInPerIpEmail, keyOf: byIpEmail },
      { name: 'sign-in/ip', max: l.signInPerIp, keyOf: byIp },
      // Per account whatever the address: rotating IPs (or a forged X-Forwarded-For) does not help a guesser.
      { name: 'sign-in/email', max: l.signInPerEmail, keyOf: byEmail },
    ],
    signUp,
    signUpCompany: signUp,
    requestPasswordReset: [
      { name: 'reset-request/ip', max: l.resetRequestPerIp, keyOf: byIp },
      { name: 'reset-request/email', max: l.resetRequestPerEmail, keyOf: byEmail },
    ],
    resetPassword: [{ name: 'reset/ip', max: l.resetPerIp, keyOf: byIp }],
    // A stolen token must not become an oracle for the old password either.
    changePassword: [{ name: 'change-password/user', max: l.signInPerIpEmail, keyOf: byCaller }],
    sendContactMessage: [
      { name: 'contact/ip', max: l.contactPerIp, keyOf: byIp },
      { name: 'contact/email', max: l.contactPerEmail, keyOf: byEmail },
    ],
    // A guest's join mails a confirmation link: the same limits as the contact form, guests only.
    joinWaitlist: [
      { name: 'waitlist/ip', max: l.contactPerIp, keyOf: (r) => (r.caller ? null : byIp(r)) },
      { name: 'waitlist/email', max: l.contactPerEmail, keyOf: (r) => (r.caller ? null : byEmail(r)) },
    ],
  };
}

/**
 * Counts one hit of `key` in a fixed window of `windowMs`, in PostgreSQL (`rate_limit_counters`,
 * migration 0024), so every instance on the database counts together: one atomic statement, an
 * upsert that starts a new window when the row's has ended. Windows run on the database's clock,
 * the one clock all instances share.
 * @returns the hits in the current window (this one included) and the ms until it ends.
 */
export async function countHit(
  db: Kysely<Database>,
  key: string,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  const { rows } = await sql<{ hits: number; ttl_ms: number }>`
    insert into rate_limit_counters as c (key, hits, window_ends_at)
    values (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
    on conflict (key) do update set
      hits = case when c.window_ends_at <= now() then 1 else c.hits + 1 end,
      window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end
    returning c.hits, (extract(epoch from (c.window_ends_at - now())) * 1000)::float8 as ttl_ms`.execute(db);
  const row = rows[0]!;
  return { current: Number(row.hits), ttl: Math.max(0, Math.ceil(Number(row.ttl_ms))) };
}

/** Deletes the counters whose window has ended (the periodic jobs). @returns how many went. */
export async function purgeRateLimitCounters(db: Kysely<Database>): Promise<number> {
  const gone = await db
    .deleteFrom('rate_limit_counters')
    .where('window_ends_at', '<', sql<Date>`now()`)
    .executeTakeFirst();
  return Number(gone.numDeletedRows);
}

/** `@fastify/rate-limit`'s store interface over {@link countHit}: one statement per counted key. */
function postgresStore(db: Kysely<Database>): FastifyRateLimitStoreCtor {
  return class PostgresRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      countHit(db, key, timeWindow).then(
        (result) => callback(null, result),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/** The stored key of a limit: its name and the SHA-256 of what it counts (no addresses or e-mails kept). */
const storedKey = (name: string, value: string) => `${name}:${createHash('sha256').update(value).digest('base64url')}`;

/**
 * Registers `@fastify/rate-limit` (not global) and, through an `onRoute` hook, puts the limits of
 * {@link limitsByOperation} in front of those operations' handlers: they run as the first
 * preHandler, after authentication and validation (the e-mail is read from the validated body).
 * A request over any of its limits answers 429 `{message}` with `Retry-After` (seconds until the
 * window of the exhausted key ends); every limit of the request is counted.
 * The counters live in the database ({@link countHit}), so instances behind one load balancer
 * share them (docs/deploy.md). Call before the operations are registered.
 */
export async function registerRateLimits(
  app: FastifyInstance,
  limits: RateLimits,
  db: Kysely<Database>,
): Promise<void> {
  await app.register(fastifyRateLimit, { global: false, store: postgresStore(db) });
  const table = limitsByOperation(limits);
  const timeWindow = limits.windowSeconds * 1000;
  const checks = new Map<string, preHandlerAsyncHookHandler>();
  for (const [operationId, list] of Object.entries(table)) {
    const limiters = list.map((limit) => ({
      limit,
      check: app.createRateLimit({
        max: limit.max,
        timeWindow,
        keyGenerator: (r) => storedKey(limit.name, limit.keyOf(r) ?? ''),
      }),
    }));
    checks.set(operationId, async (request) => {
      let waitSeconds = 0;
      for (const { limit, check } of limiters) {
        if (limit.keyOf(request) === null) continue;
        const result = await check(request);
        if (!result.isAllowed && result.isExceeded) waitSeconds = Math.max(waitSeconds, result.ttlInSeconds);
      }
      if (waitSeconds > 0)
        throw tooManyRequests(`Too many attempts. Please try again in ${waitSeconds} seconds.`, waitSeconds);
    });
  }
  app.addHook('onRoute', (route) => {
    const operationId = (route.config as { operationId?: string } | undefined)?.operationId;
    const check = operationId ? checks.get(operationId) : undefined;
    if (!check) return;
    const existing = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
    route.preHandler = [check, ...existing] as typeof route.preHandler;
  });
}
