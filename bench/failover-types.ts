// The options and the report of the failover scenario (bench/failover.ts), and a server's slot.
import { type ChildProcess } from 'node:child_process';

/** What `runFailover` (bench/failover.ts) is asked to do. */
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

/** What `runFailover` (bench/failover.ts) saw: the clients' view, the database's, HAProxy's log, and the times. */
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

/** One server process: its name in HAProxy's configuration, its port, data directory, process and output. */
export interface ServerSlot {
  name: string;
  port: number;
  dataDir: string;
  child: ChildProcess | null;
  output: string;
}
