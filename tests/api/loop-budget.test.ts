import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.js';
import { LoopBudget } from '../../server/db/loop-budget.js';

/** Busy-waits `ms` of wall time, as a PGlite statement holds the thread. */
function spin(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end);
}

describe('LoopBudget (database work in slices of the event loop)', () => {
  it('runs units one at a time, in the order they asked', async () => {
    const budget = new LoopBudget(1000);
    const events: string[] = [];
    const unit = async (name: string) => {
      await budget.enter();
      events.push(`${name} in`);
      await new Promise((r) => setTimeout(r, 5));
      events.push(`${name} out`);
      budget.leave();
    };
    await Promise.all([unit('a'), unit('b'), unit('c')]);
    expect(events).toEqual(['a in', 'a out', 'b in', 'b out', 'c in', 'c out']);
  });

  it('gives the event loop a turn once back-to-back units have used the budget', async () => {
    const budget = new LoopBudget(5);
    const done: number[] = [];
    let doneWhenLoopTurned = -1;
    const units = Array.from({ length: 30 }, async (_, i) => {
      await budget.enter();
      spin(2);
      done.push(i);
      budget.leave();
    });
    // Runs at the loop's next check phase: without slices, only after all 30 units (60 ms of work).
    setImmediate(() => (doneWhenLoopTurned = done.length));
    await Promise.all(units);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(doneWhenLoopTurned).toBeGreaterThan(0);
    expect(doneWhenLoopTurned).toBeLessThan(10);
  });

  it('on PGlite, a failed statement or transaction hands the database on', async () => {
    const handle = await openDatabase({ kind: 'pglite', dir: null });
    try {
      const { db } = handle;
      await expect(sql`select * from no_such_table`.execute(db)).rejects.toThrow(/no_such_table/);
      await expect(
        db.transaction().execute(async (trx) => {
          await sql`select 1`.execute(trx);
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      const [a, b] = await Promise.all([
        sql<{ n: number }>`select 1 as n`.execute(db),
        sql<{ n: number }>`select 2 as n`.execute(db),
      ]);
      expect([a.rows[0]?.n, b.rows[0]?.n]).toEqual([1, 2]);
    } finally {
      await handle.close();
    }
  });
});
