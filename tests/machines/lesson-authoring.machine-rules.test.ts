import { describe, expect, it } from 'vitest';
import {
  type AuthoringValues,
  type QuestionDraft,
  formPathOf,
  fromAuthoring,
  markCorrect,
  moveItem,
  toAuthoringInput,
  validateAuthoring,
  withKind,
} from '@machines/lesson-authoring.form';
import { loaded, quiz, single } from './lesson-authoring.machine-shared';

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
      language: 'javascript' as const,
      functionName: 'sum',
      starterCode: 'function sum(a, b) {}',
      tests: [{ key: 't', name: 'adds', args: '[1, 2]', expected: '3', hidden: false }],
    };
    const values = { ...loaded, programming };
    expect(validateAuthoring('programmingAssignment', values)).toEqual({});
    expect(toAuthoringInput('programmingAssignment', values)).toEqual({
      contentHtml: null,
      points: 100,
      allowLate: false,
      programming: {
        language: 'javascript',
        functionName: 'sum',
        starterCode: 'function sum(a, b) {}',
        tests: [{ name: 'adds', args: [1, 2], expected: 3 }],
      },
    });
    // A hidden test stays hidden when the lab is saved again
    const hiddenTest = { ...programming.tests[0]!, key: 'h', name: 'secret', hidden: true };
    expect(
      toAuthoringInput('programmingAssignment', {
        ...loaded,
        programming: { ...programming, tests: [...programming.tests, hiddenTest] },
      }).programming?.tests,
    ).toEqual([
      { name: 'adds', args: [1, 2], expected: 3 },
      { name: 'secret', args: [1, 2], expected: 3, hidden: true },
    ]);
    // …and a lab loaded with a hidden test offers it as hidden
    const lab = fromAuthoring({
      ...quiz,
      programming: {
        functionName: 'sum',
        starterCode: '',
        tests: [{ name: 'secret', args: [1], expected: 1, hidden: true }],
      },
    });
    expect(lab.programming.tests.map((t) => t.hidden)).toEqual([true]);
    expect(toAuthoringInput('programmingAssignment', lab).programming?.tests).toEqual([
      { name: 'secret', args: [1], expected: 1, hidden: true },
    ]);
    // Python: the language travels; a `$` is not a Python name
    const python = { ...programming, language: 'python' as const, functionName: 'pair_sum' };
    expect(toAuthoringInput('programmingAssignment', { ...loaded, programming: python }).programming).toMatchObject({
      language: 'python',
      functionName: 'pair_sum',
    });
    expect(
      validateAuthoring('programmingAssignment', { ...loaded, programming: { ...python, functionName: 'pair$' } }),
    ).toEqual({ 'programming.functionName': { code: 'identifier' } });
    expect(
      validateAuthoring('programmingAssignment', {
        ...loaded,
        programming: {
          language: 'javascript',
          functionName: '2sum',
          starterCode: '',
          tests: [{ key: 't', name: '', args: '{"a":1}', expected: 'three', hidden: false }],
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
