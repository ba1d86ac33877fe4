import { describe, expect, it } from 'vitest';
import { countRows } from './harness.js';
import {
  t,
  LEARNER,
  sessionId,
  L,
  questionPicture,
  coursePicture,
  get,
  put,
  paths,
  tf,
  single,
  multiple,
  short,
  step,
  useLessonAuthoringFixture,
} from './lesson-authoring-setup.js';

useLessonAuthoringFixture();

describe('PUT /lessons/{id}/authoring: programming tests', () => {
  const spec = {
    functionName: 'sum',
    starterCode: 'function sum(a, b) {\n  // your code\n}\n',
    tests: [
      { name: 'adds two numbers', args: [1, 2], expected: 3 },
      { name: 'works with objects', args: [{ a: [1, { b: null }] }, 'x'], expected: { ok: true, list: [1, 2] } },
    ],
  };

  it('stores the spec in the shape the sandbox reads ({functionName, starterCode, tests: [{name, args, expected}]})', async () => {
    const res = await put(L.code, { programming: spec, points: 20 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.programming).toEqual(spec);
    const row = await t.db
      .selectFrom('lessons')
      .select(['programming', 'points'])
      .where('id', '=', L.code)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ programming: spec, points: 20 });
  });

  it('refuses a bad spec with field errors and keeps the stored one', async () => {
    const cases: [unknown, string][] = [
      [{ ...spec, tests: [] }, 'programming.tests'],
      [{ ...spec, functionName: '1sum' }, 'programming.functionName'],
      [{ ...spec, functionName: 'return' }, 'programming.functionName'],
      [{ ...spec, functionName: 'my-sum' }, 'programming.functionName'],
      [{ ...spec, tests: [{ name: '  ', args: [], expected: 1 }] }, 'programming.tests[0].name'],
      [
        { ...spec, tests: [spec.tests[0], { name: 'big', args: ['x'.repeat(10_001)], expected: 1 }] },
        'programming.tests[1].args',
      ],
      [{ ...spec, tests: [{ name: 'big', args: [], expected: 'x'.repeat(10_001) }] }, 'programming.tests[0].expected'],
      [
        { ...spec, tests: [{ name: 'deep', args: [JSON.parse('['.repeat(25) + ']'.repeat(25))], expected: 1 }] },
        'programming.tests[0].args',
      ],
      [{ ...spec, tests: [{ name: 'no expected', args: [] }] }, 'programming.tests.0.expected'],
      [{ ...spec, tests: [{ name: 'not a list', args: { a: 1 }, expected: 1 }] }, 'programming.tests.0.args'],
    ];
    for (const [programming, path] of cases) {
      const res = await put(L.code, { programming, points: 99 });
      expect(res.status, path).toBe(400);
      expect(paths(res.body), JSON.stringify(res.body)).toContain(path);
    }
    expect((await get(L.code)).body.data).toMatchObject({ programming: spec, points: 20 });
  });

  it('takes a spec only on a programming assignment (null clears it on any lesson)', async () => {
    const res = await put(L.quiz, { programming: spec });
    expect(res.status).toBe(400);
    expect(paths(res.body)).toEqual(['programming']);
    expect((await put(L.quiz, { programming: null })).status).toBe(200);
  });
});

describe('PUT /lessons/{id}/authoring: the question bank', () => {
  it('replaces the bank whole, in order, with the answer key; ids given keep their question', async () => {
    let res = await put(L.quiz, {
      questions: [
        single({ pictureUrl: questionPicture }),
        tf('typeof null is "object".', true, { explanation: 'A quirk.' }),
        multiple(),
        short(),
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const first = res.body.data.questions;
    expect(first.map((q: { kind: string }) => q.kind)).toEqual(['SINGLE', 'TRUE_FALSE', 'MULTIPLE', 'SHORT_ANSWER']);
    expect(first[0]).toMatchObject({
      prompt: 'Which keyword declares a constant?',
      pictureUrl: questionPicture,
      points: 2,
      answer: ['b'],
      explanation: 'const cannot be reassigned.',
    });
    expect(first[1]).toMatchObject({ answer: true, explanation: 'A quirk.', options: [], pictureUrl: null });
    expect(first[3].answer).toEqual(['number', 'Number']); // accepted answers stored trimmed
    expect((await get(L.quiz)).body.data.questions).toEqual(first);

    // Reorder two kept questions, drop one, add one.
    res = await put(L.quiz, {
      questions: [
        { ...short(), id: first[3].id },
        tf('NaN === NaN', false),
        { ...single({ pictureUrl: questionPicture }), id: first[0].id },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const second = res.body.data.questions;
    expect(second.map((q: { prompt: string }) => q.prompt)).toEqual([
      'typeof 1?',
      'NaN === NaN',
      'Which keyword declares a constant?',
    ]);
    expect(second[0].id).toBe(first[3].id);
    expect(second[2].id).toBe(first[0].id);
    expect([first[1].id, first[2].id]).not.toContain(second[1].id);
    expect(second[1].answer).toBe(false);
    const rows = await t.db
      .selectFrom('quiz_questions')
      .select(['id', 'sort_order'])
      .where('lesson_id', '=', L.quiz)
      .orderBy('sort_order')
      .execute();
    expect(rows).toEqual(second.map((q: { id: number }, i: number) => ({ id: q.id, sort_order: i })));
  });

  it('refuses every broken question with its field path, and writes nothing (bank and lesson fields unchanged)', async () => {
    const before = (await get(L.quiz)).body.data;
    const count = await countRows(t.db, 'quiz_questions');
    const ok = tf('fine');
    const cases: [unknown, string][] = [
      // SINGLE: 2 … 10 options with distinct ids and texts; exactly one correct among them.
      [single({ options: [{ id: 'a', text: 'only' }], answer: ['a'] }), 'questions[1].options'],
      [
        single({
          options: Array.from({ length: 11 }, (_, i) => ({ id: `o${i}`, text: `option ${i}` })),
          answer: ['o1'],
        }),
        'questions.1.options',
      ], // the contract's maxItems
      [
        single({
          options: [
            { id: 'a', text: 'x' },
            { id: 'a', text: 'y' },
          ],
          answer: ['a'],
        }),
        'questions[1].options[1].id',
      ],
      [
        single({
          options: [
            { id: 'a', text: 'x' },
            { id: 'b', text: '   ' },
          ],
        }),
        'questions[1].options[1].text',
      ],
      [single({ answer: ['a', 'b'] }), 'questions[1].answer'],
      [single({ answer: [] }), 'questions[1].answer'],
      [single({ answer: ['z'] }), 'questions[1].answer'],
      [single({ answer: true }), 'questions[1].answer'],
      // MULTIPLE: at least one correct id, all among its options.
      [multiple({ answer: [] }), 'questions[1].answer'],
      [multiple({ answer: ['a', 'zz'] }), 'questions[1].answer'],
      [multiple({ answer: ['a', 'a'] }), 'questions[1].answer'],
      // TRUE_FALSE: a boolean, no options.
      [tf('x', ['true']), 'questions[1].answer'],
      [tf('x', null), 'questions[1].answer'],
      [tf('x', true, { options: [{ id: 'a', text: 'x' }] }), 'questions[1].options'],
      // SHORT_ANSWER: at least one non-empty accepted answer.
      [short({ answer: [] }), 'questions[1].answer'],
      [short({ answer: null }), 'questions[1].answer'],
      [short({ answer: ['ok', '   '] }), 'questions[1].answer[1]'],
      // Common rules.
      [tf('   '), 'questions[1].prompt'],
      [tf(''), 'questions.1.prompt'],
      [tf('x'.repeat(5001)), 'questions.1.prompt'],
      [tf('x', true, { points: -1 }), 'questions.1.points'],
      [tf('x', true, { points: 1.5 }), 'questions.1.points'],
      [tf('x', true, { pictureUrl: 'https://evil.test/p.png' }), 'questions[1].pictureUrl'],
      [tf('x', true, { pictureUrl: coursePicture }), 'questions[1].pictureUrl'],
      [tf('x', true, { pictureUrl: '/uploads/questionpicture/never-uploaded.png' }), 'questions[1].pictureUrl'],
      [tf('x', true, { id: 999999 }), 'questions[1].id'],
      [{ ...ok, id: before.questions[0].id }, 'questions[1].id'], // used twice
      [{ ...ok, kind: 'ESSAY' }, 'questions.1.kind'],
      // A quiz takes no learning-path step.
      [step('Read this'), 'questions[1].kind'],
    ];
    for (const [broken, path] of cases) {
      const first =
        path === 'questions[1].id' && (broken as { id: number }).id !== 999999
          ? { ...ok, id: before.questions[0].id }
          : ok;
      const res = await put(L.quiz, { points: 77, contentHtml: '<p>changed</p>', questions: [first, broken] });
      expect(res.status, path + ' ' + JSON.stringify(broken).slice(0, 120)).toBe(400);
      expect(res.body.message).toBe('Some fields are invalid');
      expect(paths(res.body), JSON.stringify(broken).slice(0, 120)).toContain(path);
    }
    expect((await get(L.quiz)).body.data).toEqual(before);
    expect(await countRows(t.db, 'quiz_questions')).toBe(count);
  });

  it('refuses more than 10 options by the contract (AuthoringQuestion.options maxItems), whatever the kind, and writes nothing', async () => {
    const before = (await get(L.quiz)).body.data;
    const eleven = Array.from({ length: 11 }, (_, i) => ({ id: `o${i}`, text: `option ${i}` }));
    for (const q of [multiple({ options: eleven, answer: ['o1', 'o2'] }), tf('x', true, { options: eleven })]) {
      const res = await put(L.quiz, { points: 77, questions: [tf('fine'), q] });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: 'Some fields are invalid',
        errors: [{ path: 'questions.1.options', message: 'must NOT have more than 10 items' }],
      });
    }
    expect((await get(L.quiz)).body.data).toEqual(before);
    expect(
      (await put(L.quiz, { questions: [tf('fine'), multiple({ options: eleven.slice(0, 10), answer: ['o1'] })] }))
        .status,
    ).toBe(200);
  });

  it('reports every broken question of a bank at once', async () => {
    const res = await put(L.quiz, { questions: [tf('x', null), single({ answer: [] }), short({ answer: [] })] });
    expect(res.status).toBe(400);
    expect(paths(res.body)).toEqual(['questions[0].answer', 'questions[1].answer', 'questions[2].answer']);
  });

  it('takes STEPs (no answer, 0 points) and check questions on a learning path', async () => {
    let res = await put(L.path, {
      questions: [
        step('Read the MDN page on closures.'),
        tf('A closure keeps its scope alive.'),
        step('Now write one.'),
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(
      res.body.data.questions.map((q: { kind: string; answer: unknown; points: number }) => [
        q.kind,
        q.answer,
        q.points,
      ]),
    ).toEqual([
      ['STEP', null, 0],
      ['TRUE_FALSE', true, 1],
      ['STEP', null, 0],
    ]);
    res = await put(L.path, { questions: [step('x', { points: 5 })] });
    expect(res.status).toBe(400);
    expect(paths(res.body)).toEqual(['questions[0].points']);
    res = await put(L.path, { questions: [step('x', { answer: ['a'] })] });
    expect(res.status).toBe(400);
    expect(paths(res.body)).toEqual(['questions[0].answer']);
    expect((await get(L.path)).body.data.questions).toHaveLength(3);
  });

  it('refuses questions on a lesson that is neither a quiz nor a learning path (an empty bank is fine)', async () => {
    for (const lesson of [L.reading, L.code, L.video]) {
      const res = await put(lesson, { questions: [tf('x')] });
      expect(res.status).toBe(400);
      expect(paths(res.body)).toEqual(['questions']);
    }
    const res = await put(L.reading, { questions: [] });
    expect(res.status).toBe(200);
    expect(res.body.data.questions).toEqual([]);
  });

  it('two saves of one lesson at once leave one of the two banks, never both', async () => {
    const [a, b] = await Promise.all([
      put(L.quiz, { questions: [tf('a1'), tf('a2')] }),
      put(L.quiz, { questions: [tf('b1'), tf('b2')] }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const prompts = (await get(L.quiz)).body.data.questions.map((q: { prompt: string }) => q.prompt);
    expect([
      ['a1', 'a2'],
      ['b1', 'b2'],
    ]).toContainEqual(prompts);
  });

  it("leaves learners' attempts as they are: submitted feedback is kept, answers stay keyed by question id", async () => {
    const bank = (await put(L.quiz, { questions: [tf('one'), tf('two', false)] })).body.data.questions;
    const learnerId = (
      await t.db.selectFrom('users').select('id').where('email', '=', LEARNER).executeTakeFirstOrThrow()
    ).id;
    const feedback = bank.map((q: { id: number; answer: boolean }) => ({
      questionId: q.id,
      correct: true,
      pointsAwarded: 1,
      points: 1,
      correctAnswer: q.answer,
      explanation: null,
    }));
    const { id: attemptId } = await t.db
      .insertInto('quiz_attempts')
      .values({
        lesson_id: L.quiz,
        session_id: sessionId,
        user_id: learnerId,
        status: 'AUTOGRADED',
        answers: JSON.stringify({ [bank[0].id]: true, [bank[1].id]: false }),
        started_at: new Date('2031-03-04T10:00:00Z'),
        submitted_at: new Date('2031-03-04T10:05:00Z'),
        score: 2,
        max_score: 2,
        feedback: JSON.stringify(feedback),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await put(L.quiz, { questions: [{ ...tf('one, reworded'), id: bank[0].id }, short()] });
    expect(res.status).toBe(200);
    expect(res.body.data.questions[0].id).toBe(bank[0].id);
    const attempt = await t.db
      .selectFrom('quiz_attempts')
      .selectAll()
      .where('id', '=', attemptId)
      .executeTakeFirstOrThrow();
    expect(attempt).toMatchObject({
      status: 'AUTOGRADED',
      answers: { [bank[0].id]: true, [bank[1].id]: false },
      feedback,
    });
    expect(Number(attempt.score)).toBe(2);
  });
});
