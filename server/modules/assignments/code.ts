import { sql } from 'kysely';
import type { ProgrammingSpecJson } from '../../db/types.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { badRequest, conflict, tooManyRequests } from '../../platform/errors.js';
import { openSandboxRun, type LabLanguage } from '../../platform/sandbox/index.js';
import type { ClassroomLessonRow } from '../sessions/access.js';
import { findSubmission, insertSubmission, type SubmissionView, type TestResultView } from './queries.js';
import { lateness, learnerSessionOf, requireAssignmentType, viewerOf } from './service.js';

/**
 * Programming labs (docs/classroom.md "Grading" and "Labs"): running the visible tests (Run:
 * nothing recorded) and submitting (Submit: every test, graded, stored), in the lab's language,
 * under the same per-learner fairness limits.
 */

/**
 * Running-time budget of one programming submission or run, in milliseconds. Each test has its own
 * sandbox limit (1000 ms, and a hard kill of the sandbox worker thread at 2500 ms); once the tests
 * already run have used this budget, the remaining ones are reported as failed without running, so
 * a submission of many looping tests still ends quickly. Only the time the tests ran counts (each
 * test's `durationMs`, measured from the moment a worker took it): time spent waiting in the
 * sandbox's queue behind other learners' submissions (or loading Python) does not, so a busy pool
 * never costs a correct solution its points. The budget is checked before each test, so the last
 * one started may end past it (by one test's hard kill, 2.5 s, at most). The tests run in the
 * sandbox's worker threads, so the server keeps answering other requests meanwhile.
 */
export const CODE_SUBMISSION_BUDGET_MS = 8000;

/**
 * Per-learner limits of code submissions and runs (docs/classroom.md "Grading"): at most
 * {@link CODE_SUBMISSIONS_IN_FLIGHT} run or submission being graded at a time (per server instance:
 * the map below), at most {@link CODE_SUBMISSIONS_PER_MINUTE} submissions stored in any 60 s
 * (counted in the database by `submissions.created_at`, so across instances) and at most
 * {@link CODE_RUNS_PER_MINUTE} runs in any 60 s (runs are not stored: counted per server instance).
 * Beyond any: 429 with `Retry-After`.
 */
export const CODE_SUBMISSIONS_IN_FLIGHT = 1;
export const CODE_SUBMISSIONS_PER_MINUTE = 20;
export const CODE_RUNS_PER_MINUTE = 20;
const gradingNow = new Map<number, number>();
const runsOf = new Map<number, number[]>();

/** The language of a lab: its spec's `language`, javascript when absent (labs made before Python). */
function labLanguage(spec: ProgrammingSpecJson): LabLanguage {
  return spec.language === 'python' ? 'python' : 'javascript';
}

/**
 * Runs `code` against `tests` of the lab in the sandbox of its language, one test at a time, within
 * `budgetMs` milliseconds of running time in all (default {@link CODE_SUBMISSION_BUDGET_MS}; queue
 * and loading time do not count): tests not started before the budget is used are failed with
 * "Not run: …". Each result's `output` is what the test printed when it passed, or why it failed:
 * the sandbox's error ("Time limit exceeded (1000 ms)", "Memory limit exceeded (32 MiB)", a thrown
 * error…) or the expected value, followed by anything printed; a hidden test's result is marked
 * `hidden` (what its learner sees of it: queries.ts `hiddenResult`).
 * `owner`: the learner (a Python worker is reused only for the same learner).
 * @throws RangeError when the spec itself is invalid (function name of the language, code too long).
 */
export async function runTests(
  code: string,
  spec: ProgrammingSpecJson,
  budgetMs = CODE_SUBMISSION_BUDGET_MS,
  tests: ProgrammingSpecJson['tests'] = spec.tests,
  owner?: number,
): Promise<TestResultView[]> {
  let usedMs = 0;
  const results: TestResultView[] = [];
  const sandbox = openSandboxRun({ language: labLanguage(spec), code, functionName: spec.functionName, owner });
  try {
    for (const test of tests) {
      const hidden = test.hidden === true ? { hidden: true } : {};
      if (usedMs >= budgetMs) {
        results.push({
          name: test.name,
          passed: false,
          output: `Not run: the submission used up its time budget (${budgetMs / 1000} s)`,
          ...hidden,
        });
        continue;
      }
      const r = await sandbox.run({ name: test.name, args: test.args, expected: test.expected });
      usedMs += r.durationMs;
      const printed = r.output ?? '';
      let output: string;
      if (r.error) output = printed ? `${r.error}\n${printed}` : r.error;
      else if (r.passed) output = printed;
      else output = `Wrong value: expected ${JSON.stringify(test.expected)}` + (printed ? `\n${printed}` : '');
      results.push({ name: test.name, passed: r.passed, output, ...hidden });
    }
  } finally {
    await sandbox.close();
  }
  return results;
}

/** grade = points × passed / total (docs/classroom.md "Grading"), rounded to 2 decimals; 0 when there are no tests. */
export function codeGrade(points: number, results: readonly { passed: boolean }[]): number {
  if (results.length === 0) return 0;
  const passed = results.filter((r) => r.passed).length;
  return Math.round(((points * passed) / results.length) * 100) / 100;
}

/** The lesson's spec, or 409 when it has no tests yet. */
function specOf(lesson: ClassroomLessonRow): ProgrammingSpecJson {
  const spec = lesson.programming;
  if (!spec || !Array.isArray(spec.tests) || spec.tests.length === 0)
    throw conflict('This programming assignment has no tests yet');
  return spec;
}

/** A sandbox refusal of the code itself (too long) as 400 on `code`; anything else is rethrown. */
async function asBadCode<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof RangeError && /code/i.test(err.message))
      throw badRequest('Some fields are invalid', [{ path: 'code', message: err.message }]);
    throw err;
  }
}

/**
 * POST /assignments/{id}/code {sessionId, code}: an enrolled learner's code for a
 * `programmingAssignment` lesson is run in the lab's language against ALL the lesson's tests,
 * visible and hidden (JavaScript: QuickJS, Python: Pyodide; per test 1000 ms and 32 MiB / 64 MiB),
 * and stored as a new AUTOGRADED CODE submission with the code, its language and per-test results;
 * grade = points × passed / total. Loops and memory bombs are failed tests, never a hung request.
 * @throws 403 not an enrolled learner; 404 unknown session/lesson or not a programming assignment;
 *   409 the lesson has no tests yet, or after the deadline unless late work is allowed (then
 *   `late`); 429 another run or submission of the caller is being graded, or 20 submissions in the
 *   last minute. Nothing is stored when refused.
 */
export async function submitProgrammingAssignment(
  app: AppContext,
  caller: Caller,
  lessonId: number,
  body: { sessionId: number; code: string },
): Promise<SubmissionView> {
  const { access, lesson } = await learnerSessionOf(app, caller, lessonId, body.sessionId);
  requireAssignmentType(lesson, ['programmingAssignment']);
  const spec = specOf(lesson);
  const late = lateness(access, lesson, app.now());
  const release = await admitCode(app, caller.userId, 'submit');
  try {
    const results = await asBadCode(() =>
      runTests(body.code, spec, CODE_SUBMISSION_BUDGET_MS, spec.tests, caller.userId),
    );
    const id = await insertSubmission(app.db, {
      kind: 'CODE',
      lessonId: lesson.id,
      sessionId: access.session.id,
      userId: caller.userId,
      late,
      submittedAt: app.now(),
      code: body.code,
      language: labLanguage(spec),
      results,
      grade: codeGrade(lesson.points, results),
    });
    return (await findSubmission(app.db, id, viewerOf(caller)))!.view;
  } finally {
    release();
  }
}

/**
 * POST /assignments/{id}/run {sessionId, code}: runs an enrolled learner's code against the lab's
 * VISIBLE tests only and answers the results (what they printed, why they failed). Nothing is
 * stored — no submission, no grade — and the deadline does not apply (trying is always allowed).
 * @returns `{language, passed, total, results}`.
 * @throws 403 not an enrolled learner; 404 unknown session/lesson or not a programming assignment;
 *   409 the lesson has no visible test; 429 another run or submission of the caller is being graded,
 *   or {@link CODE_RUNS_PER_MINUTE} runs in the last minute.
 */
export async function runProgrammingAssignment(
  app: AppContext,
  caller: Caller,
  lessonId: number,
  body: { sessionId: number; code: string },
): Promise<{ language: LabLanguage; passed: number; total: number; results: TestResultView[] }> {
  const { lesson } = await learnerSessionOf(app, caller, lessonId, body.sessionId);
  requireAssignmentType(lesson, ['programmingAssignment']);
  const spec = specOf(lesson);
  const visible = spec.tests.filter((t) => t.hidden !== true);
  if (visible.length === 0) throw conflict('This programming assignment has no visible tests to run');
  const release = await admitCode(app, caller.userId, 'run');
  try {
    const results = await asBadCode(() => runTests(body.code, spec, CODE_SUBMISSION_BUDGET_MS, visible, caller.userId));
    return {
      language: labLanguage(spec),
      passed: results.filter((r) => r.passed).length,
      total: results.length,
      results,
    };
  } finally {
    release();
  }
}

/**
 * Admits one run or submission of a learner under the per-learner limits, or refuses it with 429
 * and `Retry-After`: one being graded already (retry after 2 s); for a submission,
 * {@link CODE_SUBMISSIONS_PER_MINUTE} stored in the last 60 s (retry when the oldest of them is a
 * minute old); for a run, {@link CODE_RUNS_PER_MINUTE} in the last 60 s on this instance.
 * @returns the function that ends the admission (call it when grading is over).
 */
async function admitCode(app: AppContext, userId: number, kind: 'run' | 'submit'): Promise<() => void> {
  const running = gradingNow.get(userId) ?? 0;
  if (running >= CODE_SUBMISSIONS_IN_FLIGHT)
    throw tooManyRequests('Your previous submission is still being graded: wait for its result', 2);
  gradingNow.set(userId, running + 1);
  const release = () => {
    const n = (gradingNow.get(userId) ?? 1) - 1;
    if (n <= 0) gradingNow.delete(userId);
    else gradingNow.set(userId, n);
  };
  try {
    if (kind === 'run') admitRun(userId);
    else await admitSubmission(app, userId);
  } catch (err) {
    release();
    throw err;
  }
  return release;
}

/** Counts a run in the caller's last minute (this instance's clock), or 429 past {@link CODE_RUNS_PER_MINUTE}. */
function admitRun(userId: number): void {
  const now = Date.now();
  const recent = (runsOf.get(userId) ?? []).filter((t) => t > now - 60_000);
  if (recent.length >= CODE_RUNS_PER_MINUTE) {
    runsOf.set(userId, recent);
    throw tooManyRequests(
      `At most ${CODE_RUNS_PER_MINUTE} runs a minute: try again shortly`,
      Math.max(1, Math.ceil((recent[0]! + 60_000 - now) / 1000)),
    );
  }
  recent.push(now);
  runsOf.set(userId, recent);
}

/** 429 when the learner stored {@link CODE_SUBMISSIONS_PER_MINUTE} code submissions in the last minute (database clock). */
async function admitSubmission(app: AppContext, userId: number): Promise<void> {
  // The database's clock (`created_at`), so the count holds across instances and whatever `app.now()` says.
  const recent = await app.db
    .selectFrom('submissions')
    .select(sql<number>`extract(epoch from (created_at + interval '1 minute' - now()))`.as('wait'))
    .where('user_id', '=', userId)
    .where('kind', '=', 'CODE')
    .where('created_at', '>', sql<Date>`now() - interval '1 minute'`)
    .orderBy('created_at', 'desc')
    .limit(CODE_SUBMISSIONS_PER_MINUTE)
    .execute();
  if (recent.length >= CODE_SUBMISSIONS_PER_MINUTE) {
    throw tooManyRequests(
      `At most ${CODE_SUBMISSIONS_PER_MINUTE} code submissions a minute: try again shortly`,
      Number(recent.at(-1)!.wait),
    );
  }
}
