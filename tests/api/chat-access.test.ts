import type WS from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';
import { frameReader } from './chat-frames.js';

/**
 * An open chat socket follows its user's access without waiting for a post (docs/classroom.md
 * "Session chat"): every CHAT_RECHECK_SECONDS (1 s here) the token (users.token_version, account
 * status) and the chat rights are read again; a token that no longer holds closes the socket with
 * 4401, a user no longer in the session with 4403, and such a socket is sent no message posted
 * after its access ended. On the demo data's running session (learner@, learner11@, learner15@
 * enrolled; educator@ teaches it). PGlite, and PostgreSQL with HALAQA_TEST_DATABASE_URL.
 */
let t: TestApp;
let sessionId: number;
const socketUrl = async (email: string) => `/api/sessions/${sessionId}/chat/socket?token=${await t.tokenFor(email)}`;
const open = async (email: string) => {
  let reader: ReturnType<typeof frameReader> | null = null;
  const ws = await t.app.injectWS(
    await socketUrl(email),
    {},
    { onInit: (socket) => (reader = frameReader(socket as never)) },
  );
  const frames = reader! as ReturnType<typeof frameReader>;
  await frames.next((f) => f.type === 'ready');
  return { ws: ws as unknown as WS, frames };
};
const userId = async (email: string) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  t = await startTestApp({ env: { CHAT_RECHECK_SECONDS: '1' } });
  const learner = await userId('learner@halaqa.test');
  sessionId = (
    await t.db
      .selectFrom('enrollments')
      .select('session_id')
      .where('user_id', '=', learner)
      .where('status', '=', 'ACTIVE')
      .executeTakeFirstOrThrow()
  ).session_id;
}, 120_000);
afterAll(() => t.close());

describe('chat sockets after a loss of access', () => {
  it('closes the socket with 4401 within the interval when the token stops holding (password change), without a post', async () => {
    const { frames } = await open('learner15@halaqa.test');
    // A password change (or "sign out everywhere") invalidates the tokens issued before it.
    await t.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('email', '=', 'learner15@halaqa.test')
      .execute();
    expect(await frames.closed(3000)).toBe(4401);
  });

  it('closes the socket with 4401 when the account is deleted', async () => {
    const { frames } = await open('learner11@halaqa.test');
    const before = await t.db
      .selectFrom('users')
      .select('status')
      .where('email', '=', 'learner11@halaqa.test')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('users').set({ status: 'DELETED' }).where('email', '=', 'learner11@halaqa.test').execute();
    try {
      expect(await frames.closed(3000)).toBe(4401);
    } finally {
      await t.db
        .updateTable('users')
        .set({ status: before.status })
        .where('email', '=', 'learner11@halaqa.test')
        .execute();
    }
  });

  it('closes the socket with 4403 once the enrollment is cancelled, and sends it nothing posted after', async () => {
    const { frames } = await open('learner@halaqa.test');
    const learner = await userId('learner@halaqa.test');
    await t.db
      .updateTable('enrollments')
      .set({ status: 'CANCELLED' })
      .where('user_id', '=', learner)
      .where('session_id', '=', sessionId)
      .execute();
    try {
      // Posted after the enrollment ended (and after the interval): never sent to the ex-learner.
      await new Promise((r) => setTimeout(r, 1100));
      const posted = await t.app.inject({
        method: 'POST',
        url: `/api/sessions/${sessionId}/chat/messages`,
        headers: t.auth(await t.tokenFor('educator@halaqa.test')),
        payload: { text: 'Only for those still enrolled' },
      });
      expect(posted.statusCode).toBe(201);
      expect(await frames.closed(3000)).toBe(4403);
      expect(frames.frames.filter((f) => f.type === 'message')).toEqual([]);
    } finally {
      await t.db
        .updateTable('enrollments')
        .set({ status: 'ACTIVE' })
        .where('user_id', '=', learner)
        .where('session_id', '=', sessionId)
        .execute();
    }
  });

  it('keeps the socket of someone whose access holds, and delivers to it', async () => {
    const { ws, frames } = await open('educator@halaqa.test');
    await new Promise((r) => setTimeout(r, 2500));
    expect(frames.closeCode()).toBeNull();
    const posted = await t.app.inject({
      method: 'POST',
      url: `/api/sessions/${sessionId}/chat/messages`,
      headers: t.auth(await t.tokenFor('educator@halaqa.test')),
      payload: { text: 'Still here' },
    });
    const id = posted.json().data.id as number;
    // A message posted just before the socket opened may still arrive (its notification was on its
    // way; the client merges by id): the one posted now must.
    const delivered = await frames.next((f) => f.type === 'message' && (f.message as { id: number }).id === id);
    expect((delivered.message as { text: string }).text).toBe('Still here');
    ws.terminate();
  });
});
