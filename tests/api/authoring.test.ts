import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countRows, multipart, PNG_1PX, startTestApp, type TestApp } from './harness.js';
import { weekly } from '../fixtures.js';
import { postCourseForm, uploadCoursePicture } from './course-form.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000); // PGlite migrations and the demo seed take a while on a busy machine
afterAll(() => t.close());

async function uploadPicture(email: string): Promise<number> {
  return (await uploadCoursePicture(t, email)).json().data.id;
}

const saveCourse = (email: string, fields: Record<string, string>, id?: number) => postCourseForm(t, email, fields, id);

const weeks = JSON.stringify(
  weekly({ monday: { start: '18:00', end: '19:30' }, wednesday: { start: '18:00', end: '19:30' } }),
);

/** The product.md#entities payload of a course with two weeks, two sections and three lessons. */
function courseFields(pictureId: number, extra: Record<string, string> = {}): Record<string, string> {
  return {
    action: 'submit',
    title: 'Rust for Backend Engineers',
    about: 'Six weeks of live classes.',
    description: 'Write fast, safe services in Rust.',
    courseCategoryId: '1',
    languageId: '1',
    pictureId: String(pictureId),
    price: '79.5',
    numHours: '12',
    maxSeats: '20',
    difficultyLevel: 'INTERMEDIATE',
    startDate: '2031-03-03',
    endDate: '2031-04-11',
    timezone: 'America/Chicago',
    recurring: 'true',
    weeks,
    'requiredSkills[0]': '1',
    'gainedSkills[0]': '2',
    'gainedSkills[1]': '3',
    'sections[1][0][name]': 'Ownership',
    'sections[1][0][order]': '0',
    'lessons[1][0][0][lessonTypeId]': '1',
    'lessons[1][0][0][name]': 'Kick-off',
    'lessons[1][0][0][order]': '0',
    'lessons[1][0][0][duration]': '90',
    'lessons[1][0][0][link]': 'https://meet.halaqa.test/rust-w1',
    'lessons[1][0][1][lessonTypeId]': '3',
    'lessons[1][0][1][name]': 'The borrow checker',
    'lessons[1][0][1][order]': '1',
    'lessons[1][0][1][duration]': '30',
    'lessons[1][0][1][link]': '',
    'sections[2][0][name]': 'Async services',
    'sections[2][0][order]': '0',
    'lessons[2][0][0][lessonTypeId]': '2',
    'lessons[2][0][0][name]': 'Tokio tour',
    'lessons[2][0][0][order]': '0',
    'lessons[2][0][0][duration]': '25',
    'lessons[2][0][0][link]': 'https://videos.halaqa.test/tokio',
    ...extra,
  };
}

describe('POST /courses (the course editor payload of product.md#entities)', () => {
  it('creates a course with its syllabus, skills and a pending first session, and loads it back into the editor', async () => {
    const pictureId = await uploadPicture('educator@halaqa.test');
    const res = await saveCourse('educator@halaqa.test', courseFields(pictureId));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { course, session } = res.body.data;
    expect(course).toMatchObject({
      title: 'Rust for Backend Engineers',
      price: 79.5,
      status: 'PENDING',
      difficultyLevel: 'INTERMEDIATE',
    });
    expect(course.pictureUrl).toMatch(/^\/uploads\/coursepicture\//);
    expect(session).toMatchObject({
      status: 'PENDING',
      startDate: '2031-03-03',
      endDate: '2031-04-11',
      timezone: 'America/Chicago',
      maxSeats: 20,
      price: 79.5,
    });
    expect(session.schedule.monday).toEqual({ start: '18:00', end: '19:30' });

    const edit = await t.app.inject({
      method: 'GET',
      url: `/api/courses/${course.id}/edit`,
      headers: t.auth(await t.tokenFor('educator@halaqa.test')),
    });
    expect(edit.statusCode).toBe(200);
    const data = edit.json().data;
    expect(data).toMatchObject({ pictureId, requiredSkills: '1', languageId: 1, price: 79.5, numHours: 12 });
    expect(data.gainedSkills.split('|').sort()).toEqual(['2', '3']);
    expect(
      data.syllabus.map((w: any) => [w.week, w.sections.map((s: any) => [s.name, s.lessons.map((l: any) => l.name)])]),
    ).toEqual([
      [1, [['Ownership', ['Kick-off', 'The borrow checker']]]],
      [2, [['Async services', ['Tokio tour']]]],
    ]);
    expect(data.syllabus[0].sections[0].lessons[1].link).toBeNull();
    // Each lesson carries its id (the course editor links to the lesson-authoring screen).
    expect(
      data.syllabus.flatMap((w: any) => w.sections.flatMap((s: any) => s.lessons.map((l: any) => typeof l.id))),
    ).toEqual(['number', 'number', 'number']);
    expect(data.session).toMatchObject({ id: session.id, status: 'PENDING' });

    // Not in the catalog until an admin approves its session.
    const explore = (
      await t.app.inject({ method: 'GET', url: '/api/courses/explore?query=Rust%20for%20Backend' })
    ).json().data;
    expect(explore.total).toBe(0);
  });

  it('updates its own course with ?id= (sections replaced, order from position), keeping the picture', async () => {
    const pictureId = await uploadPicture('educator@halaqa.test');
    const created = await saveCourse('educator@halaqa.test', courseFields(pictureId, { action: 'save' }));
    expect(created.body.data.course.status).toBe('DRAFT');
    const id = created.body.data.course.id;
    const fields = courseFields(pictureId, {
      action: 'save',
      title: 'Rust for Backend Engineers, 2nd edition',
      'sections[1][0][name]': 'Ownership and borrowing',
    });
    delete fields.pictureId;
    for (const k of Object.keys(fields))
      if (k.startsWith('sections[2]') || k.startsWith('lessons[2]')) delete fields[k];
    const res = await saveCourse('educator@halaqa.test', fields, id);
    expect(res.status).toBe(200);
    expect(res.body.data.course).toMatchObject({
      id,
      title: 'Rust for Backend Engineers, 2nd edition',
      status: 'DRAFT',
    });
    expect(res.body.data.course.pictureUrl).toMatch(/^\/uploads\/coursepicture\//);
    const data = (
      await t.app.inject({
        method: 'GET',
        url: `/api/courses/${id}/edit`,
        headers: t.auth(await t.tokenFor('educator@halaqa.test')),
      })
    ).json().data;
    expect(data.syllabus).toHaveLength(1);
    expect(data.syllabus[0].sections[0].name).toBe('Ownership and borrowing');
  });

  it('refuses a malformed payload with field errors and writes nothing', async () => {
    const pictureId = await uploadPicture('educator@halaqa.test');
    const before = {
      courses: await countRows(t.db, 'courses'),
      sessions: await countRows(t.db, 'sessions'),
      sections: await countRows(t.db, 'sections'),
    };
    const cases: Array<[Record<string, string>, string]> = [
      [{ endDate: '2031-03-01' }, 'endDate'],
      [
        {
          weeks: JSON.stringify(weekly({ monday: { start: '19:00', end: '18:00' } })),
        },
        'weeks.monday.end',
      ],
      [{ maxSeats: '0' }, 'maxSeats'],
      [{ maxSeats: '5001' }, 'maxSeats'],
      [{ price: '-1' }, 'price'],
      [{ 'lessons[1][0][1][name]': '' }, 'lessons[1][0][1][name]'],
      [{ 'lessons[1][0][0][link]': 'javascript:alert(1)' }, 'lessons[1][0][0][link]'],
      [{ timezone: 'Europe/Paris' }, 'timezone'],
      [{ courseCategoryId: '9999' }, 'courseCategoryId'],
      [{ 'gainedSkills[0]': '99999' }, 'gainedSkills[0]'],
      [{ title: '' }, 'title'],
    ];
    for (const [extra, path] of cases) {
      const res = await saveCourse('educator@halaqa.test', courseFields(pictureId, extra));
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(
        res.body.errors.map((e: { path: string }) => e.path),
        JSON.stringify(extra),
      ).toContain(path);
    }
    const noPicture = courseFields(pictureId);
    delete noPicture.pictureId;
    const res = await saveCourse('educator@halaqa.test', noPicture);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe('pictureId');
    expect({
      courses: await countRows(t.db, 'courses'),
      sessions: await countRows(t.db, 'sessions'),
      sections: await countRows(t.db, 'sections'),
    }).toEqual(before);
  });

  it("refuses lesson fields against the contract's types (CourseForm patternProperties): type id, name length, duration; nothing written", async () => {
    const pictureId = await uploadPicture('educator@halaqa.test');
    const before = {
      courses: await countRows(t.db, 'courses'),
      sections: await countRows(t.db, 'sections'),
      lessons: await countRows(t.db, 'lessons'),
    };
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ 'lessons[1][0][0][lessonTypeId]': 'video' }, 'lessons[1][0][0][lessonTypeId]', 'must be integer'],
      [{ 'lessons[1][0][0][lessonTypeId]': '0' }, 'lessons[1][0][0][lessonTypeId]', 'must be >= 1'],
      [
        { 'lessons[1][0][1][name]': 'x'.repeat(201) },
        'lessons[1][0][1][name]',
        'must NOT have more than 200 characters',
      ],
      [{ 'lessons[2][0][0][duration]': '1441' }, 'lessons[2][0][0][duration]', 'must be <= 1440'],
      [{ 'lessons[2][0][0][duration]': '1.5' }, 'lessons[2][0][0][duration]', 'must be integer'],
      [{ 'lessons[2][0][0][duration]': '-1' }, 'lessons[2][0][0][duration]', 'must be >= 0'],
    ];
    for (const [extra, path, message] of cases) {
      const res = await saveCourse('educator@halaqa.test', courseFields(pictureId, extra));
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body, JSON.stringify(extra)).toEqual({
        message: 'Some fields are invalid',
        errors: [{ path, message }],
      });
    }
    expect({
      courses: await countRows(t.db, 'courses'),
      sections: await countRows(t.db, 'sections'),
      lessons: await countRows(t.db, 'lessons'),
    }).toEqual(before);
    // Within the bounds the form is saved, the duration as minutes.
    const ok = await saveCourse(
      'educator@halaqa.test',
      courseFields(pictureId, {
        action: 'save',
        'lessons[1][0][1][name]': 'x'.repeat(200),
        'lessons[2][0][0][duration]': '1440',
      }),
    );
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const rows = await t.db
      .selectFrom('lessons')
      .innerJoin('sections', 'sections.id', 'lessons.section_id')
      .select(['lessons.name', 'lessons.duration_minutes'])
      .where('sections.course_id', '=', ok.body.data.course.id)
      .orderBy('sections.week')
      .orderBy('lessons.sort_order')
      .execute();
    expect(rows.map((r) => [r.name.length, r.duration_minutes])).toEqual([
      [8, 90],
      [200, 30],
      [10, 1440],
    ]);
  });

  it('refuses a field sent twice by the validator (never reaches the service as a list), and writes nothing', async () => {
    const pictureId = await uploadPicture('educator@halaqa.test');
    const token = await t.tokenFor('educator@halaqa.test');
    const before = { courses: await countRows(t.db, 'courses'), lessons: await countRows(t.db, 'lessons') };
    const cases: Array<[string, string]> = [
      ['about', 'must be string'],
      ['weeks', 'must be string'],
      ['pictureId', 'must be integer'],
      ['lessons[1][0][0][name]', 'must be string'],
      ['title', 'must be string'],
    ];
    for (const [key, message] of cases) {
      const form = multipart(courseFields(pictureId));
      // The same part once more, before the closing boundary.
      const boundary = form.headers['content-type'].split('boundary=')[1];
      const end = `--${boundary}--\r\n`;
      const again = `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n7\r\n`;
      const payload = Buffer.concat([
        form.payload.subarray(0, form.payload.length - end.length),
        Buffer.from(again + end),
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/courses',
        payload,
        headers: { ...form.headers, ...t.auth(token) },
      });
      expect(res.statusCode, key).toBe(400);
      expect(res.json(), key).toEqual({ message: 'Some fields are invalid', errors: [{ path: key, message }] });
    }
    expect({ courses: await countRows(t.db, 'courses'), lessons: await countRows(t.db, 'lessons') }).toEqual(before);
  });

  it("refuses another educator's course (403), learners (403), unknown courses (404) and someone else's picture", async () => {
    const pictureId = await uploadPicture('educator@halaqa.test');
    const mine = (await saveCourse('educator@halaqa.test', courseFields(pictureId, { action: 'save' }))).body.data
      .course.id;
    expect((await saveCourse('educator2@halaqa.test', courseFields(pictureId, { action: 'save' }), mine)).status).toBe(
      403,
    );
    expect((await saveCourse('learner@halaqa.test', courseFields(pictureId))).status).toBe(403);
    expect((await saveCourse('educator@halaqa.test', courseFields(pictureId), 999999)).status).toBe(404);
    const stolen = await saveCourse('educator2@halaqa.test', courseFields(pictureId, { action: 'save' }));
    expect(stolen.status).toBe(400);
    expect(stolen.body.errors[0].path).toBe('pictureId');
    const edit = await t.app.inject({
      method: 'GET',
      url: `/api/courses/${mine}/edit`,
      headers: t.auth(await t.tokenFor('educator2@halaqa.test')),
    });
    expect(edit.statusCode).toBe(403);
    const admin = await t.app.inject({
      method: 'GET',
      url: `/api/courses/${mine}/edit`,
      headers: t.auth(await t.tokenFor('admin@halaqa.test')),
    });
    expect(admin.statusCode).toBe(200);
  });

  it('lets a pending educator save a draft (without a picture: pending accounts cannot upload) but not submit it', async () => {
    await t.db.updateTable('users').set({ status: 'PENDING' }).where('email', '=', 'educator3@halaqa.test').execute();
    const form = multipart({}, { picture: { filename: 'cover.png', contentType: 'image/png', content: PNG_1PX } });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/courses/picture',
      payload: form.payload,
      headers: { ...form.headers, ...t.auth(await t.tokenFor('educator3@halaqa.test')) },
    });
    expect(upload.statusCode).toBe(403);
    const { pictureId: _none, ...withoutPicture } = courseFields(1);
    expect((await saveCourse('educator3@halaqa.test', { ...withoutPicture, action: 'submit' })).status).toBe(403);
    expect((await saveCourse('educator3@halaqa.test', { ...withoutPicture, action: 'save' })).status).toBe(201);
  });

  it('sends a course for review only with a picture; a draft may wait for it', async () => {
    const { pictureId: _none, ...withoutPicture } = courseFields(1);
    const refused = await saveCourse('educator@halaqa.test', { ...withoutPicture, action: 'submit' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContainEqual({ path: 'pictureId', message: 'is required: upload a course picture' });
    const draft = await saveCourse('educator@halaqa.test', { ...withoutPicture, action: 'save' });
    expect(draft.status).toBe(201);
    const pictureId = await uploadPicture('educator@halaqa.test');
    expect(
      (
        await saveCourse(
          'educator@halaqa.test',
          courseFields(pictureId, { action: 'submit' }),
          draft.body.data.course.id,
        )
      ).status,
    ).toBe(200);
  });
});

describe('GET /courses/to-teach', () => {
  it("lists the educator's own courses of every status, searchable by title", async () => {
    const token = await t.tokenFor('educator@halaqa.test');
    const me = (
      await t.db.selectFrom('users').select('id').where('email', '=', 'educator@halaqa.test').executeTakeFirstOrThrow()
    ).id;
    const res = (
      await t.app.inject({ method: 'GET', url: '/api/courses/to-teach?pageSize=100', headers: t.auth(token) })
    ).json().data;
    const own = await t.db.selectFrom('courses').select('id').where('educator_id', '=', me).execute();
    expect(res.total).toBe(own.length);
    expect(res.items.every((c: { educator: { id: number } }) => c.educator.id === me)).toBe(true);
    expect(res.items.some((c: { status: string }) => c.status === 'DRAFT')).toBe(true);
    const search = (
      await t.app.inject({ method: 'GET', url: '/api/courses/to-teach?query=2nd%20edition', headers: t.auth(token) })
    ).json().data;
    expect(search.items.map((c: { title: string }) => c.title)).toEqual(['Rust for Backend Engineers, 2nd edition']);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/courses/to-teach',
          headers: t.auth(await t.tokenFor('learner@halaqa.test')),
        })
      ).statusCode,
    ).toBe(403);
  });
});
