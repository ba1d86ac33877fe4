/**
 * The Python side of the grading sandbox (docs/classroom.md "Python labs"): a learner's Python
 * function is run against the educator's tests inside Pyodide (CPython in WebAssembly) in a
 * `node:worker_threads` worker (`./python-worker.mjs`), never on the server's main thread.
 *
 * A worker serves the runs and submissions of ONE learner (all the tests of a run in order, each in
 * fresh globals): after a run it is kept for that learner for a while ({@link PYTHON_PARKED_MS}) or
 * terminated, never handed to another learner, so nothing a learner's code leaves in the
 * interpreter reaches someone else. (What it could see there are its own code and the tests'
 * arguments, which the lesson shows anyway; expected values stay on the main thread.)
 * Loading Pyodide takes a few seconds (docs/decisions.md "Python labs": ~2 s on an idle core, 5–15 s
 * on a busy one), so one loaded spare is kept warm once Python has been used and a new one starts as
 * soon as it is taken. Limits per test, as for JavaScript: `timeoutMs` (the main thread sets the
 * worker's interrupt buffer: Python raises KeyboardInterrupt), then a hard kill of the worker at
 * `timeoutMs` + {@link SANDBOX_HARD_KILL_MARGIN_MS}; `memoryBytes` of WebAssembly memory growth
 * beyond the loaded interpreter (MemoryError), the worker's JavaScript heap capped at
 * {@link PYTHON_WORKER_HEAP_MB} MiB; `stackBytes` is QuickJS's and does not apply (Python's own
 * recursion limit stops runaway recursion).
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { canonical, canonicalOfHost, formatBytes, SANDBOX_HARD_KILL_MARGIN_MS, type SandboxRun } from './shared.js';
import type { SandboxLimits, SandboxTest, SandboxTestResult } from './types.js';

/** Cap of a Python worker's JavaScript heap (V8 old generation), in MiB (`resourceLimits`). */
const PYTHON_WORKER_HEAP_MB = 192;
/** Time a Python worker gets to load Pyodide before it counts as failed (a busy machine is slow). */
const PYTHON_START_TIMEOUT_MS = 90_000;
const WORKER_URL = new URL('./python-worker.mjs', import.meta.url);

const PY_KEYWORDS = new Set(
  'False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield match case print'.split(
    ' ',
  ),
);

/** Whether `name` can be the Python function of a lab: an identifier, not a keyword. */
export function isPythonFunctionName(name: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !PY_KEYWORDS.has(name);
}

interface WorkerAnswer {
  type: 'result';
  id: number;
  kind: 'value' | 'error' | 'timeout' | 'memory' | 'stack';
  value: string;
  output: string | null;
  durationMs: number;
  fatal: boolean;
}

/** One Pyodide worker: started with a memory limit, ready once Pyodide is loaded. */
class PythonWorker {
  private readonly worker: Worker;
  readonly ready: Promise<void>;
  private interrupt: Int32Array | null = null;
  private pending: { id: number; settle: (a: WorkerAnswer | null) => void } | null = null;
  private nextId = 1;
  alive = true;

  constructor(readonly memoryBytes: number) {
    this.worker = new Worker(WORKER_URL, {
      workerData: { memoryBytes },
      resourceLimits: { maxOldGenerationSizeMb: PYTHON_WORKER_HEAP_MB, maxYoungGenerationSizeMb: 32 },
      env: {},
      stderr: true, // Pyodide's "fatal error" banner stays out of the server's log
      stdout: true,
    });
    this.worker.stdout.resume(); // read and dropped, so nothing piles up
    this.worker.stderr.resume();
    this.worker.unref();
    let started: () => void = () => {};
    let failed: (err: Error) => void = () => {};
    this.ready = new Promise<void>((resolve, reject) => {
      started = resolve;
      failed = reject;
    });
    this.ready.catch(() => {});
    const startTimer = setTimeout(() => {
      failed(new Error(`Pyodide did not load within ${PYTHON_START_TIMEOUT_MS} ms`));
      void this.terminate();
    }, PYTHON_START_TIMEOUT_MS);
    startTimer.unref();
    const fail = (reason: string) => {
      clearTimeout(startTimer);
      this.alive = false;
      failed(new Error(reason));
      this.settle(null);
    };
    this.worker.on('message', (m: { type: 'ready'; interrupt?: SharedArrayBuffer; error?: string } | WorkerAnswer) => {
      if (m.type === 'ready') {
        clearTimeout(startTimer);
        if (m.error !== undefined || !m.interrupt) fail(m.error ?? 'no interrupt buffer');
        else {
          this.interrupt = new Int32Array(m.interrupt);
          started();
        }
      } else if (this.pending?.id === m.id) this.settle(m);
    });
    this.worker.on('error', (err) => fail(err instanceof Error ? err.message : String(err)));
    this.worker.on('exit', (code) => fail(`the worker exited (code ${code})`));
  }

  private settle(answer: WorkerAnswer | null) {
    const p = this.pending;
    this.pending = null;
    if (p) {
      this.worker.unref();
      p.settle(answer);
    }
  }

  /**
   * Runs one test; resolves with the worker's answer, or null when the worker died or had to be
   * killed (then `killed` says it was the hard time limit).
   */
  run(
    code: string,
    functionName: string,
    test: SandboxTest,
    limits: SandboxLimits,
  ): Promise<{ answer: WorkerAnswer | null; killed: boolean; waitedMs: number }> {
    const id = this.nextId++;
    const posted = performance.now();
    return new Promise((resolve) => {
      let killed = false;
      const soft = setTimeout(() => {
        if (this.interrupt) Atomics.store(this.interrupt, 0, 2); // SIGINT: KeyboardInterrupt in Python
      }, limits.timeoutMs);
      const hard = setTimeout(() => {
        killed = true;
        void this.terminate();
        this.settle(null);
      }, limits.timeoutMs + SANDBOX_HARD_KILL_MARGIN_MS);
      this.pending = {
        id,
        settle: (answer) => {
          clearTimeout(soft);
          clearTimeout(hard);
          resolve({ answer, killed, waitedMs: Math.round((performance.now() - posted) * 10) / 10 });
        },
      };
      this.worker.ref();
      let argsJson: string;
      try {
        argsJson = JSON.stringify(Array.isArray(test.args) ? test.args : []);
      } catch {
        argsJson = '[]';
      }
      this.worker.postMessage({ id, code, functionName, argsJson, outputChars: limits.outputChars });
    });
  }

  async terminate(): Promise<void> {
    this.alive = false;
    await this.worker.terminate();
  }
}

/** Python runs at a time (each holds a thread with its own interpreter); more wait for a place. */
const PYTHON_RUNS_AT_ONCE = Math.max(2, Math.floor(availableParallelism() / 2));
let runsNow = 0;
const runWaiters: (() => void)[] = [];

async function takePlace(): Promise<void> {
  if (runsNow < PYTHON_RUNS_AT_ONCE) {
    runsNow++;
    return;
  }
  await new Promise<void>((resolve) => runWaiters.push(resolve));
}

function givePlace(): void {
  const next = runWaiters.shift();
  if (next) next();
  else runsNow--;
}

/**
 * Loaded workers kept for the learner whose code they last ran (a later run of the SAME learner
 * skips loading Pyodide; nothing of one learner's code reaches another's), at most
 * {@link PYTHON_PARKED_MAX}, each for {@link PYTHON_PARKED_MS} after its last run. A worker that hit
 * a limit is never kept.
 */
const PYTHON_PARKED_MAX = 2;
const PYTHON_PARKED_MS = 120_000;
const parked = new Map<number, { worker: PythonWorker; timer: NodeJS.Timeout }>();

function unpark(owner: number): PythonWorker | null {
  const p = parked.get(owner);
  if (!p) return null;
  parked.delete(owner);
  clearTimeout(p.timer);
  return p.worker;
}

function park(owner: number, worker: PythonWorker): void {
  const previous = unpark(owner);
  if (previous) void dropWorker(previous);
  while (parked.size >= PYTHON_PARKED_MAX) {
    const oldest = parked.keys().next().value as number;
    void dropWorker(unpark(oldest)!);
  }
  const timer = setTimeout(() => {
    if (parked.get(owner)?.worker === worker) void dropWorker(unpark(owner)!);
  }, PYTHON_PARKED_MS);
  timer.unref();
  parked.set(owner, { worker, timer });
}

let spare: PythonWorker | null = null;
const live = new Set<PythonWorker>();
let generation = 0;

function startWorker(memoryBytes: number): PythonWorker {
  const w = new PythonWorker(memoryBytes);
  live.add(w);
  return w;
}

/**
 * The owner's parked worker when there is one, else the warm spare (when its memory limit matches)
 * or a new worker — and then a new spare starts warming.
 */
function takeWorker(memoryBytes: number, owner: number | null): PythonWorker {
  const own = owner === null ? null : unpark(owner);
  if (own && own.alive && own.memoryBytes === memoryBytes) return own;
  if (own) void dropWorker(own);
  let w = spare && spare.alive && spare.memoryBytes === memoryBytes ? spare : null;
  if (!w) {
    if (spare) void dropWorker(spare);
    w = startWorker(memoryBytes);
  }
  spare = startWorker(memoryBytes);
  return w;
}

async function dropWorker(w: PythonWorker | undefined | null): Promise<void> {
  if (!w) return;
  live.delete(w);
  if (spare === w) spare = null;
  await w.terminate();
}

/** Turns a worker's answer into a test result (comparison on this thread; nothing secret went to the worker). */
function toResult(
  name: string,
  test: SandboxTest,
  run: { answer: WorkerAnswer | null; killed: boolean; waitedMs: number },
  limits: SandboxLimits,
): SandboxTestResult {
  const { answer } = run;
  const timeLimit = `Time limit exceeded (${limits.timeoutMs} ms)`;
  if (!answer) {
    return {
      name,
      passed: false,
      output: null,
      error: run.killed ? timeLimit : 'Sandbox failure: the Python worker stopped',
      durationMs: run.waitedMs,
    };
  }
  const base = { name, output: answer.output, durationMs: answer.durationMs };
  switch (answer.kind) {
    case 'value': {
      const passed = canonical(JSON.parse(answer.value)) === canonicalOfHost(test.expected);
      return { ...base, passed, error: null };
    }
    case 'timeout':
      return { ...base, passed: false, error: timeLimit };
    case 'memory':
      return { ...base, passed: false, error: `Memory limit exceeded (${formatBytes(limits.memoryBytes)})` };
    case 'stack':
      return { ...base, passed: false, error: 'Recursion limit exceeded: infinite recursion?' };
    default:
      return { ...base, passed: false, error: answer.value };
  }
}

/**
 * Opens a Python run: the tests of one run or submission go to one worker, in order; a worker that
 * died or was killed is replaced for the next test. `close()` terminates it (always call it).
 * @throws Error "The grading sandbox could not start: …" from `run` when Pyodide cannot load.
 */
export function openPythonRun(
  code: string,
  functionName: string,
  limits: SandboxLimits,
  owner: number | null = null,
): SandboxRun {
  let worker: PythonWorker | null = null;
  let placed = false;
  let retire = false;
  const gen = generation;
  return {
    async run(test) {
      if (!placed) {
        await takePlace();
        placed = true;
      }
      if (!worker || !worker.alive) {
        if (worker) void dropWorker(worker);
        worker = takeWorker(limits.memoryBytes, owner);
      }
      try {
        await worker.ready;
      } catch (err) {
        void dropWorker(worker);
        worker = null;
        throw new Error(`The grading sandbox could not start: ${err instanceof Error ? err.message : String(err)}`);
      }
      const outcome = await worker.run(code, functionName, test, limits);
      if (outcome.answer?.fatal) void dropWorker(worker);
      if (!outcome.answer) retire = true; // killed or died: never kept
      return toResult(test.name, test, outcome, limits);
    },
    async close() {
      if (placed) givePlace();
      placed = false;
      if (worker && worker.alive && !retire && owner !== null && gen === generation) park(owner, worker);
      else if (worker) await dropWorker(worker);
      worker = null;
    },
  };
}

/** Terminates every Python worker, the warm spare included (app close; tests). */
export async function closePythonPool(): Promise<void> {
  generation++;
  for (const owner of [...parked.keys()]) unpark(owner);
  const all = [...live];
  live.clear();
  spare = null;
  await Promise.all(all.map((w) => w.terminate()));
}
