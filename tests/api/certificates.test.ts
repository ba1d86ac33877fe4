import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bitIsSet } from '../../openapi/status-list.js';
import { startTestApp, type TestApp } from './harness.js';
import { enrollByEmail, insertCourse, settableClock, userIdOf, WEEK1 } from './course-fixtures.js';

/**
 * Certificates (tag Certificates; docs/product.md "Certificates"): the rule, the educator's
 * exceptions, the signed Open Badges 3.0 credential checked against the published keys and a
 * reduced Open Badges 3.0 schema (tests/api/fixtures), the status list, revocation and privacy.
 *
 * Fixture: a course of educator@halaqa.test, session 2031-05-05 … 2031-06-01 (America/Denver),
 * with a meeting on Mondays 18:00 of weeks 1 and 2 (two meetings held) and an assignment of 20
 * points. LEARNER attends both and scores 18 (eligible); LEARNER1 attends one (50%, not eligible);
 * LEARNER2 attends both and scores 10 (50%, not eligible). Default rule: 75% and 60%.
 */

const { now, set: setNow } = settableClock(WEEK1);
let t: TestApp;
const EDUCATOR = 'educator@halaqa.test';
const OTHER_EDUCATOR = 'educator2@halaqa.test';
const ADMIN = 'admin@halaqa.test';
const LEARNER = 'learner@halaqa.test';
const LEARNER1 = 'learner1@halaqa.test';
const LEARNER2 = 'learner2@halaqa.test';
const U: Record<string, number> = {};
let sessionId: number;
const AFTER_END = new Date('2031-06-03T12:00:00Z');

async function call(method: 'GET' | 'POST' | 'PUT', url: string, email: string | null, payload?: unknown) {
  const headers = email ? t.auth(await t.tokenFor(email)) : undefined;
  const res = await t.app.inject({ method, url, headers, payload: payload as object });
  return { status: res.statusCode, text: res.body, raw: res.rawPayload, headers: res.headers, json: () => res.json() };
}
const review = async (email = EDUCATOR) => call('GET', `/api/sessions/${sessionId}/certificates`, email);
const issue = (decisions: unknown[], email = EDUCATOR) =>
  call('POST', `/api/sessions/${sessionId}/certificates`, email, { decisions });
type Candidate = {
  learner: { id: number };
  eligible: boolean;
  decision: string | null;
  reason: string | null;
  certificate: { id: string; revokedAt: string | null } | null;
};
const rowOf = (data: { learners: Candidate[] }, email: string) => data.learners.find((l) => l.learner.id === U[email])!;

beforeAll(async () => {
  t = await startTestApp({ now });
  for (const e of [EDUCATOR, LEARNER, LEARNER1, LEARNER2]) U[e] = await userIdOf(t.db, e);
  const course = await insertCourse(t.db, { educatorId: U[EDUCATOR]!, title: 'Verified JavaScript' });
  const week1 = await course.section(1, 'Basics', 0);
  const week2 = await course.section(2, 'More', 0);
  const meet1 = await course.lesson(week1, 0, 'Live class 1', 'meeting', { day: 'monday', start_time: '18:00' });
  const meet2 = await course.lesson(week2, 0, 'Live class 2', 'meeting', { day: 'monday', start_time: '18:00' });
  const essay = await course.lesson(week1, 1, 'Essay', 'assignment', { points: 20 });
  sessionId = await course.session();
  await enrollByEmail(t.db, sessionId, [LEARNER, LEARNER1, LEARNER2]);
  const join = (email: string, lesson: number, date: string) =>
    t.db
      .insertInto('attendance')
      .values({
        session_id: sessionId,
        lesson_id: lesson,
        user_id: U[email]!,
        occurrence_date: date,
        joined_at: new Date(`${date}T23:59:00Z`),
      })
      .execute();
  for (const e of [LEARNER, LEARNER2]) {
    await join(e, meet1, '2031-05-05');
    await join(e, meet2, '2031-05-12');
  }
  await join(LEARNER1, meet1, '2031-05-05');
  for (const [email, grade] of [
    [LEARNER, 18],
    [LEARNER1, 20],
    [LEARNER2, 10],
  ] as const) {
    await t.db
      .insertInto('submissions')
      .values({
        lesson_id: essay,
        session_id: sessionId,
        user_id: U[email]!,
        kind: 'DOCUMENT',
        document_url: '/uploads/x.pdf',
        document_name: 'x.pdf',
        code: null,
        results: null,
        status: 'DONE',
        grade,
        comment: null,
        late: false,
        submitted_at: new Date('2031-05-08T10:00:00Z'),
        graded_at: new Date('2031-05-09T10:00:00Z'),
        graded_by: null,
      })
      .execute();
  }
}, 60_000);
afterAll(() => t.close());

describe('issuing by the rule', () => {
  it('refuses to issue before the session has ended, writing nothing', async () => {
    setNow(new Date('2031-05-20T12:00:00Z'));
    const res = await issue([]);
    expect(res.status).toBe(422);
    expect(res.json().message).toBe('The session has not ended yet');
    expect(await t.db.selectFrom('certificates').select('id').where('session_id', '=', sessionId).execute()).toEqual(
      [],
    );
  });

  it('shows each learner with attendance, grade and whether they meet the default rule', async () => {
    setNow(AFTER_END);
    const res = await review();
    expect(res.status).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ sessionId, ended: true, rule: { minAttendance: 75, minGrade: 60 } });
    expect(rowOf(data, LEARNER)).toMatchObject({ attendance: 100, grade: 90, eligible: true, certificate: null });
    expect(rowOf(data, LEARNER1)).toMatchObject({ attendance: 50, grade: 100, eligible: false });
    expect(rowOf(data, LEARNER2)).toMatchObject({ attendance: 100, grade: 50, eligible: false });
  });

  it('refuses a review by another educator or a learner', async () => {
    expect((await review(OTHER_EDUCATOR)).status).toBe(403);
    expect((await review(LEARNER)).status).toBe(403);
  });

  it('needs a reason to go against the rule (422, nothing written)', async () => {
    const res = await issue([{ learnerId: U[LEARNER], issue: false }]);
    expect(res.status).toBe(422);
    expect(res.json().errors).toEqual([{ path: 'decisions/0/reason', message: 'A reason is required' }]);
    const stranger = await issue([{ learnerId: U[EDUCATOR], issue: true, reason: 'x' }]);
    expect(stranger.status).toBe(422);
    expect(await t.db.selectFrom('certificates').select('id').where('session_id', '=', sessionId).execute()).toEqual(
      [],
    );
    expect(
      await t.db.selectFrom('certificate_decisions').select('user_id').where('session_id', '=', sessionId).execute(),
    ).toEqual([]);
  });

  it('withholds one and adds another with reasons, audited, and mails the learner who got one', async () => {
    const res = await issue([
      { learnerId: U[LEARNER], issue: false, reason: 'Copied the essay' },
      { learnerId: U[LEARNER2], issue: true, reason: 'Was ill for the final week' },
    ]);
    expect(res.status).toBe(200);
    const data = res.json().data;
    expect(rowOf(data, LEARNER)).toMatchObject({ decision: 'WITHHOLD', reason: 'Copied the essay', certificate: null });
    expect(rowOf(data, LEARNER2)).toMatchObject({ decision: 'ADD', certificate: { revokedAt: null } });
    expect(rowOf(data, LEARNER1).certificate).toBeNull();
    const audits = await t.db
      .selectFrom('audit_log')
      .select(['action', 'message'])
      .where('action', 'in', ['certificate.withheld', 'certificate.added'])
      .orderBy('id')
      .execute();
    expect(audits).toEqual([
      { action: 'certificate.withheld', message: `learner #${U[LEARNER]}: Copied the essay` },
      { action: 'certificate.added', message: `learner #${U[LEARNER2]}: Was ill for the final week` },
    ]);
    const mails = await t.db.selectFrom('outbox').select(['to_addresses', 'subject']).execute();
    expect(mails.filter((m) => m.subject.includes('Verified JavaScript')).map((m) => m.to_addresses)).toEqual([
      [LEARNER2],
    ]);
  });

  it('issues to a withheld learner once the educator follows the rule again; certificates are never issued twice', async () => {
    const res = await issue([{ learnerId: U[LEARNER], issue: true }]);
    expect(res.status).toBe(200);
    expect(rowOf(res.json().data, LEARNER)).toMatchObject({ decision: null, certificate: { revokedAt: null } });
    expect((await issue([])).status).toBe(200);
    expect(
      (await t.db.selectFrom('certificates').select('id').where('session_id', '=', sessionId).execute()).length,
    ).toBe(2);
  });
});

describe('the credential', () => {
  let certId: string;
  let jwt: string;
  const keys = async () => {
    const res = await call('GET', '/api/certificates/jwks', null);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('application/jwk-set+json');
    return createLocalJWKSet(JSON.parse(res.text));
  };
  const statusBit = async (index: number) => {
    const res = await call('GET', '/api/certificate-status/1', null);
    expect(res.status).toBe(200);
    const { payload } = await jwtVerify(res.text, await keys(), { currentDate: now() });
    const subject = payload.credentialSubject as { type: string; statusPurpose: string; encodedList: string };
    expect(subject).toMatchObject({ type: 'BitstringStatusList', statusPurpose: 'revocation' });
    expect(subject.encodedList.startsWith('u')).toBe(true);
    return bitIsSet(new Uint8Array(gunzipSync(Buffer.from(subject.encodedList.slice(1), 'base64url'))), index);
  };

  beforeAll(async () => {
    const mine = await call('GET', '/api/certificates/mine', LEARNER);
    expect(mine.status).toBe(200);
    // learner@halaqa.test also holds a demo certificate (server/db/seed/certificates-demo.ts).
    const ours = mine.json().data.filter((c: { sessionId: number }) => c.sessionId === sessionId);
    expect(ours).toHaveLength(1);
    certId = ours[0].id;
    const pub = await call('GET', `/api/certificates/${certId}`, null);
    expect(pub.status).toBe(200);
    jwt = pub.json().data.jwt;
  });

  it('is an Open Badges 3.0 OpenBadgeCredential signed with a published key (ES256)', async () => {
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'ES256', typ: 'JWT' });
    const { payload } = await jwtVerify(jwt, await keys(), { currentDate: now() });
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats.default(ajv);
    const schema = JSON.parse(readFileSync(new URL('./fixtures/open-badges-3.schema.json', import.meta.url), 'utf8'));
    const valid = ajv.validate(schema, payload);
    expect(ajv.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    expect(payload).toMatchObject({
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      iss: t.config.publicUrl + '/',
      jti: `${t.config.publicUrl}/certificates/${certId}`,
      credentialSubject: {
        identifier: [{ identityType: 'name', identityHash: expect.any(String) }],
        activityStartDate: '2031-05-05T00:00:00Z',
        activityEndDate: '2031-06-01T23:59:59Z',
        achievement: { name: 'Verified JavaScript', achievementType: 'Course' },
      },
      credentialStatus: {
        type: 'BitstringStatusListEntry',
        statusPurpose: 'revocation',
        statusListCredential: `${t.config.publicUrl}/api/certificate-status/1`,
      },
    });
  });

  it('does not verify once altered', async () => {
    const [h, p, s] = jwt.split('.');
    const body = JSON.parse(Buffer.from(p!, 'base64url').toString());
    body.name = 'Something else';
    const forged = `${h}.${Buffer.from(JSON.stringify(body)).toString('base64url')}.${s}`;
    await expect(jwtVerify(forged, await keys(), { currentDate: now() })).rejects.toThrow();
  });

  it('is private to its learner: another learner gets 404 for the PDF and sees only their own list', async () => {
    expect((await call('GET', `/api/certificates/${certId}/pdf`, LEARNER1)).status).toBe(404);
    expect((await call('GET', '/api/certificates/mine', LEARNER1)).json().data).toEqual([]);
    expect((await call('GET', `/api/certificates/${certId}/pdf`, null)).status).toBe(401);
  });

  it('downloads as a PDF in English and Arabic', async () => {
    for (const lang of ['en', 'ar']) {
      const res = await call('GET', `/api/certificates/${certId}/pdf?lang=${lang}`, LEARNER);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.raw.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it('is revoked by an admin with a reason (audited): the status bit flips', async () => {
    const { payload } = await jwtVerify(jwt, await keys(), { currentDate: now() });
    const index = Number((payload.credentialStatus as { statusListIndex: string }).statusListIndex);
    expect(await statusBit(index)).toBe(false);
    expect((await call('POST', `/api/certificates/${certId}/revoke`, LEARNER, { reason: 'x' })).status).toBe(403);
    expect((await call('POST', `/api/certificates/${certId}/revoke`, ADMIN, { reason: '' })).status).toBe(400);
    expect(await statusBit(index)).toBe(false);
    const res = await call('POST', `/api/certificates/${certId}/revoke`, ADMIN, { reason: 'Issued by mistake' });
    expect(res.status).toBe(200);
    expect(res.json().data.revokedAt).toEqual(AFTER_END.toISOString());
    expect(await statusBit(index)).toBe(true);
    expect((await call('POST', `/api/certificates/${certId}/revoke`, ADMIN, { reason: 'again' })).status).toBe(409);
    const audit = await t.db
      .selectFrom('audit_log')
      .select('message')
      .where('action', '=', 'certificate.revoked')
      .execute();
    expect(audit).toEqual([{ message: 'Issued by mistake' }]);
    const mine = (await call('GET', '/api/certificates/mine', LEARNER)).json().data;
    expect(mine.find((c: { id: string }) => c.id === certId).revokedAt).toBe(AFTER_END.toISOString());
  });

  it('answers 404 for an unknown certificate or status list', async () => {
    expect((await call('GET', '/api/certificates/00000000-0000-4000-8000-000000000000', null)).status).toBe(404);
    expect((await call('GET', '/api/certificates/not-a-uuid', null)).status).toBe(400);
    expect((await call('GET', '/api/certificate-status/2', null)).status).toBe(404);
  });
});

describe('the rule', () => {
  it('is set per session by its educator (audited), and decides who is eligible', async () => {
    const res = await call('PUT', `/api/sessions/${sessionId}/certificates/rule`, EDUCATOR, {
      minAttendance: 50,
      minGrade: 50,
    });
    expect(res.status).toBe(200);
    const data = res.json().data;
    expect(data.rule).toEqual({ minAttendance: 50, minGrade: 50 });
    expect(rowOf(data, LEARNER1).eligible).toBe(true);
    expect(rowOf(data, LEARNER2).eligible).toBe(true);
    expect(
      (await call('PUT', `/api/sessions/${sessionId}/certificates/rule`, EDUCATOR, { minAttendance: 101, minGrade: 0 }))
        .status,
    ).toBe(400);
    expect(
      (
        await call('PUT', `/api/sessions/${sessionId}/certificates/rule`, OTHER_EDUCATOR, {
          minAttendance: 1,
          minGrade: 0,
        })
      ).status,
    ).toBe(403);
  });
});
