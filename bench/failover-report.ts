// What the failover scenario (bench/failover.ts) checks and prints.
import { type CheckoutEnd, type FailoverReport } from './failover-types.js';

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
