import { moderationSetup } from './moderation.setup';
import { DECISION_ACTORS, decide, decided, decisionFailed } from './moderation.types';

export * from './moderation.types';

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
export const moderationMachine = moderationSetup.createMachine({
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
