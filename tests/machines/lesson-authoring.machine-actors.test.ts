import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  type LessonAuthoringEmitted,
  lessonAuthoringMachine,
  type SaveAuthoringInput,
} from '@machines/lesson-authoring.machine';
import { createLessonAuthoringActors } from '@machines/lesson-authoring.actors';
import { moveItem } from '@machines/lesson-authoring.form';
import { createApi } from '../../src/lib/api/client';
import { json, mockFetch } from './fetch-mock';
import { expectedBody, input, invalidValues, quiz, saved, validValues } from './lesson-authoring.machine-shared';

describe('lesson-authoring.machine with the real actors (fake fetch)', () => {
  it('loads, refuses an invalid bank, saves, maps the 400 field errors, and emits the toasts’ facts', async () => {
    const mock = mockFetch({
      'GET /api/lessons/503/authoring': (_r, call) =>
        call === 1 ? json(500, { message: 'Boom' }) : json(200, { data: quiz }),
      'PUT /api/lessons/503/authoring': (_r, call) =>
        call === 1
          ? json(400, {
              message: 'Validation failed',
              errors: [{ path: 'questions[0].answer', message: 'needs exactly one correct option' }],
            })
          : json(200, { data: saved }),
    });
    const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
    const actor = createActor(lessonAuthoringMachine.provide({ actors: createLessonAuthoringActors(api) }), { input });
    const emitted: LessonAuthoringEmitted[] = [];
    actor.on('*', (e) => emitted.push(e as LessonAuthoringEmitted));
    actor.start();
    await new Promise((r) => setTimeout(r, 20));
    expect(actor.getSnapshot().matches({ form: 'loadFailed' })).toBe(true);
    actor.send({ type: 'authoring.retried' });
    await new Promise((r) => setTimeout(r, 20));
    expect(actor.getSnapshot().matches({ form: 'editing' })).toBe(true);

    actor.send({ type: 'form.changed', values: invalidValues, fields: ['questions'] });
    actor.send({ type: 'form.submitted' });
    expect(actor.getSnapshot().matches({ form: 'editing' })).toBe(true);
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual(['questions[0].prompt', 'questions[0].answer']);
    expect(mock.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    actor.send({ type: 'form.changed', values: validValues, fields: ['questions'] });
    expect(actor.getSnapshot().context.errors).toEqual({});
    actor.send({ type: 'form.submitted' });
    await new Promise((r) => setTimeout(r, 20));
    expect(actor.getSnapshot().matches({ form: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.serverErrors).toEqual({
      'questions[0].answer': 'needs exactly one correct option',
    });
    // Editing that question's answer clears its server error.
    actor.send({ type: 'form.changed', values: validValues, fields: ['questions[0].answer'] });
    expect(actor.getSnapshot().context.serverErrors).toEqual({});
    actor.send({ type: 'form.submitted' });
    await new Promise((r) => setTimeout(r, 20));
    expect(actor.getSnapshot().matches({ form: 'saved' })).toBe(true);
    expect(JSON.parse(mock.calls.at(-1)!.body!)).toEqual(expectedBody);
    expect(actor.getSnapshot().context.dirty).toBe(false);
    expect(emitted.map((e) => e.type)).toEqual(['authoring.saveFailed', 'authoring.saved']);

    // Nothing unsaved: leaving is allowed at once; with changes, it is asked first.
    actor.send({ type: 'leave.requested' });
    expect(emitted.at(-1)).toEqual({ type: 'leave.allowed' });
    const reordered = { ...actor.getSnapshot().context.values };
    reordered.questions = moveItem(reordered.questions, 1, 0);
    actor.send({ type: 'form.changed', values: reordered, fields: ['questions'] });
    actor.send({ type: 'leave.requested' });
    expect(actor.getSnapshot().hasTag('confirmingLeave')).toBe(true);
    actor.send({ type: 'leave.cancelled' });
    expect(emitted.at(-1)).toEqual({ type: 'leave.cancelled' });
  });

  it('the save actor sends the PUT body as given', async () => {
    let body: unknown = null;
    const mock = mockFetch({
      'PUT /api/lessons/503/authoring': async (request) => {
        body = await request.json();
        return json(200, { data: saved });
      },
    });
    const actors = createLessonAuthoringActors(createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch }));
    const machine = lessonAuthoringMachine.provide({
      actors: { loadAuthoring: fromPromise(async () => quiz), saveAuthoring: actors.saveAuthoring },
    });
    const actor = createActor(machine, { input }).start();
    await new Promise((r) => setTimeout(r, 0));
    actor.send({ type: 'form.changed', values: validValues });
    actor.send({ type: 'form.submitted' });
    await new Promise((r) => setTimeout(r, 20));
    const sent: SaveAuthoringInput['body'] = expectedBody as SaveAuthoringInput['body'];
    expect(body).toEqual(sent);
  });
});
