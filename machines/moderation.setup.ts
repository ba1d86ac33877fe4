import { assign, emit, enqueueActions, setup, stopChild } from 'xstate';
import { notProvided } from './support/actors';
import type { SessionRequestBody } from './session-request.machine';
import {
  type ModerationAction,
  type ModerationItem,
  type ModerationFilter,
  type ModerationPage,
  type ModerationInput,
  type ModerationContext,
  type ModerationEvent,
  type ModerationEmitted,
  type ModerationActionInput,
  FAILURE_CODES,
  ACTION_STATUSES,
  decisionActor,
  MESSAGE_OPTIONAL,
  moderationFailureOf,
} from './moderation.types';

/**
 * What the moderation statechart (moderation.machine.ts) is built from: its actors (provided from
 * moderation.actors.ts), actions and guards.
 */

export const moderationSetup = setup({
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
});
