import { useCallback, useRef, useState } from 'react';

/** Where one user action (add, remove, set default, pay out…) stands; `key` names its target (a card id…). */
export type ActionState<T> =
  | { status: 'idle' }
  | { status: 'pending'; key: string }
  | { status: 'failed'; key: string; error: unknown }
  | { status: 'succeeded'; key: string; result: T };

/**
 * Runs one asynchronous action at a time (product.md#states: in progress → success | failure): a second
 * `start` while one is pending is ignored (double clicks). `onSuccess` runs after success (e.g. a
 * toast and `router.invalidate()`); failures stay in `state` for the screen to show, until
 * `reset()` (product.md#states resets) or the next `start`.
 */
export function useAction<TInput, TResult>(
  run: (input: TInput) => Promise<TResult>,
  {
    onSuccess,
    onError,
  }: { onSuccess?: (result: TResult, input: TInput) => void; onError?: (error: unknown) => void } = {},
) {
  const [state, setState] = useState<ActionState<TResult>>({ status: 'idle' });
  const pending = useRef(false);
  const start = useCallback(
    async (key: string, input: TInput) => {
      if (pending.current) return;
      pending.current = true;
      setState({ status: 'pending', key });
      try {
        const result = await run(input);
        setState({ status: 'succeeded', key, result });
        onSuccess?.(result, input);
      } catch (error) {
        setState({ status: 'failed', key, error });
        onError?.(error);
      } finally {
        pending.current = false;
      }
    },
    [run, onSuccess, onError],
  );
  const reset = useCallback(() => setState({ status: 'idle' }), []);
  const isPending = (key?: string) => state.status === 'pending' && (key === undefined || state.key === key);
  const errorOf = (key?: string) =>
    state.status === 'failed' && (key === undefined || state.key === key) ? state.error : null;
  return { state, start, reset, isPending, errorOf };
}

/** A fresh Idempotency-Key (UUID). */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}
