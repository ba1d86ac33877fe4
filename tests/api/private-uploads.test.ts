import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, type FilePart, PNG_1PX, startTestApp, type TestApp, uploadAs } from './harness.js';
import { enroll, insertCourse } from './course-fixtures.js';

/**
 * Private uploads (docs/storage.md "Private files"): résumés, signatures, lesson files and
 * submissions are served only through the short-lived signed links that /api answers carry to
 * those allowed to see them, with `Cache-Control: private, no-store`; a bare, tampered, foreign
 * or expired link is 403. Course pictures and company logos stay public and cacheable. Signed
 * links sent back in a body are stored unsigned.
 */

let now = new Date('2031-05-07T12:00:00Z');
let t: TestApp;
let sessionId: number;
let readingId: number;
let lessonFileUrl: string;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const pdf = (filename: string): FilePart => ({ filename, contentType: 'application/pdf', content: PDF });
const png = (filename: string): FilePart => ({ filename, contentType: 'image/png', content: PNG_1PX });

const EDUCATOR = 'educator@halaqa.test';
const LEARNER = 'learner@halaqa.test';
const OUTSIDER = 'learner2@halaqa.test';

const idOf = async (email: string) =>
  (await t.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

async function upload(url: string, email: string, files: Record<string, FilePart>) {
  const res = await uploadAs(t, url, email, files);
  expect(res.status).toBe(201);
  return res.body.data as { id: number; url: string; type: string };
}

const get = (url: string) => t.app.inject({ method: 'GET', url });
const bare = (url: string) => url.split('?')[0]!;

beforeAll(async () => {
  t = await startTestApp({ now: () => now });
  const course = await insertCourse(t.db, { educatorId: await idOf(EDUCATOR), title: 'Files' });
  const sectionId = await course.section(1, 'Week one', 0);
  lessonFileUrl = bare((await upload('/api/documents', EDUCATOR, { document: pdf('notes.pdf') })).url);
  readingId = await course.lesson(sectionId, 0, 'Reading', 'reading', {
    content_html: `<p><a href="${lessonFileUrl}">Notes</a></p>`,
  });
  sessionId = await course.session();
  await enroll(t.db, sessionId, await idOf(LEARNER));
}, 120_000);
afterAll(() => t.close());

describe('private uploads', () => {
  it('gives the owner a signed link to their résumé and signature, served privately, never cached; the bare URL is 403', async () => {
    for (const [path, field, file] of [
      ['/api/account/resume', 'resume', pdf('cv.pdf')],
      ['/api/account/signature', 'signature', png('sig.png')],
    ] as const) {
      const { url } = await upload(path, LEARNER, { [field]: file });
      expect(url).toMatch(/^\/uploads\/(resume|signature)\/[^?]+\?exp=\d+&sig=[A-Za-z0-9_-]+$/);
      const served = await get(url);
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('private, no-store');
      expect(served.rawPayload.equals(file.content)).toBe(true);

      const refused = await get(bare(url));
      expect(refused.statusCode).toBe(403);
      expect(refused.headers['cache-control']).toBe('private, no-store');
      expect(refused.rawPayload.equals(file.content)).toBe(false);
    }
  });

  it('refuses a tampered signature, a signature of another file, and an expired link (403)', async () => {
    const { url } = await upload('/api/account/resume', LEARNER, { resume: pdf('cv2.pdf') });
    const other = (await upload('/api/account/resume', EDUCATOR, { resume: pdf('cv3.pdf') })).url;
    const sig = new URL(url, 'http://x').searchParams.get('sig')!;
    const tampered = url.replace(/sig=.*/, `sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`);
    expect((await get(tampered)).statusCode).toBe(403);
    expect((await get(`${bare(url)}?${new URL(other, 'http://x').searchParams.toString()}`)).statusCode).toBe(403);
    const later = url.replace(/exp=\d+/, (m) => `exp=${Number(m.slice(4)) + 3600}`);
    expect((await get(later)).statusCode).toBe(403);

    expect((await get(url)).statusCode).toBe(200);
    const saved = now;
    now = new Date(now.getTime() + 11 * 60_000);
    try {
      expect((await get(url)).statusCode).toBe(403);
    } finally {
      now = saved;
    }
  });

  it("hands a lesson file's link to the session's learners and educator only", async () => {
    for (const email of [LEARNER, EDUCATOR]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/sessions/${sessionId}/lessons/${readingId}`,
        headers: t.auth(await t.tokenFor(email)),
      });
      expect(res.statusCode).toBe(200);
      const href = /href="([^"]+)"/.exec(res.json().data.contentHtml as string)![1]!;
      expect(bare(href)).toBe(lessonFileUrl);
      const served = await get(href.replaceAll('&amp;', '&'));
      expect(served.statusCode).toBe(200);
      expect(served.headers['cache-control']).toBe('private, no-store');
    }
    const outsider = await t.app.inject({
      method: 'GET',
      url: `/api/sessions/${sessionId}/lessons/${readingId}`,
      headers: t.auth(await t.tokenFor(OUTSIDER)),
    });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.body).not.toContain('/uploads/lesson/');
    expect((await get(lessonFileUrl)).statusCode).toBe(403);
  });

  it('stores links sent back signed as the bare /uploads/<key>', async () => {
    const signed = /href="([^"]+)"/
      .exec(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/sessions/${sessionId}/lessons/${readingId}`,
            headers: t.auth(await t.tokenFor(EDUCATOR)),
          })
        ).json().data.contentHtml as string,
      )![1]!
      .replaceAll('&amp;', '&');
    const content = [
      {
        week: 1,
        sections: [{ name: 'Week one', lessons: [{ lessonTypeId: 1, name: 'Handout', duration: 10, link: signed }] }],
      },
    ];
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/sessions/${sessionId}/content`,
      headers: t.auth(await t.tokenFor(EDUCATOR)),
      payload: content,
    });
    expect(res.statusCode).toBe(200);
    const stored = await t.db
      .selectFrom('sessions')
      .select('content')
      .where('id', '=', sessionId)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored.content)).toContain(`"link":"${lessonFileUrl}"`);
    expect(JSON.stringify(stored.content)).not.toContain('sig=');
  });

  it('keeps course pictures and company logos public and cacheable', async () => {
    const picture = await upload('/api/courses/picture', EDUCATOR, { picture: png('cover.png') });
    expect(picture.url).toMatch(/^\/uploads\/coursepicture\/[^?]+\.png$/);
    const served = await get(picture.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=86400');

    const company = (await callJson(t, 'GET', '/api/users/me/company', await t.tokenFor('partner@qad.halaqa.test')))
      .body.data;
    const logo = await upload(`/api/companies/${company.id}/picture`, 'partner@qad.halaqa.test', {
      picture: png('logo.png'),
    });
    expect(logo.url).not.toContain('?');
    const logoServed = await get(logo.url);
    expect(logoServed.statusCode).toBe(200);
    expect(logoServed.headers['cache-control']).toBe('public, max-age=86400');
  });
});
