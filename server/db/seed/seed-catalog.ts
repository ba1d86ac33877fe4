import type { Kysely } from 'kysely';
import type { Database } from '../types.js';
import { sanitizeLessonHtml } from '../../modules/classroom/sanitize.js';
import type { DemoLessonContent } from './classroom-demo.js';
import { courseCoverSvg } from './covers.js';
import type { DemoCourse, DemoSession } from './demo-courses.js';
import { addDays, at, demoCoverUrl, feeCents, need, type SeedContext, type SeedIds } from './seed-context.js';

/**
 * The `lessons` columns of migration 0005 for authored demo content; the HTML goes through the
 * classroom sanitiser, as an educator's save does (docs/classroom.md "Data").
 */
function lessonContentColumns(c: DemoLessonContent) {
  return {
    content_html: c.contentHtml === undefined ? null : sanitizeLessonHtml(c.contentHtml),
    video_url: c.videoUrl ?? null,
    ...(c.points !== undefined ? { points: c.points } : {}),
    ...(c.allowLate !== undefined ? { allow_late: c.allowLate } : {}),
    time_limit_minutes: c.timeLimitMinutes ?? null,
    programming: c.programming ? JSON.stringify(c.programming) : null,
  };
}

/**
 * Inserts one demo course (`index`: its place in DEMO_COURSES, which dates its creation) with its
 * skills, syllabus, lesson content and question banks, its cover (to `ctx.files`), its sessions
 * with their enrollments (card-paid ones booked in the ledger) and its reviews; answers how many
 * sessions it has.
 */
export async function seedCourse(ctx: SeedContext, ids: SeedIds, course: DemoCourse, index: number): Promise<number> {
  const { trx, today, feeRule } = ctx;
  const { categories: categoryIds, languages: languageIds, skills: skillIds, lessonTypes: lessonTypeIds } = ids;
  const { companies: companyIds, users: userIds } = ids;
  const courseId = await insertCourse(trx, course, index);
  ctx.files.push({
    name: `course-${courseId}.svg`,
    content: courseCoverSvg({ title: course.title, category: course.category, difficulty: course.difficulty }),
  });
  for (const [si, session] of course.sessions.entries()) await insertSession(trx, course, courseId, session, si);
  for (const review of course.reviews) {
    await trx
      .insertInto('reviews')
      .values({
        course_id: courseId,
        user_id: need(userIds, review.by, 'reviewer'),
        rating_value: review.rating,
        content: review.content,
        created_at: at(today, -review.daysAgo, 15),
      })
      .execute();
  }
  return course.sessions.length;

  async function insertCourse(t: Kysely<Database>, course: DemoCourse, index: number): Promise<number> {
    const createdAt = at(today, -100 + index * 2);
    const { id: courseId } = await t
      .insertInto('courses')
      .values({
        educator_id: need(userIds, course.educator, 'educator'),
        title: course.title,
        description: course.description,
        about: course.about,
        category_id: need(categoryIds, course.category, 'category'),
        language_id: need(languageIds, course.language, 'language'),
        price_cents: course.priceCents,
        num_hours: course.numHours,
        difficulty_level: course.difficulty,
        has_multi_instructors: false,
        is_private: course.privateTo !== null,
        company_id: course.privateTo ? need(companyIds, course.privateTo, 'company') : null,
        picture_url: null,
        video_url: null,
        status: course.status,
        submitted_at: course.status === 'PENDING' ? new Date(at(today, -1, 9)) : null,
        created_at: createdAt,
        updated_at: createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t
      .updateTable('courses')
      .set({ picture_url: demoCoverUrl(courseId) })
      .where('id', '=', courseId)
      .execute();

    const skills = [
      ...course.requiredSkills.map((s) => ({
        course_id: courseId,
        skill_id: need(skillIds, s, 'skill'),
        type: 'REQUIRED' as const,
      })),
      ...course.gainedSkills.map((s) => ({
        course_id: courseId,
        skill_id: need(skillIds, s, 'skill'),
        type: 'GAINED' as const,
      })),
    ];
    if (skills.length > 0) await t.insertInto('course_skills').values(skills).execute();

    const sectionRows = await t
      .insertInto('sections')
      .values(
        course.weeks.flatMap((w) =>
          w.sections.map((s, i) => ({ course_id: courseId, week: w.week, name: s.name, sort_order: i + 1 })),
        ),
      )
      .returning(['id', 'week', 'sort_order'])
      .execute();
    const sectionIds = new Map(sectionRows.map((r) => [`${r.week}/${r.sort_order}`, r.id]));
    const lessons = course.weeks.flatMap((w) =>
      w.sections.flatMap((s, i) => {
        const sectionId = need(sectionIds, `${w.week}/${i + 1}`, 'section');
        return s.lessons.map((l, li) => ({
          section_id: sectionId,
          lesson_type_id: need(lessonTypeIds, l.type, 'lesson type'),
          name: l.name,
          sort_order: li + 1,
          duration_minutes: l.durationMinutes,
          link: l.link,
          day: l.day,
          start_time: l.startTime,
          ...(l.content ? lessonContentColumns(l.content) : {}),
        }));
      }),
    );
    const lessonRows = await t
      .insertInto('lessons')
      .values(lessons)
      .returning(['id', 'section_id', 'sort_order'])
      .execute();

    // Question banks of the quizzes and learning paths that have content (classroom-demo.ts).
    const lessonIds = new Map(lessonRows.map((r) => [`${r.section_id}/${r.sort_order}`, r.id]));
    const questions = course.weeks.flatMap((w) =>
      w.sections.flatMap((s, i) =>
        s.lessons.flatMap((l, li) =>
          (l.content?.questions ?? []).map((q, qi) => ({
            lesson_id: need(lessonIds, `${need(sectionIds, `${w.week}/${i + 1}`, 'section')}/${li + 1}`, 'lesson'),
            sort_order: qi,
            kind: q.kind,
            prompt: q.prompt,
            picture_url: null,
            points: q.points ?? 1,
            explanation: q.explanation,
            options: JSON.stringify(q.options ?? []),
            answer: q.answer === null ? null : JSON.stringify(q.answer),
          })),
        ),
      ),
    );
    if (questions.length > 0) await t.insertInto('quiz_questions').values(questions).execute();
    return courseId;
  }

  async function insertSession(
    t: Kysely<Database>,
    course: DemoCourse,
    courseId: number,
    s: DemoSession,
    index: number,
  ): Promise<void> {
    const educatorId = need(userIds, course.educator, 'educator');
    const createdDay = Math.min(s.startOffsetDays, 0) - 30 + index;
    const { id: sessionId } = await t
      .insertInto('sessions')
      .values({
        course_id: courseId,
        educator_id: educatorId,
        start_date: addDays(today, s.startOffsetDays),
        end_date: addDays(today, s.endOffsetDays),
        timezone: s.timezone,
        schedule: JSON.stringify(s.schedule),
        max_seats: s.maxSeats,
        price_cents: s.priceCents,
        status: s.status,
        created_at: at(today, createdDay),
      })
      .returning('id')
      .executeTakeFirstOrThrow();

    for (const [li, email] of s.learners.entries()) {
      const userId = need(userIds, email, 'learner');
      const enrolledAt = at(today, Math.min(s.startOffsetDays, 0) - 12 + li, 10 + (li % 8));
      if (s.priceCents === 0) {
        await t
          .insertInto('enrollments')
          .values({
            session_id: sessionId,
            user_id: userId,
            status: 'ACTIVE',
            paid_amount_cents: 0,
            created_at: enrolledAt,
          })
          .execute();
        continue;
      }
      // Paid session: a succeeded card payment, booked in the ledger (card funds in, educator
      // earnings and platform fee out; the entries sum to zero).
      const fee = feeCents(s.priceCents, feeRule);
      const total = s.priceCents + fee;
      const intentId = `pi_demo_${sessionId}_${userId}`;
      await t
        .insertInto('payment_intents')
        .values({
          id: intentId,
          user_id: userId,
          session_id: sessionId,
          amount_cents: total,
          fee_cents: fee,
          currency: 'USD',
          status: 'succeeded',
          payment_method: 'card',
          enrollment_id: null,
          created_at: enrolledAt,
          // Past payments: their receipts went out then (the jobs mail unmailed ones, migration 0023).
          receipt_mailed_at: enrolledAt,
        })
        .execute();
      const { id: enrollmentId } = await t
        .insertInto('enrollments')
        .values({
          session_id: sessionId,
          user_id: userId,
          status: 'ACTIVE',
          paid_amount_cents: total,
          payment_intent_id: intentId,
          created_at: enrolledAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.updateTable('payment_intents').set({ enrollment_id: enrollmentId }).where('id', '=', intentId).execute();
      const { id: txId } = await t
        .insertInto('ledger_transactions')
        .values({ kind: 'CARD_PAYMENT', payment_intent_id: intentId, created_at: enrolledAt })
        .returning('id')
        .executeTakeFirstOrThrow();
      const entry = {
        transaction_id: txId,
        reason: 'PAYMENT' as const,
        session_id: sessionId,
        created_at: enrolledAt,
      };
      await t
        .insertInto('ledger_entries')
        .values([
          {
            ...entry,
            account: 'FUNDING',
            owner_id: null,
            amount_cents: -total,
            description: `Card payment: ${course.title}`,
          },
          {
            ...entry,
            account: 'EARNINGS',
            owner_id: educatorId,
            amount_cents: s.priceCents,
            description: `Enrollment: ${course.title}`,
          },
          ...(fee > 0
            ? [
                {
                  ...entry,
                  account: 'PLATFORM_FEES' as const,
                  owner_id: null,
                  amount_cents: fee,
                  description: `Platform fee: ${course.title}`,
                },
              ]
            : []),
        ])
        .execute();
    }
  }
}
