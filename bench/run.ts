/**
 * Benchmarks (npm run bench): prints figures, asserts nothing.
 * 1. Start-up: `server/main.ts` on a fresh data directory (migrations + demo data) → first answer
 *    of /api/health and of /api/courses/explore, and a second start on the same directory.
 * 2. API latency: sequential requests to the catalog, session and syllabus reads (p50/p95/max, ms).
 * 3. Card checkouts (sandbox gateway): 200 new learners each buy a seat by test card (create the
 *    payment intent, then confirm it), 8 at a time → checkouts per second and p50/p99 per checkout.
 * 4. The production JavaScript of the first page (dist/index.html's scripts and module preloads), gzip.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

async function startServer(dataDir: string, port: number): Promise<{ child: ChildProcess; healthMs: number; exploreMs: number }> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', CAPTCHA: 'off', WEB_DIR: existsSync(join(root, 'dist/index.html')) ? './dist' : '' },
    stdio: 'ignore',
  });
  let healthMs = 0;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) {
        healthMs = performance.now() - t0;
        break;
      }
    } catch {}
    if (performance.now() - t0 > 120_000) throw new Error('server did not start in 120 s');
    await new Promise((r) => setTimeout(r, 20));
  }
  await fetch(`http://127.0.0.1:${port}/api/courses/explore`);
  return { child, healthMs, exploreMs: performance.now() - t0 };
}

const stopServer = (child: ChildProcess) => new Promise<void>((r) => { child.once('exit', () => r()); child.kill('SIGTERM'); });

/** Percentile `p` (0–1) of sorted samples, nearest rank. */
const quantile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  return `p50 ${quantile(s, 0.5).toFixed(1)} ms, p95 ${quantile(s, 0.95).toFixed(1)} ms, max ${s[s.length - 1].toFixed(1)} ms (n=${s.length})`;
}

/** A JSON call; throws with the server's message unless the status is 2xx. */
async function call<T>(base: string, method: string, path: string, token: string | null, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { data: T; message?: string };
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${json.message ?? ''}`);
  return json.data;
}

/**
 * Card checkouts per second: `buyers` new learners (signed up through the API, each with a saved
 * tok_visa card) each buy one seat, `concurrency` at a time. One checkout = POST /payments/intents
 * (fee recomputed, seat held) + POST /payments/intents/{id}/confirm (charge, enrollment, ledger).
 */
async function benchCheckouts(base: string, buyers = 200, concurrency = 8) {
  type Explored = { id: number; price: number; seatsLeft: number; course: { isPrivate: boolean } };
  const sessions = ((await call<{ items: Explored[] }>(base, 'GET', '/sessions/explore?pageSize=100', null)).items)
    .filter((s) => s.price > 0 && s.seatsLeft > 0 && !s.course.isPrivate);
  // One seat per buyer, spread over the sessions' free seats.
  const seats: Explored[] = sessions.flatMap((s) => Array.from({ length: s.seatsLeft }, () => s)).slice(0, buyers);
  const run = Date.now().toString(36);
  const learners: { token: string; card: string }[] = [];
  for (let i = 0; i < seats.length; i++) {
    const form = new FormData();
    form.set('firstName', 'Bench');
    form.set('lastName', `Buyer ${i}`);
    form.set('email', `bench-${run}-${i}@example.org`);
    form.set('password', 'Bench-pass-1');
    const res = await fetch(`${base}/auth/signup`, { method: 'POST', body: form });
    if (!res.ok) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
    const token = ((await res.json()) as { data: { token: string } }).data.token;
    const card = await call<{ id: string }>(base, 'POST', '/payments/cards', token, { source: 'tok_visa' });
    learners.push({ token, card: card.id });
  }
  const amounts = new Map<number, number>();
  for (const s of sessions) amounts.set(s.id, (await call<{ amount: number }>(base, 'POST', '/payments/fee', learners[0].token, { price: s.price })).amount);

  const latencies: number[] = [];
  let next = 0;
  let failed = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < seats.length; i = next++) {
        const { token, card } = learners[i];
        const session = seats[i];
        const t = performance.now();
        try {
          const intent = await call<{ id: string }>(base, 'POST', '/payments/intents', token, { sessionId: session.id, amount: amounts.get(session.id) }, { 'idempotency-key': `bench-${run}-${i}-intent` });
          const done = await call<{ status: string }>(base, 'POST', `/payments/intents/${intent.id}/confirm`, token, { paymentMethod: card }, { 'idempotency-key': `bench-${run}-${i}-confirm` });
          if (done.status !== 'succeeded') failed++;
          latencies.push(performance.now() - t);
        } catch (err) {
          failed++;
          console.error(String(err));
        }
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(
    `${latencies.length - failed} card checkouts (${concurrency} at a time, ${sessions.length} sessions) in ${seconds.toFixed(2)} s: ` +
      `${((latencies.length - failed) / seconds).toFixed(1)} checkouts/s; per checkout p50 ${quantile(sorted, 0.5).toFixed(1)} ms, ` +
      `p99 ${quantile(sorted, 0.99).toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms; ${failed} failed`,
  );
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'halaqa-bench-'));
  const port = await freePort();
  try {
    console.log('# Start-up (embedded PGlite, fresh data directory)');
    const first = await startServer(dataDir, port);
    console.log(`first start: /api/health answered after ${first.healthMs.toFixed(0)} ms; first catalog answer after ${first.exploreMs.toFixed(0)} ms`);

    console.log('\n# API latency (sequential, loopback)');
    const base = `http://127.0.0.1:${port}/api`;
    const sessions = (await (await fetch(`${base}/sessions/explore?pageSize=50`)).json()).data.items as { id: number }[];
    const targets: [string, (i: number) => string][] = [
      ['GET /courses/explore (page of 12)', () => `${base}/courses/explore`],
      ['GET /courses/explore?query=data', () => `${base}/courses/explore?query=data`],
      ['GET /sessions/{id}/info', (i) => `${base}/sessions/${sessions[i % sessions.length].id}/info`],
      ['GET /sessions/{id}/syllabus', (i) => `${base}/sessions/${sessions[i % sessions.length].id}/syllabus`],
    ];
    for (const [name, url] of targets) {
      const samples: number[] = [];
      for (let i = 0; i < 200; i++) {
        const t = performance.now();
        const res = await fetch(url(i));
        await res.arrayBuffer();
        samples.push(performance.now() - t);
      }
      console.log(`${name}: ${stats(samples)}`);
    }

    console.log('\n# Card checkouts (sandbox gateway, embedded PGlite)');
    await benchCheckouts(base);
    await stopServer(first.child);

    const second = await startServer(dataDir, port);
    console.log(`\nsecond start (same data directory): /api/health after ${second.healthMs.toFixed(0)} ms`);
    await stopServer(second.child);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  console.log('\n# First page JavaScript (production build)');
  const index = join(root, 'dist/index.html');
  if (!existsSync(index)) {
    console.log('dist/ is not built: run npm run build first');
    return;
  }
  const html = readFileSync(index, 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/([^"]+\.js)"/g)].map((m) => m[1]);
  let raw = 0;
  let gz = 0;
  for (const f of new Set(files)) {
    const buf = readFileSync(join(root, 'dist', f));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  console.log(`${files.length} files referenced by index.html: ${(raw / 1024).toFixed(1)} KiB raw, ${(gz / 1024).toFixed(1)} KiB gzip`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
