import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../server/app.js';
import { loadConfig, type Config } from '../../server/config.js';
import { openDatabase } from '../../server/db/database.js';
import { migrateToLatest } from '../../server/db/migrate.js';
import { seedDemoData } from '../../server/db/seed/seed.js';
import type { Database } from '../../server/db/types.js';
import { hashPassword } from '../../server/platform/passwords.js';
import type { PaymentGateway } from '../../server/platform/payments/gateway.js';
import type { HandlerTable } from '../../server/platform/handlers.js';
import { adminQuery, databaseUrl, dropDatabaseWhenIdle } from './template-setup.js';

export const DEMO_PASSWORD = 'Halaqa-demo-1';

/**
 * The API tests' scrypt cost (log2 N): 2^14 instead of production's 2^17, so that their thousands
 * of sign-ins stay fast; the demo image is hashed at this cost too (template-setup.ts).
 */
export const TEST_SCRYPT_LOG_N = 14;
/** Test hashing at {@link TEST_SCRYPT_LOG_N}, for seeding. */
export const testHashPassword = (plain: string) => hashPassword(plain, TEST_SCRYPT_LOG_N);

/**
 * The configuration variables every test app gets: a fixed JWT secret, the test scrypt cost, and
 * rate limits raised 1000-fold (tests sign in far more often than people do; the rate-limit tests
 * pass `env: { RATE_LIMIT_FACTOR: '1' }` for the real limits).
 */
const TEST_ENV = {
  JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
  WEB_DIR: '',
  SCRYPT_LOG_N: String(TEST_SCRYPT_LOG_N),
  RATE_LIMIT_FACTOR: '1000',
};

/**
 * The seeded image as a Blob, read from disk once per worker: test files share their worker's
 * modules (`isolate: false` in vite.config.ts), and PGlite copies the Blob into a database of its own.
 */
let imageCache: { path: string; blob: Blob } | undefined;
function imageBlob(path: string): Blob {
  if (imageCache?.path !== path) imageCache = { path, blob: new Blob([readFileSync(path)]) };
  return imageCache.blob;
}

/** A running app on a fresh database seeded with the demo data. */
export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  config: Config;
  /** Signs in a demo account and returns its bearer token. */
  tokenFor(email: string): Promise<string>;
  /** Headers for an authenticated call. */
  auth(token: string): Record<string, string>;
  close(): Promise<void>;
}

/**
 * Starts the app for one test file: on in-memory PGlite, or, when HALAQA_TEST_DATABASE_URL is set,
 * on that PostgreSQL server in a schema of its own (dropped by close()). `now` fixes the app's clock
 * (`AppContext.now`, e.g. to test join windows); the wall clock by default. `env` adds or overrides
 * configuration variables (e.g. `RATE_LIMIT_FACTOR: '1'` for the real limits, `SCRYPT_LOG_N`).
 */
export async function startTestApp(
  options: {
    seed?: boolean;
    gateway?: PaymentGateway;
    now?: () => Date;
    handlers?: HandlerTable;
    env?: Record<string, string>;
    /** Keep the captcha on (default off: tests/api/captcha.test.ts turns it on). */ captcha?: boolean;
  } = {},
): Promise<TestApp> {
  const url = process.env.HALAQA_TEST_DATABASE_URL;
  const schema = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const seed = options.seed !== false;
  // A seeded PGlite database starts as a copy of the image tests/api/template-setup.ts made once.
  const imagePath = !url && seed ? inject('pgliteImage') : '';
  const image = imagePath ? imageBlob(imagePath) : undefined;
  // A seeded PostgreSQL test database is a copy of the template database template-setup.ts made
  // (dropped by close()); an unseeded one is a schema of its own in the shared database.
  const pgTemplate = url && seed ? inject('pgTemplateDatabase') : '';
  if (url && pgTemplate) await adminQuery(url, `create database "${schema}" template "${pgTemplate}"`);
  const handle = await openDatabase(
    url
      ? pgTemplate
        ? { kind: 'postgres', url: databaseUrl(url, schema) }
        : { kind: 'postgres', url, schema }
      : { kind: 'pglite', dir: null, image },
  );
  await migrateToLatest(handle.db, handle.schema);
  const dataDir = mkdtempSync(join(tmpdir(), 'halaqa-test-'));
  if (seed && !image && !pgTemplate)
    await seedDemoData(handle.db, { uploadsDir: null, hashPassword: testHashPassword });
  // The captcha is off for the API tests (CAPTCHA=off exists for them only), except where asked for.
  const config = loadConfig({
    ...TEST_ENV,
    CAPTCHA: options.captcha ? 'on' : 'off',
    ...options.env,
    DATA_DIR: dataDir,
  });
  const app = await buildApp({
    config,
    db: handle.db,
    logger: false,
    gateway: options.gateway,
    now: options.now,
    handlers: options.handlers,
  });
  await app.ready();
  const tokens = new Map<string, string>();
  return {
    app,
    db: handle.db,
    config,
    async tokenFor(email) {
      const cached = tokens.get(email);
      if (cached) return cached;
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/signin',
        payload: { email, password: DEMO_PASSWORD },
      });
      if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
      const token = res.json().data.token as string;
      tokens.set(email, token);
      return token;
    },
    auth: (token) => ({ authorization: `Bearer ${token}`, 'x-auth-legacy': '1' }),
    async close() {
      await app.close();
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (url && pgTemplate) await dropDatabaseWhenIdle(url, schema);
      else if (url) {
        const c = new pg.Client({ connectionString: url });
        await c.connect();
        await c.query(`drop schema if exists "${schema}" cascade`);
        await c.end();
      }
    },
  };
}

/** Calls the app of `t` with `token` (anonymous when null) and `extra` headers: the status and the JSON body. */
export async function callJson(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | null,
  payload?: unknown,
  extra: Record<string, string> = {},
) {
  const headers = { ...(token ? t.auth(token) : {}), ...extra };
  const res = await t.app.inject({ method, url, headers, payload: payload as object });
  return { status: res.statusCode, body: res.json() };
}

/** Signs up a learner (Sam Squat, a strong password) with `email` through the form: the response and its JSON. */
export async function signUpLearner(t: TestApp, email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    ...multipart({ firstName: 'Sam', lastName: 'Squat', email, password: 'Str0ng!pass', role: 'LEARNER' }),
  });
  return { res, data: res.json().data as { token: string; user: { id: number } } };
}

/** POSTs `files` as multipart to `url` as `email`: the status and the JSON body. */
export async function uploadAs(t: TestApp, url: string, email: string, files: Record<string, FilePart>) {
  const form = multipart({}, files);
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { ...form.headers, ...t.auth(await t.tokenFor(email)) },
  });
  return { status: res.statusCode, body: res.json() };
}

/** How many connections to database `dbName` are LISTENing (pg_stat_activity, read through `admin`). */
export async function listeningConnections(admin: pg.Client, dbName: string): Promise<number> {
  const sql = `select count(*)::int as n from pg_stat_activity where datname = $1 and query ilike 'listen %'`;
  return Number((await admin.query(sql, [dbName])).rows[0].n);
}

/** Counts rows of a table (to show a refused call wrote nothing). */
export async function countRows(db: Kysely<Database>, table: keyof Database): Promise<number> {
  const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
  return Number(r.rows[0].n);
}

/** The ledger transactions whose entries do not sum to zero (id and sum in cents): none in a balanced ledger. */
export function unbalancedTransactions(db: Kysely<Database>) {
  return db
    .selectFrom('ledger_entries')
    .select(['transaction_id', (eb) => eb.fn.sum<number>('amount_cents').as('s')])
    .groupBy('transaction_id')
    .having((eb) => eb.fn.sum('amount_cents'), '!=', 0)
    .execute();
}

/** A file part for {@link multipart}. */
export interface FilePart {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Builds a multipart/form-data body (RFC 7578) for app.inject from fields and files. */
export function multipart(fields: Record<string, string>, files: Record<string, FilePart> = {}) {
  const boundary = '----halaqa' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const [k, f] of Object.entries(files)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${k}"; filename="${f.filename}"\r\nContent-Type: ${f.contentType}\r\n\r\n`,
      ),
    );
    chunks.push(f.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A valid 1×1 PNG image. */
export const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A clock for `startTestApp({ now: clock.now })`: the wall clock, moved forward by what `advance`
 * adds (ms), e.g. past a seat hold's end, instead of writing the instants in the database.
 */
export interface MovableClock {
  now: () => Date;
  advance(ms: number): void;
  /** Back to the wall clock. */
  reset(): void;
}

/** A {@link MovableClock} on the wall clock. */
export function movableClock(): MovableClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms) {
      offsetMs += ms;
    },
    reset() {
      offsetMs = 0;
    },
  };
}
