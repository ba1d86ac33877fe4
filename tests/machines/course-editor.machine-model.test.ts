import { type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';
import { type CourseEditorContext, type CourseEditorInput, courseEditorMachine } from '@machines/course-editor.machine';
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
import { defaultCourseValues } from '@machines/course-editor.form';
import { describeModelBased } from './model';
import {
  ACTORS,
  form,
  invalidValues,
  loadedExisting,
  loadedNew,
  png,
  validValues,
} from './course-editor.machine-shared';

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
