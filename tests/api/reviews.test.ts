import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enroll } from './course-fixtures.js';
import { countRows, startTestApp, type TestApp } from './harness.js';

/**
 * Course reviews (product.md#entities Review, #calls; docs/decisions.md "Reviews") on the demo
 * data: learner@halaqa.test and learner11/15 attend the running Data Structures and Algorithms
 * session; learner@morocco.halaqa.test is enrolled in a session of the MOROCCO course that starts in
 * four days; learner@ncai.halaqa.test never enrolled in Data Structures and Algorithms.
 */

let t: TestApp;
let dsa: number;
beforeAll(async () => {
  t = await startTestApp();
  dsa = await courseId('Data Structures and Algorithms');
}, 120_000);
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
async function call(method: Method, url: string, email: string | null, payload?: unknown) {
  const headers = email ? t.auth(await t.tokenFor(email)) : undefined;
  const res = await t.app.inject({
    method,
    url: `/api${url}`,
    headers,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  return { status: res.statusCode, body: res.json() };
}
async function courseId(title: string) {
  return (await t.db.selectFrom('courses').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id;
}
const rating = async (id: number) =>
  (await call('GET', `/courses/${id}/info`, null)).body.data.rating as { average: number; count: number };
const card = async (id: number, title: string) =>
  (
    (await call('GET', `/courses/explore?query=${encodeURIComponent(title)}&pageSize=50`, null)).body.data
      .items as Array<{ id: number; rating: unknown }>
  ).find((c) => c.id === id);
const reviewRow = (id: number) => t.db.selectFrom('reviews').selectAll().where('id', '=', id).executeTakeFirst();

const LEARNER = 'learner@halaqa.test';
const OTHER = 'learner11@halaqa.test';

describe('writing, editing and removing a review', () => {
  let reviewId: number;

  it('tells an enrolled learner of a started session that they may review, and creates the review (201)', async () => {
    const mine = await call('GET', `/courses/${dsa}/reviews/mine`, LEARNER);
    expect(mine.status).toBe(200);
    expect(mine.body.data).toEqual({ review: null, eligibility: 'ELIGIBLE', startDate: null });
    expect(await rating(dsa)).toEqual({ average: 0, count: 0 });

    const res = await call('POST', `/courses/${dsa}/reviews`, LEARNER, {
      ratingValue: 4,
      content: '  Clear lessons and a lab that teaches.  ',
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      ratingValue: 4,
      content: 'Clear lessons and a lab that teaches.',
      updatedAt: null,
      author: { name: 'Lina Kassem' },
    });
    reviewId = res.body.data.id;

    // The rating shows it at once, on the course page and on the explore card.
    expect(await rating(dsa)).toEqual({ average: 4, count: 1 });
    expect((await card(dsa, 'Data Structures'))?.rating).toEqual({ average: 4, count: 1 });
    const list = await call('GET', `/courses/${dsa}/reviews`, null);
    expect(list.body.data.total).toBe(1);
    expect(list.body.data.items[0]).toMatchObject({ id: reviewId, ratingValue: 4 });
    expect((await call('GET', `/courses/${dsa}/reviews/mine`, LEARNER)).body.data).toMatchObject({
      review: { id: reviewId },
      eligibility: 'ELIGIBLE',
    });
  });

  it('refuses a second review of the same course (409) and writes nothing', async () => {
    const before = await countRows(t.db, 'reviews');
    const res = await call('POST', `/courses/${dsa}/reviews`, LEARNER, { ratingValue: 1, content: 'Again' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('You have already reviewed this course: edit your review instead');
    expect(await countRows(t.db, 'reviews')).toBe(before);
    expect((await reviewRow(reviewId))?.rating_value).toBe(4);
  });

  it('lets the author edit the review: rating and text change, updatedAt is set, the course rating follows', async () => {
    const res = await call('PUT', `/courses/${dsa}/reviews/${reviewId}`, LEARNER, {
      ratingValue: 2,
      content: 'The last week felt rushed.',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: reviewId, ratingValue: 2, content: 'The last week felt rushed.' });
    expect(typeof res.body.data.updatedAt).toBe('string');
    expect(await rating(dsa)).toEqual({ average: 2, count: 1 });
  });

  it("refuses another learner's edit of your review (403) and a review of another course (404), changing nothing", async () => {
    const before = await reviewRow(reviewId);
    const other = await call('PUT', `/courses/${dsa}/reviews/${reviewId}`, OTHER, {
      ratingValue: 1,
      content: 'Hijacked',
    });
    expect(other.status).toBe(403);
    expect(other.body.message).toBe('You can only edit your own review');
    const elsewhere = await courseId('SQL for Everyone');
    const wrongCourse = await call('PUT', `/courses/${elsewhere}/reviews/${reviewId}`, LEARNER, {
      ratingValue: 1,
      content: 'Moved',
    });
    expect(wrongCourse.status).toBe(404);
    expect(await reviewRow(reviewId)).toEqual(before);
  });

  it('refuses a bad rating or text with 400 and field errors, writing nothing (create and edit)', async () => {
    const before = await countRows(t.db, 'reviews');
    const saved = await reviewRow(reviewId);
    const bodies: Array<[unknown, string]> = [
      [{ ratingValue: 0, content: 'Too low' }, 'ratingValue'],
      [{ ratingValue: 6, content: 'Too high' }, 'ratingValue'],
      [{ ratingValue: 3.5, content: 'Half a star' }, 'ratingValue'],
      [{ ratingValue: 'five', content: 'Not a number' }, 'ratingValue'],
      [{ content: 'No rating' }, 'ratingValue'],
      [{ ratingValue: 5, content: '' }, 'content'],
      [{ ratingValue: 5, content: '   \n ' }, 'content'],
      [{ ratingValue: 5, content: 'x'.repeat(2001) }, 'content'],
      [{ ratingValue: 5 }, 'content'],
    ];
    // OTHER has not reviewed the course yet: a valid body would create a review; a bad one writes nothing.
    for (const [body, field] of bodies) {
      const created = await call('POST', `/courses/${dsa}/reviews`, OTHER, body);
      expect(created.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(created.body.errors ?? []), JSON.stringify(body)).toContain(field);
      const edited = await call('PUT', `/courses/${dsa}/reviews/${reviewId}`, LEARNER, body);
      expect(edited.status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await call('POST', `/courses/${dsa}/reviews`, OTHER, { ratingValue: 5, content: 'ok', extra: 1 })).status,
    ).toBe(400);
    expect(await countRows(t.db, 'reviews')).toBe(before);
    expect(await reviewRow(reviewId)).toEqual(saved);
  });

  it('lets an admin remove an abusive review: gone from the list, rating recomputed, audited', async () => {
    const learner = await call('DELETE', `/courses/${dsa}/reviews/${reviewId}`, LEARNER);
    expect(learner.status).toBe(403);
    const elsewhere = await courseId('SQL for Everyone');
    expect((await call('DELETE', `/courses/${elsewhere}/reviews/${reviewId}`, 'admin@halaqa.test')).status).toBe(404);
    expect(await reviewRow(reviewId)).toBeDefined();

    const res = await call('DELETE', `/courses/${dsa}/reviews/${reviewId}`, 'admin@halaqa.test');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id: reviewId });
    expect(await reviewRow(reviewId)).toBeUndefined();
    expect(await rating(dsa)).toEqual({ average: 0, count: 0 });
    const audit = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'review')
      .where('entity_id', '=', reviewId)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'review.removed' });
    expect(audit[0]!.message).toContain('The last week felt rushed.');
    expect((await call('DELETE', `/courses/${dsa}/reviews/${reviewId}`, 'admin@halaqa.test')).status).toBe(404);
    // Removed, the learner may write a new one.
    expect((await call('GET', `/courses/${dsa}/reviews/mine`, LEARNER)).body.data).toEqual({
      review: null,
      eligibility: 'ELIGIBLE',
      startDate: null,
    });
  });
});

describe('who may review', () => {
  it('refuses a learner never enrolled in a session of the course (403), writing nothing', async () => {
    const before = await countRows(t.db, 'reviews');
    const mine = await call('GET', `/courses/${dsa}/reviews/mine`, 'learner@ncai.halaqa.test');
    expect(mine.body.data).toEqual({ review: null, eligibility: 'NOT_ENROLLED', startDate: null });
    const res = await call('POST', `/courses/${dsa}/reviews`, 'learner@ncai.halaqa.test', {
      ratingValue: 5,
      content: 'Never attended',
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only learners enrolled in a session of this course can review it');
    expect(await countRows(t.db, 'reviews')).toBe(before);
  });

  it('refuses a learner whose session has not started yet (422, with its start date), writing nothing', async () => {
    const course = await courseId('Initiation à la cybersécurité pour les administrations');
    const session = await t.db
      .selectFrom('sessions')
      .select('start_date')
      .where('course_id', '=', course)
      .executeTakeFirstOrThrow();
    const before = await countRows(t.db, 'reviews');
    const mine = await call('GET', `/courses/${course}/reviews/mine`, 'learner@morocco.halaqa.test');
    expect(mine.body.data).toEqual({ review: null, eligibility: 'NOT_STARTED', startDate: session.start_date });
    const res = await call('POST', `/courses/${course}/reviews`, 'learner@morocco.halaqa.test', {
      ratingValue: 5,
      content: 'Not yet',
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(
      `You can review this course once your session has started (on ${session.start_date})`,
    );
    expect(await countRows(t.db, 'reviews')).toBe(before);
  });

  it('does not count a cancelled enrollment', async () => {
    const learner = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'learner2@halaqa.test')
      .executeTakeFirstOrThrow();
    const session = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('course_id', '=', dsa)
      .orderBy('start_date')
      .executeTakeFirstOrThrow();
    await enroll(t.db, session.id, learner.id, 'CANCELLED');
    const res = await call('POST', `/courses/${dsa}/reviews`, 'learner2@halaqa.test', {
      ratingValue: 5,
      content: 'Left early',
    });
    expect(res.status).toBe(403);
  });

  it("answers 404 for another company's private course, and refuses other roles and visitors", async () => {
    const ncai = await courseId('Applied AI for Public-Sector Services');
    expect(
      (await call('POST', `/courses/${ncai}/reviews`, LEARNER, { ratingValue: 5, content: 'Hidden' })).status,
    ).toBe(404);
    expect((await call('GET', `/courses/${ncai}/reviews/mine`, LEARNER)).status).toBe(404);
    expect(
      (
        await call('POST', `/courses/${dsa}/reviews`, 'educator@halaqa.test', {
          ratingValue: 5,
          content: 'My own course',
        })
      ).status,
    ).toBe(403);
    expect((await call('POST', `/courses/${dsa}/reviews`, null, { ratingValue: 5, content: 'Anonymous' })).status).toBe(
      401,
    );
    expect((await call('DELETE', `/courses/${dsa}/reviews/1`, null)).status).toBe(401);
  });

  it('keeps one review per learner when two requests race', async () => {
    const body = { ratingValue: 5, content: 'Twice at once' };
    const [a, b] = await Promise.all([
      call('POST', `/courses/${dsa}/reviews`, OTHER, body),
      call('POST', `/courses/${dsa}/reviews`, OTHER, body),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const user = await t.db.selectFrom('users').select('id').where('email', '=', OTHER).executeTakeFirstOrThrow();
    expect(
      await t.db
        .selectFrom('reviews')
        .select('id')
        .where('course_id', '=', dsa)
        .where('user_id', '=', user.id)
        .execute(),
    ).toHaveLength(1);
  });
});
