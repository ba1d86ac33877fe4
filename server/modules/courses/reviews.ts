import { Temporal } from 'temporal-polyfill';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';
import { audit } from '../../platform/audit.js';
import type { AppContext, Caller } from '../../platform/context.js';
import { badRequest, conflict, forbidden, notFound, unprocessable } from '../../platform/errors.js';
import type { Schema } from '../../platform/handlers.js';
import { todayIn } from '../../platform/session-lifecycle.js';
import type { TenantScope } from '../../platform/tenancy.js';
import { assertVisible } from './catalog.js';
import { activeEnrollmentsOf } from '../sessions/queries.js';

/**
 * Course reviews (product.md#entities Review, #calls `POST /courses/{id}/reviews`; DESIGN #overview
 * Reviews; docs/decisions.md "Reviews"): one review per learner per course, written by a learner
 * enrolled in a session of the course that has started, edited by its author, removed by admins
 * (audited). The course's rating is computed from the reviews by the read model, never stored, so
 * every catalog answer shows a new, edited or removed review at once.
 */

/** The contract's Review: rating 1–5, text, ISO instants, author. */
export type Review = Schema<'Review'>;
/** The contract's MyCourseReview: the caller's review (or null) and whether they may write one. */
export type MyCourseReview = Schema<'MyCourseReview'>;
/** Whether a learner may review a course (MyCourseReview.eligibility). */
export type ReviewEligibility = MyCourseReview['eligibility'];

/** The body of createCourseReview and updateCourseReview (shape already checked by the contract). */
export interface ReviewInput {
  /** Whole stars, 1–5. */
  ratingValue: number;
  /** 1–2000 characters; surrounding blanks are trimmed. */
  content: string;
}

/** Session statuses whose learners may review once the session has started (an approved session is ACTIVE, then EXPIRED). */
const REVIEWABLE_SESSION_STATUSES = ['APPROVED', 'ACTIVE', 'EXPIRED'] as const;

/**
 * Whether learner `userId` may review course `courseId` at `now`: an ACTIVE enrollment in a
 * non-deleted, approved session of the course whose start date (a calendar date in the session's
 * time zone) is today or before. With only later sessions, `NOT_STARTED` and the earliest start date.
 */
export async function reviewEligibility(
  db: Kysely<Database> | Transaction<Database>,
  userId: number,
  courseId: number,
  now: Date,
): Promise<{ eligibility: ReviewEligibility; startDate: string | null }> {
  const sessions = await activeEnrollmentsOf(db, userId)
    .select(['s.start_date', 's.timezone'])
    .where('s.course_id', '=', courseId)
    .where('s.deleted_at', 'is', null)
    .where('s.status', 'in', [...REVIEWABLE_SESSION_STATUSES])
    .orderBy('s.start_date')
    .execute();
  if (sessions.length === 0) return { eligibility: 'NOT_ENROLLED', startDate: null };
  const instant = Temporal.Instant.fromEpochMilliseconds(now.getTime());
  if (sessions.some((s) => s.start_date <= todayIn(s.timezone, instant)))
    return { eligibility: 'ELIGIBLE', startDate: null };
  return { eligibility: 'NOT_STARTED', startDate: sessions[0]!.start_date };
}

/** Reviews (`r`) joined to their authors (`u`), selecting what {@link toReview} reads. */
function reviewsWithAuthors(db: Kysely<Database> | Transaction<Database>) {
  return db
    .selectFrom('reviews as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .select([
      'r.id',
      'r.rating_value',
      'r.content',
      'r.created_at',
      'r.updated_at',
      'u.id as user_id',
      'u.first_name',
      'u.last_name',
      'u.picture_url',
    ]);
}

/** A row of {@link reviewsWithAuthors} as the contract's Review (ISO instants, the author's full name). */
function toReview(r: Awaited<ReturnType<ReturnType<typeof reviewsWithAuthors>['executeTakeFirstOrThrow']>>): Review {
  return {
    id: r.id,
    ratingValue: r.rating_value,
    content: r.content,
    createdAt: r.created_at.toISOString(),
    updatedAt: r.updated_at ? r.updated_at.toISOString() : null,
    author: { id: r.user_id, name: `${r.first_name} ${r.last_name}`.trim(), pictureUrl: r.picture_url },
  };
}

/** Reads one review of a course as the contract's Review; undefined when there is none. */
async function reviewById(db: Kysely<Database> | Transaction<Database>, id: number): Promise<Review | undefined> {
  const r = await reviewsWithAuthors(db).where('r.id', '=', id).executeTakeFirst();
  return r && toReview(r);
}

/** GET /courses/{id}/reviews: newest first. @throws 404 as getCourseInfo. */
export async function listReviews(
  app: AppContext,
  viewer: TenantScope,
  id: number,
  page: number,
  pageSize: number,
): Promise<{ items: Review[]; total: number; page: number; pageSize: number }> {
  await assertVisible(app, viewer, id);
  const { total } = await app.db
    .selectFrom('reviews as r')
    .where('r.course_id', '=', id)
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const rows = await reviewsWithAuthors(app.db)
    .where('r.course_id', '=', id)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { items: rows.map(toReview), total: Number(total), page, pageSize };
}

/** The trimmed text of a review. @throws 400 with a field error on `content` when only blanks remain. */
function reviewText(input: ReviewInput): string {
  const content = input.content.trim();
  if (!content)
    throw badRequest('Write a few words about the course', [{ path: 'content', message: 'must not be blank' }]);
  return content;
}

/**
 * GET /courses/{id}/reviews/mine: the caller's review of a visible course (null when none) and
 * whether they may write one. @throws 404 for a course the caller cannot see.
 */
export async function getMyReview(app: AppContext, viewer: TenantScope, courseId: number): Promise<MyCourseReview> {
  await assertVisible(app, viewer, courseId);
  const userId = viewer.userId!;
  const own = await app.db
    .selectFrom('reviews')
    .select('id')
    .where('course_id', '=', courseId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const { eligibility, startDate } = await reviewEligibility(app.db, userId, courseId, app.now());
  return { review: own ? ((await reviewById(app.db, own.id)) ?? null) : null, eligibility, startDate };
}

/**
 * POST /courses/{id}/reviews: the caller's one review of a course. Nothing is written on a refusal.
 * @returns the review created.
 * @throws 400 blank text; 404 course not visible; 403 'Only learners enrolled…' (never enrolled);
 *   422 'You can review this course once your session has started (on YYYY-MM-DD)'; 409 already
 *   reviewed (also when two requests race: the unique key `reviews_course_user_key` decides).
 */
export async function createReview(
  app: AppContext,
  viewer: TenantScope,
  courseId: number,
  input: ReviewInput,
): Promise<Review> {
  await assertVisible(app, viewer, courseId);
  const content = reviewText(input);
  const userId = viewer.userId!;
  const { eligibility, startDate } = await reviewEligibility(app.db, userId, courseId, app.now());
  if (eligibility === 'NOT_ENROLLED')
    throw forbidden('Only learners enrolled in a session of this course can review it');
  if (eligibility === 'NOT_STARTED')
    throw unprocessable(`You can review this course once your session has started (on ${startDate})`);
  const inserted = await app.db
    .insertInto('reviews')
    .values({ course_id: courseId, user_id: userId, rating_value: input.ratingValue, content })
    .onConflict((oc) => oc.columns(['course_id', 'user_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) throw conflict('You have already reviewed this course: edit your review instead');
  return (await reviewById(app.db, inserted.id))!;
}

/**
 * PUT /courses/{id}/reviews/{reviewId}: the author changes rating and text; `updated_at` is set.
 * @throws 400 blank text; 404 course not visible or review not of this course; 403 another learner's review.
 */
export async function updateReview(
  app: AppContext,
  viewer: TenantScope,
  courseId: number,
  reviewId: number,
  input: ReviewInput,
): Promise<Review> {
  await assertVisible(app, viewer, courseId);
  const content = reviewText(input);
  return app.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('reviews')
      .select(['user_id'])
      .where('id', '=', reviewId)
      .where('course_id', '=', courseId)
      .forUpdate()
      .executeTakeFirst();
    if (!row) throw notFound('Review');
    if (row.user_id !== viewer.userId) throw forbidden('You can only edit your own review');
    await trx
      .updateTable('reviews')
      .set({ rating_value: input.ratingValue, content, updated_at: app.now() })
      .where('id', '=', reviewId)
      .execute();
    return (await reviewById(trx, reviewId))!;
  });
}

/**
 * DELETE /courses/{id}/reviews/{reviewId}: an admin removes a review, audited (`review.removed`,
 * with the course, author, rating and text) in the same transaction. Works whatever the course's
 * status (admins moderate every course). @returns the removed review's id. @throws 404 review not of this course.
 */
export async function removeReview(
  app: AppContext,
  caller: Caller,
  courseId: number,
  reviewId: number,
): Promise<{ id: number }> {
  return app.db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('reviews')
      .where('id', '=', reviewId)
      .where('course_id', '=', courseId)
      .returning(['id', 'user_id', 'rating_value', 'content'])
      .executeTakeFirst();
    if (!removed) throw notFound('Review');
    await audit(trx, {
      actorId: caller.userId,
      action: 'review.removed',
      entityType: 'review',
      entityId: removed.id,
      message: `course ${courseId}, by user ${removed.user_id}, ${removed.rating_value}/5: ${removed.content.slice(0, 500)}`,
    });
    return { id: removed.id };
  });
}
