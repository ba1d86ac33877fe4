/**
 * `npm run bench`: runs every bench, each as its own process (`npx tsx bench/<name>.ts`),
 * one after the other so that they do not compete for the CPU, and prints the machine it ran on.
 * Benches print figures and assert nothing; one that is missing is skipped with a note, one that
 * fails is reported and the others still run (the exit code is then 1).
 *
 *   startup     start-up to the first answer (fresh clone and data directory, second start), RSS at rest
 *   catalog     the catalog under a long tail of new URLs at 1,000 → 10,000 → 100,000 courses (PostgreSQL and PGlite)
 *   storm       the enrollment storm (10,000 learners, 2,000 seats, 200 in flight)
 *   pages       the heavy pages at 200,000 learners and 1,000,000 enrollments (PostgreSQL)
 *   lb          three servers behind HAProxy, one killed with SIGKILL mid-storm and restarted
 *   first-load  the first page's JavaScript and CSS, gzip
 *   lighthouse  Lighthouse scores of /, /courses and a course page
 *   test-time   npm test's wall and CPU time, and its slowest test files
 *
 * `npm run bench -- startup storm` runs only the named ones.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const BENCHES = ['startup', 'catalog', 'storm', 'pages', 'lb', 'first-load', 'lighthouse', 'test-time'] as const;

const asked = process.argv.slice(2);
const unknown = asked.filter((a) => !(BENCHES as readonly string[]).includes(a));
if (unknown.length > 0) {
  console.error(`Unknown bench: ${unknown.join(', ')} (known: ${BENCHES.join(', ')})`);
  process.exit(2);
}
const chosen = asked.length > 0 ? BENCHES.filter((b) => asked.includes(b)) : BENCHES;

const cores = cpus();
console.log(
  `Machine: ${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM ` +
    `(${(freemem() / 2 ** 30).toFixed(1)} GiB free), Node ${process.version}; load average now ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
);

const failed: string[] = [];
for (const name of chosen) {
  const file = join(root, 'bench', `${name}.ts`);
  console.log(`\n=== bench/${name}.ts`);
  if (!existsSync(file)) {
    console.log(`(skipped: bench/${name}.ts does not exist in this checkout)`);
    continue;
  }
  const t = performance.now();
  const r = spawnSync('npx', ['tsx', `bench/${name}.ts`], { cwd: root, stdio: 'inherit' });
  const s = ((performance.now() - t) / 1000).toFixed(0);
  if (r.status !== 0) {
    failed.push(name);
    console.log(`(bench/${name}.ts failed: exit ${r.status ?? r.signal}, after ${s} s)`);
  } else {
    console.log(`(bench/${name}.ts: ${s} s)`);
  }
}
if (failed.length > 0) {
  console.log(`\nFailed: ${failed.join(', ')}`);
  process.exit(1);
}
