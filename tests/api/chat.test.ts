import type WS from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, startTestApp, type TestApp } from './harness.js';
import { frameReader } from './chat-frames.js';
import { activeSessionOf } from './course-fixtures.js';

/**
 * The session chat (docs/classroom.md "Session chat"): history, posting, deleting
 * and their refusals over REST, and live delivery over the WebSocket, on the demo data's running
 * "Data Structures and Algorithms" session (learner@ and learner11@, learner15@ enrolled; educator@
 * teaches it; learner1@ is in another session). Runs on PGlite, and on PostgreSQL with
 * HALAQA_TEST_DATABASE_URL.
 */
let t: TestApp;
let sessionId: number;
let otherSessionId: number;
const as = async (email: string) => t.auth(await t.tokenFor(email));
const chat = (id = sessionId) => `/api/sessions/${id}/chat/messages`;

beforeAll(async () => {
  t = await startTestApp();
  sessionId = await activeSessionOf(t.db, 'learner@halaqa.test');
  otherSessionId = await activeSessionOf(t.db, 'learner1@halaqa.test');
}, 120_000);
afterAll(() => t.close());

describe('session chat over REST', () => {
  it('shows the demo conversation oldest first, paged back with nextBefore', async () => {
    const first = await t.app.inject({
      method: 'GET',
      url: `${chat()}?limit=3`,
      headers: await as('learner@halaqa.test'),
    });
    expect(first.statusCode).toBe(200);
    const page1 = first.json().data;
    expect(page1.items.map((m: { text: string }) => m.text)).toEqual([
      'Probe sequences get longer: with a load factor near 1 almost every bucket is taken.',
      'Exactly. That is why we resize at a load factor of about 0.7. We will measure it in the live class.',
      'Thanks! See you at the live class.',
    ]);
    expect(page1.items).toHaveLength(3);
    expect(page1.items[2].text).toBe('Thanks! See you at the live class.');
    expect(page1.items[1].authorRole).toBe('EDUCATOR');
    expect(page1.items[0].author.name).toBeTruthy();
    expect(page1.nextBefore).toBe(page1.items[0].id);
    const ids = page1.items.map((m: { id: number }) => m.id);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);

    const second = (
      await t.app.inject({
        method: 'GET',
        url: `${chat()}?limit=3&before=${page1.nextBefore}`,
        headers: await as('learner@halaqa.test'),
      })
    ).json().data;
    expect(second.items).toHaveLength(3);
    expect(Math.max(...second.items.map((m: { id: number }) => m.id))).toBeLessThan(page1.items[0].id);
    const third = (
      await t.app.inject({
        method: 'GET',
        url: `${chat()}?limit=3&before=${second.nextBefore}`,
        headers: await as('learner@halaqa.test'),
      })
    ).json().data;
    expect(third.items.map((m: { text: string }) => m.text)).toEqual([
      'Welcome to week 3! This week is all about hashing. Ask your questions here any time.',
    ]);
    expect(third.nextBefore).toBeNull();
  });

  it('a learner posts: plain text, cleaned, in the history for the educator', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: chat(),
      headers: await as('learner11@halaqa.test'),
      payload: { text: '  <b>bold?</b> <script>alert(1)</script>\r\nline two\u0007\u202E  ' },
    });
    expect(res.statusCode).toBe(201);
    const message = res.json().data;
    expect(message).toMatchObject({
      sessionId,
      authorRole: 'LEARNER',
      text: '<b>bold?</b> <script>alert(1)</script>\nline two',
    });
    const history = (
      await t.app.inject({ method: 'GET', url: chat(), headers: await as('educator@halaqa.test') })
    ).json().data;
    expect(history.items.at(-1)).toEqual(message);
  });

  it('removes invisible and direction-override characters, caps stacked combining marks, keeps Arabic marks and emoji', async () => {
    const headers = await as('learner@halaqa.test');
    const post = async (text: string) => {
      const res = await t.app.inject({ method: 'POST', url: chat(), headers, payload: { text } });
      expect(res.statusCode).toBe(201);
      return res.json().data.text as string;
    };
    expect(
      await post(
        'a\u200Bb\u200Cc\u200Dd\uFEFFe\u061Cf\u00ADg\u2060h\u{E0041}i one\u2028two\u2029three \u202Eevil\u202C \u2067x\u2069',
      ),
    ).toBe('abcdefghi one\ntwo\nthree evil x');
    // Combining marks capped at 4 on a character; Arabic with shadda and vowels kept, one right-to-left
    // mark of a run, emoji joined by ZWJ.
    expect(await post('e' + '\u0301'.repeat(300) + ' مُحَمَّد \u200F\u200F\u200F! 👩\u200D💻')).toBe(
      '\u00E9' + '\u0301'.repeat(4) + ' مُحَمَّد \u200F! 👩\u200D💻',
    );
    // Nothing visible left: the usual 400.
    const blank = await t.app.inject({
      method: 'POST',
      url: chat(),
      headers,
      payload: { text: '\u200B\u200F\uFEFF \u3164\u2028\u0301' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual([{ path: 'text', message: 'must not be empty' }]);
  });

  it('refuses an empty or too long message (400) and writes nothing', async () => {
    const before = await countRows(t.db, 'chat_messages');
    const headers = await as('learner11@halaqa.test');
    const tooLong = await t.app.inject({ method: 'POST', url: chat(), headers, payload: { text: 'x'.repeat(1001) } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors[0].path).toBe('text');
    const blank = await t.app.inject({ method: 'POST', url: chat(), headers, payload: { text: ' \n\t\u0001 ' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual([{ path: 'text', message: 'must not be empty' }]);
    const notText = await t.app.inject({ method: 'POST', url: chat(), headers, payload: { text: 42 } });
    expect(notText.statusCode).toBe(400);
    // 1000 characters, some outside the BMP (one character each), is the limit and passes.
    const longest = await t.app.inject({
      method: 'POST',
      url: chat(),
      headers,
      payload: { text: '😀'.repeat(10) + 'y'.repeat(990) },
    });
    expect(longest.statusCode).toBe(201);
    expect(await countRows(t.db, 'chat_messages')).toBe(before + 1);
  });

  it("refuses another session's learner, a learner never enrolled, and guests; admins read but never post", async () => {
    const before = await countRows(t.db, 'chat_messages');
    for (const email of ['learner1@halaqa.test', 'user@halaqa.test', 'learner@ncai.halaqa.test']) {
      const headers = await as(email);
      const read = await t.app.inject({ method: 'GET', url: chat(), headers });
      expect(read.statusCode, email).toBe(403);
      const post = await t.app.inject({ method: 'POST', url: chat(), headers, payload: { text: 'Can I come in?' } });
      expect(post.statusCode, email).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: chat() })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: chat(999999), headers: await as('learner@halaqa.test') })).statusCode,
    ).toBe(404);
    const admin = await as('admin@halaqa.test');
    expect((await t.app.inject({ method: 'GET', url: chat(), headers: admin })).statusCode).toBe(200);
    const adminPost = await t.app.inject({
      method: 'POST',
      url: chat(),
      headers: admin,
      payload: { text: 'Moderator here' },
    });
    expect(adminPost.statusCode).toBe(403);
    // The educator of another session is not in this one.
    const learnerOfOther = await t.app.inject({
      method: 'GET',
      url: chat(otherSessionId),
      headers: await as('learner@halaqa.test'),
    });
    expect(learnerOfOther.statusCode).toBe(403);
    expect(await countRows(t.db, 'chat_messages')).toBe(before);
  });

  it("a learner deletes only their own messages; the educator deletes anyone's; a deleted message leaves the history", async () => {
    const learner = await as('learner@halaqa.test');
    const other = await as('learner11@halaqa.test');
    const educator = await as('educator@halaqa.test');
    const mine = (
      await t.app.inject({ method: 'POST', url: chat(), headers: learner, payload: { text: 'Mine, to delete' } })
    ).json().data;
    const theirs = (
      await t.app.inject({ method: 'POST', url: chat(), headers: other, payload: { text: 'Not yours' } })
    ).json().data;

    const refused = await t.app.inject({ method: 'DELETE', url: `${chat()}/${theirs.id}`, headers: learner });
    expect(refused.statusCode).toBe(403);
    const byAdmin = await t.app.inject({
      method: 'DELETE',
      url: `${chat()}/${theirs.id}`,
      headers: await as('admin@halaqa.test'),
    });
    expect(byAdmin.statusCode).toBe(403);
    const outsider = await t.app.inject({
      method: 'DELETE',
      url: `${chat()}/${theirs.id}`,
      headers: await as('learner1@halaqa.test'),
    });
    expect(outsider.statusCode).toBe(403);
    const stillThere = await t.db
      .selectFrom('chat_messages')
      .select('deleted_at')
      .where('id', '=', theirs.id)
      .executeTakeFirstOrThrow();
    expect(stillThere.deleted_at).toBeNull();

    expect((await t.app.inject({ method: 'DELETE', url: `${chat()}/${mine.id}`, headers: learner })).json()).toEqual({
      data: { id: mine.id },
    });
    const byEducator = await t.app.inject({ method: 'DELETE', url: `${chat()}/${theirs.id}`, headers: educator });
    expect(byEducator.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${chat()}/${theirs.id}`, headers: educator })).statusCode,
    ).toBe(404);
    // A message id of this session asked through another session's path: not found there.
    const another = (
      await t.app.inject({ method: 'POST', url: chat(), headers: other, payload: { text: 'Stays' } })
    ).json().data;
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `${chat(otherSessionId)}/${another.id}`,
          headers: await as('learner1@halaqa.test'),
        })
      ).statusCode,
    ).toBe(404);

    const history = (await t.app.inject({ method: 'GET', url: `${chat()}?limit=100`, headers: learner })).json().data;
    const ids = history.items.map((m: { id: number }) => m.id);
    expect(ids).not.toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(ids).toContain(another.id);
    const row = await t.db
      .selectFrom('chat_messages')
      .select(['deleted_by'])
      .where('id', '=', theirs.id)
      .executeTakeFirstOrThrow();
    const educatorId = (
      await t.db.selectFrom('users').select('id').where('email', '=', 'educator@halaqa.test').executeTakeFirstOrThrow()
    ).id;
    expect(row.deleted_by).toBe(educatorId);
  });

  it('limits each user to 5 messages in 10 seconds (429 with Retry-After), writing nothing beyond', async () => {
    const headers = await as('learner15@halaqa.test');
    for (let i = 1; i <= 5; i++) {
      expect(
        (await t.app.inject({ method: 'POST', url: chat(), headers, payload: { text: `Quick ${i}` } })).statusCode,
      ).toBe(201);
    }
    const before = await countRows(t.db, 'chat_messages');
    const sixth = await t.app.inject({ method: 'POST', url: chat(), headers, payload: { text: 'Quick 6' } });
    expect(sixth.statusCode).toBe(429);
    const retryAfter = Number(sixth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(10);
    expect(await countRows(t.db, 'chat_messages')).toBe(before);
    // Someone else is not held back by it.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: chat(),
          headers: await as('educator@halaqa.test'),
          payload: { text: 'Slow down, please' },
        })
      ).statusCode,
    ).toBe(201);
  });
});

describe('session chat over WebSocket', () => {
  /** Opens a chat socket in-process; frames are recorded from the first one (`ready` may come with the upgrade). */
  const open = async (url: string) => {
    let reader: ReturnType<typeof frameReader> | null = null;
    const ws = await t.app.injectWS(url, {}, { onInit: (socket) => (reader = frameReader(socket as never)) });
    return { ws: ws as unknown as WS, frames: reader! as ReturnType<typeof frameReader> };
  };
  const socketUrl = async (email: string | null, id = sessionId) =>
    `/api/sessions/${id}/chat/socket${email ? `?token=${await t.tokenFor(email)}` : ''}`;

  it('delivers a learner’s post to the educator and the educator’s deletion to the learner, live', async () => {
    const { ws: learnerWs, frames: learner } = await open(await socketUrl('learner@halaqa.test'));
    const { ws: educatorWs, frames: educator } = await open(await socketUrl('educator@halaqa.test'));
    expect(await learner.next((f) => f.type === 'ready')).toEqual({ type: 'ready', canPost: true, canDelete: false });
    expect(await educator.next((f) => f.type === 'ready')).toEqual({ type: 'ready', canPost: true, canDelete: true });

    learnerWs.send(JSON.stringify({ type: 'post', text: 'Hello from the socket' }));
    const seen = (await educator.next((f) => f.type === 'message')).message as {
      id: number;
      text: string;
      authorRole: string;
    };
    expect(seen).toMatchObject({ text: 'Hello from the socket', authorRole: 'LEARNER' });
    // The author sees their own message come back too (one path for every message).
    expect(((await learner.next((f) => f.type === 'message')).message as { id: number }).id).toBe(seen.id);

    // A REST post reaches the sockets as well.
    await t.app.inject({
      method: 'POST',
      url: chat(),
      headers: await as('educator@halaqa.test'),
      payload: { text: 'Welcome!' },
    });
    expect(((await learner.next((f) => f.type === 'message')).message as { text: string }).text).toBe('Welcome!');

    await t.app.inject({ method: 'DELETE', url: `${chat()}/${seen.id}`, headers: await as('educator@halaqa.test') });
    expect(await learner.next((f) => f.type === 'deleted')).toEqual({ type: 'deleted', messageId: seen.id });
    learnerWs.terminate();
    educatorWs.terminate();
  });

  it('answers refused frames with an error frame: not JSON, too long, admins posting', async () => {
    const { ws, frames } = await open(await socketUrl('learner11@halaqa.test'));
    await frames.next((f) => f.type === 'ready');
    const before = await countRows(t.db, 'chat_messages');
    ws.send('not json');
    expect(await frames.next((f) => f.type === 'error')).toMatchObject({ code: 'INVALID' });
    ws.send(JSON.stringify({ type: 'post', text: 'z'.repeat(1001) }));
    expect(await frames.next((f) => f.type === 'error')).toMatchObject({
      code: 'INVALID',
      message: 'text must be at most 1000 characters',
    });
    ws.terminate();

    const { ws: adminWs, frames: admin } = await open(await socketUrl('admin@halaqa.test'));
    expect(await admin.next((f) => f.type === 'ready')).toEqual({ type: 'ready', canPost: false, canDelete: false });
    adminWs.send(JSON.stringify({ type: 'post', text: 'Moderator here' }));
    expect(await admin.next((f) => f.type === 'error')).toMatchObject({ code: 'FORBIDDEN' });
    adminWs.terminate();
    expect(await countRows(t.db, 'chat_messages')).toBe(before);
  });

  it('cleans socket posts as REST posts: invisible characters removed, marks capped, nothing visible refused', async () => {
    const { ws, frames } = await open(await socketUrl('educator@halaqa.test'));
    await frames.next((f) => f.type === 'ready');
    ws.send(JSON.stringify({ type: 'post', text: 'hi\u200B\u2066there\u2069\uFEFF' + 'a' + '\u0308'.repeat(50) }));
    expect(((await frames.next((f) => f.type === 'message')).message as { text: string }).text).toBe(
      'hithere\u00E4' + '\u0308'.repeat(4),
    );
    ws.send(JSON.stringify({ type: 'post', text: '\u200D\u061C\u202E\u2029' }));
    expect(await frames.next((f) => f.type === 'error')).toMatchObject({
      code: 'INVALID',
      message: 'text must not be empty',
    });
    ws.terminate();
  });

  it('rate-limits socket posts with an error frame saying when to retry', async () => {
    const { ws, frames } = await open(await socketUrl('learner11@halaqa.test'));
    await frames.next((f) => f.type === 'ready');
    // learner11 may already have posted in the last 10 s: post until refused (at most 5 more).
    let refusal = null;
    for (let i = 0; i < 6 && !refusal; i++) {
      ws.send(JSON.stringify({ type: 'post', text: `Flood ${i}` }));
      const f = await frames.next(
        (x) => x.type === 'error' || (x.type === 'message' && (x.message as { text: string }).text === `Flood ${i}`),
      );
      if (f.type === 'error') refusal = f;
    }
    expect(refusal).toMatchObject({ type: 'error', code: 'RATE_LIMITED' });
    expect(refusal!.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    ws.terminate();
  });

  it('refuses the upgrade without a valid token (401), to someone not in the session (403), for an unknown session (404)', async () => {
    await expect(t.app.injectWS(await socketUrl(null))).rejects.toThrow('401');
    await expect(t.app.injectWS(`/api/sessions/${sessionId}/chat/socket?token=forged.token.value`)).rejects.toThrow(
      '401',
    );
    await expect(t.app.injectWS(await socketUrl('learner1@halaqa.test'))).rejects.toThrow('403');
    await expect(t.app.injectWS(await socketUrl('learner@halaqa.test', 999999))).rejects.toThrow('404');
  });

  it('closes the socket (4401) when the token stops holding, at the next post', async () => {
    const { ws, frames } = await open(await socketUrl('learner15@halaqa.test'));
    await frames.next((f) => f.type === 'ready');
    // A password change invalidates the tokens issued before it (users.token_version).
    await t.db
      .updateTable('users')
      .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
      .where('email', '=', 'learner15@halaqa.test')
      .execute();
    ws.send(JSON.stringify({ type: 'post', text: 'Still here?' }));
    expect(await frames.closed()).toBe(4401);
  });
});
