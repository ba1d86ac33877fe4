import type { LessonTypeCode } from '../../../server/db/types.js';
import { enroll, insertCourse, insertTrueFalseQuestion } from '../course-fixtures.js';
import { multipart, type TestApp } from '../harness.js';
import type { People } from './people.js';
import {
  type CourseWorld,
  EMAIL,
  idem,
  MONDAY_WEDNESDAY,
  ownerCall,
  PAID_PRICE_CENTS,
  PAID_TOTAL_CENTS,
  pdfPart,
  type Person,
  type World,
} from './shared.js';

/** One course of the world ({@link CourseWorld}) of `educator`, its lessons, sessions and `learners`' work. */
async function courseWorld(
  t: TestApp,
  ids: People['ids'],
  educator: Person,
  companyId: number | null,
  isPrivate: boolean,
  title: string,
  learners: Person[],
): Promise<CourseWorld> {
  const db = t.db;
  const c = await insertCourse(db, { educatorId: ids[educator], title, companyId });
  // A picture, as every course made in the editor has (the contract's CourseRef.pictureUrl is not nullable).
  await db
    .updateTable('courses')
    .set({ is_private: isPrivate, picture_url: '/uploads/demo/course-1.svg' })
    .where('id', '=', c.courseId)
    .execute();
  const section = await c.section(1, 'Week one', 0);
  let order = 0;
  const lesson = (name: string, code: LessonTypeCode, extra: Record<string, unknown> = {}) =>
    c.lesson(section, order++, `${title} ${name}`, code, extra);
  const lessons = {
    meeting: await lesson('meeting', 'meeting', {
      day: 'wednesday',
      start_time: '06:00',
      duration_minutes: 60,
      link: 'https://meet.halaqa.test/matrix',
    }),
    reading: await lesson('reading', 'reading', { content_html: '<p>Read</p>' }),
    assignment: await lesson('assignment', 'assignment', { points: 20 }),
    quiz: await lesson('quiz', 'quiz'),
    quiz2: await lesson('quiz2', 'quiz'),
    code: await lesson('code', 'programmingAssignment', {
      points: 10,
      programming: JSON.stringify({
        functionName: 'add',
        starterCode: 'function add(a, b) {}',
        tests: [{ name: 'adds', args: [1, 2], expected: 3 }],
      }),
    }),
  };
  const questions = {
    quiz: await insertTrueFalseQuestion(db, lessons.quiz),
    quiz2: await insertTrueFalseQuestion(db, lessons.quiz2),
  };
  const session = await c.session(MONDAY_WEDNESDAY);
  const openSession = await c.session(MONDAY_WEDNESDAY);
  const paid: number[] = [];
  for (let i = 0; i < 4; i++) {
    const id = await c.session(MONDAY_WEDNESDAY);
    await db.updateTable('sessions').set({ price_cents: PAID_PRICE_CENTS }).where('id', '=', id).execute();
    paid.push(id);
  }
  const pendingSession = async () => {
    const id = await c.session(MONDAY_WEDNESDAY);
    await db.updateTable('sessions').set({ status: 'PENDING' }).where('id', '=', id).execute();
    return id;
  };
  const pending = {
    approve: await pendingSession(),
    reject: await pendingSession(),
    delete: await pendingSession(),
    content: await pendingSession(),
  };
  for (const p of learners) await enroll(db, session, ids[p]);

  const attempts: CourseWorld['attempts'] = {};
  const submissions: CourseWorld['submissions'] = {};
  const intents: CourseWorld['intents'] = {};
  for (const p of learners) {
    const start = async (lessonId: number) =>
      (await ownerCall(t, p, 'POST', `/api/sessions/${session}/lessons/${lessonId}/attempts`)).id as number;
    attempts[p] = { quiz: await start(lessons.quiz), quiz2: await start(lessons.quiz2) };
    const form = multipart({ sessionId: String(session) }, { document: pdfPart() });
    submissions[p] = (
      await ownerCall(t, p, 'POST', `/api/assignments/${lessons.assignment}/submissions`, form.payload, form.headers)
    ).id as number;
  }
  // Intents: by the session's learners, and by the caller USER on course A.
  for (const p of [...learners, ...(title === 'A' ? (['user'] as Person[]) : [])]) {
    const intent = async (sessionId: number) =>
      (await ownerCall(t, p, 'POST', '/api/payments/intents', { sessionId, amount: PAID_TOTAL_CENTS }, idem()))
        .id as string;
    intents[p] = { confirm: await intent(paid[0]!), cancel: await intent(paid[1]!) };
  }
  const draft = await insertCourse(db, { educatorId: ids[educator], title: `${title} draft`, companyId });
  await db
    .updateTable('courses')
    .set({ status: 'DRAFT', is_private: isPrivate })
    .where('id', '=', draft.courseId)
    .execute();
  const reviewCourse = async (kind: string, status: 'PENDING' | 'PUBLISHED' | 'APPROVED') => {
    const r = await insertCourse(db, { educatorId: ids[educator], title: `${title} ${kind}`, companyId });
    await db
      .updateTable('courses')
      .set({ status, is_private: isPrivate, picture_url: '/uploads/demo/course-1.svg' })
      .where('id', '=', r.courseId)
      .execute();
    return r.courseId;
  };
  const review = {
    approve: await reviewCourse('to approve', 'PENDING'),
    reject: await reviewCourse('to reject', 'PENDING'),
    unpublish: await reviewCourse('to unpublish', 'PUBLISHED'),
    publish: await reviewCourse('to publish', 'APPROVED'),
  };
  const chatMessage = (
    await db
      .insertInto('chat_messages')
      .values({ session_id: session, user_id: ids[learners.at(-1)!], body: `Matrix chat of ${title}` })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  return {
    courseId: c.courseId,
    educator,
    lessons,
    questions,
    session,
    learners,
    openSession,
    paid,
    pending,
    attempts,
    submissions,
    intents,
    draftCourseId: draft.courseId,
    review,
    chatMessage,
  };
}

/**
 * The courses step: the courses `A`, `B` (its titles made secrets of B) and `O` with their sessions
 * and work, `privA` with a session, and learnerA2's attendance of A's Monday meeting.
 */
export async function courses(
  t: TestApp,
  { ids, companyA, companyB }: People,
): Promise<Pick<World, 'A' | 'B' | 'O' | 'privA' | 'secretsOfB'>> {
  const db = t.db;
  const A = await courseWorld(t, ids, 'educator', companyA, false, 'A', ['learner', 'learnerA2']);
  const B = await courseWorld(t, ids, 'educatorB', companyB, true, 'B', ['learnerB']);
  const secretsOfB = ['Matrix secret course of B', 'Matrix secret draft of B', EMAIL.learnerB];
  await db.updateTable('courses').set({ title: secretsOfB[0]! }).where('id', '=', B.courseId).execute();
  await db.updateTable('courses').set({ title: secretsOfB[1]! }).where('id', '=', B.draftCourseId).execute();
  const O = await courseWorld(t, ids, 'educatorO', null, false, 'O', ['learnerO']);
  const priv = await insertCourse(db, { educatorId: ids.educator, title: 'A private', companyId: companyA });
  await db
    .updateTable('courses')
    .set({ is_private: true, picture_url: '/uploads/demo/course-1.svg' })
    .where('id', '=', priv.courseId)
    .execute();
  const privA = { courseId: priv.courseId, session: await priv.session(MONDAY_WEDNESDAY) };

  // Attendance of A's session (the leak's payload: learner names).
  await db
    .insertInto('attendance')
    .values({
      session_id: A.session,
      lesson_id: A.lessons.meeting,
      user_id: ids.learnerA2,
      occurrence_date: '2031-05-05',
    })
    .execute();
  return { A, B, O, privA, secretsOfB };
}
