/**
 * A FIFO gate that keeps database work from filling a whole turn of the event loop (* the enrollment storm's p99 on PGlite).
 *
 * Why: Node 20 (libuv 1.46) accepts at most one new TCP connection per turn of the event loop, and a
 * turn runs every callback that is ready. PGlite runs SQL synchronously on the main thread and its
 * queries resolve as microtasks, so one turn ran every ready request's transactions to the end:
 * under 100 checkouts in flight a turn took 100–300 ms, the server accepted 3–8 connections a
 * second, and the learners whose connection arrived in the first wave waited up to 20 s before the
 * server read their request (bench/storm.ts; `ss -ltn` showed 70 connections queued at the listening
 * socket).
 *
 * How: whoever wants the database calls {@link LoopBudget.enter} and {@link LoopBudget.leave} around
 * one unit of work (a query outside a transaction, or a whole transaction). Units run one at a time
 * in arrival order. Within one turn of the loop, units follow each other at once until they have used
 * {@link LoopBudget.budgetMs} of wall time; the next one then starts in the next turn (a
 * `setImmediate`), after the loop has polled its sockets: new connections are accepted and new
 * requests read between slices, and join the queue in their order of arrival.
 */
export class LoopBudget {
  /** Units waiting for their turn, oldest first. */
  private readonly waiting: Array<() => void> = [];
  private busy = false;
  /** performance.now() when the current slice began; null when no slice is open in this turn. */
  private sliceStart: number | null = null;
  private handoffScheduled = false;

  /** @param budgetMs wall time (ms) that units may use back to back before the loop gets a turn */
  constructor(readonly budgetMs = 8) {}

  /** Whether a unit holds the database now (the metrics' connection in use). */
  get active(): boolean {
    return this.busy;
  }

  /** How many units wait for their turn (the metrics' requests waiting for the database). */
  get queued(): number {
    return this.waiting.length;
  }

  /** Resolves when the caller may use the database; each call must be followed by one {@link leave}. */
  enter(): Promise<void> {
    if (!this.busy && this.waiting.length === 0 && !this.overBudget()) {
      this.busy = true;
      this.openSlice();
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => {
      this.waiting.push(resolve);
      if (!this.busy) this.scheduleHandoff();
    });
  }

  /** Ends the caller's unit: hands the database to the oldest waiting unit, now or in the next turn. */
  leave(): void {
    this.busy = false;
    if (this.waiting.length === 0) return;
    if (this.overBudget()) this.scheduleHandoff();
    else this.handOff();
  }

  private overBudget(): boolean {
    return this.sliceStart !== null && performance.now() - this.sliceStart >= this.budgetMs;
  }

  /**
   * Opens a slice; it closes at the next check phase (a setImmediate queued now): this turn's when
   * opened before it, the next turn's when opened in it (by a deferred hand-off).
   */
  private openSlice(): void {
    if (this.sliceStart !== null) return;
    this.sliceStart = performance.now();
    setImmediate(() => {
      this.sliceStart = null;
    });
  }

  private handOff(): void {
    const next = this.waiting.shift();
    if (!next) return;
    this.busy = true;
    this.openSlice();
    next();
  }

  private scheduleHandoff(): void {
    if (this.handoffScheduled) return;
    this.handoffScheduled = true;
    setImmediate(() => {
      this.handoffScheduled = false;
      if (!this.busy) this.handOff();
    });
  }
}
