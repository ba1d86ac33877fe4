/**
 * The shapes the grading sandbox's two sides share: the main thread's pool (./index.ts) and the
 * worker's runner (./runner.ts). They live apart from both so that neither imports the other.
 */

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
  /**
   * Wall-clock budget of one test run, in milliseconds (1 … 10 000), enforced by QuickJS's interrupt
   * handler; the worker is killed outright at this + index.ts's `SANDBOX_HARD_KILL_MARGIN_MS`.
   */
  timeoutMs: number;
  /** Heap limit of the QuickJS runtime, in bytes (1 MiB … 256 MiB). */
  memoryBytes: number;
  /**
   * Stack limit of the QuickJS runtime, in bytes (16 KiB … 1 MiB). The interpreter's native frames
   * run on the sandbox worker thread's own stack (about twice the QuickJS figure), hence the modest
   * default.
   */
  stackBytes: number;
  /** Maximum number of characters of console output kept per test. */
  outputChars: number;
}

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
  /**
   * Wall time of this test run, in milliseconds, as measured in the worker; for a test whose worker
   * was killed, the time the main thread waited (`timeoutMs` + index.ts's `SANDBOX_HARD_KILL_MARGIN_MS`).
   */
  durationMs: number;
}

/** A request of the main thread: run `test` against `code` with `limits`; `id` is echoed in the reply. */
export interface SandboxRequest {
  id: number;
  code: string;
  functionName: string;
  test: SandboxTest;
  limits: SandboxLimits;
}

/**
 * The worker's answers: `{ type: 'ready' }` once the WASM module is loaded (or `{ type: 'ready',
 * error }` when it could not be), then one `{ type: 'result', id, result }` per request, where
 * `result` lacks only the test's name.
 */
export type SandboxReply =
  | { type: 'ready'; error?: string }
  | { type: 'result'; id: number; result: Omit<SandboxTestResult, 'name'> };
