import { performance } from 'node:perf_hooks';

/** When an {@link IdleQueue} runs its items. */
export interface IdleQueueOptions {
  /** An item waits at most this long (ms) for a quiet moment; older ones run whatever the load. */
  maxDelayMs: number;
  /** The event loop counts as busy above this utilization (0–1) over the last check's interval. */
  busyAbove: number;
  /** How often the load is checked while items wait (ms). */
  checkMs: number;
}

const DEFAULTS: IdleQueueOptions = { maxDelayMs: 10_000, busyAbove: 0.5, checkMs: 25 };

/**
 * Work that may wait for a quiet moment of the server (a receipt's mail after a checkout): items
 * are run one at a time, in order, by `run`, when the event loop's utilization
 * (`performance.eventLoopUtilization`, Node's measure of the time it spent running callbacks) over
 * the last {@link IdleQueueOptions.checkMs} was at most `busyAbove`, or once the oldest item has
 * waited `maxDelayMs`. Under a surge of requests (the enrollment storm) the work
 * waits, instead of taking the CPU the answers need; with no load it runs within `checkMs`.
 *
 * Items live in memory only: what must survive a crash needs its own record (a receipt's
 * `receipt_mailed_at`, which the periodic jobs read). `run` should not throw; a rejection is
 * passed to `onError` and the queue goes on.
 */
export class IdleQueue<T> {
  private readonly options: IdleQueueOptions;
  private readonly waiting: Array<{ item: T; since: number }> = [];
  /** The loop running the items, while any wait. */
  private loop: Promise<void> | null = null;
  private flushing = false;
  /** Ends the loop's wait for the next load check (a flush does not wait for it). */
  private wake: (() => void) | null = null;

  constructor(
    private readonly run: (item: T) => Promise<void>,
    private readonly onError: (err: unknown, item: T) => void,
    options: Partial<IdleQueueOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** How many items wait (the one running excluded). */
  get size(): number {
    return this.waiting.length;
  }

  /** Adds `item`; it runs at the next quiet moment (or after `maxDelayMs`). */
  enqueue(item: T): void {
    this.waiting.push({ item, since: Date.now() });
    this.loop ??= this.work().finally(() => {
      this.loop = null;
    });
  }

  /** Resolves once no item waits or runs (at once if none). */
  async settled(): Promise<void> {
    while (this.loop) await this.loop;
  }

  /** Runs every waiting item now, whatever the load (the server is closing), and resolves when done. */
  async flush(): Promise<void> {
    this.flushing = true;
    this.wake?.();
    try {
      await this.settled();
    } finally {
      this.flushing = false;
    }
  }

  private async work(): Promise<void> {
    let measuredFrom = performance.eventLoopUtilization();
    while (this.waiting.length > 0) {
      if (!this.flushing) {
        // The timer does not keep the process alive: a closing server flushes the queue.
        await new Promise<void>((resolve) => {
          this.wake = resolve;
          setTimeout(resolve, this.options.checkMs).unref();
        });
        this.wake = null;
      }
      const busy = performance.eventLoopUtilization(measuredFrom).utilization > this.options.busyAbove;
      const started = performance.now();
      // Closing: everything. Quiet: for one interval. Busy: the items that have waited too long.
      const goOn = (next: { since: number }) =>
        this.flushing ||
        (busy
          ? Date.now() - next.since >= this.options.maxDelayMs
          : performance.now() - started < this.options.checkMs);
      for (let next = this.waiting[0]; next && goOn(next); next = this.waiting[0]) {
        this.waiting.shift();
        try {
          await this.run(next.item);
        } catch (err) {
          this.onError(err, next.item);
        }
      }
      measuredFrom = performance.eventLoopUtilization();
    }
  }
}
