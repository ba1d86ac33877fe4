import { describe, expect, it } from 'vitest';
import {
  t,
  EDUCATOR,
  OTHER_EDUCATOR,
  ADMIN,
  SUPER_ADMIN,
  LEARNER,
  PARTNER,
  courseId,
  L,
  get,
  put,
  paths,
  useLessonAuthoringFixture,
} from './lesson-authoring-setup.js';
import { aLessonAuthoring } from '../fixtures.js';

useLessonAuthoringFixture();

describe('GET /lessons/{id}/authoring', () => {
  it("answers the course's educator, admins and super admins with the lesson's defaults", async () => {
    for (const email of [EDUCATOR, ADMIN, SUPER_ADMIN]) {
      const res = await get(L.quiz, email);
      expect(res.status, email).toBe(200);
      expect(res.body.data).toEqual(
        aLessonAuthoring({
          lessonId: L.quiz,
          courseId,
          courseTitle: 'Lesson authoring course',
          type: 'quiz',
          name: 'The quiz',
        }),
      );
    }
  });

  it('refuses another educator, a learner and a partner (403), an anonymous caller (401), and an unknown lesson (404)', async () => {
    expect((await get(L.quiz, OTHER_EDUCATOR)).status).toBe(403);
    expect((await get(L.quiz, LEARNER)).status).toBe(403);
    expect((await get(L.quiz, PARTNER)).status).toBe(403);
    expect((await get(L.quiz, null)).status).toBe(401);
    expect((await get(999999)).status).toBe(404);
    expect((await put(L.quiz, { points: 5 }, OTHER_EDUCATOR)).status).toBe(403);
    expect((await put(L.quiz, { points: 5 }, LEARNER)).status).toBe(403);
    expect((await put(999999, { points: 5 })).status).toBe(404);
    expect((await get(L.quiz)).body.data.points).toBe(100);
  });
});

describe('PUT /lessons/{id}/authoring: lesson fields', () => {
  it('saves only the fields given; the others keep their value', async () => {
    let res = await put(L.quiz, { points: 40, allowLate: true, timeLimitMinutes: 15 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      courseId,
      courseTitle: 'Lesson authoring course',
      points: 40,
      allowLate: true,
      timeLimitMinutes: 15,
      contentHtml: null,
    });
    res = await put(L.quiz, { contentHtml: '<p>Read the chapter first.</p>' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      points: 40,
      allowLate: true,
      timeLimitMinutes: 15,
      contentHtml: '<p>Read the chapter first.</p>',
    });
    res = await put(L.quiz, { timeLimitMinutes: null }, ADMIN);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      points: 40,
      allowLate: true,
      timeLimitMinutes: null,
      contentHtml: '<p>Read the chapter first.</p>',
    });
    // The change is audited against the course.
    const entries = await t.db
      .selectFrom('audit_log')
      .selectAll()
      .where('entity_type', '=', 'course')
      .where('entity_id', '=', courseId)
      .where('action', '=', 'course.lesson_updated')
      .execute();
    expect(entries.length).toBeGreaterThanOrEqual(3);
    expect(entries.map((e) => e.message)).toContain(`Lesson ${L.quiz} (The quiz): points, allowLate, timeLimitMinutes`);
  });

  it('sanitises the HTML: no script, event handler or javascript: URL survives', async () => {
    const html =
      '<h2>Closures</h2><script>alert(1)</script><p onclick="steal()">Text <img src="/uploads/lesson/x.png" onerror="alert(2)" alt="x"></p>' +
      '<a href="javascript:alert(3)">bad</a> <a href="https://developer.mozilla.org">MDN</a><img src="javascript:alert(4)"><iframe src="https://evil.test"></iframe>';
    const res = await put(L.reading, { contentHtml: html });
    expect(res.status).toBe(200);
    const saved: string = res.body.data.contentHtml;
    expect(saved).not.toMatch(/script|onclick|onerror|javascript:|iframe|alert/i);
    expect(saved).toContain('<h2>Closures</h2>');
    // A lesson file is private: the answer signs its link, the database keeps it bare (docs/storage.md "Private files").
    expect(saved).toMatch(/<img src="\/uploads\/lesson\/x\.png\?exp=\d+&sig=[\w-]+" alt="x" \/>/);
    expect(saved).toContain(
      '<a href="https://developer.mozilla.org" rel="noopener noreferrer" target="_blank">MDN</a>',
    );
    const stored = (
      await t.db.selectFrom('lessons').select('content_html').where('id', '=', L.reading).executeTakeFirstOrThrow()
    ).content_html;
    expect(stored).toBe(saved.replace(/\?exp=\d+&sig=[\w-]+/, ''));
    // HTML that is nothing once sanitised is stored as null.
    expect((await put(L.reading, { contentHtml: '<script>alert(1)</script>' })).body.data.contentHtml).toBeNull();
  });

  it('takes a video and captions as an uploaded file or an https link, and refuses anything else', async () => {
    let res = await put(L.video, {
      videoUrl: '/uploads/coursevideo/intro.mp4',
      captionsUrl: 'https://cdn.halaqa.test/intro.vtt',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      videoUrl: '/uploads/coursevideo/intro.mp4',
      captionsUrl: 'https://cdn.halaqa.test/intro.vtt',
    });
    for (const bad of [
      'javascript:alert(1)',
      'http://videos.test/a.mp4',
      '/etc/passwd',
      '/uploads/../secret',
      'https://',
      'ftp://x.test/a.mp4',
    ]) {
      res = await put(L.video, { videoUrl: bad, captionsUrl: bad });
      expect(res.status, bad).toBe(400);
      expect(paths(res.body).sort(), bad).toEqual(['captionsUrl', 'videoUrl']);
    }
    expect((await get(L.video)).body.data).toMatchObject({
      videoUrl: '/uploads/coursevideo/intro.mp4',
      captionsUrl: 'https://cdn.halaqa.test/intro.vtt',
    });
    res = await put(L.video, { videoUrl: null });
    expect(res.body.data).toMatchObject({ videoUrl: null, captionsUrl: 'https://cdn.halaqa.test/intro.vtt' });
  });

  it('sets a meeting link (https only), day and start time', async () => {
    let res = await put(L.meeting, { link: 'https://meet.halaqa.test/w1', day: 'tuesday', startTime: '17:30' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ link: 'https://meet.halaqa.test/w1', day: 'tuesday', startTime: '17:30' });
    res = await put(L.meeting, { link: 'javascript:alert(1)' });
    expect(res.status).toBe(400);
    expect(paths(res.body)).toEqual(['link']);
    res = await put(L.meeting, { startTime: '25:00' });
    expect(res.status).toBe(400);
    expect(paths(res.body)).toEqual(['startTime']);
  });

  it('keeps the time limit within null or 1 … 600 minutes and points within 1 … 1000', async () => {
    for (const ok of [1, 600, null]) {
      const res = await put(L.quiz, { timeLimitMinutes: ok });
      expect(res.status, String(ok)).toBe(200);
      expect(res.body.data.timeLimitMinutes).toBe(ok);
    }
    await put(L.quiz, { timeLimitMinutes: 30 });
    for (const bad of [0, 601, -5, 1.5, 'ten']) {
      const res = await put(L.quiz, { timeLimitMinutes: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(paths(res.body), String(bad)).toContain('timeLimitMinutes');
    }
    for (const bad of [0, 1001, 2.5]) {
      const res = await put(L.quiz, { points: bad });
      expect(res.status, String(bad)).toBe(400);
      expect(paths(res.body)).toContain('points');
    }
    expect((await get(L.quiz)).body.data).toMatchObject({ timeLimitMinutes: 30, points: 40 });
  });

  it('refuses fields the contract does not know', async () => {
    const res = await put(L.quiz, { points: 10, grade: 5 });
    expect(res.status).toBe(400);
    expect(paths(res.body)).toEqual(['grade']);
  });
});
