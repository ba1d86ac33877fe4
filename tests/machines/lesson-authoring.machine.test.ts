import { type AnyEventObject, type AnyMachineSnapshot, createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  type LessonAuthoringContext,
  type LessonAuthoringEmitted,
  lessonAuthoringMachine,
  type SaveAuthoringInput,
} from '@machines/lesson-authoring.machine';
import { createLessonAuthoringActors } from '@machines/lesson-authoring.actors';
import {
  type AuthoringValues,
  type LessonAuthoring,
  type QuestionDraft,
  formPathOf,
  fromAuthoring,
  isDirty,
  markCorrect,
  moveItem,
  toAuthoringInput,
  validateAuthoring,
  withKind,
} from '@machines/lesson-authoring.form';
import { createApi } from '../../src/lib/api/client';
import { json, mockFetch } from './fetch-mock';
import { describeModelBased } from './model';

const input = { lessonId: 503 };

const quiz: LessonAuthoring = {
  lessonId: 503,
  courseId: 7,
  courseTitle: 'JavaScript from the ground up',
  type: 'quiz',
  name: 'Types and coercion',
  contentHtml: null,
  videoUrl: null,
  captionsUrl: null,
  link: null,
  day: null,
  startTime: null,
  points: 100,
  allowLate: false,
  timeLimitMinutes: 10,
  programming: null,
  questions: [
    {
      id: 31,
      kind: 'TRUE_FALSE',
      prompt: "typeof null is 'object'.",
      pictureUrl: null,
      points: 1,
      explanation: 'A quirk.',
      options: [],
      answer: true,
    },
  ],
};

const single: QuestionDraft = {
  key: 'q-new',
  kind: 'SINGLE',
  prompt: 'Which is not a primitive?',
  pictureUrl: '',
  points: '2',
  explanation: '',
  options: [
    { id: 'a', text: 'string' },
    { id: 'b', text: 'object' },
  ],
  correct: ['b'],
  trueFalse: null,
  accepted: [],
};

const loaded = fromAuthoring(quiz);
/** A SINGLE question added first, a time limit of 15 minutes. */
const validValues: AuthoringValues = { ...loaded, timeLimitMinutes: '15', questions: [single, ...loaded.questions] };
/** The SINGLE question has no prompt and no correct option. */
const invalidValues: AuthoringValues = {
  ...loaded,
  questions: [{ ...single, prompt: ' ', correct: [] }, ...loaded.questions],
};

const saved: LessonAuthoring = {
  ...quiz,
  timeLimitMinutes: 15,
  questions: [
    {
      id: 32,
      kind: 'SINGLE',
      prompt: 'Which is not a primitive?',
      pictureUrl: null,
      points: 2,
      explanation: null,
      options: single.options,
      answer: ['b'],
    },
    quiz.questions[0]!,
  ],
};

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadAuthoring', output: quiz },
  { type: 'xstate.error.actor.loadAuthoring', error: { status: 501, serverMessage: 'Not implemented yet' } },
  { type: 'authoring.retried' },
  { type: 'form.changed', values: validValues, fields: ['questions', 'timeLimitMinutes'] },
  { type: 'form.changed', values: invalidValues, fields: ['questions[0].prompt'] },
  { type: 'form.submitted' },
  { type: 'xstate.done.actor.saveAuthoring', output: saved },
  {
    type: 'xstate.error.actor.saveAuthoring',
    error: {
      status: 400,
      serverMessage: 'Validation failed',
      fieldErrors: { 'questions.0.answer': 'needs exactly one correct option', timeLimitMinutes: 'must be <= 600' },
    },
  },
  { type: 'leave.requested' },
  { type: 'leave.confirmed' },
  { type: 'leave.cancelled' },
];

const expectedBody = {
  contentHtml: null,
  points: 100,
  allowLate: false,
  timeLimitMinutes: 15,
  questions: [
    {
      kind: 'SINGLE',
      prompt: 'Which is not a primitive?',
      pictureUrl: null,
      points: 2,
      explanation: null,
      options: single.options,
      answer: ['b'],
    },
    {
      id: 31,
      kind: 'TRUE_FALSE',
      prompt: "typeof null is 'object'.",
      pictureUrl: null,
      points: 1,
      explanation: 'A quirk.',
      options: [],
      answer: true,
    },
  ],
};

function checkState(s: AnyMachineSnapshot) {
  const c = s.context as LessonAuthoringContext;
  expect(s.hasTag('loading')).toBe(s.matches({ form: 'loading' }));
  expect(s.hasTag('saving')).toBe(s.matches({ form: 'saving' }));
  expect(s.hasTag('confirmingLeave')).toBe(s.matches({ leave: 'confirming' }));
  // Dirty tracking: the values differ from those last loaded or saved.
  expect(c.dirty).toBe(isDirty(c.values, c.initial));
  // Leaving is only ever asked about with unsaved changes.
  if (s.matches({ leave: 'confirming' })) expect(c.dirty).toBe(true);
  if (s.matches({ form: 'loadFailed' }))
    expect(c.loadError).toEqual({ code: 'authoring.loadFailed', status: 501, message: 'Not implemented yet' });
  if (s.matches({ form: 'saving' })) expect(c.errors).toEqual({});
  if (s.matches({ form: 'saved' })) {
    expect(c.authoring).toEqual(saved);
    expect(c.values).toEqual(fromAuthoring(saved));
    expect(c.dirty).toBe(false);
  }
  if (s.matches({ form: 'failed' })) {
    expect(c.saveError).toEqual({ code: 'authoring.saveFailed', status: 400, message: 'Validation failed' });
    // Server paths are mapped to the form's, next to the question's fields.
    expect(c.serverErrors).toEqual({
      'questions[0].answer': 'needs exactly one correct option',
      timeLimitMinutes: 'must be <= 600',
    });
  }
  // An invalid bank is never sent: it stays in editing with the rule codes.
  if (s.matches({ form: 'editing' }) && c.submitAttempted && c.values === invalidValues) {
    expect(c.errors).toEqual({
      'questions[0].prompt': { code: 'required' },
      'questions[0].answer': { code: 'oneCorrect' },
    });
  }
}

describeModelBased(lessonAuthoringMachine, {
  name: 'lesson-authoring.machine',
  input,
  events,
  actors: ['loadAuthoring', 'saveAuthoring'],
  check: ({ snapshot, started }) => {
    checkState(snapshot);
    const c = snapshot.context as LessonAuthoringContext;
    for (const [name, got] of started) {
      if (name === 'loadAuthoring') expect(got).toEqual({ lessonId: 503 });
      if (name === 'saveAuthoring') {
        // What is sent is the form as it stands; the edited bank gives the body of the contract.
        expect(got).toEqual({ lessonId: 503, body: toAuthoringInput('quiz', c.values) });
        if (c.values === validValues) expect(got).toEqual({ lessonId: 503, body: expectedBody });
      }
    }
  },
  setup: () => ({ done: ({ starts }) => expect(starts[0]?.[0]).toBe('loadAuthoring') }),
});

describe('lesson-authoring-form rules (valibot, mirror of the server)', () => {
  const q = (patch: Partial<QuestionDraft>): QuestionDraft => ({ ...single, ...patch });
  const bank = (...questions: QuestionDraft[]): AuthoringValues => ({ ...loaded, questions });

  it('SINGLE: exactly one correct option among 2–10 options with text', () => {
    expect(validateAuthoring('quiz', bank(single))).toEqual({});
    expect(validateAuthoring('quiz', bank(q({ correct: [] })))).toEqual({
      'questions[0].answer': { code: 'oneCorrect' },
    });
    expect(validateAuthoring('quiz', bank(q({ correct: ['a', 'b'] })))).toEqual({
      'questions[0].answer': { code: 'oneCorrect' },
    });
    expect(validateAuthoring('quiz', bank(q({ options: [{ id: 'a', text: 'x' }], correct: ['a'] })))).toEqual({
      'questions[0].options': { code: 'tooFewOptions', limit: 2 },
    });
    const eleven = Array.from({ length: 11 }, (_, i) => ({ id: `o${i}`, text: `${i}` }));
    expect(validateAuthoring('quiz', bank(q({ options: eleven, correct: ['o1'] })))).toEqual({
      'questions[0].options': { code: 'tooManyOptions', limit: 10 },
    });
    expect(
      validateAuthoring(
        'quiz',
        bank(
          q({
            options: [
              { id: 'a', text: '' },
              { id: 'b', text: 'y' },
            ],
          }),
        ),
      ),
    ).toEqual({
      'questions[0].options[0].text': { code: 'required' },
    });
  });

  it('MULTIPLE at least one correct; TRUE_FALSE chosen; SHORT_ANSWER an accepted answer; STEP no answer', () => {
    expect(validateAuthoring('quiz', bank(q({ kind: 'MULTIPLE', correct: ['a', 'b'] })))).toEqual({});
    expect(validateAuthoring('quiz', bank(q({ kind: 'MULTIPLE', correct: [] })))).toEqual({
      'questions[0].answer': { code: 'someCorrect' },
    });
    expect(validateAuthoring('quiz', bank(q({ kind: 'TRUE_FALSE', options: [], trueFalse: null })))).toEqual({
      'questions[0].answer': { code: 'trueOrFalse' },
    });
    expect(validateAuthoring('quiz', bank(q({ kind: 'TRUE_FALSE', options: [], trueFalse: false })))).toEqual({});
    expect(validateAuthoring('quiz', bank(q({ kind: 'SHORT_ANSWER', options: [], accepted: [' ', ''] })))).toEqual({
      'questions[0].answer': { code: 'someAccepted' },
    });
    expect(validateAuthoring('quiz', bank(q({ kind: 'SHORT_ANSWER', options: [], accepted: ['NaN'] })))).toEqual({});
    expect(
      validateAuthoring('learningObjective', bank(q({ kind: 'STEP', options: [], correct: [], points: '' }))),
    ).toEqual({});
    expect(toAuthoringInput('learningObjective', bank(q({ kind: 'STEP', points: '' }))).questions![0]).toMatchObject({
      points: 0,
      options: [],
      answer: null,
    });
  });

  it('prompt required, points whole 0–1000, picture an upload or https', () => {
    expect(
      validateAuthoring('quiz', bank(q({ prompt: '  ', points: '1.5', pictureUrl: 'javascript:alert(1)' }))),
    ).toEqual({
      'questions[0].prompt': { code: 'required' },
      'questions[0].points': { code: 'integer' },
      'questions[0].pictureUrl': { code: 'mediaUrl' },
    });
    expect(validateAuthoring('quiz', bank(q({ points: '-1' })))).toEqual({
      'questions[0].points': { code: 'min', limit: 0 },
    });
    expect(validateAuthoring('quiz', bank(q({ points: '0', pictureUrl: '/uploads/questions/3.png' })))).toEqual({});
    expect(validateAuthoring('quiz', bank(q({ points: '1001' })))).toEqual({
      'questions[0].points': { code: 'max', limit: 1000 },
    });
  });

  it('lesson points 1–1000, time limit empty or 1–600, media urls, meeting link and time', () => {
    expect(validateAuthoring('quiz', { ...loaded, points: '0', timeLimitMinutes: '601' })).toEqual({
      points: { code: 'min', limit: 1 },
      timeLimitMinutes: { code: 'max', limit: 600 },
    });
    expect(validateAuthoring('quiz', { ...loaded, timeLimitMinutes: '' })).toEqual({});
    expect(toAuthoringInput('quiz', { ...loaded, timeLimitMinutes: ' ' }).timeLimitMinutes).toBeNull();
    expect(
      validateAuthoring('video', { ...loaded, videoUrl: 'http://x.test/v.mp4', captionsUrl: '/uploads/../etc' }),
    ).toEqual({
      videoUrl: { code: 'mediaUrl' },
      captionsUrl: { code: 'mediaUrl' },
    });
    expect(
      validateAuthoring('video', {
        ...loaded,
        videoUrl: '/uploads/videos/9.mp4',
        captionsUrl: 'https://cdn.test/en.vtt',
      }),
    ).toEqual({});
    expect(validateAuthoring('meeting', { ...loaded, link: 'http://meet.test', startTime: '25:00' })).toEqual({
      link: { code: 'httpsLink' },
      startTime: { code: 'time' },
    });
    // Parts a type does not have are neither checked nor sent.
    expect(validateAuthoring('reading', { ...loaded, points: 'x', videoUrl: 'nope' })).toEqual({});
    expect(toAuthoringInput('reading', { ...loaded, contentHtml: '<p>Hi</p>' })).toEqual({ contentHtml: '<p>Hi</p>' });
    expect(
      toAuthoringInput('meeting', { ...loaded, link: ' https://meet.test/x ', day: 'monday', startTime: '18:30' }),
    ).toEqual({
      contentHtml: null,
      link: 'https://meet.test/x',
      day: 'monday',
      startTime: '18:30',
    });
  });

  it('programming: an identifier, at least one test, args a JSON array, expected JSON', () => {
    const programming = {
      functionName: 'sum',
      starterCode: 'function sum(a, b) {}',
      tests: [{ key: 't', name: 'adds', args: '[1, 2]', expected: '3' }],
    };
    const values = { ...loaded, programming };
    expect(validateAuthoring('programmingAssignment', values)).toEqual({});
    expect(toAuthoringInput('programmingAssignment', values)).toEqual({
      contentHtml: null,
      points: 100,
      allowLate: false,
      programming: {
        functionName: 'sum',
        starterCode: 'function sum(a, b) {}',
        tests: [{ name: 'adds', args: [1, 2], expected: 3 }],
      },
    });
    expect(
      validateAuthoring('programmingAssignment', {
        ...loaded,
        programming: {
          functionName: '2sum',
          starterCode: '',
          tests: [{ key: 't', name: '', args: '{"a":1}', expected: 'three' }],
        },
      }),
    ).toEqual({
      'programming.functionName': { code: 'identifier' },
      'programming.tests[0].name': { code: 'required' },
      'programming.tests[0].args': { code: 'jsonArray' },
      'programming.tests[0].expected': { code: 'json' },
    });
    expect(
      validateAuthoring('programmingAssignment', { ...loaded, programming: { ...programming, tests: [] } }),
    ).toEqual({
      'programming.tests': { code: 'required' },
    });
  });

  it('edit helpers: kind changes keep what fits, correct marks, reorder', () => {
    const tf = withKind(single, 'TRUE_FALSE');
    expect(tf.kind).toBe('TRUE_FALSE');
    const backToSingle = withKind({ ...single, kind: 'MULTIPLE', correct: ['a', 'b'] }, 'SINGLE');
    expect(backToSingle.correct).toEqual(['a']);
    expect(withKind({ ...single, options: [] }, 'MULTIPLE').options.map((o) => o.id)).toEqual(['a', 'b']);
    expect(withKind(single, 'SHORT_ANSWER').accepted).toEqual(['']);
    expect(withKind(single, 'STEP').points).toBe('0');
    expect(withKind(withKind(single, 'STEP'), 'SINGLE').points).toBe('1');
    expect(markCorrect(single, 'a').correct).toEqual(['a']);
    expect(markCorrect({ ...single, kind: 'MULTIPLE' }, 'a').correct).toEqual(['b', 'a']);
    expect(markCorrect({ ...single, kind: 'MULTIPLE' }, 'b', false).correct).toEqual([]);
    expect(moveItem([1, 2, 3], 2, 0)).toEqual([3, 1, 2]);
    expect(moveItem([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
  });

  it('server paths: dotted and bracketed forms map to the form path', () => {
    expect(formPathOf('questions.2.answer')).toBe('questions[2].answer');
    expect(formPathOf('questions[2][answer]')).toBe('questions[2].answer');
    expect(formPathOf('questions[2].options[1].text')).toBe('questions[2].options[1].text');
    expect(formPathOf('body.programming.tests.0.args')).toBe('programming.tests[0].args');
    expect(formPathOf('timeLimitMinutes')).toBe('timeLimitMinutes');
  });
});

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
