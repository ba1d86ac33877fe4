import type { SessionRequestBody } from './session-request.machine';

/**
 * The shapes of moderation (moderation.machine.ts): items, pages, failures, context, events and emitted facts,
 * which action applies to which status, the actor of each decision, and the transitions the decisions share.
 */

/** What a moderator can do to an item of the list. */
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

/** The failure code of each action's call. */
export const FAILURE_CODES: Record<ModerationAction, ModerationFailureCode> = {
  approve: 'moderation.approveFailed',
  reject: 'moderation.rejectFailed',
  delete: 'moderation.deleteFailed',
  duplicate: 'moderation.duplicateFailed',
  unpublish: 'moderation.unpublishFailed',
  publish: 'moderation.publishFailed',
};

/** The statuses an item must be in for each confirmed action (delete: any). */
export const ACTION_STATUSES: Partial<Record<ModerationAction, readonly string[]>> = {
  approve: ['PENDING'],
  reject: ['PENDING'],
  unpublish: ['PUBLISHED'],
  publish: ['APPROVED', 'UNPUBLISHED'],
};

/** The decisions of the confirmation dialog, each carried out by its own actor (which the route provides). */
export const DECISION_ACTORS = {
  approve: 'approveItem',
  reject: 'rejectItem',
  delete: 'deleteItem',
  unpublish: 'unpublishItem',
  publish: 'publishItem',
} as const;

/** A decision of the confirmation dialog (every action but duplicate). */
type ModerationDecision = keyof typeof DECISION_ACTORS;

/** The actor (also the child's id) that carries out the dialog's decision. */
export const decisionActor = (context: ModerationContext) => DECISION_ACTORS[context.action as ModerationDecision];

/** The decisions sent without a message (an optional note); the others need a reason, mailed to the person. */
export const MESSAGE_OPTIONAL: readonly ModerationAction[] = ['approve', 'publish'];

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
export const decide = {
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
export const decided = { target: '#moderation.loading', actions: ['emitSucceeded', 'closeDialog'] } as const;

/** The decision's (or the duplicate's) actor failed: the dialog (or form) stays open with the failure. */
export const decisionFailed = {
  target: 'failed',
  actions: [
    { type: 'assignActionFailure', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
    'emitFailed',
  ],
} as const;
