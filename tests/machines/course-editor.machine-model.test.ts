import { type AnyEventObject, type AnyMachineSnapshot, createActor, toPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  type CourseEditorContext,
  type CourseEditorEmitted,
  type CourseEditorInput,
  type EditorReference,
  type LoadedEditor,
  courseEditorMachine,
} from '@machines/course-editor.machine';
import { type CourseUpload, createCourseEditorActors } from '@machines/course-editor.actors';
import {
  type CourseEditorSnapshot,
  canSubmit,
  hasClientErrors,
  isPreparing,
  isSaving,
  isUploading,
  loadFailed,
  previewMode,
  saveFailed,
} from '@machines/course-editor.selectors';
import { type CourseFormValues, defaultCourseValues } from '@machines/course-editor.form';
import { createApi } from '../../src/lib/api/client';
import { UploadError } from '../../src/lib/api/upload';
import { json, mockFetch } from './fetch-mock';
import { describeModelBased, pendingActors } from './model';
import { weekly, EVENING } from '../fixtures';

const reference: EditorReference = {
  categories: [{ id: 3, name: 'Web development', nameAr: 'تطوير الويب' }],
  languages: [{ id: 1, code: 'en', name: 'English' }],
  skills: [
    { id: 4, name: 'React' },
    { id: 9, name: 'TypeScript' },
  ],
  lessonTypes: [
    { id: 1, code: 'meeting', name: 'Meeting' },
    { id: 3, code: 'reading', name: 'Reading' },
  ],
  timezones: [{ id: 'America/New_York', name: 'Eastern', offset: '-05:00' }],
};

/** A complete, valid course (picture uploaded) with one week, one section, one lesson. */
const validValues: CourseFormValues = {
  ...defaultCourseValues(),
  title: 'Modern web apps with React',
  courseCategoryId: '3',
  description: 'Build and ship a React application.',
  numHours: '24',
  picture: { id: 77, url: '/uploads/courses/77.png', name: 'cover.png' },
  syllabus: [
    {
      key: 'w1',
      sections: [
        {
          key: 'w1-s0',
          name: 'Basics',
          lessons: [
            { key: 'w1-s0-l0', lessonTypeId: '3', name: 'Why React', duration: '30', link: 'https://react.dev' },
          ],
        },
      ],
    },
  ],
};

/** No title, a section without a name, a lesson of 0 minutes. */
const invalidValues: CourseFormValues = {
  ...validValues,
  title: '',
  syllabus: [
    {
      key: 'w1',
      sections: [
        {
          key: 'w1-s0',
          name: '',
          lessons: [{ key: 'w1-s0-l0', lessonTypeId: '3', name: 'Intro', duration: '0', link: '' }],
        },
      ],
    },
  ],
};

const loadedNew: LoadedEditor = { reference, course: null, values: defaultCourseValues() };
const loadedExisting: LoadedEditor = {
  reference,
  course: { id: 12, status: 'REJECTED', moderationMessage: 'Add a syllabus' },
  values: { ...validValues, picture: { id: null, url: '/uploads/courses/12.jpg' } },
};

const png = new File([new Uint8Array(64)], 'cover.png', { type: 'image/png' });

const commonEvents: AnyEventObject[] = [
  { type: 'xstate.error.actor.loadEditorData', error: { status: 500, serverMessage: 'Boom' } },
  { type: 'editor.retried' },
  { type: 'form.changed', values: validValues, fields: ['title'] },
  { type: 'form.changed', values: invalidValues, fields: ['sections', 'lessons'] },
  { type: 'form.submitted', action: 'save' },
  { type: 'upload.requested', field: 'picture', file: png },
  { type: 'upload.requested', field: 'video', file: null },
  { type: 'upload.progressed', loaded: 32, total: 64 },
  { type: 'upload.succeeded', upload: { id: 78, url: '/uploads/courses/78.png' } },
  { type: 'upload.failed', error: { code: 'upload.tooLarge', limit: '5 MB' } },
  { type: 'upload.cancelled' },
  {
    type: 'xstate.error.actor.saveCourse',
    error: {
      status: 400,
      serverMessage: 'Validation failed',
      fieldErrors: {
        title: 'Title is already used',
        pictureId: 'A picture is required',
        'sections[1][0][name]': 'Too long',
      },
    },
  },
  { type: 'preview.learnerShown' },
  { type: 'preview.instructorShown' },
  { type: 'preview.hidden' },
  { type: 'editor.destroyed' },
];

const inputs: Array<[string, CourseEditorInput, AnyEventObject[]]> = [
  [
    'new course',
    { companyId: null },
    [
      { type: 'xstate.done.actor.loadEditorData', output: loadedNew },
      { type: 'xstate.done.actor.saveCourse', output: { courseId: 31, status: 'DRAFT', created: true } },
      ...commonEvents,
    ],
  ],
  [
    'existing course of a company educator',
    { courseId: 12, companyId: 5 },
    [
      { type: 'xstate.done.actor.loadEditorData', output: loadedExisting },
      { type: 'xstate.done.actor.saveCourse', output: { courseId: 12, status: 'PENDING', created: false } },
      { type: 'form.submitted', action: 'submit' },
      ...commonEvents,
    ],
  ],
];

/**
 * The traversal identifies states by what the UI can tell apart: the form state, which values are
 * in the form, which fields have errors, the upload and the outcome (the replay checks real
 * values). The preview region is independent of the form: its transitions (defined on the region)
 * are walked from every form state, but its mode does not make new form states.
 */
const serializeState = (s: AnyMachineSnapshot) => {
  const c = s.context as CourseEditorContext;
  return JSON.stringify({
    form: (s.value as { form: unknown }).form,
    values: c.values,
    errors: Object.keys(c.errors).sort(),
    serverErrors: Object.keys(c.serverErrors).sort(),
    submitAttempted: c.submitAttempted,
    upload: c.upload,
    uploadError: c.uploadError?.code ?? null,
    error: c.error?.code ?? null,
    courseId: c.courseId,
    course: c.course,
    loaded: c.reference !== null,
  });
};

function form(s: AnyMachineSnapshot): string {
  return (s.value as { form: string }).form;
}

function checkState(s: AnyMachineSnapshot) {
  const c = s.context as CourseEditorContext;
  const state = form(s);
  expect(state).not.toBe('validating'); // transient: the client rules decide at once
  expect(s.hasTag('loading')).toBe(state === 'loading');
  expect(s.hasTag('uploading')).toBe(state === 'uploading');
  expect(s.hasTag('saving')).toBe(state === 'saving');
  const ready = ['editing', 'saved', 'failed'].includes(state);
  // Saving is offered when the form is ready, never while loading, uploading or saving.
  expect(s.can({ type: 'form.submitted', action: 'save' })).toBe(ready);
  expect(s.can({ type: 'upload.requested', field: 'picture', file: png })).toBe(ready);
  // Selectors (machines/course-editor.selectors.ts) read the same states.
  const snap = s as CourseEditorSnapshot;
  expect(canSubmit(snap)).toBe(ready);
  expect(isPreparing(snap)).toBe(state === 'loading' || state === 'destroyed');
  expect(loadFailed(snap)).toBe(state === 'loadFailed');
  expect(saveFailed(snap)).toBe(state === 'failed');
  expect(isSaving(snap)).toBe(state === 'saving');
  expect(isUploading(snap)).toBe(state === 'uploading');
  expect(hasClientErrors(snap)).toBe(state === 'editing' && Object.keys(c.errors).length > 0);
  expect(['hidden', 'learner', 'instructor']).toContain(previewMode(snap));
  if (ready || state === 'uploading' || state === 'saving') expect(c.reference).not.toBeNull();
  if (state === 'uploading') {
    expect(c.upload).not.toBeNull();
    expect(c.upload!.loaded).toBeLessThanOrEqual(c.upload!.total);
  } else {
    expect(c.upload).toBeNull();
  }
  if (state === 'loadFailed') expect(c.error?.code).toBe('editor.loadFailed');
  if (state === 'saving') {
    expect(Object.keys(c.errors)).toEqual([]);
    expect(c.serverErrors).toEqual({});
  }
  if (state === 'saved') {
    expect(c.saved).not.toBeNull();
    expect(c.courseId).toBe(c.saved!.courseId);
    expect(c.course?.id).toBe(c.courseId);
  }
  if (state === 'failed') {
    expect(c.error?.code).toBe(c.courseId === null ? 'editor.createFailed' : 'editor.updateFailed');
    // product.md#validation: server field errors keyed by form field (pictureId is shown at the picture).
    expect(c.serverErrors).toMatchObject({ title: 'Title is already used', picture: 'A picture is required' });
  }
  if (state === 'destroyed') {
    expect(s.status).toBe('active'); // the preview region is not final; the form's data is gone
    expect(c.reference).toBeNull();
    expect(c.course).toBeNull();
    expect(c.values).toEqual(defaultCourseValues());
    expect(c.errors).toEqual({});
    expect(c.serverErrors).toEqual({});
  }
  const preview = (s.value as { preview: string }).preview;
  expect(['hidden', 'learner', 'instructor']).toContain(preview);
}

const ACTORS = ['loadEditorData', 'uploadFile', 'saveCourse'];
describeModelBased(courseEditorMachine, {
  name: 'course-editor.machine',
  inputs: inputs.map(([name, input, events]) => ({ name, input, events })),
  serialize: serializeState,
  actors: ACTORS,
  check: ({ snapshot, previous, event, started }) => {
    checkState(snapshot);
    const c = snapshot.context as CourseEditorContext;
    const before = previous.context as CourseEditorContext;
    for (const [name, input] of started) {
      if (name === 'loadEditorData') expect(input).toEqual({ courseId: c.courseId });
      if (name === 'saveCourse') {
        expect(input).toEqual({ courseId: c.courseId, values: c.values, action: c.action, companyId: c.companyId });
      }
      if (name === 'uploadFile') expect(input).toEqual({ field: 'picture', file: png });
    }
    if (event.type === 'form.submitted' && ['editing', 'saved', 'failed'].includes(form(previous))) {
      // Valid → saving; invalid → back to editing with the rule failures.
      expect(form(snapshot)).toBe(Object.keys(c.errors).length ? 'editing' : 'saving');
      expect(c.submitAttempted).toBe(true);
      if (c.values === invalidValues) {
        expect(Object.keys(c.errors).sort()).toEqual(['lessons[1][0][0][duration]', 'sections[1][0][name]', 'title']);
      }
    }
    if (event.type === 'upload.requested' && !(event as { file?: unknown }).file) {
      // product.md#validation: no file chosen does nothing.
      expect(snapshot.value).toEqual(previous.value);
      expect(c).toEqual(before);
    }
    if (event.type === 'upload.succeeded' && form(previous) === 'uploading') {
      expect(c.values.picture).toEqual({ id: 78, url: '/uploads/courses/78.png', name: 'cover.png' });
      expect(c.errors.picture).toBeUndefined();
    }
    if (event.type === 'upload.failed' && form(previous) === 'uploading') {
      expect(c.uploadError).toEqual({ field: 'picture', code: 'upload.tooLarge', limit: '5 MB' });
      expect(c.values.picture).toEqual(before.values.picture);
    }
    if (event.type === 'form.changed' && Object.keys(before.serverErrors).length) {
      const fields = (event as { fields?: string[] }).fields ?? [];
      for (const key of Object.keys(c.serverErrors)) {
        expect(fields.some((f) => key === f || key.startsWith(`${f}[`))).toBe(false);
      }
    }
  },
});

describe('course-editor.machine (specific paths)', () => {
  function start(input: CourseEditorInput) {
    const { actors, starts } = pendingActors(ACTORS);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const actor = createActor(courseEditorMachine.provide({ actors: actors as any }), { input });
    const emitted: CourseEditorEmitted[] = [];
    actor.on('*', (e) => emitted.push(e as CourseEditorEmitted));
    actor.start();
    return { actor, starts, emitted };
  }

  it('creates a course: defaults, save, emits course.saved {created: true}, then edits the new id', () => {
    const { actor, starts, emitted } = start({});
    expect(actor.getSnapshot().context.values).toMatchObject({
      languageId: '1',
      difficultyLevel: 'BEGINNER',
      price: '0',
    });
    actor.send({ type: 'xstate.done.actor.loadEditorData', output: loadedNew } as never);
    // The values as loaded are the saved ones (the unsaved-changes guard compares with them).
    expect(actor.getSnapshot().context.savedValues).toEqual(loadedNew.values);
    actor.send({ type: 'form.changed', values: validValues });
    expect(actor.getSnapshot().context.savedValues).toEqual(loadedNew.values);
    actor.send({ type: 'form.submitted', action: 'submit' });
    expect(actor.getSnapshot().matches({ form: 'saving' })).toBe(true);
    expect(starts.at(-1)).toEqual([
      'saveCourse',
      { courseId: null, values: validValues, action: 'submit', companyId: null },
    ]);
    actor.send({
      type: 'xstate.done.actor.saveCourse',
      output: { courseId: 31, status: 'PENDING', created: true },
    } as never);
    const s = actor.getSnapshot();
    expect(s.matches({ form: 'saved' })).toBe(true);
    expect(s.context.courseId).toBe(31);
    expect(s.context.course).toEqual({ id: 31, status: 'PENDING', moderationMessage: null });
    expect(emitted).toEqual([{ type: 'course.saved', courseId: 31, created: true }]);
    expect(s.context.savedValues).toEqual(s.context.values);
  });

  it('a new course needs a picture; an update does not', () => {
    const noPicture = { ...validValues, picture: null };
    const created = start({});
    created.actor.send({ type: 'xstate.done.actor.loadEditorData', output: loadedNew } as never);
    created.actor.send({ type: 'form.changed', values: noPicture });
    created.actor.send({ type: 'form.submitted', action: 'save' });
    expect(created.actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
    expect(created.actor.getSnapshot().context.errors).toEqual({ picture: { code: 'pictureRequired' } });

    const updated = start({ courseId: 12 });
    updated.actor.send({ type: 'xstate.done.actor.loadEditorData', output: loadedExisting } as never);
    updated.actor.send({ type: 'form.changed', values: noPicture });
    updated.actor.send({ type: 'form.submitted', action: 'save' });
    expect(updated.actor.getSnapshot().matches({ form: 'saving' })).toBe(true);
  });

  it('an update refused by the server: failed, field errors by field, course.saveFailed {created: false}', () => {
    const { actor, emitted } = start({ courseId: 12 });
    actor.send({ type: 'xstate.done.actor.loadEditorData', output: loadedExisting } as never);
    actor.send({ type: 'form.submitted', action: 'save' });
    actor.send({
      type: 'xstate.error.actor.saveCourse',
      error: {
        status: 400,
        serverMessage: 'Validation failed',
        fieldErrors: { title: 'Taken', 'lessons[1][0][0][duration]': 'Too long' },
      },
    } as never);
    const s = actor.getSnapshot();
    expect(s.matches({ form: 'failed' })).toBe(true);
    expect(s.context.serverErrors).toEqual({ title: 'Taken', 'lessons[1][0][0][duration]': 'Too long' });
    expect(s.context.error).toEqual({ code: 'editor.updateFailed', status: 400, message: 'Validation failed' });
    expect(emitted).toEqual([{ type: 'course.saveFailed', created: false, status: 400, message: 'Validation failed' }]);
    // Editing the title drops its server error only.
    actor.send({ type: 'form.changed', values: { ...validValues, title: 'New title' }, fields: ['title'] });
    expect(actor.getSnapshot().context.serverErrors).toEqual({ 'lessons[1][0][0][duration]': 'Too long' });
    expect(actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
  });

  it('errors go away as they are fixed once a save was attempted', () => {
    const { actor } = start({});
    actor.send({ type: 'xstate.done.actor.loadEditorData', output: loadedNew } as never);
    actor.send({ type: 'form.changed', values: invalidValues });
    expect(actor.getSnapshot().context.errors).toEqual({}); // not before the first attempt
    actor.send({ type: 'form.submitted', action: 'save' });
    expect(Object.keys(actor.getSnapshot().context.errors)).toHaveLength(3);
    actor.send({ type: 'form.changed', values: { ...invalidValues, title: 'Fixed' } });
    expect(Object.keys(actor.getSnapshot().context.errors).sort()).toEqual([
      'lessons[1][0][0][duration]',
      'sections[1][0][name]',
    ]);
  });

  it('the preview mode is independent of the form', () => {
    const { actor } = start({});
    actor.send({ type: 'preview.learnerShown' });
    expect(actor.getSnapshot().matches({ form: 'loading', preview: 'learner' })).toBe(true);
    actor.send({ type: 'preview.instructorShown' });
    expect(actor.getSnapshot().matches({ preview: 'instructor' })).toBe(true);
    actor.send({ type: 'preview.hidden' });
    expect(actor.getSnapshot().matches({ preview: 'hidden' })).toBe(true);
  });
});

describe('course-editor actors (mocked fetch)', () => {
  const BASE = 'http://halaqa.test/api';
  const editorData = {
    id: 12,
    status: 'DRAFT',
    moderationMessage: null,
    title: 'React',
    courseCategoryId: 3,
    languageId: 1,
    description: 'Build',
    about: '',
    price: 49.5,
    numHours: 20,
    difficultyLevel: 'INTERMEDIATE',
    hasMultiInstructors: false,
    isPrivate: false,
    companyId: null,
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
  };
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
