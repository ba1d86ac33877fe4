import { assign, emit, enqueueActions, setup, stopChild } from 'xstate';
import { notProvided } from './support/actors';
import type { SessionRequestBody } from './session-request.machine';

/**
 * Moderation of a list of items (product.md#states: session moderation, session deletion and duplication,
 * user approve/reject/delete each go in progress → success | failure; decisions.md: a session is
 * PENDING → APPROVED | REJECTED; product.md#entities: a course is PENDING → APPROVED | REJECTED → PUBLISHED ⇄
 * UNPUBLISHED). One machine serves the admin session queue, the educator's sessions, the admin
 * course queue and the admin user lists: the route provides the actors (`moderation.actors.ts`)
 * and the actions it allows. Pure: no fetch, router or toast.
 *
 *   loading ─▶ ready | loadFailed            (queue.filtered / queue.reloaded ─▶ loading)
 *   ready ─moderation.requested{approve|reject|delete|unpublish|publish}─▶ confirming.editing   (a dialog)
 *         ─moderation.requested{duplicate}──────────────▶ duplicating.editing  (the request form)
 *   confirming.editing ─moderation.confirmed{message}─▶ deciding (the actor of `context.action`: approveItem | …)
 *                       (reject, delete and unpublish need a non-empty message, else messageRequired)
 *   deciding ─done─▶ loading (the list is reloaded) ; ─error─▶ confirming.failed
 *   duplicating.editing ─duplicate.submitted{request}─▶ submitting ─done─▶ loading ; ─error─▶ failed
 *   editing | failed ─moderation.cancelled─▶ ready   (nothing can be cancelled while in progress)
 *
 * Emitted facts (the UI turns them into the spec's toasts): `moderation.succeeded`,
 * `moderation.failed` (with the failure: code, HTTP status, server message), `queue.failed`.
 */

export type ModerationAction = 'approve' | 'reject' | 'delete' | 'duplicate' | 'unpublish' | 'publish';

/** What the machine needs of an item (a session or a user); the UI keeps the full record. */
export interface ModerationItem {
  id: number;
  /** PENDING items can be approved or rejected; PUBLISHED ones unpublished; APPROVED or UNPUBLISHED ones published. */
  status: string;
}

/** Filter and paging of the list, passed as is to the `loadQueue` actor (e.g. `{status, page}`). */
export type ModerationFilter = Record<string, string | number | undefined>;

/** A page of items as the API answers lists (`{items, total, page, pageSize}`). */
export interface ModerationPage {
  items: ModerationItem[];
  total: number;
  page: number;
  pageSize: number;
}

export interface ModerationInput {
  filter: ModerationFilter;
  /** The actions this screen offers (e.g. an educator: duplicate and delete). */
  actions: readonly ModerationAction[];
}

export type ModerationFailureCode =
  | 'moderation.loadFailed'
  | 'moderation.approveFailed'
  | 'moderation.rejectFailed'
  | 'moderation.deleteFailed'
  | 'moderation.duplicateFailed'
  | 'moderation.unpublishFailed'
  | 'moderation.publishFailed'
  | 'moderation.messageRequired';

export interface ModerationFailure {
  code: ModerationFailureCode;
  /** HTTP status (0 = no answer). */
  status?: number;
  /** The server's message, when it sent one. */
  message?: string;
  /** Server field errors (duplicate form), field → message. */
  fieldErrors?: Record<string, string>;
}

export interface ModerationContext {
  filter: ModerationFilter;
  actions: readonly ModerationAction[];
  items: ModerationItem[];
  total: number;
  page: number;
  pageSize: number;
  /** True once a page has been loaded (the list is shown while it reloads). */
  loaded: boolean;
  /** The item the open dialog is about. */
  target: ModerationItem | null;
  action: ModerationAction | null;
  /** The message sent with approve and publish (optional), reject, delete and unpublish (required). */
  message: string;
  /** The duplicate request last sent. */
  request: SessionRequestBody | null;
  error: ModerationFailure | null;
}

export type ModerationEvent =
  | { type: 'queue.filtered'; filter: ModerationFilter }
  | { type: 'queue.reloaded' }
  | { type: 'moderation.requested'; action: ModerationAction; item: ModerationItem }
  | { type: 'moderation.confirmed'; message: string }
  | { type: 'moderation.cancelled' }
  | { type: 'duplicate.submitted'; request: SessionRequestBody };

export type ModerationEmitted =
  | { type: 'moderation.succeeded'; action: ModerationAction; item: ModerationItem }
  | { type: 'moderation.failed'; action: ModerationAction; item: ModerationItem; error: ModerationFailure }
  | { type: 'queue.failed'; error: ModerationFailure };

/** Input of the approve / reject / delete actors. */
export interface ModerationActionInput {
  item: ModerationItem;
  /** Trimmed; '' for an approval without a note. */
  message: string;
}

const FAILURE_CODES: Record<ModerationAction, ModerationFailureCode> = {
  approve: 'moderation.approveFailed',
  reject: 'moderation.rejectFailed',
  delete: 'moderation.deleteFailed',
  duplicate: 'moderation.duplicateFailed',
  unpublish: 'moderation.unpublishFailed',
  publish: 'moderation.publishFailed',
};

/** The statuses an item must be in for each confirmed action (delete: any). */
const ACTION_STATUSES: Partial<Record<ModerationAction, readonly string[]>> = {
  approve: ['PENDING'],
  reject: ['PENDING'],
  unpublish: ['PUBLISHED'],
  publish: ['APPROVED', 'UNPUBLISHED'],
};

/** The decisions of the confirmation dialog, each carried out by its own actor (which the route provides). */
const DECISION_ACTORS = {
  approve: 'approveItem',
  reject: 'rejectItem',
  delete: 'deleteItem',
  unpublish: 'unpublishItem',
  publish: 'publishItem',
} as const;

/** A decision of the confirmation dialog (every action but duplicate). */
export type ModerationDecision = keyof typeof DECISION_ACTORS;

/** The actor (also the child's id) that carries out the dialog's decision. */
const decisionActor = (context: ModerationContext) => DECISION_ACTORS[context.action as ModerationDecision];

/** The decisions sent without a message (an optional note); the others need a reason, mailed to the person. */
const MESSAGE_OPTIONAL: readonly ModerationAction[] = ['approve', 'publish'];

/** A failure from whatever an actor threw (an `ApiError`: status, serverMessage, fieldErrors). */
export function moderationFailureOf(code: ModerationFailureCode, error: unknown): ModerationFailure {
  const e = (error && typeof error === 'object' ? error : {}) as {
    status?: unknown;
    serverMessage?: unknown;
    fieldErrors?: unknown;
  };
  const fieldErrors =
    e.fieldErrors && typeof e.fieldErrors === 'object' && Object.keys(e.fieldErrors).length
      ? { ...(e.fieldErrors as Record<string, string>) }
      : undefined;
  return {
    code,
    ...(typeof e.status === 'number' ? { status: e.status } : {}),
    ...(typeof e.serverMessage === 'string' && e.serverMessage ? { message: e.serverMessage } : {}),
    ...(fieldErrors ? { fieldErrors } : {}),
  };
}

/** Confirming the dialog: the decision is sent when it has the message it needs (`hasNeededMessage`). */
const decide = {
  guard: {
    type: 'hasNeededMessage',
    params: ({ event }: { event: { message: string } }) => ({ message: event.message }),
  },
  target: 'deciding',
  actions: {
    type: 'assignMessage',
    params: ({ event }: { event: { message: string } }) => ({ message: event.message }),
  },
} as const;

/** The decision's (or the duplicate's) actor answered: the list is reloaded and the dialog closed. */
const decided = { target: '#moderation.loading', actions: ['emitSucceeded', 'closeDialog'] } as const;

/** The decision's (or the duplicate's) actor failed: the dialog (or form) stays open with the failure. */
const decisionFailed = {
  target: 'failed',
  actions: [
    { type: 'assignActionFailure', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
    'emitFailed',
  ],
} as const;

export const moderationMachine = setup({
  types: {
    context: {} as ModerationContext,
    events: {} as ModerationEvent,
    input: {} as ModerationInput,
    emitted: {} as ModerationEmitted,
    tags: {} as 'loading' | 'busy',
  },
  actors: {
    /** The list (e.g. GET /sessions?status, GET /users/educators?query&status). */
    loadQueue: notProvided<ModerationPage, ModerationFilter>('moderation', 'loadQueue', 'moderation.actors.ts'),
    /** e.g. POST /sessions/{id}/approve {message?}, PUT /users/{id}/approve. */
    approveItem: notProvided<unknown, ModerationActionInput>('moderation', 'approveItem', 'moderation.actors.ts'),
    /** e.g. POST /sessions/{id}/reject {message}, PUT /users/{id}/reject {message}. */
    rejectItem: notProvided<unknown, ModerationActionInput>('moderation', 'rejectItem', 'moderation.actors.ts'),
    /** e.g. POST /sessions/{id}/delete {message}, PUT /users/{id}/delete {message}. */
    deleteItem: notProvided<unknown, ModerationActionInput>('moderation', 'deleteItem', 'moderation.actors.ts'),
    /** POST /sessions with the (edited) copy of a session. */
    duplicateItem: notProvided<unknown, { item: ModerationItem; request: SessionRequestBody }>(
      'moderation',
      'duplicateItem',
      'moderation.actors.ts',
    ),
    /** POST /courses/{id}/unpublish {message}. */
    unpublishItem: notProvided<unknown, ModerationActionInput>('moderation', 'unpublishItem', 'moderation.actors.ts'),
    /** POST /courses/{id}/publish {message?}. */
    publishItem: notProvided<unknown, ModerationActionInput>('moderation', 'publishItem', 'moderation.actors.ts'),
  },
  actions: {
    assignFilter: assign((_, params: { filter: ModerationFilter }) => ({ filter: params.filter })),
    assignPage: assign((_, params: ModerationPage) => ({
      items: params.items,
      total: params.total,
      page: params.page,
      pageSize: params.pageSize,
      loaded: true,
      error: null,
    })),
    assignLoadFailure: assign((_, params: { error: unknown }) => ({
      error: moderationFailureOf('moderation.loadFailed', params.error),
    })),
    emitLoadFailure: emit(({ context }) => ({
      type: 'queue.failed' as const,
      error: context.error ?? { code: 'moderation.loadFailed' as const },
    })),
    openDialog: assign((_, params: { action: ModerationAction; item: ModerationItem }) => ({
      action: params.action,
      target: params.item,
      message: '',
      request: null,
      error: null,
    })),
    assignMessage: assign((_, params: { message: string }) => ({ message: params.message.trim(), error: null })),
    flagMessageRequired: assign((_, params: { message: string }) => ({
      message: params.message,
      error: { code: 'moderation.messageRequired' as const },
    })),
    assignRequest: assign((_, params: { request: SessionRequestBody }) => ({ request: params.request, error: null })),
    assignActionFailure: assign(({ context }, params: { error: unknown }) => ({
      error: moderationFailureOf(FAILURE_CODES[context.action ?? 'approve'], params.error),
    })),
    emitSucceeded: emit(({ context }) => ({
      type: 'moderation.succeeded' as const,
      action: context.action!,
      item: context.target!,
    })),
    emitFailed: emit(({ context }) => ({
      type: 'moderation.failed' as const,
      action: context.action!,
      item: context.target!,
      error: context.error!,
    })),
    closeDialog: assign({ action: null, target: null, message: '', request: null, error: null }),
    /** Starts the decision's actor (child id = its name) on the item and the trimmed message. */
    startDecision: enqueueActions(({ context, enqueue }) => {
      const actor = decisionActor(context);
      enqueue.spawnChild(actor, { id: actor, input: { item: context.target!, message: context.message } });
    }),
    stopDecision: stopChild(({ context }) => decisionActor(context)),
  },
  guards: {
    /**
     * The screen offers the action, and the item is in a status it applies to: approve/reject
     * PENDING, unpublish PUBLISHED, publish APPROVED or UNPUBLISHED, delete any.
     */
    canConfirm: ({ context }, params: { action: ModerationAction; item: ModerationItem }) =>
      params.action !== 'duplicate' &&
      context.actions.includes(params.action) &&
      (ACTION_STATUSES[params.action]?.includes(params.item.status) ?? true),
    canDuplicate: ({ context }, params: { action: ModerationAction }) =>
      params.action === 'duplicate' && context.actions.includes('duplicate'),
    /**
     * The dialog's decision may be sent with this message: approve and publish with or without one; reject, delete
     * and unpublish need a reason (mailed to the person, docs/decisions.md).
     */
    hasNeededMessage: ({ context }, params: { message: string }) =>
      context.action !== null && (MESSAGE_OPTIONAL.includes(context.action) || params.message.trim().length > 0),
  },
}).createMachine({
  id: 'moderation',
  initial: 'loading',
  context: ({ input }) => ({
    filter: input.filter,
    actions: input.actions,
    items: [],
    total: 0,
    page: 1,
    pageSize: 12,
    loaded: false,
    target: null,
    action: null,
    message: '',
    request: null,
    error: null,
  }),
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadQueue',
        src: 'loadQueue',
        input: ({ context }) => context.filter,
        onDone: { target: 'ready', actions: { type: 'assignPage', params: ({ event }) => event.output } },
        onError: {
          target: 'loadFailed',
          actions: [{ type: 'assignLoadFailure', params: ({ event }) => ({ error: event.error }) }, 'emitLoadFailure'],
        },
      },
      on: {
        // A newer filter wins: the running load is dropped.
        'queue.filtered': {
          target: 'loading',
          reenter: true,
          actions: { type: 'assignFilter', params: ({ event }) => ({ filter: event.filter }) },
        },
      },
    },
    loadFailed: {
      on: {
        'queue.reloaded': { target: 'loading' },
        'queue.filtered': {
          target: 'loading',
          actions: { type: 'assignFilter', params: ({ event }) => ({ filter: event.filter }) },
        },
      },
    },
    ready: {
      on: {
        'queue.reloaded': { target: 'loading' },
        'queue.filtered': {
          target: 'loading',
          actions: { type: 'assignFilter', params: ({ event }) => ({ filter: event.filter }) },
        },
        'moderation.requested': [
          {
            guard: { type: 'canConfirm', params: ({ event }) => ({ action: event.action, item: event.item }) },
            target: 'confirming',
            actions: { type: 'openDialog', params: ({ event }) => ({ action: event.action, item: event.item }) },
          },
          {
            guard: { type: 'canDuplicate', params: ({ event }) => ({ action: event.action }) },
            target: 'duplicating',
            actions: { type: 'openDialog', params: ({ event }) => ({ action: event.action, item: event.item }) },
          },
        ],
      },
    },
    /** The confirmation dialog of approve / reject / delete / unpublish / publish. */
    confirming: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'moderation.confirmed': [
              decide,
              { actions: { type: 'flagMessageRequired', params: ({ event }) => ({ message: event.message }) } },
            ],
            'moderation.cancelled': { target: '#moderation.ready', actions: 'closeDialog' },
          },
        },
        /** The decision's actor runs (`context.action` says which); its answer arrives as that child's done or error. */
        deciding: {
          tags: ['busy'],
          entry: 'startDecision',
          exit: 'stopDecision',
          // Only the decision's own child runs here, so any of these answers is the decision's.
          on: Object.fromEntries(
            Object.values(DECISION_ACTORS).flatMap((actor) => [
              [`xstate.done.actor.${actor}`, decided],
              [`xstate.error.actor.${actor}`, decisionFailed],
            ]),
          ),
        },
        /** The dialog stays open with the message: confirm again to retry, or cancel. */
        failed: {
          on: {
            'moderation.confirmed': [
              decide,
              {
                target: 'editing',
                actions: { type: 'flagMessageRequired', params: ({ event }) => ({ message: event.message }) },
              },
            ],
            'moderation.cancelled': { target: '#moderation.ready', actions: 'closeDialog' },
          },
        },
      },
    },
    /** The request-session form, prefilled from the item (a session), sending POST /sessions. */
    duplicating: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'duplicate.submitted': {
              target: 'submitting',
              actions: { type: 'assignRequest', params: ({ event }) => ({ request: event.request }) },
            },
            'moderation.cancelled': { target: '#moderation.ready', actions: 'closeDialog' },
          },
        },
        submitting: {
          tags: ['busy'],
          invoke: {
            id: 'duplicateItem',
            src: 'duplicateItem',
            input: ({ context }) => ({ item: context.target!, request: context.request! }),
            onDone: decided,
            onError: decisionFailed,
          },
        },
        failed: {
          on: {
            'duplicate.submitted': {
              target: 'submitting',
              actions: { type: 'assignRequest', params: ({ event }) => ({ request: event.request }) },
            },
            'moderation.cancelled': { target: '#moderation.ready', actions: 'closeDialog' },
          },
        },
      },
    },
  },
});

export type ModerationMachine = typeof moderationMachine;
