import { type AnyEventObject, type AnyMachineSnapshot } from 'xstate';
import { expect } from 'vitest';
import { type LessonAuthoringContext, lessonAuthoringMachine } from '@machines/lesson-authoring.machine';
import { fromAuthoring, isDirty, toAuthoringInput } from '@machines/lesson-authoring.form';
import { describeModelBased } from './model';
import { expectedBody, input, invalidValues, quiz, saved, validValues } from './lesson-authoring.machine-shared';

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadAuthoring', output: quiz },
  {
    type: 'xstate.error.actor.loadAuthoring',
    error: { status: 503, serverMessage: 'Service unavailable, try again later' },
  },
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
    expect(c.loadError).toEqual({
      code: 'authoring.loadFailed',
      status: 503,
      message: 'Service unavailable, try again later',
    });
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
