import { createHmac } from 'node:crypto';
import type { Config } from '../../config.js';
import type { LessonTypeCode } from '../../db/types.js';

/**
 * The video room of a session's meetings (docs/classroom.md "Meeting room"): a meeting lesson opens
 * the link its educator pasted, else the session's own room at the conferencing provider
 * (MEETING_BASE_URL, Jitsi Meet by default). Pure: the secret and the base URL come from the config.
 */

/** Lesson types held as meetings (slots, join window, attendance, the session's room). */
export const MEETING_TYPES: readonly LessonTypeCode[] = ['meeting', 'liveSession'];

/**
 * The session's room name, `Halaqa-<sessionId>-<20 hex chars>`: the hex is the start of
 * HMAC-SHA256(`secret`, "meeting-room:<sessionId>"), so the name is the same on every instance and
 * every call (one room per session) yet cannot be guessed without the secret (80 bits).
 */
export function meetingRoomName(secret: string, sessionId: number): string {
  const mac = createHmac('sha256', secret).update(`meeting-room:${sessionId}`).digest('hex');
  return `Halaqa-${sessionId}-${mac.slice(0, 20)}`;
}

/** Where a session's rooms are made: the provider's base URL (no trailing slash; null = no rooms) and the secret. */
export interface MeetingRooms {
  baseUrl: string | null;
  secret: string;
}

/** The config's provider (MEETING_BASE_URL) and the server's JWT secret, which keys the room names. */
export function meetingRoomsOf(config: Pick<Config, 'meetingBaseUrl' | 'jwtSecret'>): MeetingRooms {
  return { baseUrl: config.meetingBaseUrl, secret: config.jwtSecret };
}

/**
 * The URL a meeting lesson of session `sessionId` opens: the pasted `link` when set, else
 * `${baseUrl}/${room}`; null when neither (no link and the provider is off).
 */
export function meetingUrl(link: string | null, sessionId: number, rooms: MeetingRooms): string | null {
  if (link) return link;
  return rooms.baseUrl ? `${rooms.baseUrl}/${meetingRoomName(rooms.secret, sessionId)}` : null;
}
