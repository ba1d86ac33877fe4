import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { type CourseEditorEmitted, type CourseEditorInput, courseEditorMachine } from '@machines/course-editor.machine';
import { pendingActors } from './model';
import { ACTORS, invalidValues, loadedExisting, loadedNew, validValues } from './course-editor.machine-shared';

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
