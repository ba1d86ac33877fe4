import { fromCallback, fromPromise } from 'xstate';
import type { ChatHistory, ChatMessage, ConnectionCommand, SocketEvent } from './chat.machine';
import { CHAT_PAGE_SIZE } from './chat.machine';
import { type Api, unwrap } from './support/api';

/** The part of the browser's WebSocket the chat uses (tests pass a fake). */
export interface ChatSocket {
  readonly readyState: number;
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  send(data: string): void;
  close(code?: number): void;
}

export interface ChatActorOptions {
  /**
   * The socket's URL for a session, with the caller's token (`ws(s)://host/api/sessions/{id}/chat/socket?token=…&auth-legacy=…`),
   * or null when nobody is signed in (then the chat is refused with 4401 without a connection).
   */
  socketUrl(sessionId: number): string | null;
  /** Opens a socket; default the browser's `WebSocket`. */
  openSocket?: (url: string) => ChatSocket;
}

const OPEN = 1;

/**
 * The chat machine's actors (machines/chat.machine.ts) over the generated client and a WebSocket:
 * - connection: opens `socketUrl(sessionId)`, turns the server's frames (server/modules/classroom/
 *   chat-socket.ts) into `socket.*` events and `post` commands into frames. A socket closed before
 *   it opened may have been refused at the upgrade (a browser cannot read that answer's status), so
 *   one history call tells why: 401 → code 4401, 403 → 4403, 404 → 4404, otherwise the close code.
 *   Stopping the actor closes the socket (1000).
 * - loadHistory: `GET /sessions/{id}/chat/messages?before&limit=30`;
 * - deleteMessage: `DELETE /sessions/{id}/chat/messages/{messageId}`.
 * The promise actors reject with an `ApiError` (`status`, `serverMessage`) or the network error.
 */
export function createChatActors(api: Api, options: ChatActorOptions) {
  const openSocket = options.openSocket ?? ((url: string) => new WebSocket(url) as unknown as ChatSocket);
  return {
    connection: fromCallback<ConnectionCommand, { sessionId: number }>(({ input, sendBack, receive }) => {
      let stopped = false;
      const report = (event: SocketEvent) => {
        if (!stopped) sendBack(event);
      };
      const url = options.socketUrl(input.sessionId);
      if (!url) {
        queueMicrotask(() => report({ type: 'socket.closed', code: 4401 }));
        return () => {
          stopped = true;
        };
      }
      let opened = false;
      const socket = openSocket(url);
      socket.onopen = () => {
        opened = true;
      };
      socket.onmessage = (event) => {
        const frame = parseFrame(event.data);
        if (frame) report(frame);
      };
      socket.onclose = (event) => {
        if (stopped) return;
        if (opened) return report({ type: 'socket.closed', code: event.code });
        void refusalCode(api, input.sessionId).then((code) =>
          report({ type: 'socket.closed', code: code ?? event.code }),
        );
      };
      receive((command) => {
        if (socket.readyState === OPEN) socket.send(JSON.stringify({ type: 'post', text: command.text }));
        else report({ type: 'socket.error', code: 'SERVER' });
      });
      return () => {
        stopped = true;
        socket.onopen = socket.onmessage = socket.onclose = null;
        socket.close(1000);
      };
    }),
    loadHistory: fromPromise<ChatHistory, { sessionId: number; before: number | null }>(async ({ input }) =>
      unwrap(
        await api.GET('/sessions/{id}/chat/messages', {
          params: {
            path: { id: input.sessionId },
            query: { limit: CHAT_PAGE_SIZE, ...(input.before !== null ? { before: input.before } : {}) },
          },
        }),
      ),
    ),
    deleteMessage: fromPromise<{ id: number }, { sessionId: number; messageId: number }>(async ({ input }) =>
      unwrap(
        await api.DELETE('/sessions/{id}/chat/messages/{messageId}', {
          params: { path: { id: input.sessionId, messageId: input.messageId } },
        }),
      ),
    ),
  };
}

/** Why the server would refuse this chat (4401/4403/4404), or null when it would not (a network fault). */
async function refusalCode(api: Api, sessionId: number): Promise<number | null> {
  try {
    const { response } = await api.GET('/sessions/{id}/chat/messages', {
      params: { path: { id: sessionId }, query: { limit: 1 } },
    });
    return [401, 403, 404].includes(response.status) ? 4000 + response.status : null;
  } catch {
    return null;
  }
}

/** A server frame as a machine event, or null for anything unexpected. */
export function parseFrame(data: unknown): SocketEvent | null {
  if (typeof data !== 'string') return null;
  let frame: Record<string, unknown>;
  try {
    frame = JSON.parse(data) as Record<string, unknown>;
  } catch {
    return null;
  }
  switch (frame.type) {
    case 'ready':
      return { type: 'socket.ready', canPost: frame.canPost === true, canDelete: frame.canDelete === true };
    case 'message':
      return frame.message && typeof frame.message === 'object'
        ? { type: 'socket.message', message: frame.message as ChatMessage }
        : null;
    case 'deleted':
      return typeof frame.messageId === 'number' ? { type: 'socket.deleted', messageId: frame.messageId } : null;
    case 'error': {
      const code =
        (['RATE_LIMITED', 'INVALID', 'FORBIDDEN', 'SERVER'] as const).find((c) => c === frame.code) ?? 'SERVER';
      return {
        type: 'socket.error',
        code,
        ...(typeof frame.message === 'string' ? { message: frame.message } : {}),
        ...(typeof frame.retryAfterSeconds === 'number' ? { retryAfterSeconds: frame.retryAfterSeconds } : {}),
      };
    }
    default:
      return null;
  }
}
