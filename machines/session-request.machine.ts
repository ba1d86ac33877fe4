import { assign, emit, setup } from 'xstate';
import { notProvided } from './support/actors';
import type { Schema } from './support/contract';

/**
 * An educator requests a new session of a course (product.md#calls `POST /sessions`, DESIGN #overview Session):
 * dates, IANA time zone, weekly slots, seats and price. Pure: the call is the `requestSession`
 * actor of `session-request.actors.ts`. The form validates on the client before it sends
 * `request.submitted`; the server's answer decides:
 *
 *   editing ─request.submitted─▶ submitting ─▶ submitted (the new PENDING session)
 *                                    └─ error ─▶ failed (code, server message, field errors)
 *   failed ─request.submitted─▶ submitting ; submitted | failed ─request.reset─▶ editing
 *
 * The UI maps the outcome to the spec's toasts ('Request submitted successfully!' /
 * 'Error while creating Session !').
 */

/** Weekday keys as the API spells them (product.md#entities: sunday to saturday). */
export type WeekdayKey = Schema<'Weekday'>;

/**
 * The body of `POST /sessions`: the course, `startDate`/`endDate` ('YYYY-MM-DD' in the IANA `timezone`; an end
 * before the start is a 422), every weekday of `schedule` (null: no meeting that day), `maxSeats` (≥ 1) and
 * `price` (decimal US dollars, 0 = free).
 */
export type SessionRequestBody = Schema<'SessionRequest'>;

/** What `POST /sessions` answers that the UI uses. */
export type RequestedSession = Pick<Schema<'SessionSummary'>, 'id' | 'courseId' | 'status'>;

export interface SessionRequestFailure {
  code: 'sessionRequest.failed';
  /** HTTP status (0 = no answer). */
  status?: number;
  /** The server's message, when it sent one. */
  message?: string;
}

export interface SessionRequestContext {
  /** Server field errors (normalised, product.md#validation): field → message. */
  fieldErrors: Record<string, string>;
  error: SessionRequestFailure | null;
  /** The last body sent. */
  request: SessionRequestBody | null;
  result: RequestedSession | null;
}

/** What the machine announces for the screen's toasts (product.md#messages). */
export type SessionRequestEmitted =
  | { type: 'session.requested'; result: RequestedSession }
  | { type: 'session.requestFailed'; error: SessionRequestFailure | null };

export type SessionRequestEvent =
  | { type: 'request.submitted'; request: SessionRequestBody }
  | { type: 'request.reset' };

/** `{status, serverMessage, fieldErrors}` of an `ApiError` (or anything thrown) as a failure. */
export function requestFailureOf(error: unknown): {
  error: SessionRequestFailure;
  fieldErrors: Record<string, string>;
} {
  const e = (error && typeof error === 'object' ? error : {}) as {
    status?: unknown;
    serverMessage?: unknown;
    fieldErrors?: unknown;
  };
  return {
    fieldErrors:
      e.fieldErrors && typeof e.fieldErrors === 'object' ? { ...(e.fieldErrors as Record<string, string>) } : {},
    error: {
      code: 'sessionRequest.failed',
      ...(typeof e.status === 'number' ? { status: e.status } : {}),
      ...(typeof e.serverMessage === 'string' && e.serverMessage ? { message: e.serverMessage } : {}),
    },
  };
}

export const sessionRequestMachine = setup({
  types: {
    context: {} as SessionRequestContext,
    events: {} as SessionRequestEvent,
    emitted: {} as SessionRequestEmitted,
    tags: {} as 'busy',
  },
  actors: {
    /** POST /sessions. Rejects with an `ApiError` (400 field errors, 403, 404, 422…). */
    requestSession: notProvided<RequestedSession, SessionRequestBody>(
      'session-request',
      'requestSession',
      'createSessionRequestActors',
    ),
  },
  actions: {
    assignRequest: assign((_, params: SessionRequestBody) => ({ request: params, error: null, fieldErrors: {} })),
    assignResult: assign((_, params: RequestedSession) => ({ result: params })),
    assignFailure: assign((_, params: { error: unknown }) => requestFailureOf(params.error)),
    clear: assign({ fieldErrors: {}, error: null, result: null, request: null }),
    emitRequested: emit(({ context }) => ({ type: 'session.requested' as const, result: context.result! })),
    emitRequestFailed: emit(({ context }) => ({ type: 'session.requestFailed' as const, error: context.error })),
  },
}).createMachine({
  id: 'sessionRequest',
  initial: 'editing',
  context: { fieldErrors: {}, error: null, request: null, result: null },
  states: {
    editing: {
      on: {
        'request.submitted': {
          target: 'submitting',
          actions: { type: 'assignRequest', params: ({ event }) => event.request },
        },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'requestSession',
        src: 'requestSession',
        input: ({ context }) => context.request!,
        onDone: { target: 'submitted', actions: { type: 'assignResult', params: ({ event }) => event.output } },
        onError: {
          target: 'failed',
          actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    submitted: {
      entry: 'emitRequested',
      on: { 'request.reset': { target: 'editing', actions: 'clear' } },
    },
    failed: {
      entry: 'emitRequestFailed',
      on: {
        'request.submitted': {
          target: 'submitting',
          actions: { type: 'assignRequest', params: ({ event }) => event.request },
        },
        'request.reset': { target: 'editing', actions: 'clear' },
      },
    },
  },
});
