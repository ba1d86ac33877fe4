import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/types.js';
import { notify } from '../../db/notifications.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { badRequest, forbidden, notFound, tooManyRequests } from '../../platform/errors.js';
import type { Schema } from '../../platform/handlers.js';
import { classroomAccess } from '../sessions/access.js';

/**
 * The session chat (docs/classroom.md "Session chat"): the enrolled learners and
 * the educator of a session talk in its classroom; admins read. Messages are plain text, stored in
 * `chat_messages`, paged by id, and announced to every server instance on the `chat` notification
 * channel (server/db/notifications.ts) once committed; chat-socket.ts delivers them over WebSocket.
 */

/** A message as the contract shows it (`ChatMessage`); `createdAt` ISO 8601 UTC. */
export type ChatMessageView = Schema<'ChatMessage'>;
/** A page of history (`ChatHistory`): oldest first, `nextBefore` the id to page further back. */
export type ChatHistory = Schema<'ChatHistory'>;

/** Longest message, in characters (code points) after {@link cleanChatText}. */
export const CHAT_MAX_LENGTH = 1000;
/** Per-user flood limit, over every session chat and server instance: `messages` in `windowSeconds`. */
export const CHAT_RATE_LIMIT = { messages: 5, windowSeconds: 10 } as const;
/** The logical notification channel of the chat. */
export const CHAT_CHANNEL = 'chat';

/** What a notification on {@link CHAT_CHANNEL} says (ids only: the 8000-byte payload limit). */
export type ChatEvent =
  | { kind: 'posted'; sessionId: number; messageId: number }
  | { kind: 'deleted'; sessionId: number; messageId: number };

/** What a caller may do in a session's chat: everyone in it reads; learners and the educator post. */
export interface ChatRights {
  role: 'LEARNER' | 'EDUCATOR' | 'ADMIN';
  canPost: boolean;
  /** Delete any message (the educator); learners delete only their own. */
  canDelete: boolean;
}

/**
 * Who may use a session's chat: as the classroom (sessions/access.ts `classroomAccess`): enrolled
 * learners (ACTIVE) and the session's educator read and post; ADMIN/SUPER_ADMIN read only.
 * @throws 404 unknown session; 403 anyone else.
 */
export async function chatRights(db: Kysely<Database>, caller: Caller, sessionId: number): Promise<ChatRights> {
  const { role } = await classroomAccess(db, caller, sessionId);
  return { role, canPost: role !== 'ADMIN', canDelete: role === 'EDUCATOR' };
}

/** Most combining marks kept on one character: Arabic needs 2–3 (shadda, a vowel, a small mark). */
export const CHAT_MAX_COMBINING_MARKS = 4;

/**
 * Invisible characters removed from chat text (Unicode general category Cf, format characters,
 * and the fillers that render as nothing): they hide or reorder text, make two messages or names
 * look alike, or break a terminal reading the logs (OWASP "Unicode-based attacks"; Unicode TR36
 * #entities "Bidirectional text spoofing"). Kept: U+200D ZERO WIDTH JOINER between two emoji (family and
 * profession emoji are joined by it), emoji tag characters after U+1F3F4 (subdivision flags), and
 * the visible Arabic and Syriac signs that Unicode also files as Cf (U+0600–U+0605, U+06DD, U+070F,
 * U+0890–U+0891, U+08E2). U+200E LEFT-TO-RIGHT MARK and U+200F RIGHT-TO-LEFT MARK are kept (one of
 * a run): Arabic writers use them to place punctuation and Latin words in a right-to-left line, and
 * unlike the embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069, removed) they
 * move no text around, they only set the direction of the neutral characters beside them.
 */
const INVISIBLE =
  /((?<=\p{Extended_Pictographic}[\p{M}\p{Emoji_Modifier}]*)\u200D(?=\p{Extended_Pictographic})|(?<=\u{1F3F4}[\u{E0020}-\u{E007E}]*)[\u{E0020}-\u{E007F}])|([\u200E\u200F])\2*|(?![\u0600-\u0605\u06DD\u070F\u0890\u0891\u08E2])[\p{Cf}\u115F\u1160\u3164\uFFA0\u2800]/gu;

/**
 * Plain text as stored (REST and socket posts alike):
 * - line breaks made `\n` (CR LF, CR, and U+2028/U+2029, the Unicode line and paragraph separators);
 * - control characters other than `\n` and `\t` removed, and the invisible characters of
 *   {@link INVISIBLE} (zero-width spaces and joiners, U+061C ARABIC LETTER MARK, U+FEFF, bidi
 *   embeddings, overrides and isolates, soft hyphens, tag characters, Hangul fillers…);
 * - Unicode NFC, then at most {@link CHAT_MAX_COMBINING_MARKS} combining marks on one character
 *   (hundreds of stacked marks draw over the lines around them: "Zalgo" text);
 * - trimmed; '' when nothing visible is left (only spaces, direction marks or lone marks), which the
 *   callers refuse as empty.
 * Markup stays as typed: the SPA shows text, never HTML, so nothing in it runs.
 */
export function cleanChatText(raw: string): string {
  const text = raw
    .replace(/\r\n?|[\u2028\u2029]/g, '\n')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g, '')
    // Kept as they are (group 1), one of a run of direction marks (group 2), or removed.
    .replace(INVISIBLE, (_match, keep: string | undefined, mark: string | undefined) => keep ?? mark ?? '')
    .normalize('NFC')
    .replace(new RegExp(`(\\p{M}{${CHAT_MAX_COMBINING_MARKS}})\\p{M}+`, 'gu'), '$1')
    .trim();
  return /[^\s\p{M}\u200E\u200F]/u.test(text) ? text : '';
}

const messageQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('chat_messages as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .innerJoin('sessions as s', 's.id', 'm.session_id')
    .select([
      'm.id',
      'm.session_id',
      'm.user_id',
      'm.body',
      'm.created_at',
      's.educator_id',
      'u.first_name',
      'u.last_name',
      'u.picture_url',
    ])
    .where('m.deleted_at', 'is', null);

type MessageRow = Awaited<ReturnType<ReturnType<typeof messageQuery>['executeTakeFirstOrThrow']>>;

function view(r: MessageRow): ChatMessageView {
  return {
    id: r.id,
    sessionId: r.session_id,
    author: { id: r.user_id, name: `${r.first_name} ${r.last_name}`.trim(), pictureUrl: r.picture_url },
    authorRole: r.user_id === r.educator_id ? 'EDUCATOR' : 'LEARNER',
    text: r.body,
    createdAt: new Date(r.created_at).toISOString(),
  };
}

/** One message that is not deleted, or null. */
export async function chatMessageById(db: Kysely<Database>, messageId: number): Promise<ChatMessageView | null> {
  const r = await messageQuery(db).where('m.id', '=', messageId).executeTakeFirst();
  return r ? view(r) : null;
}

/**
 * What a session's chat may have missed since `lostAt`, for the sockets of an instance whose LISTEN
 * connection was down (chat-socket.ts): messages with an id above `floor` (the sockets had them in
 * their history) and either above `afterId` or written from 5 s before `lostAt` on (a message committed late may have a lower id than one already delivered;
 * 5 s also absorbs a small clock difference with the database), oldest first, at most 500; and the
 * ids of messages deleted from 5 s before `lostAt` on.
 */
export async function chatChangesSince(
  db: Kysely<Database>,
  sessionId: number,
  floor: number,
  afterId: number,
  lostAt: Date,
): Promise<{ messages: ChatMessageView[]; deleted: number[] }> {
  const since = new Date(lostAt.getTime() - 5000);
  const rows = await messageQuery(db)
    .where('m.session_id', '=', sessionId)
    .where('m.id', '>', floor)
    .where((eb) => eb.or([eb('m.id', '>', afterId), eb('m.created_at', '>=', since)]))
    .orderBy('m.id')
    .limit(500)
    .execute();
  const deleted = await db
    .selectFrom('chat_messages')
    .select('id')
    .where('session_id', '=', sessionId)
    .where('deleted_at', '>=', since)
    .orderBy('id')
    .execute();
  return { messages: rows.map(view), deleted: deleted.map((d) => d.id) };
}

/** The highest message id of a session's chat (deleted ones included), 0 when there is none. */
export async function latestChatMessageId(db: Kysely<Database>, sessionId: number): Promise<number> {
  const row = await db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

/**
 * GET /sessions/{id}/chat/messages: at most `limit` messages older than `before` (the latest when
 * null), oldest first; `nextBefore` is the oldest id of the page when older messages exist.
 * @throws 404 unknown session; 403 as {@link chatRights}.
 */
export async function listChatMessages(
  app: AppContext,
  caller: Caller,
  sessionId: number,
  page: { before?: number; limit?: number },
): Promise<ChatHistory> {
  await chatRights(app.db, caller, sessionId);
  const limit = page.limit ?? 30;
  let q = messageQuery(app.db).where('m.session_id', '=', sessionId);
  if (page.before !== undefined) q = q.where('m.id', '<', page.before);
  const rows = await q
    .orderBy('m.id', 'desc')
    .limit(limit + 1)
    .execute();
  const more = rows.length > limit;
  const items = rows.slice(0, limit).reverse().map(view);
  return { items, nextBefore: more && items.length ? items[0]!.id : null };
}

/**
 * POST /sessions/{id}/chat/messages (and the WebSocket's `post` frame): stores the cleaned text and
 * notifies every instance in the same transaction (delivered once committed). The caller's row is
 * locked while their recent messages are counted, so concurrent posts cannot pass the limit
 * together, on one instance or several.
 * @throws 404 unknown session; 403 not a learner or the educator of the session (admins read only);
 *   400 empty or longer than {@link CHAT_MAX_LENGTH} once cleaned; 429 more than
 *   {@link CHAT_RATE_LIMIT} (Retry-After: seconds until the oldest of the window leaves it).
 */
export async function postChatMessage(
  app: AppContext,
  caller: Caller,
  sessionId: number,
  rawText: string,
): Promise<ChatMessageView> {
  const rights = await chatRights(app.db, caller, sessionId);
  if (!rights.canPost) throw forbidden('Admins read the session chat; only its learners and educator post');
  const text = cleanChatText(rawText);
  if (text.length === 0) throw badRequest('Some fields are invalid', [{ path: 'text', message: 'must not be empty' }]);
  if ([...text].length > CHAT_MAX_LENGTH)
    throw badRequest('Some fields are invalid', [
      { path: 'text', message: `must be at most ${CHAT_MAX_LENGTH} characters` },
    ]);
  const id = await app.db.transaction().execute(async (trx) => {
    await trx.selectFrom('users').select('id').where('id', '=', caller.userId).forUpdate().executeTakeFirst();
    const recent = await sql<{ n: number; oldest: Date | null; now: Date }>`
      select count(*)::int as n, min(created_at) as oldest, now() as now from chat_messages
      where user_id = ${caller.userId} and created_at > now() - make_interval(secs => ${CHAT_RATE_LIMIT.windowSeconds})`.execute(
      trx,
    );
    const { n, oldest, now } = recent.rows[0]!;
    if (Number(n) >= CHAT_RATE_LIMIT.messages) {
      const waitMs = new Date(oldest ?? now).getTime() + CHAT_RATE_LIMIT.windowSeconds * 1000 - new Date(now).getTime();
      throw tooManyRequests(
        `You can send ${CHAT_RATE_LIMIT.messages} messages every ${CHAT_RATE_LIMIT.windowSeconds} seconds; wait a moment`,
        waitMs / 1000,
      );
    }
    const row = await trx
      .insertInto('chat_messages')
      .values({ session_id: sessionId, user_id: caller.userId, body: text })
      .returning('id')
      .executeTakeFirstOrThrow();
    await notify(
      trx,
      app.notifications,
      CHAT_CHANNEL,
      JSON.stringify({ kind: 'posted', sessionId, messageId: row.id } satisfies ChatEvent),
    );
    return row.id;
  });
  return (await chatMessageById(app.db, id))!;
}

/**
 * DELETE /sessions/{id}/chat/messages/{messageId}: marks the message deleted (by whom, when) and
 * notifies every instance. The educator deletes any message of their session, a learner their own.
 * @throws 404 unknown session, or a message not in it or already deleted; 403 a learner's message
 *   deleted by another learner, admins (read only), anyone not in the session.
 */
export async function deleteChatMessage(
  app: AppContext,
  caller: Caller,
  sessionId: number,
  messageId: number,
): Promise<{ id: number }> {
  const rights = await chatRights(app.db, caller, sessionId);
  if (rights.role === 'ADMIN') throw forbidden('Admins read the session chat; only its educator deletes messages');
  return app.db.transaction().execute(async (trx) => {
    const message = await trx
      .selectFrom('chat_messages')
      .select(['id', 'user_id'])
      .where('id', '=', messageId)
      .where('session_id', '=', sessionId)
      .where('deleted_at', 'is', null)
      .forUpdate()
      .executeTakeFirst();
    if (!message) throw notFound('Message');
    if (!rights.canDelete && message.user_id !== caller.userId)
      throw forbidden("Only the session's educator can delete other people's messages");
    await trx
      .updateTable('chat_messages')
      .set({ deleted_at: app.now(), deleted_by: caller.userId })
      .where('id', '=', messageId)
      .execute();
    await notify(
      trx,
      app.notifications,
      CHAT_CHANNEL,
      JSON.stringify({ kind: 'deleted', sessionId, messageId } satisfies ChatEvent),
    );
    return { id: messageId };
  });
}
