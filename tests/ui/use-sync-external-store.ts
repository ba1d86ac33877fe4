/**
 * `use-sync-external-store` (React's package, MIT licence, Copyright (c) Meta Platforms, Inc. and
 * affiliates) as an ES module over preact/compat, for the UI tests only (vite.config.ts aliases
 * `use-sync-external-store/shim`, `…/shim/with-selector` and `…/with-selector.js` here).
 *
 * Why: the UI tests render with Preact as the app does. TanStack Router's store, @xstate/react
 * and react-redux (recharts) read state through this package, which is CommonJS only and
 * `require`s `react` itself: under Vitest Node would load it and hand it React, not Preact. The
 * production build bundles the package itself, with `react` aliased to preact/compat.
 *
 * `useSyncExternalStoreWithSelector` follows the package's
 * cjs/use-sync-external-store-shim/with-selector.production.js (1.7.0) line for line;
 * `useSyncExternalStore` is preact/compat's, which is what the package's shim returns when the
 * renderer has one.
 */
import { useDebugValue, useEffect, useMemo, useRef, useSyncExternalStore } from 'preact/compat';

export { useSyncExternalStore };

/**
 * `useSyncExternalStore` with a memoized `selector` (and optional `isEqual`): re-renders only when
 * the selected value changes.
 */
export function useSyncExternalStoreWithSelector<Snapshot, Selection>(
  subscribe: (onStoreChange: () => void) => () => void,
  getSnapshot: () => Snapshot,
  getServerSnapshot: undefined | null | (() => Snapshot),
  selector: (snapshot: Snapshot) => Selection,
  isEqual?: (a: Selection, b: Selection) => boolean,
): Selection {
  const instRef = useRef<{ hasValue: boolean; value: Selection | null } | null>(null);
  let inst: { hasValue: boolean; value: Selection | null };
  if (instRef.current === null) {
    inst = { hasValue: false, value: null };
    instRef.current = inst;
  } else inst = instRef.current;
  const [getSelection, getServerSelection] = useMemo(() => {
    let hasMemo = false;
    let memoizedSnapshot: Snapshot;
    let memoizedSelection: Selection;
    const memoizedSelector = (nextSnapshot: Snapshot): Selection => {
      if (!hasMemo) {
        hasMemo = true;
        memoizedSnapshot = nextSnapshot;
        const nextSelection = selector(nextSnapshot);
        if (isEqual !== undefined && inst.hasValue) {
          const currentSelection = inst.value as Selection;
          if (isEqual(currentSelection, nextSelection)) return (memoizedSelection = currentSelection);
        }
        return (memoizedSelection = nextSelection);
      }
      const currentSelection = memoizedSelection;
      if (Object.is(memoizedSnapshot, nextSnapshot)) return currentSelection;
      const nextSelection = selector(nextSnapshot);
      if (isEqual !== undefined && isEqual(currentSelection, nextSelection)) {
        memoizedSnapshot = nextSnapshot;
        return currentSelection;
      }
      memoizedSnapshot = nextSnapshot;
      return (memoizedSelection = nextSelection);
    };
    const maybeGetServerSnapshot = getServerSnapshot ?? null;
    return [
      () => memoizedSelector(getSnapshot()),
      maybeGetServerSnapshot === null ? undefined : () => memoizedSelector(maybeGetServerSnapshot()),
    ] as const;
    // As upstream: `inst` is a ref's object, read when the selector runs, not a dependency.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [getSnapshot, getServerSnapshot, selector, isEqual]);
  const value = useSyncExternalStore(subscribe, getSelection, getServerSelection);
  useEffect(() => {
    inst.hasValue = true;
    inst.value = value;
    // As upstream: `inst` is the same object for the component's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);
  useDebugValue(value);
  return value;
}
