import { describe, expect, it } from 'vitest';
import { describeReport, failedChecks, HAPROXY, runFailover } from '../../bench/failover.js';

/**
 * Several servers, one dies (docs/deploy.md): three real server processes on one PostgreSQL
 * database behind HAProxy (round robin, health-checked), 60 learners buying 20 seats by card, 10
 * at a time; one server is killed with SIGKILL after 8 checkouts and started again. Every checkout
 * ends enrolled-and-charged-once or refused-and-not-charged (clients that saw a network error,
 * 502/503 or "retry later" retried with the same Idempotency-Key), replays with the same keys end
 * the same way, no seat is oversold, the ledger balances, and HAProxy's log shows the server taken
 * out and put back (bench/failover.ts; bench/lb.ts is the 3,000-learner version).
 * PostgreSQL only (HALAQA_TEST_DATABASE_URL, `npm run test:pg`): a database of its own, dropped
 * afterwards. Needs Debian's haproxy at /usr/sbin/haproxy (.ci/run installs it): without it the
 * test fails, naming the package.
 */
const PG_URL = process.env.HALAQA_TEST_DATABASE_URL;

describe.runIf(PG_URL)('three servers behind HAProxy, one killed mid-checkout', () => {
  it('every checkout converges to enrolled-and-charged-once or refused, nothing oversold, the ledger balanced, the server out and back', async () => {
    const report = await runFailover({ adminUrl: PG_URL!, learners: 60, seats: 20, inFlight: 10, killAfter: 8 });
    console.log(describeReport(report).join('\n'));
    expect(report.options.servers).toBe(3);
    expect(failedChecks(report)).toEqual([]);
    // The seats were all sold (nothing held by a checkout that died with its server).
    expect(report.db.activeEnrollments).toBe(20);
    expect(report.checkouts.filter((c) => c.end === 'refused')).toHaveLength(40);
    expect(report.lb.downSeen && report.lb.upSeen).toBe(true);
    expect(report.times.killToDown).toBeLessThan(5_000);
  }, 600_000);

  it('finds HAProxy where .ci/run installs it', async () => {
    const { existsSync } = await import('node:fs');
    expect(
      existsSync(HAPROXY),
      `${HAPROXY} is missing: apt-get install -y haproxy (Debian's package; .ci/run installs it)`,
    ).toBe(true);
  });
});
