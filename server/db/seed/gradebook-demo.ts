import type { Kysely } from 'kysely';
import type { Database, QuizAnswerJson } from '../types.js';
import { lessonsWithTypes } from '../../modules/courses/queries.js';
import { grade } from '../../modules/quizzes/grading.js';
import { lessonQuestions, type QuestionRow } from '../../modules/quizzes/queries.js';
import { lessonDeadline } from '../../modules/sessions/schedule.js';
import { DEMO_CLASSROOM_COURSE, DEMO_CLASSROOM_LEARNER, DEMO_COURSES } from './demo-courses.js';

/**
 * Graded work in the running "Data Structures and Algorithms" session, so its educator's Quiz
 * results and Gradebook tabs, and learner@halaqa.test's "My grades", are not empty on a fresh
 * start (docs/classroom.md "Quiz results and the gradebook"). Deterministic for a given `before`:
 * - the labs of weeks 1 and 2 (past their deadlines): a code submission per learner, graded
 *   40–100, except one learner who handed in nothing in week 2 (missing) and one who handed in
 *   late (when the clock allows: after the deadline, before `before`);
 * - the week-3 "Hashing quiz": a graded attempt by each learner but learner@halaqa.test (who takes it
 *   in the demo), answers right or wrong by a fixed pattern, graded by the server's own rule;
 * - the week-3 "Design a URL shortener": one learner's report, waiting for a grade (pending).
 * Weights stay equal (the default). Nothing happens when no session of the course runs at `before`.
 */
export async function seedGradebookDemo(db: Kysely<Database>, before: Date): Promise<number> {
  const title = DEMO_COURSES.find((c) => c.slug === DEMO_CLASSROOM_COURSE)?.title ?? '';
  const day = before.toISOString().slice(0, 10);
  const session = await db
    .selectFrom('sessions as s')
    .innerJoin('courses as c', 'c.id', 's.course_id')
    .select(['s.id', 's.course_id', 's.start_date', 's.end_date', 's.timezone'])
    .where('c.title', '=', title)
    .where('s.start_date', '<=', day)
    .where('s.end_date', '>=', day)
    .orderBy('s.id')
    .executeTakeFirst();
  if (!session) return 0;
  const times = {
    startDate: String(session.start_date),
    endDate: String(session.end_date),
    timezone: session.timezone,
  };
  const learners = await db
    .selectFrom('enrollments as e')
    .innerJoin('users as u', 'u.id', 'e.user_id')
    .select(['u.id', 'u.email'])
    .where('e.session_id', '=', session.id)
    .where('e.status', '=', 'ACTIVE')
    .orderBy('u.email')
    .execute();
  const lessons = await lessonsWithTypes(db)
    .select(['l.id', 'l.name', 'sec.week'])
    .where('sec.course_id', '=', session.course_id)
    .execute();
  const lesson = (name: string) => lessons.find((l) => l.name === name);
  const hour = 3_600_000;
  let rows = 0;

  // Weeks 1 and 2: the labs, graded by the sandbox (here: given grades).
  const GRADES = [100, 80, 60, 90, 40, 70];
  for (const [week, name] of [
    [1, 'Array problems set'],
    [2, 'Stack and queue problems'],
  ] as const) {
    const lab = lesson(name);
    if (!lab) continue;
    const deadline = lessonDeadline(times, lab.week).getTime();
    for (const [i, learner] of learners.entries()) {
      if (week === 2 && i === 1) continue; // missing
      const lateAt = deadline + 2 * hour;
      const late = week === 2 && i === 2 && lateAt < before.getTime();
      const at = new Date(late ? lateAt : Math.min(deadline - (24 + i) * hour, before.getTime() - hour));
      const score = GRADES[(i + week) % GRADES.length]!;
      await db
        .insertInto('submissions')
        .values({
          lesson_id: lab.id,
          session_id: session.id,
          user_id: learner.id,
          kind: 'CODE',
          document_url: null,
          document_name: null,
          code: '// Solution handed in for the demo\nfunction solve(input) {\n  return input;\n}\n',
          results: JSON.stringify([
            { name: 'all tests', passed: score === 100, output: `${score}% of the tests passed` },
          ]),
          status: 'AUTOGRADED',
          grade: score,
          comment: null,
          late,
          submitted_at: at,
          // Handed in days ago: the per-minute submission limit (the database's clock) leaves it out.
          created_at: at,
          graded_at: at,
          graded_by: null,
        })
        .execute();
      rows++;
    }
  }

  // Week 3: the Hashing quiz, taken by every learner but the demo learner.
  const quiz = lesson('Hashing quiz');
  if (quiz) {
    const questions = await lessonQuestions(db, quiz.id);
    for (const [i, learner] of learners.entries()) {
      if (learner.email === DEMO_CLASSROOM_LEARNER || questions.length === 0) continue;
      const answers = Object.fromEntries(
        questions.filter((q) => q.kind !== 'STEP').map((q, j) => [String(q.id), answerOf(q, (i + j) % 3 !== 0)]),
      );
      const graded = grade(questions, answers);
      // Within the quiz's week (it starts when the week before ends), before `before`.
      const weekStart = lessonDeadline(times, Math.max(1, quiz.week - 1)).getTime() + 10 * 60_000;
      const submittedAt = new Date(Math.max(weekStart, before.getTime() - (30 + 7 * i) * hour));
      if (submittedAt.getTime() >= before.getTime()) continue;
      const startedAt = new Date(submittedAt.getTime() - (4 + i) * 60_000 - 20_000);
      await db
        .insertInto('quiz_attempts')
        .values({
          lesson_id: quiz.id,
          session_id: session.id,
          user_id: learner.id,
          status: 'AUTOGRADED',
          answers: JSON.stringify(answers),
          current_index: 0,
          started_at: startedAt,
          deadline_at: null,
          submitted_at: submittedAt,
          score: graded.score,
          max_score: graded.maxScore,
          feedback: JSON.stringify(graded.feedback),
        })
        .execute();
      rows++;
    }
  }

  // Week 3: one report waiting for its grade.
  const report = lesson('Design a URL shortener');
  const pendingBy = learners.find((l) => l.email !== DEMO_CLASSROOM_LEARNER);
  if (report && pendingBy) {
    await db
      .insertInto('submissions')
      .values({
        lesson_id: report.id,
        session_id: session.id,
        user_id: pendingBy.id,
        kind: 'DOCUMENT',
        document_url: '/uploads/demo/url-shortener-report.pdf',
        document_name: 'url-shortener-report.pdf',
        code: null,
        results: null,
        status: 'SUBMITTED',
        grade: null,
        comment: null,
        late: false,
        submitted_at: new Date(before.getTime() - 5 * hour),
        created_at: new Date(before.getTime() - 5 * hour),
        graded_at: null,
        graded_by: null,
      })
      .execute();
    rows++;
  }
  return rows;
}

/** The key's answer to `q` (right), or a wrong one. */
function answerOf(q: QuestionRow, right: boolean): QuizAnswerJson {
  const key = q.answer;
  switch (q.kind) {
    case 'TRUE_FALSE':
      return right ? Boolean(key) : !key;
    case 'SHORT_ANSWER':
      return right && Array.isArray(key) ? String(key[0]) : 'a bigger array';
    default: {
      const ids = Array.isArray(key) ? key.map(String) : [];
      if (right) return ids;
      const wrong = q.options.find((o) => !ids.includes(o.id));
      return wrong ? [wrong.id] : [];
    }
  }
}
