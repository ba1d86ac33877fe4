/**
 * Test-time bench (`npm test` ≤ 3 minutes on the 2-core machine): runs `npm test`
 * and prints its wall time and the CPU time (user + system) of everything it ran, then Vitest's
 * own summary lines. On a shared machine the wall time depends on the others' load; the CPU time
 * does not, much. `BENCH_TEST_SCRIPT=test:pg` times another script the same way.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';

const root = new URL('..', import.meta.url).pathname;
const script = process.env.BENCH_TEST_SCRIPT ?? 'test';

/** CPU seconds (user, system) of this process's waited-for children, from /proc/self/stat (clock ticks of 10 ms). */
function childrenCpu(): { user: number; sys: number } {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of proc(5) (cutime, cstime) are at 13 and 14 after the command name.
  return { user: Number(fields[13]) / 100, sys: Number(fields[14]) / 100 };
}

const before = childrenCpu();
const load = loadavg()[0]!.toFixed(2);
const t0 = performance.now();
let out = '';
const child = spawn('npm', ['run', script], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'pipe'],
  env: { ...process.env, FORCE_COLOR: '0' },
});
child.stdout.on('data', (b: Buffer) => (out += b.toString()));
child.stderr.on('data', (b: Buffer) => (out += b.toString()));
const code = await new Promise<number | null>((r) => child.on('close', r));
const wall = (performance.now() - t0) / 1000;
const after = childrenCpu();
const user = after.user - before.user;
const sys = after.sys - before.sys;
/** Without ANSI colour codes. */
const plain = (l: string) => l.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '');
const summary = out.split('\n').filter((l) => /^\s*(Test Files|Tests|Duration)\s/.test(plain(l)));
console.log(
  `npm run ${script}: exit ${code}; wall ${wall.toFixed(0)} s; CPU ${(user + sys).toFixed(0)} s (user ${user.toFixed(0)} s + system ${sys.toFixed(0)} s) on ${cpus().length} cores; load average at the start ${load} (goal for npm test: ≤ 180 s wall)`,
);
for (const l of summary) console.log(`  ${plain(l).trim()}`);
if (code !== 0) console.log(out.split('\n').slice(-40).join('\n'));
