/**
 * The worker side of the grading sandbox (see `./index.ts`, docs/classroom.md "Grading"):
 * this module runs inside a `node:worker_threads` worker started through `./worker.mjs`, never on
 * the server's main thread. It loads the QuickJS WASM module (`quickjs-emscripten`) once per
 * worker and runs one test per request in a fresh runtime + context with a memory limit, a stack
 * limit and an interrupt deadline; everything is disposed afterwards. The main thread adds a hard
 * wall-clock kill on top of the interrupt deadline (`index.ts`).
 */
import { performance } from 'node:perf_hooks';
import type { MessagePort } from 'node:worker_threads';
import {
  newQuickJSWASMModule,
  type QuickJSContext,
  type QuickJSHandle,
  type QuickJSRuntime,
  type QuickJSWASMModule,
} from 'quickjs-emscripten';
import type { SandboxLimits, SandboxReply, SandboxRequest, SandboxTest, SandboxTestResult } from './types.js';
import { PRELUDE_SOURCE } from './prelude.js';
import { canonical, canonicalOfHost, formatBytes } from './shared.js';

const TRUNCATION_MARK = '\n… (output truncated)';
const POST_RUN_GRACE_MS = 100;
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

class SandboxCrash extends Error {}

/**
 * Runs one test in a fresh runtime + context. Never throws for guest behaviour; a host-side
 * failure of the WASM module (e.g. the host thread's stack exhausted) throws {@link SandboxCrash}
 * after which the module is discarded.
 */
function runOne(
  module: QuickJSWASMModule,
  code: string,
  functionName: string,
  test: SandboxTest,
  limits: SandboxLimits,
): Omit<SandboxTestResult, 'name' | 'durationMs'> {
  let argsJson: string;
  try {
    argsJson = JSON.stringify(Array.isArray(test.args) ? test.args : []);
  } catch {
    return { passed: false, output: null, error: 'The test arguments are not JSON-serializable' };
  }

  let output = '';
  let outputCut = false;
  const takeOutput = (): string | null =>
    output === '' && !outputCut ? null : outputCut ? output + TRUNCATION_MARK : output;
  let printedLines = 0;

  let deadline = Date.now() + limits.timeoutMs;
  let interrupted = false;
  const timeLimit = `Time limit exceeded (${limits.timeoutMs} ms)`;
  const memoryLimit = `Memory limit exceeded (${formatBytes(limits.memoryBytes)})`;
  const stackLimit = `Stack limit exceeded (${formatBytes(limits.stackBytes)}): infinite recursion?`;

  const classify = (message: string): string => {
    if (interrupted || /\binterrupted\b/.test(message)) return timeLimit;
    if (/out of memory/i.test(message)) return memoryLimit;
    // QuickJS throws null when it cannot even allocate the out-of-memory error; the guest's
    // handler cannot tell that from the learner's own `throw null`, so both are named.
    if (message === 'Uncaught null') return `${memoryLimit}, or the code threw null`;
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
    if (state === 'pending')
      return fail(interrupted ? timeLimit : 'The returned promise never settled (the sandbox has no timers or I/O)');
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
    throw new SandboxCrash(
      hostStack
        ? stackLimit
        : interrupted
          ? timeLimit
          : `Sandbox failure: ${err instanceof Error ? err.message : String(err)}`,
      {
        cause: { output: takeOutput() },
      },
    );
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
 * Runs one test in this thread: a fresh runtime + context of the (once loaded) WASM module.
 * Never throws for the learner's code: failures are reported in the result; a crash of the WASM
 * module is reported as a failed test (stack, time or "Sandbox failure: …" message) and the module
 * is replaced for the next test. `durationMs` is the wall time of the run, without module loading.
 */
export async function runTestHere(
  code: string,
  functionName: string,
  test: SandboxTest,
  limits: SandboxLimits,
): Promise<Omit<SandboxTestResult, 'name'>> {
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
  return { ...outcome, durationMs: Math.round((performance.now() - started) * 10) / 10 };
}

/**
 * Serves {@link SandboxRequest}s arriving on `port` (the worker's `parentPort`) one at a time and
 * answers {@link SandboxReply}s; announces `ready` once the WASM module is loaded.
 */
export async function serveSandboxRequests(port: MessagePort): Promise<void> {
  let readyError: string | undefined;
  try {
    await loadModule();
  } catch (err) {
    readyError = err instanceof Error ? err.message : String(err);
  }
  port.on('message', (request: SandboxRequest) => {
    runTestHere(request.code, request.functionName, request.test, request.limits).then(
      (result) => port.postMessage({ type: 'result', id: request.id, result } satisfies SandboxReply),
      (err: unknown) =>
        port.postMessage({
          type: 'result',
          id: request.id,
          result: {
            passed: false,
            output: null,
            error: `Sandbox failure: ${err instanceof Error ? err.message : String(err)}`,
            durationMs: 0,
          },
        } satisfies SandboxReply),
    );
  });
  port.postMessage(
    readyError === undefined ? { type: 'ready' } : ({ type: 'ready', error: readyError } satisfies SandboxReply),
  );
}
