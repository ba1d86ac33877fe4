// The processes of the failover scenario (bench/failover.ts): HAProxy's configuration, the servers, waiting.
import { spawn } from 'node:child_process';
import { root, serverArgs, serverEnv } from './support.js';
import { type ServerSlot } from './failover-types.js';

/** Waits `ms` milliseconds. */
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs `work` over `n` items with `width` in flight. */
export async function pool(n: number, width: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, n) }, async () => {
      for (let i = next++; i < n; i = next++) await work(i);
    }),
  );
}

/**
 * HAProxy's configuration: HTTP mode, round robin over the servers, health checks on /api/health
 * (`inter 500ms fall 2 rise 2`: a dead server refuses connections and is out within ~1 s, a
 * restarted one back as soon; a slow answer has 3 s),
 * a refused connection retried once more and sent to another server (`option redispatch 1`; a
 * request already sent to a server that dies is not retried: its client gets 502), the log on
 * stdout without a line per successful request (`option dontlog-normal`).
 */
export function haproxyConfig(port: number, slots: ServerSlot[]): string {
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
export function spawnServer(s: ServerSlot, env: Record<string, string>): void {
  const child = spawn(process.execPath, serverArgs(), {
    cwd: root,
    env: { ...process.env, ...serverEnv(), ...env, PORT: String(s.port), DATA_DIR: s.dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  s.child = child;
  child.stdout!.on('data', () => undefined);
  child.stderr!.on('data', (d) => (s.output += String(d)));
}

/** Waits until the slot's server answers /api/health directly. @throws when it exits or takes over `ms` (300 s). */
export async function waitHealthy(s: ServerSlot, ms = 300_000): Promise<void> {
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

/** Stops a server (SIGTERM, SIGKILL after 10 s) and waits for it to exit; nothing when it is not running. */
export async function stopServer(s: ServerSlot): Promise<void> {
  const child = s.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((r) => {
    child.once('exit', () => r());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

/** Polls `test` every 50 ms until it holds. @throws `message` after `ms` milliseconds. */
export async function waitFor(test: () => Promise<boolean>, ms: number, message: string): Promise<void> {
  const until = performance.now() + ms;
  while (!(await test())) {
    if (performance.now() > until) throw new Error(message);
    await sleep(50);
  }
}
