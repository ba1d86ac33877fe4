import { type AnyEventObject, type AnyMachineSnapshot, createActor, fromCallback, fromPromise } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import {
  CHAT_MAX_LENGTH,
  type ChatContext,
  type ChatHistory,
  type ChatMessage,
  type ConnectionCommand,
  chatMachine,
  reconnectDelayMs,
} from '@machines/chat.machine';
import { parseFrame } from '@machines/chat.actors';
import * as sel from '@machines/chat.selectors';
import { describeModelBased } from './model';

const ME = 7;
const input = { sessionId: 41, userId: ME };
const message = (id: number, author: number, text = `Message ${id}`): ChatMessage => ({
  id,
  sessionId: 41,
  author: { id: author, name: `User ${author}`, pictureUrl: null },
  authorRole: author === 3 ? 'EDUCATOR' : 'LEARNER',
  text,
  createdAt: '2026-11-05T18:00:00Z',
});
const OLD = message(5, 8);
const LATEST = message(10, 3);
const MINE = message(11, ME, 'Hello');
const THEIRS = message(12, 8);

const events: AnyEventObject[] = [
  { type: 'socket.ready', canPost: true, canDelete: false },
  { type: 'socket.message', message: MINE },
  { type: 'socket.message', message: THEIRS },
  { type: 'socket.deleted', messageId: 12 },
  { type: 'socket.error', code: 'RATE_LIMITED', message: 'Wait', retryAfterSeconds: 4 },
  { type: 'socket.closed', code: 1006 },
  { type: 'socket.closed', code: 4403 },
  { type: 'chat.draftChanged', text: ' Hello ' },
  { type: 'chat.draftChanged', text: 'x'.repeat(CHAT_MAX_LENGTH + 1) },
  { type: 'chat.deleteRequested', messageId: 11 },
  { type: 'xstate.done.actor.loadHistory', output: { items: [LATEST, MINE], nextBefore: 10 } },
  { type: 'xstate.error.actor.loadHistory', error: { status: 500 } },
  { type: 'xstate.done.actor.loadOlder', output: { items: [OLD], nextBefore: null } },
  { type: 'xstate.error.actor.loadOlder', error: { status: 0 } },
  { type: 'xstate.done.actor.deleteMessage', output: { id: 11 } },
  {
    type: 'xstate.error.actor.deleteMessage',
    error: { status: 403, serverMessage: "Only the session's educator can delete other people's messages" },
  },
];

/**
 * State identity for the traversal: the state, the draft's length class and the rights, so the
 * graph stays small. The other guards are met along the shortest paths: the first history page
 * holds the caller's own message (deletable) and says older pages exist.
 */
const serializeState = (s: AnyMachineSnapshot) => {
  const c = s.context as ChatContext;
  const draft = c.draft.trim() === '' ? 'empty' : [...c.draft.trim()].length > CHAT_MAX_LENGTH ? 'long' : 'ok';
  return JSON.stringify({ value: s.value, draft, rights: [c.canPost, c.canDelete] });
};

function checkState(s: AnyMachineSnapshot) {
  const c = s.context as ChatContext;
  const snap = s as sel.ChatSnapshot;
  expect(sel.isConnected(snap)).toBe(s.matches({ connection: { live: 'online' } }));
  expect(sel.isReconnecting(snap)).toBe(s.matches({ connection: 'waiting' }));
  expect(sel.isSignedOut(snap)).toBe(s.matches('signedOut'));
  // Messages stay in id order, each once.
  const ids = c.messages.map((m) => m.id);
  expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  expect(new Set(ids).size).toBe(ids.length);
  expect(c.attempt).toBeGreaterThanOrEqual(0);
  if (s.matches('signedOut')) {
    // product.md#states: the chat's state is reset on sign-out.
    expect(c).toEqual({
      ...c,
      messages: [],
      draft: '',
      pending: null,
      canPost: false,
      canDelete: false,
      notice: null,
      nextBefore: null,
      arrived: null,
      attempt: 0,
      refusal: null,
      deleting: null,
    });
  }
  if (s.matches({ connection: 'denied' })) expect(sel.refusal(snap)).toBe(4403);
  if (sel.isSending(snap)) expect(c.pending).toBe('Hello');
  if (c.notice?.code === 'RATE_LIMITED')
    expect(c.notice).toEqual({ code: 'RATE_LIMITED', message: 'Wait', retryAfterSeconds: 4 });
  if (c.notice?.code === 'delete.failed')
    expect(c.notice.message).toBe("Only the session's educator can delete other people's messages");
  if (sel.deletingId(snap) !== null) expect(sel.deletingId(snap)).toBe(11);
}

describeModelBased(chatMachine, {
  name: 'chat.machine',
  input,
  events,
  serialize: serializeState,
  actors: ['loadHistory', 'deleteMessage'],
  check: ({ snapshot, started }) => {
    checkState(snapshot);
    for (const [name, got] of started) {
      if (name === 'loadHistory')
        expect([
          { sessionId: 41, before: null },
          { sessionId: 41, before: 10 },
        ]).toContainEqual(got);
      if (name === 'deleteMessage') expect(got).toEqual({ sessionId: 41, messageId: 11 });
    }
  },
  setup: ({ provide }) => {
    const posts: ConnectionCommand[] = [];
    const connections: unknown[] = [];
    const connection = fromCallback<ConnectionCommand, { sessionId: number }>(({ input: i, receive }) => {
      connections.push(i);
      receive((cmd) => posts.push(cmd));
    });
    return {
      machine: provide({ actors: { connection } }),
      check: ({ snapshot, event }) => {
        if (event.type === 'chat.sent' && snapshot.hasTag('sending'))
          expect(posts.at(-1)).toEqual({ type: 'post', text: 'Hello' });
      },
      done: () => {
        expect(connections.every((i) => JSON.stringify(i) === JSON.stringify({ sessionId: 41 }))).toBe(true);
      },
    };
  },
});

type HistoryInput = { sessionId: number; before: number | null };
type DeleteInput = { sessionId: number; messageId: number };
const never = <T, I>() => fromPromise<T, I>(() => new Promise(() => {}));

describe('chat.machine (reconnection, rights, frames)', () => {
  it('reconnects with exponential backoff (1 s, 2 s, 4 s … 30 s), and from 1 s again once connected', async () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(reconnectDelayMs)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    vi.useFakeTimers();
    try {
      let opened = 0;
      const connection = fromCallback<ConnectionCommand, { sessionId: number }>(({ sendBack }) => {
        opened++;
        // The first three attempts fail at once; the fourth connects.
        if (opened <= 3) queueMicrotask(() => sendBack({ type: 'socket.closed', code: 1006 }));
        else queueMicrotask(() => sendBack({ type: 'socket.ready', canPost: true, canDelete: false }));
      });
      const machine = chatMachine.provide({
        actors: {
          connection,
          loadHistory: fromPromise<ChatHistory, HistoryInput>(async () => ({ items: [LATEST], nextBefore: null })),
          deleteMessage: fromPromise<{ id: number }, DeleteInput>(async () => ({ id: 1 })),
        },
      });
      const actor = createActor(machine, { input }).start();
      await vi.advanceTimersByTimeAsync(0);
      expect(opened).toBe(1);
      expect(sel.isReconnecting(actor.getSnapshot())).toBe(true);
      expect(sel.reconnectInMs(actor.getSnapshot())).toBe(1000);
      await vi.advanceTimersByTimeAsync(999);
      expect(opened).toBe(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(opened).toBe(2);
      await vi.advanceTimersByTimeAsync(1999);
      expect(opened).toBe(2);
      await vi.advanceTimersByTimeAsync(1);
      expect(opened).toBe(3);
      expect(sel.reconnectInMs(actor.getSnapshot())).toBe(4000);
      await vi.advanceTimersByTimeAsync(4000);
      expect(opened).toBe(4);
      expect(sel.isConnected(actor.getSnapshot())).toBe(true);
      expect(actor.getSnapshot().context.attempt).toBe(0);
      expect(sel.messages(actor.getSnapshot())).toEqual([LATEST]);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('reconnects after the server closes the socket going away (1001: it shuts down, server/platform/shutdown.ts)', async () => {
    vi.useFakeTimers();
    try {
      let opened = 0;
      const connection = fromCallback<ConnectionCommand, { sessionId: number }>(({ sendBack }) => {
        opened++;
        queueMicrotask(() => sendBack({ type: 'socket.ready', canPost: true, canDelete: false }));
      });
      const machine = chatMachine.provide({
        actors: {
          connection,
          loadHistory: fromPromise<ChatHistory, HistoryInput>(async () => ({ items: [LATEST], nextBefore: null })),
          deleteMessage: never<{ id: number }, DeleteInput>(),
        },
      });
      const actor = createActor(machine, { input }).start();
      await vi.advanceTimersByTimeAsync(0);
      expect(sel.isConnected(actor.getSnapshot())).toBe(true);
      actor.send({ type: 'socket.closed', code: 1001 });
      expect(sel.isReconnecting(actor.getSnapshot())).toBe(true);
      expect(sel.refusal(actor.getSnapshot())).toBeNull();
      await vi.advanceTimersByTimeAsync(1000);
      expect(opened).toBe(2);
      expect(sel.isConnected(actor.getSnapshot())).toBe(true);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('the educator deletes anyone’s message, a learner only their own, an admin none', () => {
    const stub = {
      connection: fromCallback<ConnectionCommand, { sessionId: number }>(() => {}),
      loadHistory: never<ChatHistory, HistoryInput>(),
      deleteMessage: never<{ id: number }, DeleteInput>(),
    };
    for (const [rights, own, other] of [
      [{ canPost: true, canDelete: true }, true, true],
      [{ canPost: true, canDelete: false }, true, false],
      [{ canPost: false, canDelete: false }, false, false],
    ] as const) {
      const actor = createActor(chatMachine.provide({ actors: stub }), { input }).start();
      actor.send({ type: 'socket.ready', ...rights });
      actor.send({ type: 'socket.message', message: MINE });
      actor.send({ type: 'socket.message', message: THEIRS });
      expect(sel.canDeleteMessage(actor.getSnapshot(), MINE.id)).toBe(own);
      expect(sel.canDeleteMessage(actor.getSnapshot(), THEIRS.id)).toBe(other);
      expect(sel.mayPost(actor.getSnapshot())).toBe(rights.canPost);
      actor.send({ type: 'chat.draftChanged', text: 'Hi' });
      expect(sel.canSend(actor.getSnapshot())).toBe(rights.canPost);
      // The live arrival is what the UI announces.
      expect(sel.arrivedMessage(actor.getSnapshot())).toEqual(THEIRS);
      actor.stop();
    }
  });

  it('a refused post gives the text back to the draft with the notice', () => {
    const posts: ConnectionCommand[] = [];
    const connection = fromCallback<ConnectionCommand, { sessionId: number }>(({ receive }) =>
      receive((c) => posts.push(c)),
    );
    const actor = createActor(
      chatMachine.provide({
        actors: {
          connection,
          loadHistory: never<ChatHistory, HistoryInput>(),
          deleteMessage: never<{ id: number }, DeleteInput>(),
        },
      }),
      { input },
    ).start();
    actor.send({ type: 'socket.ready', canPost: true, canDelete: false });
    actor.send({ type: 'chat.draftChanged', text: '  Quick one  ' });
    actor.send({ type: 'chat.sent' });
    expect(posts).toEqual([{ type: 'post', text: 'Quick one' }]);
    expect(actor.getSnapshot().context.draft).toBe('');
    actor.send({ type: 'socket.error', code: 'RATE_LIMITED', message: 'Slow down', retryAfterSeconds: 7 });
    expect(actor.getSnapshot().context.draft).toBe('Quick one');
    expect(sel.notice(actor.getSnapshot())).toEqual({
      code: 'RATE_LIMITED',
      message: 'Slow down',
      retryAfterSeconds: 7,
    });
    actor.stop();
  });

  it('reads the server frames of server/modules/classroom/chat-socket.ts, ignoring anything else', () => {
    expect(parseFrame('{"type":"ready","canPost":true,"canDelete":false}')).toEqual({
      type: 'socket.ready',
      canPost: true,
      canDelete: false,
    });
    expect(parseFrame(JSON.stringify({ type: 'message', message: MINE }))).toEqual({
      type: 'socket.message',
      message: MINE,
    });
    expect(parseFrame('{"type":"deleted","messageId":12}')).toEqual({ type: 'socket.deleted', messageId: 12 });
    expect(parseFrame('{"type":"error","code":"RATE_LIMITED","message":"Wait","retryAfterSeconds":3}')).toEqual({
      type: 'socket.error',
      code: 'RATE_LIMITED',
      message: 'Wait',
      retryAfterSeconds: 3,
    });
    expect(parseFrame('{"type":"error","code":"WHAT"}')).toEqual({ type: 'socket.error', code: 'SERVER' });
    expect(parseFrame('not json')).toBeNull();
    expect(parseFrame('{"type":"hello"}')).toBeNull();
    expect(parseFrame(new ArrayBuffer(2))).toBeNull();
  });
});
