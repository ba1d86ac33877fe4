import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate } from '../../platform/authn.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { HttpError } from '../../platform/errors.js';
import {
  CHAT_CHANNEL,
  chatChangesSince,
  chatMessageById,
  latestChatMessageId,
  chatRights,
  postChatMessage,
  type ChatEvent,
  type ChatMessageView,
  type ChatRights,
} from './chat.js';

/**
 * The session chat's live delivery (docs/classroom.md "Session chat"):
 * `GET /api/sessions/{id}/chat/socket?token=…` upgraded to a WebSocket (@fastify/websocket).
 *
 * Before the upgrade, as every API call: the bearer token (`Authorization` or `?token=`, checked
 * against the users table, server/platform/authn.ts) → 401; the session's chat rights (chat.ts
 * `chatRights`) → 404 unknown session, 403 not in it. After it, JSON text frames:
 * - server → client: {@link ServerFrame}: `ready` once live delivery is on (the client then loads
 *   the history, so nothing falls between), `message` for every message posted in the session on
 *   any instance (PostgreSQL LISTEN/NOTIFY through `AppContext.notifications`), `deleted`, `error`;
 * - client → server: `{ type: 'post', text }`, the same rules as `postChatMessage` (sanitised,
 *   1–1000 characters, rate-limited: an `error` frame instead of 400/429).
 * Each post re-checks the token and the caller's place in the session: a token that no longer holds
 * closes the socket with 4401, a caller no longer in the session with 4403. Sockets that miss a ping
 * (every 30 s) are dropped; the app's close ends every socket and the notification subscription.
 */

/** A frame the server sends. `retryAfterSeconds` comes with RATE_LIMITED. */
export type ServerFrame =
  | { type: 'ready'; canPost: boolean; canDelete: boolean }
  | { type: 'message'; message: ChatMessageView }
  | { type: 'deleted'; messageId: number }
  | {
      type: 'error';
      code: 'RATE_LIMITED' | 'INVALID' | 'FORBIDDEN' | 'SERVER';
      message: string;
      retryAfterSeconds?: number;
    };

/** Close codes of the chat socket (4000–4999 are the application's). */
export const CHAT_CLOSE = { unauthorized: 4401, forbidden: 4403 } as const;

const HEARTBEAT_MS = 30_000;
/**
 * How often each socket's token and chat rights are checked again (default; `registerChatSocket`'s
 * `recheckMs`, from CHAT_RECHECK_SECONDS). Two indexed reads per socket per interval.
 */
export const CHAT_RECHECK_MS = 20_000;
/** A message is sent without a new check to a socket checked less than this ago. */
const FRESH_MS = 5_000;
const MAX_FRAME_BYTES = 16 * 1024;

/** The part of a `ws` WebSocket this module uses (the package ships no types). */
interface Socket {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): void;
  on(event: 'close' | 'pong', listener: () => void): void;
}

interface Member {
  socket: Socket;
  alive: boolean;
  /** The upgrade request: its token is read again at each check. */
  request: FastifyRequest;
  userId: number;
  /** When the token and the rights last held ({@link Date.now}). */
  checkedAt: number;
  /** Frames to this socket go out in order, each after the check it may need. */
  outbox: Promise<void>;
  /** Closed by a check (4401/4403): nothing more is sent. */
  ended: boolean;
}

/** The sockets of one session on this instance, and which messages they were sent. */
interface Room {
  sessionId: number;
  members: Set<Member>;
  /** The highest message id sent, or null before the first. */
  lastId: number | null;
  /**
   * The highest message id when the room opened: its sockets load the history up to it once
   * `ready`, so a catch-up never resends those. Resolves once read.
   */
  floor: Promise<number>;
  /** Ids of the messages sent (the latest {@link SEEN_CAP}): nothing is sent twice. */
  seen: Set<number>;
}
const SEEN_CAP = 1000;
/** Above every message id (an `integer` column): "no id yet" in the catch-up query. */
const NO_ID = 2147483647;

const OPEN = 1;
const send = (socket: Socket, frame: ServerFrame) => {
  if (socket.readyState === OPEN) socket.send(JSON.stringify(frame));
};

/**
 * Registers the chat socket route on `app` (after @fastify/websocket) and its fan-out: one
 * subscription per instance to the `chat` notifications, opened with the first socket.
 */
export function registerChatSocket(app: FastifyInstance, ctx: AppContext, options: { recheckMs?: number } = {}): void {
  const recheckMs = options.recheckMs ?? CHAT_RECHECK_MS;
  // A message goes to a socket whose check is older than this only after checking it again.
  const freshMs = Math.min(recheckMs, FRESH_MS);
  const rooms = new Map<number, Room>();
  const granted = new WeakMap<FastifyRequest, { caller: Caller; rights: ChatRights; sessionId: number }>();
  let subscription: Promise<() => Promise<void>> | null = null;

  const onEvent = async (payload: string) => {
    let event: ChatEvent;
    try {
      event = JSON.parse(payload) as ChatEvent;
    } catch {
      return;
    }
    const room = rooms.get(event.sessionId);
    if (!room?.members.size) return;
    if (event.kind === 'deleted') {
      for (const m of room.members) sendChecked(m, event.sessionId, { type: 'deleted', messageId: event.messageId });
      return;
    }
    const message = await chatMessageById(ctx.db, event.messageId);
    // Deleted in the meantime: its own notification follows.
    if (!message) return;
    deliver(room, message);
  };
  /** Sends `message` to the room's sockets unless it was sent already. */
  const deliver = (room: Room, message: ChatMessageView) => {
    if (room.seen.has(message.id)) return;
    room.seen.add(message.id);
    if (room.seen.size > SEEN_CAP) room.seen.delete(room.seen.values().next().value!);
    room.lastId = Math.max(room.lastId ?? 0, message.id);
    for (const m of room.members) sendChecked(m, room.sessionId, { type: 'message', message });
  };
  /**
   * Whether the member's token still holds (same user, token_version, account active) and the user
   * is still in the session (chatRights). Closes the socket with 4401 or 4403 when not. A database
   * that cannot answer decides nothing: the socket stays until the next check.
   */
  const check = async (member: Member, sessionId: number): Promise<boolean> => {
    if (member.ended) return false;
    try {
      const current = await authenticate(member.request, ctx.db, ctx.tokens);
      if (!current || current.userId !== member.userId) return end(member, CHAT_CLOSE.unauthorized, 'Sign in again');
      await chatRights(ctx.db, current, sessionId);
      member.checkedAt = Date.now();
      return true;
    } catch (err) {
      if (err instanceof HttpError && (err.statusCode === 403 || err.statusCode === 404))
        return end(member, CHAT_CLOSE.forbidden, 'No longer in this session');
      app.log.warn({ err, sessionId }, 'chat socket check failed; kept until the next one');
      return !member.ended;
    }
  };
  const end = (member: Member, code: number, reason: string) => {
    member.ended = true;
    member.socket.close(code, reason);
    return false;
  };
  /** Sends `frame` to `member` in order, checking the member first when its last check is not fresh. */
  const sendChecked = (member: Member, sessionId: number, frame: ServerFrame) => {
    member.outbox = member.outbox
      .then(async () => {
        if (member.ended) return;
        if (Date.now() - member.checkedAt > freshMs && !(await check(member, sessionId))) return;
        send(member.socket, frame);
      })
      .catch((err) => app.log.error({ err }, 'chat delivery failed'));
  };
  /**
   * The LISTEN connection listens again after a loss (server/db/notifications.ts): every room with
   * sockets gets, in id order and once, what was posted or deleted while notifications were lost.
   */
  const onResume = (lostAt: Date) => {
    for (const [sessionId, room] of rooms) {
      room.floor
        .then((floor) => chatChangesSince(ctx.db, sessionId, floor, room.lastId ?? NO_ID, lostAt))
        .then(({ messages, deleted }) => {
          if (rooms.get(sessionId) !== room) return;
          for (const message of messages) deliver(room, message);
          for (const messageId of deleted)
            for (const m of room.members) sendChecked(m, sessionId, { type: 'deleted', messageId });
        })
        .catch((err) => app.log.error({ err, sessionId }, 'chat catch-up after a lost notification connection failed'));
    }
  };
  // Unread (database down): 0, so a catch-up may resend messages the sockets have; the SPA merges by id.
  const firstFloor = (sessionId: number) => latestChatMessageId(ctx.db, sessionId).catch(() => 0);
  const subscribe = () =>
    (subscription ??= ctx.notifications
      .subscribe(
        CHAT_CHANNEL,
        (payload) => {
          onEvent(payload).catch((err) => app.log.error({ err }, 'chat delivery failed'));
        },
        onResume,
      )
      .catch((err) => {
        subscription = null;
        throw err;
      }));

  const heartbeat = setInterval(() => {
    for (const { members } of rooms.values()) {
      for (const m of members) {
        if (!m.alive) m.socket.terminate();
        else {
          m.alive = false;
          m.socket.ping();
        }
      }
    }
  }, HEARTBEAT_MS);
  heartbeat.unref();
  // Every socket's token and rights are checked again at each interval, without waiting for a post:
  // a password change, sign-out of every device (token_version), a deleted account, a cancelled
  // enrollment or a lost company membership ends the socket within one interval.
  const recheck = setInterval(() => {
    for (const [sessionId, { members }] of rooms) {
      for (const m of members) if (!m.ended) void check(m, sessionId);
    }
  }, recheckMs);
  recheck.unref();
  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    clearInterval(recheck);
    const stop = await subscription?.catch(() => null);
    await stop?.();
  });

  app.get<{ Params: { id: string } }>(
    '/api/sessions/:id/chat/socket',
    {
      websocket: true,
      preValidation: async (request) => {
        const sessionId = Number(request.params.id);
        if (!Number.isInteger(sessionId) || sessionId < 1 || sessionId > 2147483647) {
          throw new HttpError(400, 'Some fields are invalid', [{ path: 'id', message: 'must be a session id' }]);
        }
        const caller = await authenticate(request, ctx.db, ctx.tokens);
        if (!caller) throw new HttpError(401, 'Authentication required');
        granted.set(request, { caller, rights: await chatRights(ctx.db, caller, sessionId), sessionId });
      },
    },
    (socket: Socket, request) => {
      const { caller, rights, sessionId } = granted.get(request)!;
      const member: Member = {
        socket,
        alive: true,
        request,
        userId: caller.userId,
        checkedAt: Date.now(),
        outbox: Promise.resolve(),
        ended: false,
      };
      let room = rooms.get(sessionId);
      if (!room)
        rooms.set(
          sessionId,
          (room = { sessionId, members: new Set(), lastId: null, seen: new Set(), floor: firstFloor(sessionId) }),
        );
      const { members, floor } = room;
      members.add(member);
      const counted = ctx.metrics.chatSocketOpened();
      socket.on('pong', () => (member.alive = true));
      socket.on('close', () => {
        counted();
        members.delete(member);
        if (!members.size && rooms.get(sessionId)?.members === members) rooms.delete(sessionId);
      });

      // Frames of one socket are handled in order.
      let queue = Promise.resolve();
      socket.on('message', (data, isBinary) => {
        member.alive = true;
        queue = queue.then(() => onFrame(data, isBinary)).catch((err) => app.log.error({ err }, 'chat frame failed'));
      });
      const onFrame = async (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => {
        const raw = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
        let frame: unknown = null;
        try {
          frame = isBinary || raw.length > MAX_FRAME_BYTES ? null : JSON.parse(raw.toString('utf8'));
        } catch {
          frame = null;
        }
        const post = frame as { type?: unknown; text?: unknown } | null;
        if (!post || post.type !== 'post' || typeof post.text !== 'string') {
          return send(socket, { type: 'error', code: 'INVALID', message: 'Send {"type":"post","text":"…"}' });
        }
        const current = await authenticate(request, ctx.db, ctx.tokens);
        if (!current || current.userId !== caller.userId)
          return void end(member, CHAT_CLOSE.unauthorized, 'Sign in again');
        try {
          await postChatMessage(ctx, current, sessionId, post.text);
        } catch (err) {
          if (!(err instanceof HttpError)) {
            app.log.error({ err }, 'chat post failed');
            return send(socket, { type: 'error', code: 'SERVER', message: 'System error please try later !' });
          }
          if (err.statusCode === 429)
            return send(socket, {
              type: 'error',
              code: 'RATE_LIMITED',
              message: err.message,
              retryAfterSeconds: err.retryAfterSeconds ?? 1,
            });
          if (err.statusCode === 400)
            return send(socket, {
              type: 'error',
              code: 'INVALID',
              message: err.errors?.[0] ? `text ${err.errors[0].message}` : err.message,
            });
          if (err.statusCode === 403 && rights.role !== 'ADMIN')
            return void end(member, CHAT_CLOSE.forbidden, 'No longer in this session');
          return send(socket, { type: 'error', code: 'FORBIDDEN', message: err.message });
        }
      };

      Promise.all([subscribe(), floor]).then(
        () => send(socket, { type: 'ready', canPost: rights.canPost, canDelete: rights.canDelete }),
        (err) => {
          app.log.error({ err }, 'chat notifications unavailable');
          socket.close(1011, 'Chat unavailable');
        },
      );
    },
  );
}
