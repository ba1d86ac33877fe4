import { assign, emit, setup } from 'xstate';
import { notProvided } from './support/actors';
import { submitWhenValid } from './support/transitions';
import { failureOf } from './support/errors';

/**
 * The workflows of a session's learners screen (educator, admin), two independent regions:
 *
 * mail (product.md#entities Mail, #calls `POST /mail/send {message, userIdsTo}`, #states "mail reset 1 s after success"):
 *   closed ─mail.opened{userIds}─▶ editing ─mail.submitted{message,userIds}─▶ sending
 *   (an empty message or no recipient stays in editing with a code)
 *   sending ─done─▶ sent ─after 1000 ms (mailResetDelay, product.md#limits)─▶ closed (message and recipients cleared)
 *           ─error─▶ failed (the server's message is shown) ─mail.submitted─▶ sending
 *   editing | failed | sent ─mail.closed─▶ closed
 *
 * content (product.md#calls `PUT /sessions/{id}/content` with an empty list = reset the session's syllabus
 * to a copy of its course's syllabus):
 *   idle ─content.resetRequested─▶ confirming ─content.confirmed─▶ resetting ─done─▶ idle
 *                                                                            ─error─▶ failed
 *   confirming | failed ─content.cancelled─▶ idle ; failed ─content.confirmed─▶ resetting
 *
 * Emitted facts for the UI's toasts: `mail.sent`, `mail.failed`, `content.reset`, `content.failed`.
 */

/** Delay before the mail form resets after a success (product.md#limits: 1000 ms). */
export const MAIL_RESET_DELAY_MS = 1000;

export interface SessionLearnersInput {
  sessionId: number;
}

export interface WorkflowFailure {
  code: 'mail.failed' | 'mail.messageRequired' | 'mail.noRecipients' | 'content.failed';
  /** HTTP status (0 = no answer). */
  status?: number;
  /** The server's message, when it sent one (shown for mail failures, product.md#messages). */
  message?: string;
}

export interface SessionLearnersContext {
  sessionId: number;
  /** Recipients of the mail being written (user ids). */
  recipients: number[];
  /** The mail text (kept while sending and after a failure). */
  message: string;
  /** Number of e-mails queued by the last send. */
  sentCount: number | null;
  mailError: WorkflowFailure | null;
  contentError: WorkflowFailure | null;
}

export type SessionLearnersEvent =
  | { type: 'mail.opened'; userIds: number[] }
  | { type: 'mail.submitted'; message: string; userIds: number[] }
  | { type: 'mail.closed' }
  | { type: 'content.resetRequested' }
  | { type: 'content.confirmed' }
  | { type: 'content.cancelled' };

export type SessionLearnersEmitted =
  | { type: 'mail.sent'; recipients: number }
  | { type: 'mail.failed'; error: WorkflowFailure }
  | { type: 'content.reset' }
  | { type: 'content.failed'; error: WorkflowFailure };

/** The message and recipients of a `mail.submitted`. */
const mailOf = ({ event }: { event: { message: string; userIds: number[] } }) => ({
  message: event.message,
  userIds: event.userIds,
});

/** A valid mail is sent (from the form, or again after a failure); an invalid one is flagged. */
const MAIL_SUBMIT = {
  guard: 'mailIsValid',
  target: 'sending',
  assign: 'assignMail',
  flag: 'flagMailInvalid',
  fieldsOf: mailOf,
} as const;

export const sessionLearnersMachine = setup({
  types: {
    context: {} as SessionLearnersContext,
    events: {} as SessionLearnersEvent,
    input: {} as SessionLearnersInput,
    emitted: {} as SessionLearnersEmitted,
    tags: {} as 'sendingMail' | 'resettingContent',
  },
  actors: {
    /** POST /mail/send {message, userIdsTo} → number of e-mails queued. */
    sendMail: notProvided<{ recipients: number }, { message: string; userIdsTo: number[] }>(
      'session-learners',
      'sendMail',
      'createSessionLearnersActors',
    ),
    /** PUT /sessions/{id}/content with [] (reset to the course's syllabus). */
    resetContent: notProvided<unknown, { sessionId: number }>(
      'session-learners',
      'resetContent',
      'createSessionLearnersActors',
    ),
  },
  delays: {
    mailResetDelay: MAIL_RESET_DELAY_MS,
  },
  actions: {
    openMail: assign((_, params: { userIds: number[] }) => ({
      recipients: [...new Set(params.userIds)],
      message: '',
      mailError: null,
      sentCount: null,
    })),
    assignMail: assign((_, params: { message: string; userIds: number[] }) => ({
      message: params.message.trim(),
      recipients: [...new Set(params.userIds)],
      mailError: null,
    })),
    flagMailInvalid: assign((_, params: { message: string; userIds: number[] }) => ({
      message: params.message,
      recipients: [...new Set(params.userIds)],
      mailError: {
        code: params.userIds.length === 0 ? ('mail.noRecipients' as const) : ('mail.messageRequired' as const),
      },
    })),
    assignSent: assign((_, params: { recipients: number }) => ({ sentCount: params.recipients })),
    emitSent: emit(({ context }) => ({
      type: 'mail.sent' as const,
      recipients: context.sentCount ?? context.recipients.length,
    })),
    assignMailFailure: assign((_, params: { error: unknown }) => ({
      mailError: failureOf('mail.failed', params.error),
    })),
    emitMailFailed: emit(({ context }) => ({
      type: 'mail.failed' as const,
      error: context.mailError ?? { code: 'mail.failed' as const },
    })),
    /** product.md#states: the mail state resets (1 s after a success, or when the form is closed). */
    resetMail: assign({ recipients: [], message: '', mailError: null, sentCount: null }),
    assignContentFailure: assign((_, params: { error: unknown }) => ({
      contentError: failureOf('content.failed', params.error),
    })),
    emitContentReset: emit({ type: 'content.reset' as const }),
    emitContentFailed: emit(({ context }) => ({
      type: 'content.failed' as const,
      error: context.contentError ?? { code: 'content.failed' as const },
    })),
    clearContentError: assign({ contentError: null }),
  },
  guards: {
    mailIsValid: (_, params: { message: string; userIds: number[] }) =>
      params.message.trim().length > 0 && params.userIds.length > 0,
  },
}).createMachine({
  id: 'sessionLearners',
  type: 'parallel',
  context: ({ input }) => ({
    sessionId: input.sessionId,
    recipients: [],
    message: '',
    sentCount: null,
    mailError: null,
    contentError: null,
  }),
  states: {
    mail: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'mail.opened': {
              target: 'editing',
              actions: { type: 'openMail', params: ({ event }) => ({ userIds: event.userIds }) },
            },
          },
        },
        editing: {
          on: {
            'mail.submitted': submitWhenValid(MAIL_SUBMIT),
            'mail.closed': { target: 'closed', actions: 'resetMail' },
          },
        },
        sending: {
          tags: ['sendingMail'],
          invoke: {
            id: 'sendMail',
            src: 'sendMail',
            input: ({ context }) => ({ message: context.message, userIdsTo: context.recipients }),
            onDone: {
              target: 'sent',
              actions: [{ type: 'assignSent', params: ({ event }) => event.output }, 'emitSent'],
            },
            onError: {
              target: 'failed',
              actions: [
                { type: 'assignMailFailure', params: ({ event }) => ({ error: event.error }) },
                'emitMailFailed',
              ],
            },
          },
        },
        sent: {
          after: { mailResetDelay: { target: 'closed', actions: 'resetMail' } },
          on: { 'mail.closed': { target: 'closed', actions: 'resetMail' } },
        },
        failed: {
          on: {
            'mail.submitted': submitWhenValid(MAIL_SUBMIT, 'editing'),
            'mail.closed': { target: 'closed', actions: 'resetMail' },
          },
        },
      },
    },
    content: {
      initial: 'idle',
      states: {
        idle: {
          on: { 'content.resetRequested': { target: 'confirming', actions: 'clearContentError' } },
        },
        confirming: {
          on: {
            'content.confirmed': { target: 'resetting' },
            'content.cancelled': { target: 'idle' },
          },
        },
        resetting: {
          tags: ['resettingContent'],
          invoke: {
            id: 'resetContent',
            src: 'resetContent',
            input: ({ context }) => ({ sessionId: context.sessionId }),
            onDone: { target: 'idle', actions: ['clearContentError', 'emitContentReset'] },
            onError: {
              target: 'failed',
              actions: [
                { type: 'assignContentFailure', params: ({ event }) => ({ error: event.error }) },
                'emitContentFailed',
              ],
            },
          },
        },
        failed: {
          on: {
            'content.confirmed': { target: 'resetting', actions: 'clearContentError' },
            'content.cancelled': { target: 'idle', actions: 'clearContentError' },
          },
        },
      },
    },
  },
});
