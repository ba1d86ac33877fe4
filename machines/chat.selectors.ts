import type { SnapshotFrom } from 'xstate';
import { CHAT_MAX_LENGTH, type ChatMessage, type ChatNotice, chatMachine, reconnectDelayMs } from './chat.machine';

/** Selectors of the chat machine (machines/chat.machine.ts) for the classroom's chat panel. */
export type ChatSnapshot = SnapshotFrom<typeof chatMachine>;

/** Connected: the socket is open and the server said ready. */
export const isConnected = (s: ChatSnapshot): boolean => s.hasTag('connected');
/** Opening the socket (first time or after a wait). */
export const isConnecting = (s: ChatSnapshot): boolean => s.matches({ connection: { live: 'connecting' } });
/** The connection was lost; another attempt follows after {@link reconnectInMs}. */
export const isReconnecting = (s: ChatSnapshot): boolean => s.hasTag('reconnecting');
/** Delay before the next attempt (ms), while reconnecting. */
export const reconnectInMs = (s: ChatSnapshot): number => reconnectDelayMs(s.context.attempt);
/** The server refused the chat: 4401 token, 4403 not in the session, 4404 no such session. */
export const refusal = (s: ChatSnapshot): number | null =>
  s.matches({ connection: 'denied' }) ? s.context.refusal : null;
export const isSignedOut = (s: ChatSnapshot): boolean => s.matches('signedOut');
export const messages = (s: ChatSnapshot): ChatMessage[] => s.context.messages;
export const isLoadingHistory = (s: ChatSnapshot): boolean => s.hasTag('loadingHistory');
export const historyFailed = (s: ChatSnapshot): boolean =>
  s.matches({ connection: { live: { online: { history: 'failed' } } } });
/** Older messages can be asked for now. */
export const canLoadOlder = (s: ChatSnapshot): boolean => s.can({ type: 'chat.olderRequested' });
export const mayPost = (s: ChatSnapshot): boolean => isConnected(s) && s.context.canPost;
export const isSending = (s: ChatSnapshot): boolean => s.hasTag('sending');
export const canSend = (s: ChatSnapshot): boolean =>
  s.can({ type: 'chat.sent' }) &&
  s.context.draft.trim().length > 0 &&
  [...s.context.draft.trim()].length <= CHAT_MAX_LENGTH;
/** Characters left in the draft (negative when too long). */
export const charactersLeft = (s: ChatSnapshot): number => CHAT_MAX_LENGTH - [...s.context.draft.trim()].length;
/** Whether the caller may delete this message now (the educator any, a learner their own). */
export const canDeleteMessage = (s: ChatSnapshot, messageId: number): boolean =>
  s.can({ type: 'chat.deleteRequested', messageId });
export const deletingId = (s: ChatSnapshot): number | null => (s.hasTag('deleting') ? s.context.deleting : null);
export const notice = (s: ChatSnapshot): ChatNotice | null => s.context.notice;
/** The last message that arrived live (to announce), or null. */
export const arrivedMessage = (s: ChatSnapshot): ChatMessage | null =>
  s.context.messages.find((m) => m.id === s.context.arrived) ?? null;
