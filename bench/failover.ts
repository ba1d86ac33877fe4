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
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../server/db/database.js';
import { signInForTests } from '../server/platform/sign-in-sessions.js';
import { TokenService } from '../server/platform/tokens.js';
import { freePort, quantile } from './support.js';
import { type Checkout, type FailoverOptions, type FailoverReport, type ServerSlot } from './failover-types.js';
import { call, prepare, readDatabase } from './failover-data.js';
import { haproxyConfig, pool, sleep, spawnServer, stopServer, waitFor, waitHealthy } from './failover-processes.js';

/** Where Debian's haproxy package installs the binary (`.ci/run` installs it). */
export const HAPROXY = '/usr/sbin/haproxy';

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

export { describeReport, failedChecks } from './failover-report.js';
