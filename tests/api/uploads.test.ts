import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callJson, countRows, multipart, PNG_1PX, startTestApp, type TestApp } from './harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function upload(
  url: string,
  email: string | null,
  files: Parameters<typeof multipart>[1],
  fields: Record<string, string> = {},
) {
  const form = multipart(fields, files);
  const headers = { ...form.headers, ...(email ? t.auth(await t.tokenFor(email)) : {}) };
  const res = await t.app.inject({ method: 'POST', url, payload: form.payload, headers });
  return { status: res.statusCode, body: res.json() };
}

describe('uploads (product.md#validation, #calls)', () => {
  it('stores a PNG course picture, detected by content, and serves it', async () => {
    const res = await upload('/api/courses/picture', 'educator@halaqa.test', {
      picture: { filename: 'cover.png', contentType: 'image/png', content: PNG_1PX },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ type: 'COURSEPICTURE' });
    expect(res.body.data.url).toMatch(/^\/uploads\/coursepicture\/.+\.png$/);
    expect(existsSync(join(t.config.dataDir, res.body.data.url))).toBe(true);
    const served = await t.app.inject({ method: 'GET', url: res.body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG_1PX)).toBe(true);
  });

  it("refuses a file whose bytes are not an accepted type, whatever its name says: 'File type must be …'", async () => {
    const before = await countRows(t.db, 'uploads');
    const res = await upload('/api/courses/picture', 'educator@halaqa.test', {
      picture: { filename: 'evil.png', contentType: 'image/png', content: Buffer.from('<script>alert(1)</script>') },
    });
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('File type must be png, jpeg');
    expect(await countRows(t.db, 'uploads')).toBe(before);
  });

  it("refuses a picture over 5 MB: 'File size must be less than 5 MB'", async () => {
    const big = Buffer.concat([PNG_1PX, Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const res = await upload('/api/courses/picture', 'educator@halaqa.test', {
      picture: { filename: 'big.png', contentType: 'image/png', content: big },
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('File size must be less than 5 MB');
  });

  it('accepts a PDF lesson document and refuses an image as a resume (resumes are documents)', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    const doc = await upload('/api/documents', 'educator@halaqa.test', {
      document: { filename: 'notes.pdf', contentType: 'application/pdf', content: pdf },
    });
    expect(doc.status).toBe(201);
    expect(doc.body.data.type).toBe('LESSON');
    const resume = await upload('/api/account/resume', 'learner@halaqa.test', {
      resume: { filename: 'cv.png', contentType: 'image/png', content: PNG_1PX },
    });
    expect(resume.status).toBe(415);
    expect(resume.body.message).toMatch(/^File type must be pdf/);
  });

  it('answers 400 when no file is sent, 401 anonymous, 403 for a learner uploading a course picture', async () => {
    expect((await upload('/api/courses/picture', 'educator@halaqa.test', {})).status).toBe(400);
    expect(
      (
        await upload('/api/courses/picture', null, {
          picture: { filename: 'a.png', contentType: 'image/png', content: PNG_1PX },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await upload('/api/courses/picture', 'learner@halaqa.test', {
          picture: { filename: 'a.png', contentType: 'image/png', content: PNG_1PX },
        })
      ).status,
    ).toBe(403);
  });

  it("sets a company's logo from its partner only", async () => {
    const company = (await callJson(t, 'GET', '/api/users/me/company', await t.tokenFor('partner@qad.halaqa.test')))
      .body.data;
    const file = { picture: { filename: 'logo.png', contentType: 'image/png', content: PNG_1PX } };
    expect((await upload(`/api/companies/${company.id}/picture`, 'partner@ncai.halaqa.test', file)).status).toBe(403);
    const ok = await upload(`/api/companies/${company.id}/picture`, 'partner@qad.halaqa.test', file);
    expect(ok.status).toBe(201);
    expect(ok.body.data.type).toBe('COMPANYLOGO');
    const settings = (
      await t.app.inject({
        method: 'GET',
        url: `/api/companies/${company.id}/settings`,
        headers: t.auth(await t.tokenFor('learner@qad.halaqa.test')),
      })
    ).json().data;
    expect(settings.logo).toBe(ok.body.data.url);
  });
});

describe('reference data for the course editor', () => {
  it('lists languages (1 = English) and skills filtered by name', async () => {
    const languages = (await t.app.inject({ method: 'GET', url: '/api/languages' })).json().data;
    expect(languages[0]).toMatchObject({ id: 1, code: 'en' });
    const skills = (await t.app.inject({ method: 'GET', url: '/api/skills?query=script' })).json().data as {
      name: string;
    }[];
    expect(skills.length).toBeGreaterThan(0);
    expect(skills.every((s) => /script/i.test(s.name))).toBe(true);
  });
});
