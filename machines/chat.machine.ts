import { assign, fromCallback, sendTo, setup } from 'xstate';
import { notProvided } from './support/actors';
import { failureOf } from './support/errors';
import type { Schema } from './support/contract';

/**
 * The session chat of a classroom (product.md#states "resets exist for … session chat";
 * docs/classroom.md "Session chat"). One WebSocket per classroom (the `connection` actor), the
 * history over REST, deletions over REST.
 *
 *   connection.live.connecting ─socket.ready{canPost,canDelete}─▶ connection.live.online
 *   live ─socket.closed{4401|4403|4404}─▶ denied (the server refused: token, not in the session, no session)
 *        ─socket.closed{other}─▶ waiting ─after reconnectDelay─▶ live (1 s, 2 s, 4 s, 8 s, 16 s, then 30 s;
 *                                                                back to 1 s once ready)
 *   waiting | denied ─chat.retry─▶ live (at once)
 *   online, three regions:
 *     history:  loading (the latest page, merged with what arrived live) ─done─▶ idle ─chat.olderRequested
 *               [older pages exist]─▶ loadingOlder ─done─▶ idle; either ─error─▶ failed ─chat.historyRetried─▶ loading
 *     composer: idle ─chat.sent [may post, 1–1000 characters]─▶ sending (the `post` frame) ─socket.message
 *               [the caller's own]─▶ idle ; sending ─socket.error─▶ idle with the text back in the draft and a notice
 *               (RATE_LIMITED with retryAfterSeconds, INVALID, FORBIDDEN); chat.sent with too long a text
 *               stays in idle with the notice TOO_LONG
 *     deletion: idle ─chat.deleteRequested [educator, or the caller's own message]─▶ deleting ─done─▶ idle
 *               (the message removed) ─error─▶ idle with the notice delete.failed
 *   socket.message / socket.deleted (online): the message added in id order (deduplicated) / removed.
 *   auth.signedOut (anywhere) ─▶ signedOut: messages, draft, rights and notices forgotten; the socket
 *   closes (the `connection` actor stops with its state).
 *
 * Pure: the socket, the history and the deletion are actors injected by the route
 * (`createChatActors`, chat.actors.ts). Notices are codes; the UI translates them.
 */

/** Longest message in characters (the contract's `ChatMessageInput.text`). */
export const CHAT_MAX_LENGTH = 1000;
/** Messages per history page. */
export const CHAT_PAGE_SIZE = 30;
/** First reconnection delay (ms); doubled at each failed attempt up to {@link RECONNECT_MAX_MS}. */
export const RECONNECT_BASE_MS = 1000;
export const RECONNECT_MAX_MS = 30_000;
/** Attempts are counted up to this (the delay is then at its maximum). */
export const MAX_ATTEMPT = 6;

/** Delay before reconnection attempt `attempt` (1-based), in ms: 1 s, 2 s, 4 s, 8 s, 16 s, 30 s. */
export const reconnectDelayMs = (attempt: number): number =>
  Math.min(RECONNECT_BASE_MS * 2 ** Math.max(0, attempt - 1), RECONNECT_MAX_MS);

/** A message of the session's chat: its author and their role, the text and `createdAt` (ISO 8601 UTC). */
export type ChatMessage = Schema<'ChatMessage'>;

/** A page of history: messages oldest first, and the id to ask the page before with (null: none older). */
export type ChatHistory = Schema<'ChatHistory'>;

export type ChatNoticeCode =
  | 'RATE_LIMITED'
  | 'INVALID'
  | 'FORBIDDEN'
  | 'SERVER'
  | 'TOO_LONG'
  | 'delete.failed'
  | 'history.failed';

/** Something to tell the user (translated by the UI); `retryAfterSeconds` with RATE_LIMITED. */
export interface ChatNotice {
  code: ChatNoticeCode;
  message?: string;
  retryAfterSeconds?: number;
}

export interface ChatInput {
  sessionId: number;
  /** The signed-in user (their own messages: deletable, and the echo of their posts). */
  userId: number;
}

export interface ChatContext {
  sessionId: number;
  userId: number;
  /** Loaded and live messages, by id ascending. */
  messages: ChatMessage[];
  /** `before` of the next older page; null when the first message is loaded. */
  nextBefore: number | null;
  canPost: boolean;
  canDelete: boolean;
  /** Failed connection attempts in a row (0 once connected), at most {@link MAX_ATTEMPT}. */
  attempt: number;
  draft: string;
  /** Text of the post awaiting its echo. */
  pending: string | null;
  /** The message being deleted. */
  deleting: number | null;
  /** The last message that arrived live (announced politely by the UI). */
  arrived: number | null;
  /** The close code that refused the chat (denied). */
  refusal: number | null;
  notice: ChatNotice | null;
}

/** Frames from the `connection` actor. */
export type SocketEvent =
  | { type: 'socket.ready'; canPost: boolean; canDelete: boolean }
  | { type: 'socket.message'; message: ChatMessage }
  | { type: 'socket.deleted'; messageId: number }
  | {
      type: 'socket.error';
      code: 'RATE_LIMITED' | 'INVALID' | 'FORBIDDEN' | 'SERVER';
      message?: string;
      retryAfterSeconds?: number;
    }
  | { type: 'socket.closed'; code: number };

export type ChatEvent =
  | SocketEvent
  | { type: 'chat.draftChanged'; text: string }
  | { type: 'chat.sent' }
  | { type: 'chat.olderRequested' }
  | { type: 'chat.historyRetried' }
  | { type: 'chat.deleteRequested'; messageId: number }
  | { type: 'chat.retry' }
  | { type: 'chat.noticeDismissed' }
  | { type: 'auth.signedOut' };

/** What the machine sends to the `connection` actor. */
export type ConnectionCommand = { type: 'post'; text: string };

/** Close codes meaning "the server refuses": the token (4401), not in the session (4403), no such session (4404). */
export const REFUSAL_CODES: readonly number[] = [4401, 4403, 4404];

const emptyContext = (input: ChatInput): ChatContext => ({
  sessionId: input.sessionId,
  userId: input.userId,
  messages: [],
  nextBefore: null,
  canPost: false,
  canDelete: false,
  attempt: 0,
  draft: '',
  pending: null,
  deleting: null,
  arrived: null,
  refusal: null,
  notice: null,
});

/** `a` and `b` merged by id (b's copy wins), ascending. */
function mergeById(a: ChatMessage[], b: ChatMessage[]): ChatMessage[] {
  const byId = new Map(a.map((m) => [m.id, m]));
  for (const m of b) byId.set(m.id, m);
  return [...byId.values()].sort((x, y) => x.id - y.id);
}

const sendable = (draft: string) => draft.trim().length;

export const chatMachine = setup({
  types: {
    context: {} as ChatContext,
    events: {} as ChatEvent,
    input: {} as ChatInput,
    tags: {} as 'connected' | 'reconnecting' | 'loadingHistory' | 'sending' | 'deleting',
  },
  actors: {
    /** The WebSocket (`{sessionId}`): sends back SocketEvents, receives ConnectionCommands. */
    connection: fromCallback<ConnectionCommand, { sessionId: number }>(() => {
      throw new Error('chat.machine: actor "connection" was not provided (use createChatActors)');
    }),
    /** GET /sessions/{id}/chat/messages?before&limit → a page. */
    loadHistory: notProvided<ChatHistory, { sessionId: number; before: number | null }>(
      'chat',
      'loadHistory',
      'createChatActors',
    ),
    /** DELETE /sessions/{id}/chat/messages/{messageId}. */
    deleteMessage: notProvided<{ id: number }, { sessionId: number; messageId: number }>(
      'chat',
      'deleteMessage',
      'createChatActors',
    ),
  },
  delays: {
    reconnectDelay: ({ context }) => reconnectDelayMs(context.attempt),
  },
  guards: {
    isRefusal: ({ event }) => event.type === 'socket.closed' && REFUSAL_CODES.includes(event.code),
    hasOlder: ({ context }) => context.nextBefore !== null,
    draftSendable: ({ context }) =>
      context.canPost && sendable(context.draft) > 0 && [...context.draft.trim()].length <= CHAT_MAX_LENGTH,
    draftTooLong: ({ context }) => [...context.draft.trim()].length > CHAT_MAX_LENGTH,
    isOwnMessage: ({ context, event }) => event.type === 'socket.message' && event.message.author.id === context.userId,
    mayDelete: ({ context, event }) => {
      if (event.type !== 'chat.deleteRequested') return false;
      const message = context.messages.find((m) => m.id === event.messageId);
      return Boolean(message) && (context.canDelete || (context.canPost && message!.author.id === context.userId));
    },
  },
  actions: {
    forgetEverything: assign(({ context }) => emptyContext(context)),
    setRights: assign(({ event }) =>
      event.type === 'socket.ready'
        ? { canPost: event.canPost, canDelete: event.canDelete, attempt: 0, refusal: null }
        : {},
    ),
    countAttempt: assign({ attempt: ({ context }) => Math.min(context.attempt + 1, MAX_ATTEMPT) }),
    rememberRefusal: assign({ refusal: ({ event }) => (event.type === 'socket.closed' ? event.code : null) }),
    clearRefusal: assign({ refusal: null, attempt: 0 }),
    restoreDraft: assign(({ context }) =>
      context.pending !== null ? { draft: context.draft === '' ? context.pending : context.draft, pending: null } : {},
    ),
    mergeLatest: assign(({ context, event }) => {
      const page = (event as unknown as { output: ChatHistory }).output;
      // Messages older than the page are dropped (reloaded with "older"), so no gap can hide in the list.
      const oldest = page.items[0]?.id ?? Infinity;
      const live = context.messages.filter((m) => m.id > oldest || (page.items.length === 0 && m.id > 0));
      return { messages: mergeById(page.items, live), nextBefore: page.nextBefore };
    }),
    mergeOlder: assign(({ context, event }) => {
      const page = (event as unknown as { output: ChatHistory }).output;
      return { messages: mergeById(page.items, context.messages), nextBefore: page.nextBefore };
    }),
    receive: assign(({ context, event }) =>
      event.type === 'socket.message' && event.message.sessionId === context.sessionId
        ? { messages: mergeById(context.messages, [event.message]), arrived: event.message.id }
        : {},
    ),
    removeMessage: assign({
      messages: ({ context, event }) =>
        event.type === 'socket.deleted' ? context.messages.filter((m) => m.id !== event.messageId) : context.messages,
    }),
    setDraft: assign({ draft: ({ event }) => (event.type === 'chat.draftChanged' ? event.text : '') }),
    post: sendTo('connection', ({ context }): ConnectionCommand => ({ type: 'post', text: context.draft.trim() })),
    markPending: assign(({ context }) => ({ pending: context.draft.trim(), draft: '', notice: null })),
    clearPending: assign({ pending: null }),
    noticeTooLong: assign({ notice: { code: 'TOO_LONG' } as ChatNotice }),
    setNotice: assign({
      notice: ({ event }) =>
        event.type === 'socket.error'
          ? {
              code: event.code,
              ...(event.message ? { message: event.message } : {}),
              ...(event.retryAfterSeconds !== undefined ? { retryAfterSeconds: event.retryAfterSeconds } : {}),
            }
          : null,
    }),
    clearNotice: assign({ notice: null }),
    markDeleting: assign({ deleting: ({ event }) => (event.type === 'chat.deleteRequested' ? event.messageId : null) }),
    removeDeleted: assign(({ context }) => ({
      messages: context.messages.filter((m) => m.id !== context.deleting),
      deleting: null,
    })),
    deleteFailed: assign(({ event }) => {
      const failure = failureOf('delete.failed', (event as unknown as { error: unknown }).error);
      return {
        deleting: null,
        notice: { code: 'delete.failed' as const, ...(failure.message ? { message: failure.message } : {}) },
      };
    }),
    historyFailed: assign({ notice: { code: 'history.failed' } as ChatNotice }),
  },
}).createMachine({
  id: 'chat',
  context: ({ input }) => emptyContext(input),
  initial: 'connection',
  on: {
    'auth.signedOut': { target: '.signedOut', actions: 'forgetEverything' },
  },
  states: {
    connection: {
      initial: 'live',
      on: {
        'chat.draftChanged': { actions: 'setDraft' },
        'chat.noticeDismissed': { actions: 'clearNotice' },
      },
      states: {
        live: {
          invoke: { id: 'connection', src: 'connection', input: ({ context }) => ({ sessionId: context.sessionId }) },
          initial: 'connecting',
          on: {
            'socket.closed': [
              { guard: 'isRefusal', target: 'denied', actions: ['rememberRefusal', 'restoreDraft'] },
              { target: 'waiting', actions: ['countAttempt', 'restoreDraft'] },
            ],
          },
          states: {
            connecting: {
              on: { 'socket.ready': { target: 'online', actions: 'setRights' } },
            },
            online: {
              type: 'parallel',
              tags: ['connected'],
              on: {
                'socket.message': { actions: 'receive' },
                'socket.deleted': { actions: 'removeMessage' },
              },
              states: {
                history: {
                  initial: 'loading',
                  states: {
                    loading: {
                      tags: ['loadingHistory'],
                      invoke: {
                        id: 'loadHistory',
                        src: 'loadHistory',
                        input: ({ context }) => ({ sessionId: context.sessionId, before: null }),
                        onDone: { target: 'idle', actions: 'mergeLatest' },
                        onError: { target: 'failed', actions: 'historyFailed' },
                      },
                    },
                    idle: {
                      on: { 'chat.olderRequested': { guard: 'hasOlder', target: 'loadingOlder' } },
                    },
                    loadingOlder: {
                      tags: ['loadingHistory'],
                      invoke: {
                        id: 'loadOlder',
                        src: 'loadHistory',
                        input: ({ context }) => ({ sessionId: context.sessionId, before: context.nextBefore }),
                        onDone: { target: 'idle', actions: 'mergeOlder' },
                        onError: { target: 'failed', actions: 'historyFailed' },
                      },
                    },
                    failed: {
                      on: { 'chat.historyRetried': { target: 'loading', actions: 'clearNotice' } },
                    },
                  },
                },
                composer: {
                  initial: 'idle',
                  states: {
                    idle: {
                      on: {
                        'chat.sent': [
                          { guard: 'draftSendable', target: 'sending', actions: ['post', 'markPending'] },
                          { guard: 'draftTooLong', actions: 'noticeTooLong' },
                        ],
                        'socket.error': { actions: 'setNotice' },
                      },
                    },
                    sending: {
                      tags: ['sending'],
                      on: {
                        'socket.message': {
                          guard: 'isOwnMessage',
                          target: 'idle',
                          actions: ['receive', 'clearPending'],
                        },
                        'socket.error': { target: 'idle', actions: ['restoreDraft', 'setNotice'] },
                      },
                    },
                  },
                },
                deletion: {
                  initial: 'idle',
                  states: {
                    idle: {
                      on: {
                        'chat.deleteRequested': { guard: 'mayDelete', target: 'deleting', actions: 'markDeleting' },
                      },
                    },
                    deleting: {
                      tags: ['deleting'],
                      invoke: {
                        id: 'deleteMessage',
                        src: 'deleteMessage',
                        input: ({ context }) => ({ sessionId: context.sessionId, messageId: context.deleting! }),
                        onDone: { target: 'idle', actions: 'removeDeleted' },
                        onError: { target: 'idle', actions: 'deleteFailed' },
                      },
                    },
                  },
                },
              },
            },
          },
        },
        waiting: {
          tags: ['reconnecting'],
          after: { reconnectDelay: 'live' },
          on: { 'chat.retry': 'live' },
        },
        denied: {
          on: { 'chat.retry': { target: 'live', actions: 'clearRefusal' } },
        },
      },
    },
    signedOut: {},
  },
});
