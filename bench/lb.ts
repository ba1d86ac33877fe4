/**
 * Several servers, one dies (docs/deploy.md, "Several servers, one dies"): three server processes
 * on one PostgreSQL database behind HAProxy, `--learners` (3,000) learners buying `--seats` (1,000)
 * seats by card, `--in-flight` (100) at a time; one server is killed with SIGKILL after
 * `--kill-after` (500) checkouts and started again (bench/failover.ts). Prints the errors clients
 * saw and retried, the times HAProxy took to take the server out and put it back, throughput and
 * p50/p99 per checkout, and checks that every checkout ended enrolled-and-charged-once or
 * refused-and-not-charged, that replays with the same Idempotency-Keys converge, that no seat was
 * oversold and that the ledger balances (exit code 1 when a check fails).
 *
 * Needs HAProxy (/usr/sbin/haproxy, Debian's package) and PostgreSQL (BENCH_POSTGRES_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres; a database of its own, dropped afterwards).
 *
 * `npx tsx bench/lb.ts [--learners 3000] [--seats 1000] [--in-flight 100] [--kill-after 500]`
 */
import { describeReport, failedChecks, runFailover } from './failover.js';
import { machine, POSTGRES_URL } from './support.js';

const args = process.argv.slice(2);
const opt = (name: string, dflt: string) => {
  const i = args.indexOf(name);
  return Number(i >= 0 ? (args[i + 1] ?? dflt) : dflt);
};

async function main() {
  console.log(`# Several servers behind HAProxy, one killed — ${machine()}`);
  const report = await runFailover({
    adminUrl: POSTGRES_URL,
    learners: opt('--learners', '3000'),
    seats: opt('--seats', '1000'),
    inFlight: opt('--in-flight', '100'),
    killAfter: opt('--kill-after', '500'),
    progress: (line) => console.log(`  … ${line}`),
  });
  for (const line of describeReport(report)) console.log(line);
  const failed = failedChecks(report);
  console.log(failed.length === 0 ? 'checks: all hold' : `checks FAILED:\n${failed.map((f) => `  - ${f}`).join('\n')}`);
  console.log(machine());
  if (failed.length > 0) process.exitCode = 1;
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
