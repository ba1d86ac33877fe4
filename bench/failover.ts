/**
 * Several servers, one dies: the scenario of bench/lb.ts and tests/api/lb-failover.test.ts.
 *
 * `servers` (3) server processes (`npm start`'s command, bench/support.ts `serverArgs`) on one fresh
 * PostgreSQL database, behind HAProxy (Debian's package, /usr/sbin/haproxy): round robin, health
 * checks on `GET /api/health` every 500 ms (down after 2 failures, up after 2 passes), a refused
 * connection retried on another server (`retries 2`, `option redispatch 1`), its log captured with
 * the time each line arrived. `learners` learners with a saved test card (tok_visa) each buy a
 * seat of one `seats`-seat paid session through HAProxy, `inFlight` at a time: POST
 * /payments/intents then POST /payments/intents/{id}/confirm, each with an Idempotency-Key of its
 * own. When `killAfter` checkouts have finished, one server gets SIGKILL (`kill -9`); once HAProxy
 * reports it DOWN it is started again on the same port, and HAProxy's UP is awaited.
 *
 * A client that sees a network error, 502, 503 or 504, or the 409 "still being processed: retry
 * later" of a key whose first request has not finished, sends the same request with the same key
 * again (after 200 ms) until it gets a definite answer: 201/200 (the intent; `succeeded` =
 * enrolled), 402, or another 4xx (refused). Then every checkout is replayed with its keys, and the
 * database and HAProxy's log are read. {@link FailoverReport} holds what was seen; the callers
 * print it (bench) or assert on it (test).
 *
 * Everything started (servers, HAProxy, the database, temporary directories) is stopped or removed
 * before {@link runFailover} returns or throws.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../server/db/database.js';
import { migrateToLatest } from '../server/db/migrate.js';
import { seedDemoData } from '../server/db/seed/seed.js';
import { hashPassword } from '../server/platform/passwords.js';
import { signInForTests } from '../server/platform/sign-in-sessions.js';
import { TokenService } from '../server/platform/tokens.js';
import { addStormSession, freePort, quantile, root, serverArgs } from './support.js';

/** Where Debian's haproxy package installs the binary (`.ci/run` installs it). */
export const HAPROXY = '/usr/sbin/haproxy';

/** What {@link runFailover} is asked to do. */
export interface FailoverOptions {
  /** A PostgreSQL URL whose server the run creates its own database on (trust auth; the database is dropped afterwards). */
  adminUrl: string;
  servers?: number;
  learners: number;
  seats: number;
  inFlight: number;
  /** Finished checkouts after which one server is killed (default: half the seats). */
  killAfter?: number;
  /** How long a client keeps retrying one request with its key before giving up, ms (default 120,000). */
  retryForMs?: number;
  /** Progress lines (default: none). */
  progress?: (line: string) => void;
}

/** How one checkout ended, as its client saw it. */
export type CheckoutEnd = 'enrolled' | 'refused' | 'undecided';

/** One checkout: its learner, keys, final answer and the non-definite answers it got on the way. */
export interface Checkout {
  learnerId: number;
  intentKey: string;
  confirmKey: string;
  intentId: string | null;
  end: CheckoutEnd;
  /** The definite answer's status and message (or why it is undecided). */
  final: { status: number; message: string };
  /** Non-definite answers seen before the definite one, by kind (`502`, `503`, `network ECONNRESET`, `409 retry later`, …). */
  retried: string[];
  /** Time from the first request to the definite answer, ms. */
  ms: number;
}

/** What {@link runFailover} saw: the clients' view, the database's, HAProxy's log, and the times. */
export interface FailoverReport {
  options: Required<Omit<FailoverOptions, 'progress'>>;
  checkouts: Checkout[];
  /** Non-definite answers by kind, over the whole run. */
  errorsByKind: Record<string, number>;
  /** Unexpected answers (5xx other than 502–504, 2xx without an intent…), each described. */
  unexpected: string[];
  /** Replaying every checkout's keys after the recovery: the checkouts whose replay did not give the same ending. */
  replayMismatches: string[];
  db: {
    maxSeats: number;
    activeEnrollments: number;
    /** Learners with more than one active enrollment or succeeded intent. */
    chargedTwice: number;
    /** Learners the client saw enrolled without an active enrollment, or refused with one. */
    clientDbMismatches: number;
    intentsByStatus: Record<string, number>;
    /** Succeeded intents whose capture had not run yet (a server died between the commit and the capture: the jobs capture them within ~2 minutes). */
    uncaptured: number;
    /** Ledger transactions whose entries do not sum to zero, and the sum of the whole ledger (cents). */
    unbalancedTransactions: number;
    ledgerSum: number;
    /** CARD_PAYMENT transactions of this session's intents, and of intents that did not succeed. */
    cardPayments: number;
    cardPaymentsOfUnsucceeded: number;
    /** Sum of the session's FUNDING legs (cents): minus what the enrolled learners paid. */
    fundedCents: number;
    paidCents: number;
  };
  lb: {
    /** HAProxy's log, each line with the ms since the start of the checkouts. */
    log: { at: number; line: string }[];
    killed: string;
    downSeen: boolean;
    upSeen: boolean;
  };
  times: {
    /** From the start of the checkouts, ms. */
    killAt: number;
    /** kill → HAProxy's DOWN line, ms. */
    killToDown: number;
    /** restart (process spawned) → its /api/health answers directly, ms. */
    restartToReady: number;
    /** restart → HAProxy's UP line, ms. */
    restartToUp: number;
    /** kill → UP, ms. */
    killToUp: number;
    /** Non-definite answers seen between the kill and the UP line. */
    errorsDuringOutage: number;
    totalSeconds: number;
    checkoutsPerSecond: number;
    p50: number;
    p99: number;
    max: number;
  };
  /** Anything a server process printed on stderr (crashes, pool errors). */
  serverErrors: string[];
}

interface ServerSlot {
  name: string;
  port: number;
  dataDir: string;
  child: ChildProcess | null;
  output: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `work` over `n` items with `width` in flight. */
async function pool(n: number, width: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, n) }, async () => {
      for (let i = next++; i < n; i = next++) await work(i);
    }),
  );
}

/**
 * Runs the scenario (see the module's comment) and returns what it saw.
 * @throws when HAProxy is not at {@link HAPROXY}, when a server or HAProxy does not start, or when
 *   PostgreSQL cannot be reached; never for a failed check (the report says what failed).
 */
export async function runFailover(opts: FailoverOptions): Promise<FailoverReport> {
  if (!existsSync(HAPROXY)) {
    throw new Error(
      `HAProxy is not installed at ${HAPROXY}: install Debian's package (apt-get install -y haproxy; .ci/run does it)`,
    );
  }
  const o = { servers: 3, killAfter: Math.floor(opts.seats / 2), retryForMs: 120_000, ...opts };
  const log = opts.progress ?? (() => undefined);
  const work = mkdtempSync(join(tmpdir(), 'halaqa-lb-'));
  const dbName = `lb_${process.pid}_${randomBytes(4).toString('hex')}`;
  const dbUrl = new URL(o.adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const slots: ServerSlot[] = [];
  let haproxy: ChildProcess | null = null;
  const lbLog: { at: number; line: string }[] = [];
  const killAll = () => {
    for (const s of slots) if (s.child && s.child.exitCode === null) s.child.kill('SIGKILL');
    if (haproxy && haproxy.exitCode === null) haproxy.kill('SIGKILL');
  };
  // A test runner that dies leaves nothing running.
  process.once('exit', killAll);
  const admin = new pg.Client({ connectionString: o.adminUrl });
  await admin.connect();
  await admin.query(`create database "${dbName}"`);
  await admin.end();
  let handle: DatabaseHandle | null = null;
  try {
    const t = performance.now();
    handle = await openDatabase({ kind: 'postgres', url: dbUrl.toString() });
    const { sessionId, learnerIds } = await prepare(handle, o.learners, o.seats);
    log(`database ${dbName} ready (${((performance.now() - t) / 1000).toFixed(1)} s)`);

    const secret = randomBytes(32).toString('hex');
    const lbPort = await freePort();
    for (let i = 0; i < o.servers; i++) {
      slots.push({
        name: `s${i + 1}`,
        port: await freePort(),
        dataDir: mkdtempSync(join(work, `s${i + 1}-`)),
        child: null,
        output: '',
      });
    }
    const env = {
      DATABASE_URL: dbUrl.toString(),
      JWT_SECRET: secret,
      HOST: '127.0.0.1',
      WEB_DIR: '',
      LOG_LEVEL: 'warn',
      CAPTCHA: 'off',
      SEED_DEMO_DATA: 'false',
      PUBLIC_URL: `http://127.0.0.1:${lbPort}`,
    };
    const t1 = performance.now();
    for (const s of slots) spawnServer(s, env);
    await Promise.all(slots.map((s) => waitHealthy(s)));
    log(`${o.servers} servers ready (${((performance.now() - t1) / 1000).toFixed(1)} s)`);

    const cfg = join(work, 'haproxy.cfg');
    writeFileSync(cfg, haproxyConfig(lbPort, slots));
    const check = spawnSync(HAPROXY, ['-c', '-f', cfg], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`haproxy rejects its configuration: ${check.stdout}${check.stderr}`);
    let t0 = performance.now();
    haproxy = spawn(HAPROXY, ['-db', '-f', cfg], { stdio: ['ignore', 'pipe', 'pipe'] });
    const onLines = (d: Buffer) => {
      for (const line of String(d).split('\n'))
        if (line.trim()) lbLog.push({ at: performance.now() - t0, line: line.trim() });
    };
    haproxy.stdout!.on('data', onLines);
    haproxy.stderr!.on('data', onLines);
    const base = `http://127.0.0.1:${lbPort}/api`;
    await waitFor(
      async () => (await fetch(`${base}/health`).catch(() => null))?.ok === true,
      10_000,
      'HAProxy did not answer /api/health',
    );
    // Every server UP in HAProxy's view before the checkouts begin.
    await sleep(1000);

    const tokens = new TokenService(secret, 3600);
    const learners = await Promise.all(
      learnerIds.map(async (id) => ({
        id,
        token: await signInForTests(handle!.db, tokens, { id, role: 'USER' }),
        card: '',
      })),
    );
    await pool(learners.length, 16, async (i) => {
      let r = await call(base, 'POST', '/payments/cards', learners[i]!.token, { source: 'tok_visa' });
      // Before the measured part: a server still warming up may be out of HAProxy's pool for a moment.
      for (let n = 0; n < 50 && (r.status === 503 || r.status === 502); n++) {
        await sleep(200);
        r = await call(base, 'POST', '/payments/cards', learners[i]!.token, { source: 'tok_visa' });
      }
      if (r.status !== 201 && r.status !== 200) throw new Error(`saving a card: ${r.status} ${JSON.stringify(r.body)}`);
      learners[i]!.card = String(r.body.data?.id);
    });
    const info = (await (await fetch(`${base}/sessions/${sessionId}/info`)).json()) as { data: { price: number } };
    const fee = await call(base, 'POST', '/payments/fee', learners[0]!.token, { price: info.data.price });
    const amount = Number(fee.body.data?.amount);
    log(`${learners.length} cards saved; checkout amount ${amount} cents`);

    const errorsByKind: Record<string, number> = {};
    const errorTimes: number[] = [];
    const unexpected: string[] = [];
    const checkouts: Checkout[] = new Array(learners.length);
    const victim = slots[1 % slots.length]!;
    const times = { killAt: NaN, downAt: NaN, restartAt: NaN, readyAt: NaN, upAt: NaN };
    let finished = 0;
    let killing: Promise<void> | null = null;
    let restartError: unknown = null;
    const downLine = (name: string, after: number) =>
      lbLog.find((l) => l.at >= after && new RegExp(`Server \\S+/${name} is DOWN`).test(l.line));
    const upLine = (name: string, after: number) =>
      lbLog.find((l) => l.at >= after && new RegExp(`Server \\S+/${name} is UP`).test(l.line));
    const killAndRestart = async () => {
      times.killAt = performance.now() - t0;
      log(`kill -9 ${victim.name} (pid ${victim.child!.pid}) after ${finished} checkouts`);
      victim.child!.kill('SIGKILL');
      await waitFor(
        async () => downLine(victim.name, times.killAt) !== undefined,
        15_000,
        `HAProxy did not mark ${victim.name} DOWN`,
      ).catch(() => undefined);
      times.downAt = downLine(victim.name, times.killAt)?.at ?? NaN;
      times.restartAt = performance.now() - t0;
      spawnServer(victim, env);
      // Under a storm on a small machine a start takes much longer than on a quiet one.
      await waitHealthy(victim, 600_000);
      times.readyAt = performance.now() - t0;
      await waitFor(
        async () => upLine(victim.name, times.restartAt) !== undefined,
        15_000,
        `HAProxy did not mark ${victim.name} UP`,
      ).catch(() => undefined);
      times.upAt = upLine(victim.name, times.restartAt)?.at ?? NaN;
      log(
        `${victim.name} DOWN ${(times.downAt - times.killAt).toFixed(0)} ms after the kill; restarted, UP ${(times.upAt - times.restartAt).toFixed(0)} ms after the restart`,
      );
    };

    /** Sends one request with its key until a definite answer (see the module's comment). */
    const definite = async (c: Checkout, method: string, path: string, token: string, body: unknown, key: string) => {
      const deadline = performance.now() + o.retryForMs;
      for (;;) {
        const r = await call(base, method, path, token, body, key);
        const kind = r.error
          ? `network ${r.error}`
          : [502, 503, 504].includes(r.status)
            ? String(r.status)
            : r.status === 409 && /retry later/.test(r.body.message ?? '')
              ? '409 retry later'
              : null;
        if (!kind) return r;
        c.retried.push(kind);
        errorsByKind[kind] = (errorsByKind[kind] ?? 0) + 1;
        errorTimes.push(performance.now() - t0);
        if (performance.now() > deadline) return { ...r, undecided: kind };
        await sleep(200);
      }
    };

    // Times from the start of the checkouts (HAProxy's start-up lines come before: negative).
    const shift = performance.now() - t0;
    for (const l of lbLog) l.at -= shift;
    t0 += shift;
    await pool(learners.length, o.inFlight, async (i) => {
      const l = learners[i]!;
      const c: Checkout = {
        learnerId: l.id,
        intentKey: `lb-${i}-intent`,
        confirmKey: `lb-${i}-confirm`,
        intentId: null,
        end: 'undecided',
        final: { status: 0, message: '' },
        retried: [],
        ms: 0,
      };
      checkouts[i] = c;
      const t = performance.now();
      const intent = await definite(c, 'POST', '/payments/intents', l.token, { sessionId, amount }, c.intentKey);
      if ('undecided' in intent) c.final = { status: intent.status, message: `gave up: ${String(intent.undecided)}` };
      else if (intent.status === 201 && intent.body.data?.id) {
        c.intentId = String(intent.body.data.id);
        const paid = await definite(
          c,
          'POST',
          `/payments/intents/${c.intentId}/confirm`,
          l.token,
          { paymentMethod: l.card },
          c.confirmKey,
        );
        if ('undecided' in paid) c.final = { status: paid.status, message: `gave up: ${String(paid.undecided)}` };
        else {
          c.final = { status: paid.status, message: paid.body.message ?? String(paid.body.data?.status ?? '') };
          if (paid.status === 200 && paid.body.data?.status === 'succeeded') c.end = 'enrolled';
          else if (paid.status >= 400 && paid.status < 500) c.end = 'refused';
          else unexpected.push(`confirm of learner ${l.id}: ${paid.status} ${JSON.stringify(paid.body)}`);
        }
      } else {
        c.final = { status: intent.status, message: intent.body.message ?? '' };
        if (intent.status >= 400 && intent.status < 500) c.end = 'refused';
        else unexpected.push(`intent of learner ${l.id}: ${intent.status} ${JSON.stringify(intent.body)}`);
      }
      c.ms = performance.now() - t;
      finished += 1;
      if (finished === o.killAfter) killing = killAndRestart().catch((e: unknown) => void (restartError = e));
    });
    const totalMs = performance.now() - t0;
    log(`${learners.length} checkouts in ${(totalMs / 1000).toFixed(1)} s`);
    if (killing) await killing;
    else throw new Error(`the kill never happened: killAfter ${o.killAfter} ≥ ${learners.length} checkouts`);
    if (restartError) throw restartError;

    // Retrying with the same keys after the recovery gives the same endings (a refusal is not
    // stored with its key: the request runs again and is refused again, the session being full).
    const replayMismatches: string[] = [];
    await pool(checkouts.length, o.inFlight, async (i) => {
      const c = checkouts[i]!;
      if (c.end === 'undecided') return;
      const l = learners[i]!;
      const again = await definite(
        { ...c, retried: [] },
        'POST',
        '/payments/intents',
        l.token,
        { sessionId, amount },
        c.intentKey,
      );
      if (c.intentId) {
        if (again.status !== 201 || String(again.body.data?.id) !== c.intentId)
          replayMismatches.push(
            `learner ${l.id}: intent replay ${again.status} ${again.body.data?.id ?? again.body.message}`,
          );
        const paid = await definite(
          { ...c, retried: [] },
          'POST',
          `/payments/intents/${c.intentId}/confirm`,
          l.token,
          { paymentMethod: l.card },
          c.confirmKey,
        );
        const end =
          paid.status === 200 && paid.body.data?.status === 'succeeded'
            ? 'enrolled'
            : paid.status >= 400 && paid.status < 500
              ? 'refused'
              : 'undecided';
        if (end !== c.end)
          replayMismatches.push(
            `learner ${l.id}: confirm replay ${paid.status} ${paid.body.data?.status ?? paid.body.message}, first ${c.end}`,
          );
      } else if (again.status < 400 || again.status >= 500) {
        replayMismatches.push(`learner ${l.id}: refused, intent replay ${again.status}`);
      }
    });
    const dbView = await readDatabase(handle, sessionId, checkouts);
    const sorted = checkouts.map((c) => c.ms).sort((a, b) => a - b);
    const report: FailoverReport = {
      options: {
        adminUrl: o.adminUrl,
        servers: o.servers,
        learners: o.learners,
        seats: o.seats,
        inFlight: o.inFlight,
        killAfter: o.killAfter,
        retryForMs: o.retryForMs,
      },
      checkouts,
      errorsByKind,
      unexpected,
      replayMismatches,
      db: dbView,
      lb: {
        log: lbLog,
        killed: victim.name,
        downSeen: Number.isFinite(times.downAt),
        upSeen: Number.isFinite(times.upAt),
      },
      times: {
        killAt: times.killAt,
        killToDown: times.downAt - times.killAt,
        restartToReady: times.readyAt - times.restartAt,
        restartToUp: times.upAt - times.restartAt,
        killToUp: times.upAt - times.killAt,
        errorsDuringOutage: errorTimes.filter(
          (x) => x >= times.killAt && (!Number.isFinite(times.upAt) || x <= times.upAt),
        ).length,
        totalSeconds: totalMs / 1000,
        checkoutsPerSecond: checkouts.length / (totalMs / 1000),
        p50: quantile(sorted, 0.5),
        p99: quantile(sorted, 0.99),
        max: sorted.at(-1) ?? NaN,
      },
      serverErrors: slots.flatMap((s) =>
        s.output
          .split('\n')
          .filter((line) => line.trim() && !/Ready in|migrations applied|Listening|demo/i.test(line))
          .map((line) => `${s.name}: ${line.slice(0, 300)}`),
      ),
    };
    return report;
  } catch (e) {
    const tail = lbLog
      .slice(-20)
      .map((l) => `  ${l.line}`)
      .join('\n');
    throw new Error(`${(e as Error).message}${tail ? `\nHAProxy's last log lines:\n${tail}` : ''}`, { cause: e });
  } finally {
    await Promise.all(slots.map((s) => stopServer(s)));
    if (haproxy && haproxy.exitCode === null) {
      const h = haproxy;
      await new Promise<void>((r) => {
        h.once('exit', () => r());
        h.kill('SIGTERM');
        setTimeout(() => h.kill('SIGKILL'), 3000).unref();
      });
    }
    process.removeListener('exit', killAll);
    await handle?.close();
    const c = new pg.Client({ connectionString: o.adminUrl });
    await c.connect();
    await c.query(`drop database if exists "${dbName}" with (force)`);
    await c.end();
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * HAProxy's configuration: HTTP mode, round robin over the servers, health checks on /api/health
 * (`inter 500ms fall 2 rise 2`: a dead server refuses connections and is out within ~1 s, a
 * restarted one back as soon; a slow answer has 3 s),
 * a refused connection retried once more and sent to another server (`option redispatch 1`; a
 * request already sent to a server that dies is not retried: its client gets 502), the log on
 * stdout without a line per successful request (`option dontlog-normal`).
 */
function haproxyConfig(port: number, slots: ServerSlot[]): string {
  return [
    'global',
    '  log stdout format raw local0 info',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  log global',
    '  option httplog',
    '  option dontlog-normal',
    '  timeout connect 1s',
    '  timeout client 60s',
    // Above a confirmation's worst case: it waits up to 20 s for a request running with its key.
    '  timeout server 30s',
    '  timeout queue 10s',
    '  retries 2',
    '  option redispatch 1',
    'frontend halaqa_in',
    `  bind 127.0.0.1:${port}`,
    '  default_backend halaqa',
    'backend halaqa',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    // A refused connection fails a check at once; a slow answer (a loaded machine) gets 3 s.
    '  timeout check 3s',
    '  default-server inter 500ms fall 2 rise 2',
    ...slots.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`),
    '',
  ].join('\n');
}

/** Starts (or restarts) a slot's server process with `npm start`'s command on its port. */
function spawnServer(s: ServerSlot, env: Record<string, string>): void {
  const child = spawn(process.execPath, serverArgs(), {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(s.port), DATA_DIR: s.dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  s.child = child;
  child.stdout!.on('data', () => undefined);
  child.stderr!.on('data', (d) => (s.output += String(d)));
}

/** Waits until the slot's server answers /api/health directly. @throws when it exits or takes over `ms` (300 s). */
async function waitHealthy(s: ServerSlot, ms = 300_000): Promise<void> {
  const child = s.child!;
  await waitFor(
    async () => {
      if (child.exitCode !== null)
        throw new Error(`server ${s.name} exited with ${child.exitCode}: ${s.output.slice(-2000)}`);
      return (await fetch(`http://127.0.0.1:${s.port}/api/health`).catch(() => null))?.ok === true;
    },
    ms,
    `server ${s.name} did not start in ${ms / 1000} s`,
  );
}

async function stopServer(s: ServerSlot): Promise<void> {
  const child = s.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((r) => {
    child.once('exit', () => r());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

async function waitFor(test: () => Promise<boolean>, ms: number, message: string): Promise<void> {
  const until = performance.now() + ms;
  while (!(await test())) {
    if (performance.now() > until) throw new Error(message);
    await sleep(50);
  }
}

interface Answer {
  status: number;
  body: { data?: Record<string, unknown>; message?: string };
  /** The network error's code, when there was no HTTP answer. */
  error?: string;
}

async function call(
  base: string,
  method: string,
  path: string,
  token: string,
  body: unknown,
  key?: string,
): Promise<Answer> {
  try {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(60_000),
    });
    const text = await res.text();
    let json: Answer['body'] = {};
    try {
      json = JSON.parse(text) as Answer['body'];
    } catch {
      json = { message: text.slice(0, 200) };
    }
    return { status: res.status, body: json };
  } catch (e) {
    const cause = (e as { cause?: { code?: string } }).cause;
    return { status: 0, body: {}, error: cause?.code ?? (e as Error).name };
  }
}

/**
 * Migrates and seeds the database, then adds a copy of the first open paid session of a public
 * course with `seats` seats and nobody enrolled, and `learners` learners (bench/storm.ts does the same).
 */
async function prepare(
  handle: DatabaseHandle,
  learners: number,
  seats: number,
): Promise<{ sessionId: number; learnerIds: number[] }> {
  const db = handle.db;
  await migrateToLatest(db, handle.schema);
  await seedDemoData(db, { uploadsDir: null, hashPassword });
  const sessionId = await addStormSession(db, seats);
  const run = randomBytes(4).toString('hex');
  const { rows } = await sql<{ id: number }>`
    insert into users (email, password_hash, first_name, last_name, role)
    select 'lb-' || ${run} || '-' || i || '@example.org', 'x', 'Failover', 'Learner ' || i, 'USER'
    from generate_series(1, ${learners}) i
    returning id`.execute(db);
  return { sessionId, learnerIds: rows.map((r) => Number(r.id)) };
}

/** What the database holds after the run: seats, enrollments and intents per learner, the ledger. */
async function readDatabase(
  handle: DatabaseHandle,
  sessionId: number,
  checkouts: Checkout[],
): Promise<FailoverReport['db']> {
  const db = handle.db;
  const { max_seats: maxSeats } = await db
    .selectFrom('sessions')
    .select('max_seats')
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();
  const active = await db
    .selectFrom('enrollments')
    .select(['user_id', 'payment_intent_id'])
    .where('session_id', '=', sessionId)
    .where('status', '=', 'ACTIVE')
    .execute();
  const intents = await db
    .selectFrom('payment_intents')
    .select(['id', 'user_id', 'status', 'captured_at', 'amount_cents'])
    .where('session_id', '=', sessionId)
    .execute();
  const intentsByStatus: Record<string, number> = {};
  for (const i of intents) intentsByStatus[i.status] = (intentsByStatus[i.status] ?? 0) + 1;
  const perLearner = new Map<number, { enrollments: number; succeeded: number }>();
  for (const e of active) {
    const p = perLearner.get(e.user_id) ?? { enrollments: 0, succeeded: 0 };
    p.enrollments += 1;
    perLearner.set(e.user_id, p);
  }
  for (const i of intents.filter((x) => x.status === 'succeeded')) {
    const p = perLearner.get(i.user_id) ?? { enrollments: 0, succeeded: 0 };
    p.succeeded += 1;
    perLearner.set(i.user_id, p);
  }
  const chargedTwice = [...perLearner.values()].filter((p) => p.enrollments > 1 || p.succeeded > 1).length;
  let clientDbMismatches = 0;
  for (const c of checkouts) {
    const p = perLearner.get(c.learnerId) ?? { enrollments: 0, succeeded: 0 };
    if (c.end === 'enrolled' && (p.enrollments !== 1 || p.succeeded !== 1)) clientDbMismatches += 1;
    if (c.end === 'refused' && (p.enrollments !== 0 || p.succeeded !== 0)) clientDbMismatches += 1;
  }
  const unbalanced = await sql<{
    n: number;
  }>`select count(*)::int as n from (select transaction_id from ledger_entries group by transaction_id having sum(amount_cents) <> 0) x`.execute(
    db,
  );
  const total = await sql<{ s: string | null }>`select sum(amount_cents)::text as s from ledger_entries`.execute(db);
  const cards = await sql<{ n: number; unsucceeded: number }>`
    select count(*)::int as n, count(*) filter (where pi.status <> 'succeeded')::int as unsucceeded
    from ledger_transactions t join payment_intents pi on pi.id = t.payment_intent_id
    where t.kind = 'CARD_PAYMENT' and pi.session_id = ${sessionId}`.execute(db);
  const funded = await sql<{
    s: string | null;
  }>`select sum(amount_cents)::text as s from ledger_entries where account = 'FUNDING' and session_id = ${sessionId}`.execute(
    db,
  );
  const succeeded = intents.filter((i) => i.status === 'succeeded');
  return {
    maxSeats,
    activeEnrollments: active.length,
    chargedTwice,
    clientDbMismatches,
    intentsByStatus,
    uncaptured: succeeded.filter((i) => i.captured_at === null).length,
    unbalancedTransactions: Number(unbalanced.rows[0]!.n),
    ledgerSum: Number(total.rows[0]!.s ?? 0),
    cardPayments: Number(cards.rows[0]!.n),
    cardPaymentsOfUnsucceeded: Number(cards.rows[0]!.unsucceeded),
    fundedCents: Number(funded.rows[0]!.s ?? 0),
    paidCents: succeeded.reduce((s, i) => s + i.amount_cents, 0),
  };
}

/** The checks every run must pass, as sentences naming what failed (empty when all hold). */
export function failedChecks(r: FailoverReport): string[] {
  const failed: string[] = [];
  const enrolled = r.checkouts.filter((c) => c.end === 'enrolled').length;
  const undecided = r.checkouts.filter((c) => c.end === 'undecided');
  if (undecided.length > 0)
    failed.push(
      `${undecided.length} checkouts got no definite answer: ${undecided
        .slice(0, 5)
        .map((c) => `${c.learnerId} ${c.final.status} ${c.final.message}`)
        .join('; ')}`,
    );
  if (r.unexpected.length > 0) failed.push(`unexpected answers: ${r.unexpected.slice(0, 5).join('; ')}`);
  if (r.replayMismatches.length > 0)
    failed.push(`replays with the same keys ended otherwise: ${r.replayMismatches.slice(0, 5).join('; ')}`);
  if (r.db.activeEnrollments > r.db.maxSeats)
    failed.push(`oversold: ${r.db.activeEnrollments} enrolled for ${r.db.maxSeats} seats`);
  if (r.db.activeEnrollments !== enrolled)
    failed.push(`${enrolled} clients saw enrolled, the database has ${r.db.activeEnrollments} active enrollments`);
  if (r.db.chargedTwice > 0) failed.push(`${r.db.chargedTwice} learners enrolled or charged more than once`);
  if (r.db.clientDbMismatches > 0)
    failed.push(`${r.db.clientDbMismatches} checkouts end otherwise in the database than their client saw`);
  if (r.db.unbalancedTransactions > 0 || r.db.ledgerSum !== 0)
    failed.push(`ledger: ${r.db.unbalancedTransactions} unbalanced transactions, sum ${r.db.ledgerSum}`);
  if (r.db.cardPayments !== r.db.activeEnrollments || r.db.cardPaymentsOfUnsucceeded > 0) {
    failed.push(
      `ledger: ${r.db.cardPayments} card payments (${r.db.cardPaymentsOfUnsucceeded} of intents that did not succeed) for ${r.db.activeEnrollments} enrollments`,
    );
  }
  if (r.db.fundedCents !== -r.db.paidCents)
    failed.push(
      `ledger: the session's funding legs sum to ${r.db.fundedCents}, the succeeded intents to ${r.db.paidCents}`,
    );
  if ((r.db.intentsByStatus.processing ?? 0) > 0)
    failed.push(`${r.db.intentsByStatus.processing} intents left processing`);
  if (!r.lb.downSeen) failed.push(`HAProxy's log does not show ${r.lb.killed} DOWN after the kill`);
  if (!r.lb.upSeen) failed.push(`HAProxy's log does not show ${r.lb.killed} UP after the restart`);
  return failed;
}

/** The report as the lines the bench prints. */
export function describeReport(r: FailoverReport): string[] {
  const count = (end: CheckoutEnd) => r.checkouts.filter((c) => c.end === end).length;
  const ms = (x: number) => (Number.isFinite(x) ? `${x.toFixed(0)} ms` : 'never');
  const lbLines = r.lb.log.filter((l) => /Server \S+ is (DOWN|UP)|backend .* has no server/.test(l.line));
  return [
    `${r.options.servers} servers behind HAProxy (round robin, health check every 500 ms), ${r.options.learners} learners, ${r.options.seats} seats, ${r.options.inFlight} in flight; ${r.lb.killed} killed (SIGKILL) after ${r.options.killAfter} checkouts`,
    `checkouts: ${count('enrolled')} enrolled, ${count('refused')} refused, ${count('undecided')} undecided; total ${r.times.totalSeconds.toFixed(1)} s, ${r.times.checkoutsPerSecond.toFixed(0)} checkouts/s; per checkout (retries included) p50 ${ms(r.times.p50)}, p99 ${ms(r.times.p99)}, max ${ms(r.times.max)}`,
    `non-definite answers clients retried with the same key: ${
      Object.entries(r.errorsByKind)
        .map(([k, v]) => `${k} × ${v}`)
        .join(', ') || 'none'
    } (${r.times.errorsDuringOutage} between the kill and UP); checkouts that retried: ${r.checkouts.filter((c) => c.retried.length > 0).length}`,
    `kill at ${ms(r.times.killAt)}; kill → HAProxy DOWN ${ms(r.times.killToDown)}; restart → /api/health answers ${ms(r.times.restartToReady)}, → HAProxy UP ${ms(r.times.restartToUp)}; kill → UP ${ms(r.times.killToUp)}`,
    `database: ${r.db.activeEnrollments} of ${r.db.maxSeats} seats sold; intents ${Object.entries(r.db.intentsByStatus)
      .map(([k, v]) => `${k} ${v}`)
      .join(
        ', ',
      )}; ${r.db.uncaptured} succeeded but not yet captured; learners charged twice: ${r.db.chargedTwice}; client/database mismatches: ${r.db.clientDbMismatches}`,
    `ledger: ${r.db.unbalancedTransactions} unbalanced transactions, total ${r.db.ledgerSum}; ${r.db.cardPayments} card payments (${r.db.cardPaymentsOfUnsucceeded} of unsucceeded intents); session funding ${r.db.fundedCents} = −${r.db.paidCents} paid`,
    `replays of every checkout's keys after the recovery: ${r.replayMismatches.length} ended otherwise`,
    `HAProxy log (state changes, from the start of the checkouts; the DOWN lines at the very end are the servers stopping; ${r.lb.log.length} lines in all):`,
    ...lbLines.map((l) => `  +${(l.at / 1000).toFixed(2)} s ${l.line.slice(0, 200)}`),
    ...(r.serverErrors.length ? ['server stderr:', ...r.serverErrors.slice(0, 10).map((l) => `  ${l}`)] : []),
  ];
}
