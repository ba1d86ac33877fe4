import { useMachine } from '@xstate/react';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import type { SnapshotFrom } from 'xstate';
import type { Api } from '@/lib/api/client';
import {
  type ModerationAction,
  type ModerationEvent,
  type ModerationFailure,
  type ModerationFilter,
  type ModerationItem,
  moderationMachine,
} from '@machines/moderation.machine';
import { isBusy, isLoading, loadFailed } from '@machines/moderation.selectors';
import { BoardList } from './board-list';
import { ModerationDialog } from './moderation-dialog';
import { Pager } from './pager';
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
 * change reloads the list; the machine's outcomes raise `toasts`. Returns the snapshot and `send`.
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
}): ModerationBoard {
  const machine = useMemo(() => moderationMachine.provide({ actors: createActors(api) }), [api, createActors]);
  const [snapshot, send, actorRef] = useMachine(machine, { input: { filter, actions } });
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

  const request = (action: ModerationAction, item: ModerationItem) =>
    send({ type: 'moderation.requested', action, item });
  return { snapshot, send, request };
}

type ModerationSnapshot = SnapshotFrom<typeof moderationMachine>;

/** What `useModerationBoard` returns that the board's parts read: the machine's snapshot and `send`. */
export interface ModerationBoard {
  snapshot: ModerationSnapshot;
  send: (event: ModerationEvent) => void;
  /** Opens the decision `action` on `item` (its dialog, when the action asks for one). */
  request: (action: ModerationAction, item: ModerationItem) => void;
}

/**
 * The pager under a board's list (once a page is loaded): a new page goes to the URL's `search` through
 * `onSearch`, page 1 as no parameter.
 */
export function BoardPager<S extends { page?: number | undefined }>({
  board,
  search,
  onSearch,
}: {
  board: ModerationBoard;
  search: S;
  onSearch: (next: S) => void;
}) {
  const { page, pageSize, total, loaded } = board.snapshot.context;
  if (!loaded) return null;
  return (
    <Pager
      page={page}
      pageSize={pageSize}
      total={total}
      disabled={isLoading(board.snapshot)}
      onChange={(p) => onSearch({ ...search, page: p === 1 ? undefined : p })}
    />
  );
}

/** The words of the confirmation of one decision; `label` null = the decision takes no message. */
export interface DecisionCopy {
  title: string;
  confirm: string;
  label: string | null;
  help?: string;
}

/**
 * The confirmation dialog of the board's pending decision, bound to its machine: the message typed so far,
 * busy and error states, confirm and cancel. `itemId` keys it, so another item starts a fresh dialog.
 */
export function DecisionDialog({
  board,
  action,
  itemId,
  copy,
  description,
  failureText,
}: {
  board: ModerationBoard;
  action: ModerationAction;
  itemId: number;
  copy: DecisionCopy;
  description: ReactNode;
  failureText: string | null;
}) {
  const { snapshot, send } = board;
  return (
    <ModerationDialog
      key={`${action}-${itemId}`}
      open
      action={action}
      title={copy.title}
      description={description}
      messageLabel={copy.label}
      messageHelp={copy.help}
      initialMessage={snapshot.context.message}
      confirmLabel={copy.confirm}
      busy={isBusy(snapshot)}
      error={snapshot.context.error}
      failureText={failureText}
      onConfirm={(m) => send({ type: 'moderation.confirmed', message: m })}
      onCancel={() => send({ type: 'moderation.cancelled' })}
    />
  );
}

/**
 * The board's list bound to its machine: `failedTitle` when the page could not be read (with Try again),
 * a spinner with `loadingLabel` before the first page, `empty` when the page has no item, else the rows.
 */
export function BoardItems({
  board,
  failedTitle,
  loadingLabel,
  empty,
  children,
}: {
  board: ModerationBoard;
  failedTitle: ReactNode;
  loadingLabel: string;
  empty: ReactNode;
  children: ReactNode;
}) {
  const { snapshot, send } = board;
  const { error, loaded, items } = snapshot.context;
  return (
    <BoardList
      failedTitle={loadFailed(snapshot) ? failedTitle : null}
      errorMessage={error?.message}
      onRetry={() => send({ type: 'queue.reloaded' })}
      loaded={loaded}
      loadingLabel={loadingLabel}
      loading={isLoading(snapshot)}
      empty={items.length === 0 ? empty : null}
    >
      {children}
    </BoardList>
  );
}
