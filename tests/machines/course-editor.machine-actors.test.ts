import { type AnyEventObject, createActor, toPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import { type CourseEditorContext, type LoadedEditor, courseEditorMachine } from '@machines/course-editor.machine';
import { type CourseUpload, createCourseEditorActors } from '@machines/course-editor.actors';
import { defaultCourseValues } from '@machines/course-editor.form';
import { createApi } from '../../src/lib/api/client';
import { UploadError } from '../../src/lib/api/upload';
import { json, mockFetch } from './fetch-mock';
import { pendingActors } from './model';
import { aCourseEditorData, weekly, EVENING } from '../fixtures';
import { loadedNew, png, reference, validValues } from './course-editor.machine-shared';

describe('course-editor actors (mocked fetch)', () => {
  const BASE = 'http://halaqa.test/api';
  const editorData = aCourseEditorData({
    about: '',
    price: 49.5,
    numHours: 20,
    difficultyLevel: 'INTERMEDIATE',
    hasMultiInstructors: false,
    pictureId: 77,
    pictureUrl: '/uploads/77.png',
    videoId: null,
    videoUrl: null,
    courseSkills: [{ type: 'REQUIRED', skill: { id: 4, name: 'React' } }],
    requiredSkills: '4',
    gainedSkills: '',
    session: {
      id: 40,
      startDate: '2025-03-03',
      endDate: '2025-04-25',
      timezone: 'America/New_York',
      maxSeats: 20,
      status: 'PENDING',
    },
    weeks: weekly({ monday: EVENING }),
    syllabus: [
      {
        week: 2,
        sections: [
          { name: 'B', order: 2, lessons: [] },
          {
            name: 'A',
            order: 1,
            lessons: [{ id: 501, lessonTypeId: 3, name: 'L', order: 1, duration: 30, link: null }],
          },
        ],
      },
    ],
  });
  const routes = {
    'GET /api/courses/categories': () => json(200, { data: [{ id: 3, name: 'Web', nameAr: 'ويب', courseCount: 4 }] }),
    'GET /api/languages': () => json(200, { data: reference.languages }),
    'GET /api/skills': () => json(200, { data: reference.skills }),
    'GET /api/lessons/types': () => json(200, { data: reference.lessonTypes }),
    'GET /api/timezones/us': () => json(200, { data: reference.timezones }),
    'GET /api/courses/12/edit': () => json(200, { data: editorData }),
  };

  /** These tests upload nothing: an upload would fail loudly. */
  const noUpload: CourseUpload = () => Promise.reject(new Error('no upload in this test'));

  async function run<T>(logic: unknown, input: unknown): Promise<T> {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return toPromise(createActor(logic as any, { input }).start()) as Promise<T>;
  }

  it('loadEditorData loads reference data and the course into form values', async () => {
    const { fetch } = mockFetch(routes);
    const actors = createCourseEditorActors(createApi({ baseUrl: BASE, fetch }), { upload: noUpload });
    const out = await run<LoadedEditor>(actors.loadEditorData, { courseId: 12 });
    expect(out.course).toEqual({ id: 12, status: 'DRAFT', moderationMessage: null });
    expect(out.reference.categories).toEqual([{ id: 3, name: 'Web', nameAr: 'ويب' }]);
    expect(out.values).toMatchObject({
      title: 'React',
      price: '49.5',
      numHours: '20',
      requiredSkills: '4',
      maxSeats: '20',
    });
    expect(out.values.schedule.monday).toEqual({ enabled: true, start: '18:00', end: '20:00' });
    // Week 1 is empty, week 2 holds its sections in their order.
    expect(out.values.syllabus.map((w) => w.sections.map((s) => s.name))).toEqual([[], ['A', 'B']]);
    const fresh = await run<LoadedEditor>(actors.loadEditorData, { courseId: null });
    expect(fresh.course).toBeNull();
    expect(fresh.values).toEqual(defaultCourseValues());
  });

  it('loadEditorData rejects with the status when the course is not found', async () => {
    const { fetch } = mockFetch({
      ...routes,
      'GET /api/courses/12/edit': () => json(404, { message: 'Course not found' }),
    });
    const actors = createCourseEditorActors(createApi({ baseUrl: BASE, fetch }), { upload: noUpload });
    await expect(run(actors.loadEditorData, { courseId: 12 })).rejects.toMatchObject({
      status: 404,
      serverMessage: 'Course not found',
    });
  });

  it('saveCourse posts the multipart payload to /courses?id= and answers the id', async () => {
    let sent: FormData | null = null;
    const { fetch, calls } = mockFetch({
      'POST /api/courses': async (request) => {
        sent = await request.formData();
        return json(200, { data: { course: { id: 12, status: 'DRAFT' }, session: null } });
      },
    });
    const actors = createCourseEditorActors(createApi({ baseUrl: BASE, fetch }), { upload: noUpload });
    const out = await run(actors.saveCourse, { courseId: 12, values: validValues, action: 'save', companyId: null });
    // The course is reloaded for the lesson ids as saved; a failed reload leaves them unknown (null).
    expect(out).toEqual({ courseId: 12, status: 'DRAFT', created: false, savedSyllabus: null });
    expect(calls[0]!.path).toBe('/api/courses?id=12');
    expect(calls[1]!.path).toBe('/api/courses/12/edit');
    expect(calls[0]!.headers.get('Content-Type')).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent!.get('title')).toBe('Modern web apps with React');
    expect(sent!.get('lessons[1][0][0][name]')).toBe('Why React');
  });

  it('saveCourse answers the lesson ids as saved', async () => {
    const { fetch } = mockFetch({
      ...routes,
      'POST /api/courses': () => json(200, { data: { course: { id: 12, status: 'DRAFT' }, session: null } }),
    });
    const actors = createCourseEditorActors(createApi({ baseUrl: BASE, fetch }), { upload: noUpload });
    const out = await run<{ savedSyllabus: Array<{ sections: Array<{ lessons: Array<{ id?: number }> }> }> }>(
      actors.saveCourse,
      {
        courseId: 12,
        values: validValues,
        action: 'save',
        companyId: null,
      },
    );
    // Week 1 is empty; week 2's first section (order 1) holds lesson 501.
    expect(out.savedSyllabus[1]!.sections[0]!.lessons[0]!.id).toBe(501);
  });

  it('uploadFile sends progress then the upload, or the failure code', async () => {
    const fake = (async (
      _kind: string,
      _file: File,
      options: { onProgress?: (p: { loaded: number; total: number; percent: number }) => void },
    ) => {
      options.onProgress?.({ loaded: 10, total: 64, percent: 15 });
      return { id: 78, url: '/uploads/78.png', type: 'COURSEPICTURE' };
    }) as never;
    const received: AnyEventObject[] = [];
    const collect = (upload: never) =>
      new Promise<void>((resolve) => {
        const actors = createCourseEditorActors(createApi({ baseUrl: BASE }), { upload });
        const parent = createActor(
          courseEditorMachine.provide({
            actors: { ...actors, loadEditorData: pendingActors(['loadEditorData']).actors.loadEditorData } as never,
          }),
          { input: {} },
        );
        parent.start();
        parent.send({ type: 'xstate.done.actor.loadEditorData', output: loadedNew } as never);
        parent.subscribe((s) => {
          if (!s.matches({ form: 'uploading' })) {
            received.push({ type: 'done', context: s.context } as AnyEventObject);
            resolve();
          }
        });
        parent.send({ type: 'upload.requested', field: 'picture', file: png });
      });
    await collect(fake);
    const ok = received.at(-1)!.context as CourseEditorContext;
    expect(ok.values.picture).toEqual({ id: 78, url: '/uploads/78.png', name: 'cover.png' });
    const failing = (async () => {
      throw new UploadError('badType', { accepted: 'png, jpeg' });
    }) as never;
    await collect(failing);
    const failed = received.at(-1)!.context as CourseEditorContext;
    expect(failed.uploadError).toEqual({ field: 'picture', code: 'upload.badType', accepted: 'png, jpeg' });
  });
});
