/**
 * Benchmarks (npm run bench): prints figures, asserts nothing.
 * 1. Start-up: `server/main.ts` on a fresh data directory (migrations + demo data) → first answer
 *    of /api/health and of /api/courses/explore, and a second start on the same directory.
 * 2. API latency: sequential requests to the catalog, session and syllabus reads (p50/p95/max, ms).
 * 3. The production JavaScript of the first page (dist/index.html's scripts and module preloads), gzip.
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
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', WEB_DIR: existsSync(join(root, 'dist/index.html')) ? './dist' : '' },
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

function stats(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return `p50 ${q(0.5).toFixed(1)} ms, p95 ${q(0.95).toFixed(1)} ms, max ${s[s.length - 1].toFixed(1)} ms (n=${s.length})`;
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
