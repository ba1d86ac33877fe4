import type { Kysely } from 'kysely';

/**
 * Reviews: a learner edits their own review of a course (`updateCourseReview`),
 * so `reviews.updated_at` records when (null: never edited; `created_at` is kept). The one review
 * per learner per course is the existing unique key `reviews_course_user_key` (0001). The course's
 * rating stays computed from the reviews (server/modules/courses/read-model.ts), not stored.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reviews').addColumn('updated_at', 'timestamptz').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('reviews').dropColumn('updated_at').execute();
}
