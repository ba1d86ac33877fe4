/**
 * The grading engine of programming assignments (docs/classroom.md "Grading"): a
 * learner's JavaScript function is run against the educator's test cases inside QuickJS compiled
 * to WebAssembly (`quickjs-emscripten`). The guest has the language and its standard built-ins
 * only — no `require`, `process`, `fetch`, timers, file system or any other host object — plus a
 * `console` whose output is captured. Every test gets a fresh runtime and context with a memory
 * limit, a stack limit and an interrupt deadline, and everything is disposed afterwards.
 *
 * The interpreter never runs on the server's main thread: tests run in a small pool of
 * `node:worker_threads` workers (`./worker.mjs` → `./runner.ts`), so the event loop keeps serving
 * other requests while a submission runs, and the main thread enforces a hard wall-clock deadline
 * per test (`timeoutMs` + {@link SANDBOX_HARD_KILL_MARGIN_MS}) by terminating a worker that has not
 * answered — the case where the QuickJS interrupt cannot fire in time (a long native built-in call,
 * the garbage collector thrashing under a memory bomb).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { SANDBOX_HARD_KILL_MARGIN_MS } from './shared.js';
import type { SandboxLimits, SandboxReply, SandboxRequest, SandboxTest, SandboxTestResult } from './types.js';

import { closePythonPool, isPythonFunctionName, openPythonRun } from './python.js';
import type { SandboxRun } from './shared.js';

export { SANDBOX_HARD_KILL_MARGIN_MS } from './shared.js';
export type { SandboxRun } from './shared.js';

export type { SandboxTest } from './types.js';

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

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;
const RESERVED = new Set(
  'break case catch class const continue debugger default delete do else enum export extends false finally for function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package private protected public await arguments eval undefined NaN Infinity'.split(
    ' ',
  ),
);

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

/**
 * Number of sandbox worker threads: one per two cores (`os.availableParallelism()`), at least two
 * (so that on a 2-core machine one looping submission never holds the only worker).
 * A small long-lived pool rather than a worker per submission: starting a worker costs the tsx
 * loader, the runner's modules and the QuickJS WASM module (a few hundred ms, tens of MiB), which
 * would add that to every submission; a pool pays it once per worker, while the other half of the
 * cores stays for the HTTP server and the database. Concurrent submissions queue for a free worker
 * (one test at a time per worker, tests of different submissions interleave); a worker that had to
 * be killed is replaced by a fresh one.
 */
export const SANDBOX_POOL_SIZE = Math.max(2, Math.floor(availableParallelism() / 2));

/** Time a new worker gets to load tsx, the runner and the WASM module before it counts as failed. */
const WORKER_START_TIMEOUT_MS = 30_000;
const WORKER_URL = new URL('./worker.mjs', import.meta.url);

type WorkerOutcome = Omit<SandboxTestResult, 'name'>;

/** One worker thread of the pool and the single request it may be running. */
class SandboxWorker {
  private readonly worker: Worker;
  /** Resolves once the WASM module is loaded in the worker; rejects when the worker cannot start. */
  readonly ready: Promise<void>;
  /** False once the worker exited, failed or was terminated: it must not be reused. */
  healthy = true;
  private current: { id: number; settle: (outcome: WorkerOutcome) => void } | null = null;
  private nextId = 1;

  constructor() {
    this.worker = new Worker(WORKER_URL);
    this.worker.unref();
    let started: () => void = () => {};
    let startFailed: (err: Error) => void = () => {};
    this.ready = new Promise<void>((resolve, reject) => {
      started = resolve;
      startFailed = reject;
    });
    this.ready.catch(() => {}); // observed by whoever awaits it; an idle spare must not warn
    const startTimer = setTimeout(() => {
      startFailed(new Error(`the worker did not start within ${WORKER_START_TIMEOUT_MS} ms`));
      void this.terminate();
    }, WORKER_START_TIMEOUT_MS);
    startTimer.unref();
    const fail = (reason: string) => {
      clearTimeout(startTimer);
      this.healthy = false;
      startFailed(new Error(reason));
      this.finish({ passed: false, output: null, error: `Sandbox failure: ${reason}`, durationMs: 0 });
    };
    this.worker.on('message', (reply: SandboxReply) => {
      if (reply.type === 'ready') {
        clearTimeout(startTimer);
        if (reply.error === undefined) started();
        else fail(reply.error);
      } else if (this.current?.id === reply.id) {
        this.finish(reply.result);
      }
    });
    this.worker.on('error', (err) => fail(err instanceof Error ? err.message : String(err)));
    this.worker.on('exit', (code) => fail(`the worker exited (code ${code})`));
  }

  private finish(outcome: WorkerOutcome): void {
    const current = this.current;
    this.current = null;
    if (current) {
      this.worker.unref();
      current.settle(outcome);
    }
  }

  /**
   * Runs one test (the worker must be ready and idle). Resolves with the worker's result, or —
   * when no answer came within `limits.timeoutMs` + {@link SANDBOX_HARD_KILL_MARGIN_MS} — terminates
   * the worker and resolves with a time-limit failure. Never rejects.
   */
  run(code: string, functionName: string, test: SandboxTest, limits: SandboxLimits): Promise<WorkerOutcome> {
    const id = this.nextId++;
    const request: SandboxRequest = { id, code, functionName, test, limits };
    const posted = performance.now();
    return new Promise<WorkerOutcome>((resolve) => {
      const killTimer = setTimeout(() => {
        if (this.current?.id !== id) return;
        this.healthy = false;
        this.finish({
          passed: false,
          output: null,
          error: `Time limit exceeded (${limits.timeoutMs} ms)`,
          durationMs: Math.round((performance.now() - posted) * 10) / 10,
        });
        void this.terminate();
      }, limits.timeoutMs + SANDBOX_HARD_KILL_MARGIN_MS);
      this.current = {
        id,
        settle: (outcome) => {
          clearTimeout(killTimer);
          resolve(outcome);
        },
      };
      this.worker.ref(); // a pending test keeps the process alive; an idle worker does not
      try {
        this.worker.postMessage(request);
      } catch {
        // DataCloneError: the arguments or the expected value are not plain data
        this.finish({
          passed: false,
          output: null,
          error: 'The test arguments are not JSON-serializable',
          durationMs: 0,
        });
      }
    });
  }

  /** Stops the thread (idempotent); a test still running is reported as a sandbox failure. */
  async terminate(): Promise<void> {
    this.healthy = false;
    await this.worker.terminate();
  }
}

/** The languages a lab can be written in (ProgrammingSpec.language in the contract). */
export type LabLanguage = 'javascript' | 'python';

/**
 * Python's limits: as JavaScript's, but 64 MiB of memory beyond the loaded interpreter (Python
 * objects are larger than QuickJS's; docs/decisions.md "Python labs").
 */
export const PYTHON_SANDBOX_LIMITS: SandboxLimits = Object.freeze({
  ...DEFAULT_SANDBOX_LIMITS,
  memoryBytes: 64 * 1024 * 1024,
});

/** The pool: idle workers, every live worker, callers waiting for a free slot. */
const idleWorkers: SandboxWorker[] = [];
const liveWorkers = new Set<SandboxWorker>();
const slotWaiters: (() => void)[] = [];
let busySlots = 0;
let poolGeneration = 0;

async function takeSlot(): Promise<void> {
  if (busySlots < SANDBOX_POOL_SIZE) {
    busySlots++;
    return;
  }
  await new Promise<void>((resolve) => slotWaiters.push(resolve));
}

function giveSlot(): void {
  const next = slotWaiters.shift();
  if (next)
    next(); // the slot passes on directly
  else busySlots--;
}

function spawnWorker(): SandboxWorker {
  const worker = new SandboxWorker();
  liveWorkers.add(worker);
  return worker;
}

/**
 * Runs one test on a worker of the pool: waits for a free slot, takes an idle worker (or starts
 * one), and afterwards returns the worker to the pool — or, when it was killed or failed, drops it
 * and starts a fresh spare straight away so the next test does not wait for a cold start.
 * @throws Error when a worker cannot start (tsx or the WASM module failed to load).
 */
async function runOnWorker(
  code: string,
  functionName: string,
  test: SandboxTest,
  limits: SandboxLimits,
): Promise<WorkerOutcome> {
  await takeSlot();
  const generation = poolGeneration;
  let worker: SandboxWorker | undefined;
  try {
    worker = idleWorkers.pop() ?? spawnWorker();
    try {
      await worker.ready;
    } catch (err) {
      liveWorkers.delete(worker);
      void worker.terminate();
      worker = undefined;
      throw new Error(`The grading sandbox could not start: ${err instanceof Error ? err.message : String(err)}`);
    }
    return await worker.run(code, functionName, test, limits);
  } finally {
    if (worker) {
      if (worker.healthy && generation === poolGeneration) {
        idleWorkers.push(worker);
      } else {
        liveWorkers.delete(worker);
        void worker.terminate();
        if (generation === poolGeneration) idleWorkers.push(spawnWorker());
      }
    }
    giveSlot();
  }
}

/**
 * Terminates every sandbox worker (idle or busy; a test still running is reported as a sandbox
 * failure). Called when the app closes (server/app.ts `onClose`) so that the server and the test
 * runs exit cleanly; a later {@link runProgrammingTests} starts new workers.
 */
export async function closeSandboxPool(): Promise<void> {
  poolGeneration++;
  const workers = [...liveWorkers];
  liveWorkers.clear();
  idleWorkers.length = 0;
  await Promise.all([...workers.map((w) => w.terminate()), closePythonPool()]);
}

/**
 * Opens a run of one learner's code in the sandbox of `language` (JavaScript: QuickJS, Python:
 * Pyodide; docs/classroom.md "Grading", "Python labs"): `run(test)` runs one test, `close()` ends
 * the run (always call it). Limits default to {@link DEFAULT_SANDBOX_LIMITS} (JavaScript) or
 * {@link PYTHON_SANDBOX_LIMITS} (Python).
 * @throws RangeError when the code is longer than 20 000 characters, `functionName` is not an
 *   identifier of the language (or is one of its keywords), or a limit is out of bounds.
 */
export function openSandboxRun(input: {
  language: LabLanguage;
  code: string;
  functionName: string;
  limits?: Partial<SandboxLimits>;
  /** The learner whose code this is: a Python worker is reused only for the same learner. */
  owner?: number;
}): SandboxRun {
  const { language, code, functionName } = input;
  if (typeof code !== 'string' || code.length > MAX_SANDBOX_CODE_CHARS) {
    throw new RangeError(`The code must be a string of at most ${MAX_SANDBOX_CODE_CHARS} characters`);
  }
  if (language === 'python') {
    if (!isPythonFunctionName(functionName))
      throw new RangeError(`Invalid function name: ${JSON.stringify(functionName)}`);
    return openPythonRun(
      code,
      functionName,
      resolveLimits({ ...PYTHON_SANDBOX_LIMITS, ...input.limits }),
      input.owner ?? null,
    );
  }
  const limits = input.limits;
  return {
    run: async (test) => (await runProgrammingTests({ code, functionName, tests: [test], limits }))[0]!,
    close: async () => {},
  };
}

/**
 * Runs `code` (which must define `functionName`, e.g. `function sum(a, b) { … }` or
 * `const sum = (a, b) => …`) once per test in a fresh QuickJS context — the grading engine of
 * (docs/classroom.md "Grading"; grade = points × passed / total).
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
 * Hard kill: QuickJS checks the deadline between bytecode instructions, so a single long native
 * built-in call (e.g. `new Array(1e9).indexOf(1)`) or a garbage collector thrashing near the memory
 * limit can overrun `timeoutMs`. The main thread therefore waits at most `timeoutMs` +
 * {@link SANDBOX_HARD_KILL_MARGIN_MS} (1500 ms) for each test; past that it terminates the worker
 * (`worker.terminate()`), reports the test as "Time limit exceeded (timeoutMs ms)" (console output
 * of that test is lost) and starts a fresh worker.
 *
 * Threads: tests run one after the other, each on a worker of a pool of {@link SANDBOX_POOL_SIZE}
 * threads, so the caller's event loop is never blocked (at most a structured clone of the test and
 * its result). Each worker loads the WASM module once and reuses it (replacing it should it ever
 * crash); a worker that crashes reports its test as "Sandbox failure: …" and is replaced. Idle
 * workers do not keep the process alive; {@link closeSandboxPool} terminates them (app close).
 *
 * @param input.code the learner's source, at most {@link MAX_SANDBOX_CODE_CHARS} (20 000) characters.
 * @param input.functionName a plain JavaScript identifier (not a reserved word).
 * @param input.tests at most {@link MAX_SANDBOX_TESTS} (50) tests.
 * @param input.limits overrides of {@link DEFAULT_SANDBOX_LIMITS} (bounds in {@link SandboxLimits}).
 * @returns one {@link SandboxTestResult} per test, in order.
 * @throws RangeError when the code is longer than 20 000 characters, there are more than 50 tests,
 *   `functionName` is not an identifier, or a limit is out of bounds. Failures of the learner's code
 *   never throw: they are reported in the results.
 * @throws Error "The grading sandbox could not start: …" when a worker thread cannot load (tsx, the
 *   runner or the WASM module), as the WASM module's loading failure did before.
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
    const outcome = await runOnWorker(code, functionName, test, limits);
    results.push({ name: test.name, ...outcome });
  }
  return results;
}
