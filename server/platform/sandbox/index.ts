/**
 * The grading engine of programming assignments (issue 5, docs/classroom.md "Grading"): a
 * learner's JavaScript function is run against the educator's test cases inside QuickJS compiled
 * to WebAssembly (`quickjs-emscripten`). The guest has the language and its standard built-ins
 * only — no `require`, `process`, `fetch`, timers, file system or any other host object — plus a
 * `console` whose output is captured. Every test gets a fresh runtime and context with a memory
 * limit, a stack limit and an interrupt deadline, and everything is disposed afterwards.
 */
import { newQuickJSWASMModule, type QuickJSContext, type QuickJSHandle, type QuickJSRuntime, type QuickJSWASMModule } from 'quickjs-emscripten';
import { PRELUDE_SOURCE } from './prelude.js';

/** One test case of a programming lesson: `functionName(...args)` must return `expected`. */
export interface SandboxTest {
  /** Label shown to the learner, echoed in {@link SandboxTestResult.name}. */
  name: string;
  /** Arguments, JSON values; they reach the guest as a JSON string parsed there. */
  args: unknown[];
  /** Expected return value, a JSON value; compared by deep equality of JSON forms. */
  expected: unknown;
}

/** Resource limits applied to each single test run (evaluate the code, call the function, settle promises). */
export interface SandboxLimits {
  /** Wall-clock budget of one test run, in milliseconds (1 … 10 000). */
  timeoutMs: number;
  /** Heap limit of the QuickJS runtime, in bytes (1 MiB … 256 MiB). */
  memoryBytes: number;
  /**
   * Stack limit of the QuickJS runtime, in bytes (16 KiB … 1 MiB). The interpreter's native frames
   * run on the Node.js thread's own stack (about twice the QuickJS figure), hence the modest default.
   */
  stackBytes: number;
  /** Maximum number of characters of console output kept per test. */
  outputChars: number;
}

/**
 * Default limits: 1000 ms per test run, 32 MiB heap, 256 KiB stack (deeper limits risk exhausting
 * the host thread's stack first, which the engine also survives but reports less precisely),
 * 4000 characters of console output.
 */
export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = Object.freeze({
  timeoutMs: 1000,
  memoryBytes: 32 * 1024 * 1024,
  stackBytes: 256 * 1024,
  outputChars: 4000,
});

/** Maximum number of tests per call of {@link runProgrammingTests}. */
export const MAX_SANDBOX_TESTS = 50;
/** Maximum length of the learner's code, in characters. */
export const MAX_SANDBOX_CODE_CHARS = 20_000;

/** Outcome of one test. */
export interface SandboxTestResult {
  /** The test's name. */
  name: string;
  /** True only when the call returned (or resolved to) a value JSON-equal to `expected` and nothing failed. */
  passed: boolean;
  /**
   * What the code printed through `console.log` (lines joined with "\n"), at most `outputChars`
   * characters followed by "\n… (output truncated)" when cut; null when nothing was printed.
   */
  output: string | null;
  /**
   * Null when the function returned normally (whether or not the value was right); otherwise a
   * short readable message: the thrown error ("TypeError: x is not a function"), a syntax error
   * with its line ("SyntaxError: unexpected token in expression: ')' (line 3)"),
   * "Time limit exceeded (1000 ms)", "Memory limit exceeded (32 MiB)",
   * "Stack limit exceeded (256 KiB): infinite recursion?", "sum is not defined as a function",
   * "The returned promise never settled", "The returned value is not JSON-serializable (…)".
   */
  error: string | null;
  /** Wall time of this test run, in milliseconds. */
  durationMs: number;
}

const TRUNCATION_MARK = '\n… (output truncated)';
const POST_RUN_GRACE_MS = 100;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const RESERVED = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await arguments eval undefined NaN Infinity'.split(' '),
);

let modulePromise: Promise<QuickJSWASMModule> | null = null;

/** Loads the QuickJS WASM module once (a module of our own, not the library's shared singleton). */
function loadModule(): Promise<QuickJSWASMModule> {
  if (!modulePromise) {
    modulePromise = newQuickJSWASMModule();
    modulePromise.catch(() => {
      modulePromise = null;
    });
  }
  return modulePromise;
}

function formatBytes(bytes: number): string {
  const MiB = 1024 * 1024;
  if (bytes % MiB === 0) return `${bytes / MiB} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

function resolveLimits(partial: Partial<SandboxLimits> | undefined): SandboxLimits {
  const limits: SandboxLimits = { ...DEFAULT_SANDBOX_LIMITS };
  const bounds: Record<keyof SandboxLimits, [number, number]> = {
    timeoutMs: [1, 10_000],
    memoryBytes: [1024 * 1024, 256 * 1024 * 1024],
    stackBytes: [16 * 1024, 1024 * 1024],
    outputChars: [0, 1_000_000],
  };
  for (const key of Object.keys(bounds) as (keyof SandboxLimits)[]) {
    const value = partial?.[key];
    if (value === undefined) continue;
    const [min, max] = bounds[key];
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new RangeError(`Sandbox limit ${key} must be an integer within ${min} … ${max}`);
    }
    limits[key] = value;
  }
  return limits;
}

/** JSON text with object keys sorted, so that equality ignores key order. `undefined` stays distinct. */
function canonical(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonical(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value as Record<string, unknown>)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/** Canonical JSON form of a host value (through a JSON round trip, as the guest's value goes). */
function canonicalOfHost(value: unknown): string {
  const json = JSON.stringify(value);
  return json === undefined ? 'undefined' : canonical(JSON.parse(json));
}

class SandboxCrash extends Error {}

/**
 * Runs one test in a fresh runtime + context. Never throws for guest behaviour; a host-side
 * failure of the WASM module (e.g. the host thread's stack exhausted) throws {@link SandboxCrash}
 * after which the module is discarded.
 */
function runOne(module: QuickJSWASMModule, code: string, functionName: string, test: SandboxTest, limits: SandboxLimits): Omit<SandboxTestResult, 'name' | 'durationMs'> {
  let argsJson: string;
  try {
    argsJson = JSON.stringify(Array.isArray(test.args) ? test.args : []);
  } catch {
    return { passed: false, output: null, error: 'The test arguments are not JSON-serializable' };
  }

  let output = '';
  let outputCut = false;
  const takeOutput = (): string | null => (output === '' && !outputCut ? null : outputCut ? output + TRUNCATION_MARK : output);
  let printedLines = 0;

  let deadline = Date.now() + limits.timeoutMs;
  let interrupted = false;
  const timeLimit = `Time limit exceeded (${limits.timeoutMs} ms)`;
  const memoryLimit = `Memory limit exceeded (${formatBytes(limits.memoryBytes)})`;
  const stackLimit = `Stack limit exceeded (${formatBytes(limits.stackBytes)}): infinite recursion?`;

  const classify = (message: string): string => {
    if (interrupted || /\binterrupted\b/.test(message)) return timeLimit;
    if (/out of memory/i.test(message)) return memoryLimit;
    if (/stack overflow/i.test(message)) return stackLimit;
    return message;
  };

  let runtime: QuickJSRuntime | null = null;
  let context: QuickJSContext | null = null;
  const handles: QuickJSHandle[] = [];
  const keep = (h: QuickJSHandle): QuickJSHandle => {
    handles.push(h);
    return h;
  };
  let crashed = false;

  try {
    runtime = module.newRuntime();
    runtime.setMemoryLimit(limits.memoryBytes);
    runtime.setMaxStackSize(limits.stackBytes);
    runtime.setInterruptHandler(() => {
      if (Date.now() > deadline) {
        interrupted = true;
        return true;
      }
      return false;
    });
    const ctx = runtime.newContext();
    context = ctx;

    // Host side of console.log: the guest formats and pre-cuts each line, the host keeps the budget.
    const emit = keep(
      ctx.newFunction('emit', (lineHandle) => {
        if (outputCut) return;
        const line = ctx.typeof(lineHandle) === 'string' ? ctx.getString(lineHandle) : '';
        const piece = (printedLines++ === 0 ? '' : '\n') + line;
        const room = limits.outputChars - output.length;
        if (piece.length > room) {
          output += piece.slice(0, Math.max(0, room));
          outputCut = true;
        } else {
          output += piece;
        }
      }),
    );

    // Describes an error handle: through the guest's describe() while there is time, else a dump.
    let describeFn: QuickJSHandle | null = null;
    const describe = (errorHandle: QuickJSHandle): string => {
      if (interrupted) return timeLimit;
      if (describeFn) {
        deadline = Math.max(deadline, Date.now() + POST_RUN_GRACE_MS);
        const res = ctx.callFunction(describeFn, ctx.undefined, errorHandle);
        if (!res.error) {
          const text = ctx.typeof(res.value) === 'string' ? ctx.getString(res.value) : 'Uncaught exception';
          res.value.dispose();
          return classify(text);
        }
        res.error.dispose();
      }
      let dumped: unknown;
      try {
        dumped = ctx.dump(errorHandle);
      } catch {
        dumped = undefined;
      }
      if (dumped && typeof dumped === 'object' && typeof (dumped as { message?: unknown }).message === 'string') {
        const { name, message } = dumped as { name?: unknown; message: string };
        return classify(`${typeof name === 'string' && name ? name : 'Error'}: ${message}`);
      }
      if (interrupted) return timeLimit;
      // Allocation-free failures (null exception, undumpable value) happen when the heap is exhausted.
      return dumped === undefined || dumped === null ? memoryLimit : classify(`Uncaught ${String(dumped)}`);
    };

    const fail = (error: string) => ({ passed: false, output: takeOutput(), error });

    // 1. The prelude (trusted constant source): console + run/describe helpers.
    const preludeResult = ctx.evalCode(PRELUDE_SOURCE, 'prelude.js');
    if (preludeResult.error) {
      const text = describe(preludeResult.error);
      preludeResult.error.dispose();
      return fail(`Sandbox setup failed: ${text}`);
    }
    const preludeFn = keep(preludeResult.value);
    const limitHandle = keep(ctx.newNumber(limits.outputChars));
    const helpersResult = ctx.callFunction(preludeFn, ctx.undefined, emit, limitHandle);
    if (helpersResult.error) {
      const text = describe(helpersResult.error);
      helpersResult.error.dispose();
      return fail(`Sandbox setup failed: ${text}`);
    }
    const helpers = keep(helpersResult.value);
    const runFn = keep(ctx.getProp(helpers, 'run'));
    describeFn = keep(ctx.getProp(helpers, 'describe'));

    // 2. The learner's code, as a global script (its top-level declarations stay visible).
    const codeResult = ctx.evalCode(code, 'solution.js');
    if (codeResult.error) {
      let text = describe(codeResult.error);
      if (text.startsWith('SyntaxError')) {
        let line: unknown;
        try {
          const lineHandle = ctx.getProp(codeResult.error, 'lineNumber');
          line = ctx.dump(lineHandle);
          lineHandle.dispose();
        } catch {
          line = undefined;
        }
        if (typeof line === 'number') text += ` (line ${line})`;
      }
      codeResult.error.dispose();
      return fail(text);
    }
    codeResult.value.dispose();

    // 3. The function, looked up by a validated identifier (no learner data in this source).
    const lookup = ctx.evalCode(`(typeof ${functionName} === 'function' ? ${functionName} : undefined)`, 'lookup.js');
    if (lookup.error) {
      const text = describe(lookup.error);
      lookup.error.dispose();
      return fail(text);
    }
    const fn = keep(lookup.value);
    if (ctx.typeof(fn) !== 'function') return fail(`${functionName} is not defined as a function`);

    // 4. The call, then the promise jobs, all before the same deadline.
    const argsHandle = keep(ctx.newString(argsJson));
    const callResult = ctx.callFunction(runFn, ctx.undefined, fn, argsHandle);
    if (callResult.error) {
      const text = describe(callResult.error);
      callResult.error.dispose();
      return fail(text);
    }
    const box = keep(callResult.value);
    const readString = (key: string): string | undefined => {
      const h = ctx.getProp(box, key);
      try {
        return ctx.typeof(h) === 'string' ? ctx.getString(h) : undefined;
      } finally {
        h.dispose();
      }
    };
    let state = readString('state');
    while (state === 'pending' && runtime.hasPendingJob()) {
      const jobs = runtime.executePendingJobs();
      if (jobs.error) {
        const text = describe(jobs.error);
        jobs.error.dispose();
        return fail(text);
      }
      state = readString('state');
    }
    if (state === 'pending') return fail(interrupted ? timeLimit : 'The returned promise never settled (the sandbox has no timers or I/O)');
    if (state !== 'fulfilled') return fail(classify(readString('error') ?? 'Uncaught exception'));

    const json = readString('json');
    const actual = json === undefined ? 'undefined' : canonical(JSON.parse(json));
    const passed = actual === canonicalOfHost(test.expected);
    return { passed, output: takeOutput(), error: null };
  } catch (err) {
    // The WASM module itself failed (host stack exhausted inside the interpreter, abort, …):
    // its state can no longer be trusted, so do not touch it again.
    crashed = true;
    const hostStack = err instanceof RangeError && /call stack/i.test(err.message);
    throw new SandboxCrash(hostStack ? stackLimit : interrupted ? timeLimit : `Sandbox failure: ${err instanceof Error ? err.message : String(err)}`, {
      cause: { output: takeOutput() },
    });
  } finally {
    if (!crashed) {
      try {
        for (const h of handles.reverse()) if (h.alive) h.dispose();
        context?.dispose();
        runtime?.dispose();
      } catch {
        modulePromise = null; // a failed disposal means a module in doubt: replace it
      }
    }
  }
}

/**
 * Runs `code` (which must define `functionName`, e.g. `function sum(a, b) { … }` or
 * `const sum = (a, b) => …`) once per test in a fresh QuickJS context — the grading engine of
 * issue 5 (docs/classroom.md "Grading"; grade = points × passed / total).
 *
 * Per test: a new runtime with `limits.memoryBytes` heap, `limits.stackBytes` stack and an
 * interrupt deadline of `limits.timeoutMs` covering evaluation of the code, the call and promise
 * settlement; the code is evaluated as a global script named `solution.js`, then
 * `functionName(...args)` is called with the arguments passed as a JSON string parsed inside the
 * guest. The returned value is compared with `expected` by deep equality of their JSON forms
 * (object key order ignored; `undefined` only equals `undefined`).
 *
 * Async functions are supported: a returned promise (or thenable) is settled by running the
 * runtime's pending jobs within the same deadline; since the guest has no timers or I/O, a promise
 * still pending when no job is left is reported as never settled.
 *
 * Known limit: QuickJS checks the deadline between bytecode instructions, so a loop whose body is a
 * single heavy native built-in call (e.g. `Array.prototype.fill` on huge arrays) can overrun
 * `timeoutMs` by the time of a few thousand such calls; the memory limit usually ends those first.
 *
 * Tests run one after the other, synchronously each (at most `timeoutMs` of CPU), yielding to the
 * event loop between tests; the WASM module is loaded once and reused (and replaced should it ever
 * crash). Handles, contexts and runtimes are always disposed.
 *
 * @param input.code the learner's source, at most {@link MAX_SANDBOX_CODE_CHARS} (20 000) characters.
 * @param input.functionName a plain JavaScript identifier (not a reserved word).
 * @param input.tests at most {@link MAX_SANDBOX_TESTS} (50) tests.
 * @param input.limits overrides of {@link DEFAULT_SANDBOX_LIMITS} (bounds in {@link SandboxLimits}).
 * @returns one {@link SandboxTestResult} per test, in order.
 * @throws RangeError when the code is longer than 20 000 characters, there are more than 50 tests,
 *   `functionName` is not an identifier, or a limit is out of bounds. Failures of the learner's code
 *   never throw: they are reported in the results.
 */
export async function runProgrammingTests(input: {
  code: string;
  functionName: string;
  tests: SandboxTest[];
  limits?: Partial<SandboxLimits>;
}): Promise<SandboxTestResult[]> {
  const { code, functionName, tests } = input;
  if (typeof code !== 'string' || code.length > MAX_SANDBOX_CODE_CHARS) {
    throw new RangeError(`The code must be a string of at most ${MAX_SANDBOX_CODE_CHARS} characters`);
  }
  if (!Array.isArray(tests) || tests.length > MAX_SANDBOX_TESTS) {
    throw new RangeError(`At most ${MAX_SANDBOX_TESTS} tests can be run at once`);
  }
  if (typeof functionName !== 'string' || !IDENTIFIER.test(functionName) || RESERVED.has(functionName)) {
    throw new RangeError(`Invalid function name: ${JSON.stringify(functionName)}`);
  }
  const limits = resolveLimits(input.limits);

  const results: SandboxTestResult[] = [];
  for (const test of tests) {
    if (results.length > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    const module = await loadModule();
    const started = performance.now();
    let outcome: Omit<SandboxTestResult, 'name' | 'durationMs'>;
    try {
      outcome = runOne(module, code, functionName, test, limits);
    } catch (err) {
      if (!(err instanceof SandboxCrash)) throw err;
      modulePromise = null; // a fresh module for the next test
      const output = (err.cause as { output: string | null } | undefined)?.output ?? null;
      outcome = { passed: false, output, error: err.message };
    }
    results.push({ name: test.name, ...outcome, durationMs: Math.round((performance.now() - started) * 10) / 10 });
  }
  return results;
}
