/**
 * Runs `fn` as a task of its own (a zero-delay timeout): toasts and router invalidations raised from a
 * machine's emitted facts or from an effect must not make the toast store or the router flush while React
 * is committing.
 */
export function later(fn: () => void): void {
  setTimeout(fn, 0);
}
