import { afterAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_SANDBOX_LIMITS,
  SANDBOX_HARD_KILL_MARGIN_MS,
  closeSandboxPool,
  runProgrammingTests,
  type SandboxTest,
} from '../../server/platform/sandbox/index.js';

const SUM_TESTS: SandboxTest[] = [
  { name: 'small', args: [1, 2], expected: 3 },
  { name: 'negative', args: [-5, 2], expected: -3 },
  { name: 'zero', args: [0, 0], expected: 0 },
];

async function runOnce(code: string, functionName = 'f', args: unknown[] = [], expected: unknown = null, limits = {}) {
  const [result] = await runProgrammingTests({ code, functionName, tests: [{ name: 't', args, expected }], limits });
  return result!;
}

describe('runProgrammingTests (QuickJS sandbox)', () => {
  afterAll(closeSandboxPool);

  it('passes every test for a correct solution (function declaration or const arrow)', async () => {
    for (const code of ['function sum(a, b) { return a + b; }', 'const sum = (a, b) => a + b;']) {
      const results = await runProgrammingTests({ code, functionName: 'sum', tests: SUM_TESTS });
      expect(results.map((r) => r.name)).toEqual(['small', 'negative', 'zero']);
      for (const r of results) {
        expect(r).toMatchObject({ passed: true, error: null, output: null });
        expect(r.durationMs).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('fails a wrong solution without an error', async () => {
    const results = await runProgrammingTests({
      code: 'function sum(a, b) { return a - b; }',
      functionName: 'sum',
      tests: SUM_TESTS,
    });
    expect(results.map((r) => r.passed)).toEqual([false, false, true]);
    expect(results.every((r) => r.error === null)).toBe(true);
  });

  it('reports a thrown error', async () => {
    const r = await runOnce('function f() { null.x; }');
    expect(r.passed).toBe(false);
    expect(r.error).toMatch(/^TypeError: /);
    const custom = await runOnce('function f() { throw new RangeError("too big"); }');
    expect(custom.error).toBe('RangeError: too big');
    const str = await runOnce('function f() { throw "oops"; }');
    expect(str.error).toBe('Uncaught "oops"');
    // A bare null is also what QuickJS throws when out of memory: the message names both causes.
    const bare = await runOnce('function f() { throw null; }');
    expect(bare.error).toBe('Memory limit exceeded (32 MiB), or the code threw null');
  });

  it('reports a missing function', async () => {
    expect((await runOnce('const x = 1;', 'sum')).error).toBe('sum is not defined as a function');
    expect((await runOnce('const sum = 3;', 'sum')).error).toBe('sum is not defined as a function');
  });

  it('stops an infinite loop at the time limit', async () => {
    const started = performance.now();
    const r = await runOnce('function f() { while (true) {} }');
    const elapsed = performance.now() - started;
    console.log(`infinite loop stopped after ${elapsed.toFixed(0)} ms (durationMs ${r.durationMs})`);
    expect(elapsed).toBeLessThan(5000);
    expect(r.passed).toBe(false);
    expect(r.error).toBe(`Time limit exceeded (${DEFAULT_SANDBOX_LIMITS.timeoutMs} ms)`);
    // a loop that swallows every exception is stopped as well (the interrupt is uncatchable)
    const sneaky = await runOnce('function f() { for (;;) { try { while (true) {} } catch (e) {} } }', 'f', [], null, {
      timeoutMs: 200,
    });
    expect(sneaky.error).toBe('Time limit exceeded (200 ms)');
    // top-level code counts too
    const top = await runOnce('while (true) {}\nfunction f() {}', 'f', [], null, { timeoutMs: 200 });
    expect(top.error).toBe('Time limit exceeded (200 ms)');
  });

  it('runs off the main thread: a timer set while an infinite loop runs fires long before the loop is stopped', async () => {
    await runOnce('function f() { return 1; }', 'f', [], 1); // a warm worker, so only the loop is timed
    const order: string[] = [];
    const started = performance.now();
    let timerAt = 0;
    const loop = runOnce('function f() { while (true) {} }').then((r) => {
      order.push('sandbox');
      return r;
    });
    await new Promise<void>((resolve) =>
      setTimeout(() => {
        timerAt = performance.now() - started;
        order.push('timer');
        resolve();
      }, 50),
    );
    const r = await loop;
    console.log(
      `50 ms timer fired after ${timerAt.toFixed(0)} ms while the loop ran (stopped after ${r.durationMs} ms)`,
    );
    expect(order).toEqual(['timer', 'sandbox']);
    expect(r.error).toBe('Time limit exceeded (1000 ms)');
  });

  it('kills a worker stuck past the wall-clock deadline and carries on with a fresh one', async () => {
    // One native built-in call over a billion holes: QuickJS's interrupt is never consulted.
    const started = performance.now();
    const r = await runOnce('function f() { return new Array(1e9).indexOf(1); }', 'f', [], null, { timeoutMs: 200 });
    const elapsed = performance.now() - started;
    console.log(`stuck native call killed after ${elapsed.toFixed(0)} ms (durationMs ${r.durationMs})`);
    expect(r).toMatchObject({ passed: false, output: null, error: 'Time limit exceeded (200 ms)' });
    expect(r.durationMs).toBeGreaterThanOrEqual(200 + SANDBOX_HARD_KILL_MARGIN_MS - 50);
    expect(elapsed).toBeLessThan(200 + SANDBOX_HARD_KILL_MARGIN_MS + 1500);
    const next = await runProgrammingTests({
      code: 'function sum(a, b) { return a + b; }',
      functionName: 'sum',
      tests: SUM_TESTS,
    });
    expect(next.every((x) => x.passed && x.error === null)).toBe(true);
  });

  it('reports a GC-thrashing array-of-arrays bomb as failed within the wall-clock deadline', async () => {
    const started = performance.now();
    const r = await runOnce('function f() { const a = []; for (;;) a.push([a.length, [1, 2, 3]]); }');
    const elapsed = performance.now() - started;
    console.log(`array-of-arrays bomb stopped after ${elapsed.toFixed(0)} ms: ${r.error}`);
    expect(r.passed).toBe(false);
    // QuickJS runs out of memory (its error then is a bare null) or the hard kill stops it first.
    expect(r.error).toMatch(
      /^(Memory limit exceeded \(32 MiB\)(, or the code threw null)?|Time limit exceeded \(1000 ms\))$/,
    );
    // the hard kill at timeoutMs + margin, plus a cold worker start should the previous one have been killed
    expect(elapsed).toBeLessThan(DEFAULT_SANDBOX_LIMITS.timeoutMs + SANDBOX_HARD_KILL_MARGIN_MS + 1500);
  });

  it('stops a memory bomb at the memory limit', async () => {
    for (const code of [
      'function f() { const a = []; for (;;) a.push({ i: a.length, box: [a.length] }); }',
      'function f() { let n = 1, s = ""; for (;;) { s = "x".repeat(n); n *= 2; } }',
    ]) {
      const started = performance.now();
      // A time limit of 10 s, not 1 s: on a busy machine (the test files run two at a time) the
      // bomb may not fill 32 MiB within a second of wall-clock time, and the time limit would stop it first.
      const r = await runOnce(code, 'f', [], null, { timeoutMs: 10_000 });
      const elapsed = performance.now() - started;
      console.log(`memory bomb (${code.slice(15, 60)}…) stopped after ${elapsed.toFixed(0)} ms: ${r.error}`);
      expect(elapsed).toBeLessThan(10_000);
      expect(r.passed).toBe(false);
      expect(r.error).toBe('Memory limit exceeded (32 MiB)');
    }
  });

  it('stops infinite recursion at the stack limit', async () => {
    const r = await runOnce('function f(n) { return f(n + 1) + 1; }', 'f', [0]);
    expect(r.passed).toBe(false);
    expect(r.error).toMatch(/^Stack limit exceeded \(256 KiB\)/);
  });

  it('gives the guest no host access', async () => {
    const code = `function probe() {
      return [typeof require, typeof process, typeof fetch, typeof setTimeout, typeof setInterval,
              typeof module, typeof Buffer, typeof XMLHttpRequest, typeof WebAssembly, typeof std, typeof os];
    }`;
    const r = await runOnce(code, 'probe', [], Array(11).fill('undefined'));
    expect(r).toMatchObject({ passed: true, error: null });
  });

  it('captures and truncates console output', async () => {
    const r = await runOnce(
      'function f(x) { console.log("x is", x, { a: [1, 2] }); console.log(null, undefined); return x; }',
      'f',
      [7],
      7,
    );
    expect(r).toMatchObject({ passed: true, error: null, output: 'x is 7 {"a":[1,2]}\nnull undefined' });
    const long = await runOnce(
      'function f() { for (let i = 0; i < 1e5; i++) console.log("line " + i); return 1; }',
      'f',
      [],
      1,
      { outputChars: 100 },
    );
    expect(long.passed).toBe(true);
    expect(long.output!.startsWith('line 0\nline 1\n')).toBe(true);
    expect(long.output).toMatch(/\n… \(output truncated\)$/);
    expect(long.output!.length).toBeLessThanOrEqual(100 + '\n… (output truncated)'.length);
    const huge = await runOnce('function f() { console.log("y".repeat(1e6)); return 1; }', 'f', [], 1, {
      outputChars: 50,
    });
    expect(huge.output).toBe('y'.repeat(50) + '\n… (output truncated)');
    expect(huge.passed).toBe(true);
    // output printed before a failure is kept
    const before = await runOnce('function f() { console.log("started"); while (true) {} }', 'f', [], null, {
      timeoutMs: 100,
    });
    expect(before).toMatchObject({ output: 'started', error: 'Time limit exceeded (100 ms)' });
  });

  it('compares arrays and objects deeply, ignoring key order', async () => {
    const code = 'function f(x) { return { b: [1, { d: 2, c: x }], a: "s" }; }';
    expect((await runOnce(code, 'f', [3], { a: 's', b: [1, { c: 3, d: 2 }] })).passed).toBe(true);
    expect((await runOnce(code, 'f', [4], { a: 's', b: [1, { c: 3, d: 2 }] })).passed).toBe(false);
    expect((await runOnce(code, 'f', [3], { a: 's', b: [{ c: 3, d: 2 }, 1] })).passed).toBe(false);
    expect((await runOnce('function f(a) { return a.map((x) => x * 2); }', 'f', [[1, 2, 3]], [2, 4, 6])).passed).toBe(
      true,
    );
    expect((await runOnce('function f() { return [1, 2]; }', 'f', [], [1, 2, 3])).passed).toBe(false);
    expect((await runOnce('function f() { return "3"; }', 'f', [], 3)).passed).toBe(false);
    // args arrive as data: a string that looks like code is just a string
    expect((await runOnce('function f(s) { return s.length; }', 'f', ['"); while(true){} ("'], 20)).passed).toBe(true);
  });

  it('reports a syntax error with its line', async () => {
    const r = await runOnce('function f() {\n  return 1 +;\n}');
    expect(r.passed).toBe(false);
    expect(r.error).toMatch(/^SyntaxError: .+ \(line 2\)$/);
  });

  it('settles async functions within the deadline', async () => {
    expect(await runOnce('async function f(x) { await null; return x * 2; }', 'f', [4], 8)).toMatchObject({
      passed: true,
      error: null,
    });
    expect((await runOnce('async function f() { throw new Error("nope"); }')).error).toBe('Error: nope');
    expect((await runOnce('function f() { return new Promise(() => {}); }')).error).toMatch(/never settled/);
    const spin = await runOnce('async function f() { for (;;) await null; }', 'f', [], null, { timeoutMs: 200 });
    expect(spin.error).toBe('Time limit exceeded (200 ms)');
  });

  it('rejects oversized input with a RangeError', async () => {
    const test: SandboxTest = { name: 't', args: [], expected: 1 };
    await expect(runProgrammingTests({ code: 'x'.repeat(20_001), functionName: 'f', tests: [test] })).rejects.toThrow(
      RangeError,
    );
    await expect(runProgrammingTests({ code: '', functionName: 'f', tests: Array(51).fill(test) })).rejects.toThrow(
      RangeError,
    );
    await expect(runProgrammingTests({ code: '', functionName: 'f(); while(1){}', tests: [test] })).rejects.toThrow(
      RangeError,
    );
    await expect(
      runProgrammingTests({ code: '', functionName: 'f', tests: [test], limits: { timeoutMs: 0 } }),
    ).rejects.toThrow(RangeError);
  });

  it('disposes everything: 200 runs without unbounded memory growth', async () => {
    const code =
      'function f(n) { const a = []; for (let i = 0; i < n; i++) a.push({ i, s: "v" + i }); console.log(a.length); return a.length; }';
    const tests: SandboxTest[] = Array.from({ length: 50 }, (_, i) => ({
      name: `t${i}`,
      args: [1000],
      expected: 1000,
    }));
    await runProgrammingTests({ code, functionName: 'f', tests }); // warm-up
    const before = process.memoryUsage().rss;
    for (let round = 0; round < 4; round++) {
      const results = await runProgrammingTests({ code, functionName: 'f', tests });
      expect(results.every((r) => r.passed && r.error === null)).toBe(true);
    }
    const growth = process.memoryUsage().rss - before;
    console.log(`rss growth over 200 runs: ${(growth / 1024 / 1024).toFixed(1)} MiB`);
    expect(growth).toBeLessThan(100 * 1024 * 1024);
  });

  it('stays healthy after the bombs', async () => {
    const results = await runProgrammingTests({
      code: 'function sum(a, b) { return a + b; }',
      functionName: 'sum',
      tests: SUM_TESTS,
    });
    expect(results.every((r) => r.passed && r.error === null)).toBe(true);
  });
});
