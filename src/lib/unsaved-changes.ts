import { useBlocker } from '@tanstack/react-router';

/** What a screen needs to ask before leaving: whether a navigation is held, and the two answers. */
export interface UnsavedChangesGuard {
  /** An in-app navigation is held until the user answers (show "Leave without saving?"). */
  blocked: boolean;
  /** "Stay on this page": the navigation is dropped, the edits stay. */
  stay: () => void;
  /** "Leave without saving": the held navigation goes on. */
  leave: () => void;
}

/**
 * Guards a form with unsaved changes with TanStack Router's navigation blocker: while
 * `isDirty()` answers true, every in-app navigation (links, `navigate`, the browser's back and
 * forward buttons) is held and `blocked` turns true until `stay` or `leave` is called, and closing
 * or reloading the tab shows the browser's own beforeunload prompt. `isDirty` is asked at the time
 * of the navigation (read the latest state, e.g. the actor's snapshot, not a rendered value) and
 * must keep its identity between renders (`useCallback`), or the blocker is registered anew on
 * every render. A navigation the screen makes itself after saving or confirming passes with
 * `navigate({ …, ignoreBlocker: true })`.
 */
export function useUnsavedChangesGuard(isDirty: () => boolean): UnsavedChangesGuard {
  const resolver = useBlocker({ shouldBlockFn: isDirty, enableBeforeUnload: isDirty, withResolver: true });
  const blocked = resolver.status === 'blocked';
  return {
    blocked,
    stay: () => resolver.reset?.(),
    leave: () => resolver.proceed?.(),
  };
}
