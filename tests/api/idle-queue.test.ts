import { describe, expect, it } from 'vitest';
import { IdleQueue } from '../../server/platform/idle-queue.js';

/**
 * server/platform/idle-queue.ts: work that waits for a quiet moment of the event loop (a receipt's
 * mail after a checkout), in order, at most `maxDelayMs` late.
 */

/** Keeps the event loop busy (synchronous work in every turn) for `ms`. */
function keepBusy(ms: number): Promise<void> {
  const end = performance.now() + ms;
  return new Promise((resolve) => {
    const turn = () => {
      const until = Math.min(end, performance.now() + 20);
      while (performance.now() < until) {
        // busy
      }
      if (performance.now() < end) setImmediate(turn);
      else resolve();
    };
    turn();
  });
}

function recorder(options: ConstructorParameters<typeof IdleQueue<number>>[2] = {}) {
  const ran: Array<{ item: number; at: number }> = [];
  const errors: number[] = [];
  const t0 = performance.now();
  const queue = new IdleQueue<number>(
    async (item) => {
      if (item < 0) throw new Error('refused');
      ran.push({ item, at: performance.now() - t0 });
    },
    (_err, item) => errors.push(item),
    options,
  );
  return { queue, ran, errors };
}

describe('IdleQueue', () => {
  it('runs the items in order soon after they come when the server is quiet', async () => {
    const { queue, ran } = recorder();
    [1, 2, 3].forEach((i) => queue.enqueue(i));
    expect(ran).toEqual([]); // never inside the caller's turn
    await queue.settled();
    expect(ran.map((r) => r.item)).toEqual([1, 2, 3]);
    expect(ran[2]!.at).toBeLessThan(1000);
  });

  it('waits while the event loop is busy, and runs once it is quiet', async () => {
    const { queue, ran } = recorder({ maxDelayMs: 5_000 });
    queue.enqueue(1);
    await keepBusy(400);
    expect(ran).toEqual([]);
    await queue.settled();
    expect(ran.map((r) => r.item)).toEqual([1]);
    expect(ran[0]!.at).toBeGreaterThanOrEqual(400);
  });

  it('runs an item that has waited maxDelayMs even if the loop stays busy', async () => {
    const { queue, ran } = recorder({ maxDelayMs: 150 });
    queue.enqueue(1);
    await keepBusy(800);
    expect(ran.map((r) => r.item)).toEqual([1]);
    expect(ran[0]!.at).toBeGreaterThanOrEqual(150);
    expect(ran[0]!.at).toBeLessThan(800);
  });

  it('runs everything at once on flush (the server closing), whatever the load', async () => {
    const { queue, ran } = recorder({ maxDelayMs: 60_000, checkMs: 60_000 });
    [1, 2].forEach((i) => queue.enqueue(i));
    await queue.flush();
    expect(ran.map((r) => r.item)).toEqual([1, 2]);
  });

  it('reports a failed item and goes on with the next', async () => {
    const { queue, ran, errors } = recorder();
    [-1, 2].forEach((i) => queue.enqueue(i));
    await queue.settled();
    expect(errors).toEqual([-1]);
    expect(ran.map((r) => r.item)).toEqual([2]);
  });
});
