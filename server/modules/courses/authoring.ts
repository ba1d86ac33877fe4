import type { Transaction } from 'kysely';
import { US_TIMEZONES } from '../reference/data.js';
import type { Database, Weeks } from '../../db/types.js';
import { audit } from '../../platform/audit.js';
import { mayActForCompany, type TenantScope } from '../../platform/tenancy.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { badRequest, forbidden, notFound, type FieldError } from '../../platform/errors.js';
import { centsToDollars } from '../../platform/money/cents.js';
import { courseInfo, sessionSummaries, type CourseInfo, type SessionSummary } from './read-model.js';
import { idPage, likePattern, type Page } from '../../platform/paging.js';
import { moderatedCourses, type ModeratedCourse } from './moderation.js';
import { parseCourseForm, type CourseFormFields, type ParsedCourseForm } from './course-form.js';
import { writeSkillsAndSyllabus } from './syllabus-store.js';
import { syllabusRows } from './queries.js';

/** IANA ids of GET /timezones/us: the zones sessions may use (product.md#limits). */
export const US_ZONE_IDS = new Set(US_TIMEZONES.map((z) => z.id));

const isStaff = (c: Caller) => c.role === 'ADMIN' || c.role === 'SUPER_ADMIN';

/**
 * Loads a course the caller may edit: its educator, or an admin.
 * @throws 404 unknown course; 403 another educator's course.
 */
export async function editableCourse(db: AppContext['db'] | Transaction<Database>, caller: Caller, id: number) {
  const course = await db.selectFrom('courses').selectAll().where('id', '=', id).executeTakeFirst();
  if (!course) throw notFound('Course');
  if (!isStaff(caller) && course.educator_id !== caller.userId) throw forbidden('You can only edit your own courses');
  return course;
}

/**
 * Checks ids the form refers to exist (category, language, skills, lesson types, uploads), and that
 * a course sent for review has a picture (`hasPicture`: the course being edited already has one).
 * A draft may wait for its picture: a PENDING educator saves drafts but cannot upload yet.
 */
async function checkReferences(
  trx: Transaction<Database>,
  caller: Caller,
  form: ParsedCourseForm,
  { hasPicture }: { hasPicture: boolean },
): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  if (!(await trx.selectFrom('categories').select('id').where('id', '=', form.courseCategoryId).executeTakeFirst())) {
    errors.push({ path: 'courseCategoryId', message: 'is not a category' });
  }
  if (!(await trx.selectFrom('languages').select('id').where('id', '=', form.languageId).executeTakeFirst())) {
    errors.push({ path: 'languageId', message: 'is not a language' });
  }
  const skillIds = [...new Set([...form.requiredSkillIds, ...form.gainedSkillIds])];
  if (skillIds.length) {
    const found = new Set(
      (await trx.selectFrom('skills').select('id').where('id', 'in', skillIds).execute()).map((r) => r.id),
    );
    form.requiredSkillIds.forEach(
      (id, i) => !found.has(id) && errors.push({ path: `requiredSkills[${i}]`, message: 'is not a skill' }),
    );
    form.gainedSkillIds.forEach(
      (id, i) => !found.has(id) && errors.push({ path: `gainedSkills[${i}]`, message: 'is not a skill' }),
    );
  }
  const typeIds = new Set((await trx.selectFrom('lesson_types').select('id').execute()).map((r) => r.id));
  form.syllabus.forEach((w) =>
    w.sections.forEach((s, si) =>
      s.lessons.forEach((l, li) => {
        if (!typeIds.has(l.lessonTypeId))
          errors.push({ path: `lessons[${w.week}][${si}][${li}][lessonTypeId]`, message: 'is not a lesson type' });
      }),
    ),
  );
  const upload = async (id: number | null, kind: 'COURSEPICTURE' | 'COURSEVIDEO', path: string) => {
    if (id === null) return null;
    const u = await trx
      .selectFrom('uploads')
      .select(['id', 'url', 'owner_id', 'kind'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!u || u.kind !== kind || (!isStaff(caller) && u.owner_id !== caller.userId)) {
      errors.push({
        path,
        message: `is not one of your ${kind === 'COURSEPICTURE' ? 'course pictures' : 'course videos'}`,
      });
      return null;
    }
    return u;
  };
  if (form.action === 'submit' && form.pictureId === null && !hasPicture)
    errors.push({ path: 'pictureId', message: 'is required: upload a course picture' });
  await upload(form.pictureId, 'COURSEPICTURE', 'pictureId');
  await upload(form.videoId, 'COURSEVIDEO', 'videoId');
  if (form.isPrivate && !isStaff(caller)) {
    if (caller.companyId === null) errors.push({ path: 'isPrivate', message: 'only company courses can be private' });
    else if (form.companyId !== null && form.companyId !== caller.companyId)
      errors.push({ path: 'companyId', message: 'must be your company' });
  }
  return errors;
}

/**
 * POST /courses (create) and POST /courses?id= (update), multipart (product.md#entities). One transaction:
 * course, skills, syllabus (reconciled by position on update, so lesson ids, content and learners'
 * work survive an edit: see {@link writeSkillsAndSyllabus}) and its first session (created
 * PENDING, or updated while still PENDING/REJECTED). `save` keeps a new course DRAFT; `submit` sends a DRAFT, REJECTED or
 * UNPUBLISHED course for review (PENDING, `submitted_at` = now; see moderation.ts). Pending educators may save drafts but not submit (decisions.md).
 * The course's company (`companyId`, public or private) decides which partner reads its sessions'
 * attendance, so only admins and members of that company may attach a course to it; a course keeps
 * the company it already has (tenancy, server/platform/tenancy.ts).
 * @throws 400 with field errors (nothing written); 403 another educator's course, submitting
 *   while PENDING, or a `companyId` the caller may not act for; 404 unknown course.
 */
export async function saveCourse(
  app: AppContext,
  caller: Caller,
  tenant: TenantScope,
  fields: CourseFormFields,
  id: number | null,
): Promise<{ created: boolean; course: CourseInfo; session: SessionSummary | null }> {
  const now = app.now();
  const { form, errors } = parseCourseForm(fields, US_ZONE_IDS, now.toISOString().slice(0, 10));
  if (errors.length) throw badRequest('Some fields are invalid', errors);
  if (form.action === 'submit' && caller.status !== 'APPROVED') {
    throw forbidden('Your educator account is waiting for approval: save the course as a draft for now');
  }
  const { courseId, sessionId } = await app.db.transaction().execute(async (trx) => {
    const existing = id === null ? null : await editableCourse(trx, caller, id);
    if (
      form.companyId !== null &&
      form.companyId !== existing?.company_id &&
      !mayActForCompany(tenant, form.companyId)
    ) {
      throw forbidden('Only admins or members of that company can attach a course to it');
    }
    const refErrors = await checkReferences(trx, caller, form, { hasPicture: Boolean(existing?.picture_url) });
    if (refErrors.length) throw badRequest('Some fields are invalid', refErrors);
    const picture = form.pictureId
      ? await trx.selectFrom('uploads').select('url').where('id', '=', form.pictureId).executeTakeFirst()
      : null;
    const video = form.videoId
      ? await trx.selectFrom('uploads').select('url').where('id', '=', form.videoId).executeTakeFirst()
      : null;
    // A private course belongs to a company (decisions.md): an admin editing one keeps its company.
    const companyId = form.isPrivate
      ? (form.companyId ?? caller.companyId ?? existing?.company_id ?? null)
      : (form.companyId ?? existing?.company_id ?? caller.companyId);
    if (form.isPrivate && companyId === null) {
      throw badRequest('Some fields are invalid', [{ path: 'companyId', message: 'is required for a private course' }]);
    }
    const values = {
      title: form.title,
      description: form.description,
      about: form.about,
      category_id: form.courseCategoryId,
      language_id: form.languageId,
      price_cents: form.priceCents,
      num_hours: form.numHours,
      difficulty_level: form.difficultyLevel,
      has_multi_instructors: form.hasMultiInstructors,
      is_private: form.isPrivate,
      company_id: companyId,
      updated_at: now,
    };
    let courseId: number;
    if (existing) {
      courseId = existing.id;
      // Sent (again) for review: a draft, a rejected course, or one an admin unpublished (docs/decisions.md "Course moderation").
      const resent =
        form.action === 'submit' &&
        (existing.status === 'DRAFT' || existing.status === 'REJECTED' || existing.status === 'UNPUBLISHED');
      await trx
        .updateTable('courses')
        .set({
          ...values,
          status: resent ? 'PENDING' : existing.status,
          ...(resent ? { submitted_at: now } : {}),
          ...(picture ? { picture_url: picture.url, picture_upload_id: form.pictureId } : {}),
          ...(form.videoId !== null ? { video_url: video?.url ?? null, video_upload_id: form.videoId } : {}),
        })
        .where('id', '=', courseId)
        .execute();
    } else {
      const row = await trx
        .insertInto('courses')
        .values({
          ...values,
          educator_id: caller.userId,
          status: form.action === 'submit' ? 'PENDING' : 'DRAFT',
          submitted_at: form.action === 'submit' ? now : null,
          picture_url: picture?.url ?? null,
          picture_upload_id: form.pictureId,
          video_url: video?.url ?? null,
          video_upload_id: form.videoId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      courseId = row.id;
    }
    await writeSkillsAndSyllabus(trx, courseId, form);

    let sessionId: number | null = null;
    if (form.session) {
      const first = await trx
        .selectFrom('sessions')
        .select(['id', 'status'])
        .where('course_id', '=', courseId)
        .where('deleted_at', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .executeTakeFirst();
      const sessionValues = {
        start_date: form.session.startDate,
        end_date: form.session.endDate,
        timezone: form.session.timezone,
        schedule: JSON.stringify(form.session.schedule),
        max_seats: form.session.maxSeats,
        price_cents: form.priceCents,
      };
      if (first && (first.status === 'PENDING' || first.status === 'REJECTED')) {
        await trx
          .updateTable('sessions')
          .set({ ...sessionValues, status: 'PENDING' })
          .where('id', '=', first.id)
          .execute();
        sessionId = first.id;
      } else if (!first) {
        const educatorId = existing?.educator_id ?? caller.userId;
        sessionId = (
          await trx
            .insertInto('sessions')
            .values({ ...sessionValues, course_id: courseId, educator_id: educatorId, status: 'PENDING' })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      } else {
        sessionId = first.id; // approved or running: its dates are not changed by the editor
      }
    }
    await audit(trx, {
      actorId: caller.userId,
      action: existing ? `course.${form.action === 'submit' ? 'submitted' : 'updated'}` : 'course.created',
      entityType: 'course',
      entityId: courseId,
    });
    return { courseId, sessionId };
  });
  const course = await courseInfo(app.db, courseId, app.now());
  const [session] = sessionId ? await sessionSummaries(app.db, [sessionId], app.now()) : [];
  return { created: id === null, course: course!, session: session ?? null };
}

/** GET /courses/{id}/edit: the editor's initial data (product.md#entities). @throws 404, 403 as {@link editableCourse}. */
export async function getCourseEditorData(app: AppContext, caller: Caller, id: number) {
  const c = await editableCourse(app.db, caller, id);
  const skills = await app.db
    .selectFrom('course_skills as cs')
    .innerJoin('skills as s', 's.id', 'cs.skill_id')
    .select(['cs.type', 's.id', 's.name'])
    .where('cs.course_id', '=', id)
    .orderBy('s.name')
    .execute();
  const session = await app.db
    .selectFrom('sessions')
    .select(['id', 'start_date', 'end_date', 'timezone', 'max_seats', 'status', 'schedule'])
    .where('course_id', '=', id)
    .where('deleted_at', 'is', null)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
  const rows = await syllabusRows(app.db, id)
    .select(['l.lesson_type_id', 'l.name', 'l.sort_order', 'l.duration_minutes', 'l.link'])
    .execute();
  const weeks = new Map<
    number,
    Map<
      number,
      {
        name: string;
        order: number;
        lessons: {
          id: number;
          lessonTypeId: number;
          name: string;
          order: number;
          duration: number;
          link: string | null;
        }[];
      }
    >
  >();
  for (const r of rows) {
    const sections = weeks.get(r.week) ?? new Map();
    weeks.set(r.week, sections);
    const sec = sections.get(r.section_id) ?? { name: r.section_name, order: r.section_order, lessons: [] };
    sections.set(r.section_id, sec);
    if (r.lesson_id !== null)
      sec.lessons.push({
        id: r.lesson_id,
        lessonTypeId: r.lesson_type_id!,
        name: r.name!,
        order: r.sort_order!,
        duration: r.duration_minutes!,
        link: r.link,
      });
  }
  const required = skills.filter((s) => s.type === 'REQUIRED');
  const gained = skills.filter((s) => s.type === 'GAINED');
  return {
    id: c.id,
    status: c.status,
    moderationMessage: c.moderation_message,
    title: c.title,
    courseCategoryId: c.category_id,
    languageId: c.language_id,
    description: c.description,
    about: c.about,
    price: centsToDollars(c.price_cents),
    numHours: c.num_hours,
    difficultyLevel: c.difficulty_level,
    hasMultiInstructors: c.has_multi_instructors,
    isPrivate: c.is_private,
    companyId: c.company_id,
    pictureId: c.picture_upload_id,
    pictureUrl: c.picture_url,
    videoId: c.video_upload_id,
    videoUrl: c.video_url,
    courseSkills: skills.map((s) => ({ type: s.type, skill: { id: s.id, name: s.name } })),
    requiredSkills: required.map((s) => s.id).join('|'),
    gainedSkills: gained.map((s) => s.id).join('|'),
    session: session
      ? {
          id: session.id,
          startDate: session.start_date,
          endDate: session.end_date,
          timezone: session.timezone,
          maxSeats: session.max_seats,
          status: session.status,
        }
      : null,
    weeks: (session?.schedule as Weeks | undefined) ?? null,
    syllabus: [...weeks.entries()].map(([week, sections]) => ({ week, sections: [...sections.values()] })),
  };
}

/**
 * GET /courses/to-teach?query: the courses an educator teaches (every status, with the last
 * moderation message: why it was rejected or unpublished), or every course for admins; newest
 * first. `query` matches the title.
 */
export async function listCoursesToTeach(
  app: AppContext,
  caller: Caller,
  q: { query?: string; page: number; pageSize: number },
): Promise<Page<ModeratedCourse>> {
  let base = app.db.selectFrom('courses as c');
  if (!isStaff(caller)) base = base.where('c.educator_id', '=', caller.userId);
  if (q.query?.trim()) base = base.where('c.title', 'ilike', likePattern(q.query.trim()));
  const ordered = base.select('c.id').orderBy('c.updated_at', 'desc').orderBy('c.id', 'desc');
  return idPage(base, ordered, q, (ids) => moderatedCourses(app.db, ids, app.now()));
}
