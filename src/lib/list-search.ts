import * as v from 'valibot';
import { lenient } from '@/lib/route-flags';

/** Items per page of the dashboard lists. */
export const DASHBOARD_PAGE_SIZE = 12;

const positiveInt = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))]),
  v.integer(),
  v.minValue(1),
);

const queryText = v.pipe(
  v.union([v.string(), v.number()]),
  v.transform(String),
  v.trim(),
  v.minLength(1),
  v.maxLength(200),
);

/** A dashboard list's search: `entries` and the page (from 1). Invalid values are dropped. */
function pagedSearch<E extends v.ObjectEntries>(entries: E) {
  return v.object({ ...entries, page: lenient(positiveInt) });
}

export const SESSION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'ACTIVE', 'EXPIRED'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export const USER_LISTS = ['educators', 'learners', 'partners', 'invitations'] as const;
export const USER_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'DELETED'] as const;
export const INVITATION_STATUSES = ['PENDING', 'ACCEPTED', 'EXPIRED'] as const;

/** Course statuses (product.md#entities) as the admins' course queue filters them. */
export const COURSE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'PUBLISHED', 'UNPUBLISHED', 'DRAFT'] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];

/** The two queues of `/dashboard/moderation`: session requests (default) and courses sent for review. */
export const MODERATION_QUEUES = ['sessions', 'courses'] as const;
export type ModerationQueue = (typeof MODERATION_QUEUES)[number];

/** `/dashboard/courses?query&page` (courses to teach). Invalid values are dropped. */
export const coursesToTeachSearchSchema = pagedSearch({ query: lenient(queryText) });
export type CoursesToTeachSearch = v.InferOutput<typeof coursesToTeachSearchSchema>;

/** `/dashboard/sessions?status&page` and `/dashboard/moderation?status&page`. */
export const sessionsSearchSchema = pagedSearch({ status: lenient(v.picklist(SESSION_STATUSES)) });
export type SessionsSearch = v.InferOutput<typeof sessionsSearchSchema>;

/**
 * `/dashboard/moderation?queue&status&courseStatus&query&page`: `queue` sessions (default) or
 * courses; `status` filters sessions, `courseStatus` and `query` (title) filter courses.
 */
export const moderationSearchSchema = pagedSearch({
  queue: lenient(v.picklist(MODERATION_QUEUES)),
  status: lenient(v.picklist(SESSION_STATUSES)),
  courseStatus: lenient(v.picklist(COURSE_STATUSES)),
  query: lenient(queryText),
});
export type ModerationSearch = v.InferOutput<typeof moderationSearchSchema>;

/** `/dashboard/inbox?unread&page` (the admins' contact inbox). */
export const inboxSearchSchema = pagedSearch({ unread: lenient(v.boolean()) });

/** `/dashboard/sessions/$sessionId?page` (learners) and `…/quizzes?page` (quiz results). */
export const learnersSearchSchema = pagedSearch({});

/**
 * `/dashboard/users?list&query&status&page`: `list` educators (default) | learners | partners |
 * invitations; `status` a user status, or an invitation status on the invitations list.
 */
export const usersSearchSchema = pagedSearch({
  list: lenient(v.picklist(USER_LISTS)),
  query: lenient(queryText),
  status: lenient(v.picklist([...USER_STATUSES, 'ACCEPTED', 'EXPIRED'] as const)),
});
export type UsersSearch = v.InferOutput<typeof usersSearchSchema>;

/** `?company=<id>`: the company an admin acts for (brand settings, invitations); invalid → dropped. */
export const companySearchParam = lenient(positiveInt);

/**
 * `/dashboard/company/invitations?status&page&company` (partners: their company's invitations;
 * admins: those of the company they chose, `company`).
 */
export const invitationsSearchSchema = pagedSearch({
  status: lenient(v.picklist(INVITATION_STATUSES)),
  company: companySearchParam,
});
export type InvitationsSearch = v.InferOutput<typeof invitationsSearchSchema>;

/** `/dashboard/company/members?query&page` (partners: the company's members). */
export const membersSearchSchema = pagedSearch({ query: lenient(queryText) });
export type MembersSearch = v.InferOutput<typeof membersSearchSchema>;
