import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, startTestApp, type TestApp } from './harness.js';
import { insertDemoUser, enroll } from './course-fixtures.js';
import { draftWithSession, postCourseForm, uploadCoursePicture } from './course-form.js';

/**
 * Issue "One house", item 3: an educator without a company could create a public course attached to
 * any company (POST /courses, isPrivate=false, companyId=<NCAI> → 201); that company's partner then
 * read the attendance of the course's sessions (learner names and rates) though none of it was the
 * company's. Rule now (authoring/service.ts saveCourse): only admins, or members of that company,
 * may attach a course to a company (403 otherwise, nothing written).
 */

let t: TestApp;
let ncai: number;
let morocco: number;
let pictureOf: Record<string, number>;

const EDUCATOR = 'educator@halaqa.test'; // no company
const NCAI_PARTNER = 'partner@ncai.halaqa.test';
const ADMIN = 'admin@halaqa.test';

async function uploadPicture(email: string): Promise<number> {
  const res = await uploadCoursePicture(t, email);
  expect(res.statusCode).toBe(201);
  return res.json().data.id;
}

/** POST /courses (or ?id=) as `email` with a public course form and the given extra fields; schedules a session. */
async function saveCourse(email: string, extra: Record<string, string>, id?: number) {
  return postCourseForm(
    t,
    email,
    draftWithSession('Intro to leaks', pictureOf[email], { isPrivate: 'false', ...extra }),
    id,
  );
}

beforeAll(async () => {
  t = await startTestApp();
  const company = async (acronym: string) =>
    (await t.db.selectFrom('companies').select('id').where('acronym', '=', acronym).executeTakeFirstOrThrow()).id;
  ncai = await company('NCAI');
  morocco = await company('MOROCCO');
  // An NCAI educator, to show that members may still attach their courses to their company.
  await insertDemoUser(t.db, {
    email: 'educator@ncai.halaqa.test',
    firstName: 'N',
    lastName: 'E',
    role: 'EDUCATOR',
    companyId: ncai,
  });
  pictureOf = {};
  for (const email of [EDUCATOR, 'educator@ncai.halaqa.test', ADMIN]) pictureOf[email] = await uploadPicture(email);
}, 60_000);
afterAll(() => t.close());

describe('attaching a course to a company (POST /courses companyId)', () => {
  it("refuses an educator without company a public course of another company's (403, nothing written), so its partner never reads that session's attendance", async () => {
    const before = {
      courses: await countRows(t.db, 'courses'),
      sessions: await countRows(t.db, 'sessions'),
      audit: await countRows(t.db, 'audit_log'),
    };
    const res = await saveCourse(EDUCATOR, { companyId: String(ncai) });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Only admins or members of that company can attach a course to it');
    expect({
      courses: await countRows(t.db, 'courses'),
      sessions: await countRows(t.db, 'sessions'),
      audit: await countRows(t.db, 'audit_log'),
    }).toEqual(before);

    // The same course without companyId is the educator's own, of no company: NCAI's partner cannot read its attendance.
    const own = await saveCourse(EDUCATOR, {});
    expect(own.status).toBe(201);
    expect(own.body.data.course.companyId).toBeNull();
    const sessionId = own.body.data.session.id as number;
    await t.db.updateTable('sessions').set({ status: 'ACTIVE' }).where('id', '=', sessionId).execute();
    await enroll(
      t.db,
      sessionId,
      (await t.db.selectFrom('users').select('id').where('email', '=', 'learner@halaqa.test').executeTakeFirstOrThrow())
        .id,
    );
    const attendance = await t.app.inject({
      method: 'GET',
      url: `/api/sessions/${sessionId}/attendance`,
      headers: t.auth(await t.tokenFor(NCAI_PARTNER)),
    });
    expect(attendance.statusCode).toBe(403);
    expect(attendance.body).not.toContain('Kassem');
  });

  it('refuses a private course of another company with 403 too (was a 400 field error)', async () => {
    const res = await saveCourse('educator@ncai.halaqa.test', { companyId: String(morocco), isPrivate: 'true' });
    expect(res.status).toBe(403);
  });

  it('refuses moving an existing course to another company, and keeps it where it was', async () => {
    const own = await saveCourse(EDUCATOR, {});
    const id = own.body.data.course.id as number;
    expect((await saveCourse(EDUCATOR, { companyId: String(morocco) }, id)).status).toBe(403);
    expect(
      (await t.db.selectFrom('courses').select('company_id').where('id', '=', id).executeTakeFirstOrThrow()).company_id,
    ).toBeNull();
  });

  it("lets a company's member attach a course to their company, and an admin attach one to any company", async () => {
    const member = await saveCourse('educator@ncai.halaqa.test', { companyId: String(ncai) });
    expect(member.status).toBe(201);
    expect(member.body.data.course.companyId).toBe(ncai);
    const admin = await saveCourse(ADMIN, { companyId: String(morocco) });
    expect(admin.status).toBe(201);
    expect(admin.body.data.course.companyId).toBe(morocco);
  });

  it('lets an educator keep editing a course an admin attached to a company they are not in', async () => {
    const own = await saveCourse(EDUCATOR, {});
    const id = own.body.data.course.id as number;
    await t.db.updateTable('courses').set({ company_id: ncai }).where('id', '=', id).execute();
    const edit = await saveCourse(EDUCATOR, { companyId: String(ncai), title: 'Intro to leaks, edited' }, id);
    expect(edit.status).toBe(200);
    expect(edit.body.data.course).toMatchObject({ title: 'Intro to leaks, edited', companyId: ncai });
  });
});
