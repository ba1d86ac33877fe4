import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import type { Api } from '@/lib/api/client';
import {
  type ModerationAction,
  type ModerationFailure,
  type ModerationFilter,
  moderationMachine,
} from '@machines/moderation.machine';
import { toaster } from './toast';

type ModerationActors = NonNullable<Parameters<typeof moderationMachine.provide>[0]['actors']>;

/** What a board's toasts say (product.md#messages); `null` raises none. */
export interface ModerationToasts {
  /** Title of the toast after a decision went through. */
  succeeded: (action: ModerationAction) => string | null;
  /** The toast after a decision was refused (its title, and the server's reason as description if any). */
  failed: (action: ModerationAction, error: ModerationFailure) => ErrorToast | null;
  /** Title of the toast when the list could not be read. */
  listFailed: string;
}

/** An error toast: a title, and the server's message under it when it sent one. */
export interface ErrorToast {
  title: string;
  description?: string;
}

/** The usual error toast: `title`, with the server's message (if any) as its description. */
export function errorToast(title: string, error: ModerationFailure): ErrorToast {
  return { title, ...(error.message ? { description: error.message } : {}) };
}

/** Same filter values (order-insensitive, undefined = absent). */
function sameFilter(a: ModerationFilter, b: ModerationFilter): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((k) => a[k] === b[k]);
}

/**
 * Runs the moderation machine (machines/moderation.machine.ts) for a board (sessions, courses, users):
 * `createActors` (a module-level function) gives it its API calls; `filter` comes from the URL, and a
 * change reloads the list; the machine's outcomes raise `toasts`. Returns what `useMachine` returns.
 */
export function useModerationBoard({
  api,
  createActors,
  filter,
  actions,
  toasts,
}: {
  api: Api;
  createActors: (api: Api) => ModerationActors;
  filter: ModerationFilter;
  actions: readonly ModerationAction[];
  toasts: ModerationToasts;
}) {
  const machine = useMemo(() => moderationMachine.provide({ actors: createActors(api) }), [api, createActors]);
  const board = useMachine(machine, { input: { filter, actions } });
  const [, send, actorRef] = board;
  // The subscriptions below live as long as the actor; they read the texts of the latest render.
  const latest = useRef(toasts);
  latest.current = toasts;

  useEffect(() => {
    if (!sameFilter(actorRef.getSnapshot().context.filter, filter)) send({ type: 'queue.filtered', filter });
  }, [filter, actorRef, send]);

  useEffect(() => {
    const subscriptions = [
      actorRef.on('moderation.succeeded', (e) => {
        const title = latest.current.succeeded(e.action);
        if (title) toaster.create({ title, type: 'success' });
      }),
      actorRef.on('moderation.failed', (e) => {
        const toast = latest.current.failed(e.action, e.error);
        if (toast) toaster.create({ ...toast, type: 'error' });
      }),
      actorRef.on('queue.failed', (e) =>
        toaster.create({ ...errorToast(latest.current.listFailed, e.error), type: 'error' }),
      ),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actorRef]);

  return board;
}
