/**
 * What both languages of the grading sandbox share (JavaScript: ./index.ts + ./runner.ts, Python:
 * ./python.ts): how a returned value is compared with the expected one (deep equality of JSON forms,
 * object key order ignored), the hard-kill margin, the limit messages' units and the shape of a run.
 */
import type { SandboxTest, SandboxTestResult } from './types.js';

/**
 * Margin of the hard wall-clock kill, in milliseconds: a test whose worker has not answered within
 * `timeoutMs` + this margin (the QuickJS interrupt deadline or Python's KeyboardInterrupt did not
 * come in time, e.g. the garbage collector thrashing under a memory bomb) has its worker terminated
 * and is reported as "Time limit exceeded (… ms)".
 */
export const SANDBOX_HARD_KILL_MARGIN_MS = 1500;

/** `33554432` → "32 MiB", `262144` → "256 KiB", else "N bytes" (the units of the limit messages). */
export function formatBytes(bytes: number): string {
  const MiB = 1024 * 1024;
  if (bytes % MiB === 0) return `${bytes / MiB} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/**
 * The tests of one run or submission, run one at a time in the sandbox of the lab's language.
 * `run` never throws for the learner's code (failures are results); it throws Error "The grading
 * sandbox could not start: …" when the engine cannot load. `close` frees what the run held.
 */
export interface SandboxRun {
  run(test: SandboxTest): Promise<SandboxTestResult>;
  close(): Promise<void>;
}

/** JSON text with object keys sorted, so that equality ignores key order. `undefined` stays distinct. */
export function canonical(value: unknown): string {
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
export function canonicalOfHost(value: unknown): string {
  const json = JSON.stringify(value);
  return json === undefined ? 'undefined' : canonical(JSON.parse(json));
}
