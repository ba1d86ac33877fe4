import { fromPromise } from 'xstate';
import { type Api, unwrap } from './support/api';
import type { Schema } from './support/contract';
import type { ModerationActionInput, ModerationFilter, ModerationItem, ModerationPage } from './moderation.machine';
import type { SessionRequestBody } from './session-request.machine';
import { postSessionRequest } from './session-request.actors';

type SessionStatus = Schema<'SessionStatus'>;
type UserStatus = Schema<'UserStatus'>;
type InvitationStatus = Schema<'InvitationStatus'>;
type CourseStatus = Schema<'CourseStatus'>;

/** The user lists of the admin screen (product.md#screens): `GET /users/<list>`. */
export type UserList = 'educators' | 'learners' | 'partners' | 'invitations';

const SESSION_STATUSES: readonly SessionStatus[] = ['PENDING', 'APPROVED', 'REJECTED', 'ACTIVE', 'EXPIRED'];
const USER_STATUSES: readonly UserStatus[] = ['PENDING', 'APPROVED', 'REJECTED', 'DELETED'];
const INVITATION_STATUSES: readonly InvitationStatus[] = ['PENDING', 'ACCEPTED', 'EXPIRED'];
const COURSE_STATUSES: readonly CourseStatus[] = [
  'DRAFT',
  'PENDING',
  'APPROVED',
  'REJECTED',
  'PUBLISHED',
  'UNPUBLISHED',
];

function pick<T extends string>(allowed: readonly T[], value: unknown): T | undefined {
  return typeof value === 'string' && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

function positive(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}

/** Drops undefined values (openapi-fetch would send `key=undefined` otherwise). */
function defined<T extends Record<string, unknown>>(query: T): T {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as T;
}

/**
 * Actors of the moderation machine for sessions (admin queue and the educator's sessions):
 * - loadQueue: `GET /sessions?status&courseId&page&pageSize` (filter keys of the same names);
 * - approveItem: `POST /sessions/{id}/approve {message?}` (no message → `{}`);
 * - rejectItem / deleteItem: `POST /sessions/{id}/reject|delete {message}`;
 * - duplicateItem: `POST /sessions` with the edited copy.
 * Each rejects with an `ApiError` (`status`, `serverMessage`, `fieldErrors`) or the network error.
 */
export function createSessionModerationActors(api: Api) {
  return {
    loadQueue: fromPromise<ModerationPage, ModerationFilter>(async ({ input }) => {
      const query = defined({
        status: pick(SESSION_STATUSES, input.status),
        courseId: positive(input.courseId),
        page: positive(input.page) ?? 1,
        pageSize: positive(input.pageSize),
      });
      return unwrap(await api.GET('/sessions', { params: { query } }));
    }),
    approveItem: fromPromise<unknown, ModerationActionInput>(async ({ input }) =>
      unwrap(
        await api.POST('/sessions/{id}/approve', {
          params: { path: { id: input.item.id } },
          body: input.message ? { message: input.message } : {},
        }),
      ),
    ),
    rejectItem: fromPromise<unknown, ModerationActionInput>(async ({ input }) =>
      unwrap(
        await api.POST('/sessions/{id}/reject', {
          params: { path: { id: input.item.id } },
          body: { message: input.message },
        }),
      ),
    ),
    deleteItem: fromPromise<unknown, ModerationActionInput>(async ({ input }) =>
      unwrap(
        await api.POST('/sessions/{id}/delete', {
          params: { path: { id: input.item.id } },
          body: { message: input.message },
        }),
      ),
    ),
    duplicateItem: fromPromise<unknown, { item: ModerationItem; request: SessionRequestBody }>(({ input }) =>
      postSessionRequest(api, input.request),
    ),
  };
}

/**
 * Actors of the moderation machine for the admin user lists (product.md#calls Users):
 * - loadQueue: `GET /users/<filter.list>?query&status&page&pageSize` (invitations take no `query`);
 * - approveItem: `PUT /users/{id}/approve` (empty body);
 * - rejectItem / deleteItem: `PUT /users/{id}/reject|delete {message}`;
 * - duplicateItem: not offered for users (rejects).
 */
export function createUserModerationActors(api: Api) {
  return {
    loadQueue: fromPromise<ModerationPage, ModerationFilter>(async ({ input }) => {
      const page = positive(input.page) ?? 1;
      const pageSize = positive(input.pageSize);
      const list = pick<UserList>(['educators', 'learners', 'partners', 'invitations'], input.list) ?? 'educators';
      if (list === 'invitations') {
        const query = defined({ status: pick(INVITATION_STATUSES, input.status), page, pageSize });
        return unwrap(await api.GET('/users/invitations', { params: { query } }));
      }
      const query = defined({ query: text(input.query), status: pick(USER_STATUSES, input.status), page, pageSize });
      const path = `/users/${list}` as const;
      return unwrap(await api.GET(path, { params: { query } }));
    }),
    approveItem: fromPromise<unknown, ModerationActionInput>(async ({ input }) =>
      unwrap(await api.PUT('/users/{id}/approve', { params: { path: { id: input.item.id } } })),
    ),
    rejectItem: fromPromise<unknown, ModerationActionInput>(async ({ input }) =>
      unwrap(
        await api.PUT('/users/{id}/reject', {
          params: { path: { id: input.item.id } },
          body: { message: input.message },
        }),
      ),
    ),
    deleteItem: fromPromise<unknown, ModerationActionInput>(async ({ input }) =>
      unwrap(
        await api.PUT('/users/{id}/delete', {
          params: { path: { id: input.item.id } },
          body: { message: input.message },
        }),
      ),
    ),
    duplicateItem: fromPromise<unknown, { item: ModerationItem; request: SessionRequestBody }>(async () => {
      throw new Error('moderation.actors: users cannot be duplicated');
    }),
  };
}

/** The request body of a decision with an optional note: `{}` without one. */
const note = (message: string) => (message ? { message } : {});

/**
 * Actors of the moderation machine for the admin course queue (product.md#entities course statuses):
 * - loadQueue: `GET /courses/moderation?status&query&page&pageSize` (status PENDING by default);
 * - approveItem / publishItem: `POST /courses/{id}/approve|publish {message?}`;
 * - rejectItem / unpublishItem: `POST /courses/{id}/reject|unpublish {message}`;
 * - deleteItem, duplicateItem: not offered for courses (reject).
 * Each rejects with an `ApiError` (`status`, `serverMessage`, `fieldErrors`) or the network error.
 */
export function createCourseModerationActors(api: Api) {
  return {
    loadQueue: fromPromise<ModerationPage, ModerationFilter>(async ({ input }) => {
      const query = defined({
        status: pick(COURSE_STATUSES, input.status),
        query: text(input.query),
        page: positive(input.page) ?? 1,
        pageSize: positive(input.pageSize),
      });
      return unwrap(await api.GET('/courses/moderation', { params: { query } }));
    }),
    approveItem: fromPromise<unknown, ModerationActionInput>(async ({ input }) =>
      unwrap(
        await api.POST('/courses/{id}/approve', { params: { path: { id: input.item.id } }, body: note(input.message) }),
      ),
    ),
    rejectItem: fromPromise<unknown, ModerationActionInput>(async ({ input }) =>
      unwrap(
        await api.POST('/courses/{id}/reject', {
          params: { path: { id: input.item.id } },
          body: { message: input.message },
        }),
      ),
    ),
    unpublishItem: fromPromise<unknown, ModerationActionInput>(async ({ input }) =>
      unwrap(
        await api.POST('/courses/{id}/unpublish', {
          params: { path: { id: input.item.id } },
          body: { message: input.message },
        }),
      ),
    ),
    publishItem: fromPromise<unknown, ModerationActionInput>(async ({ input }) =>
      unwrap(
        await api.POST('/courses/{id}/publish', { params: { path: { id: input.item.id } }, body: note(input.message) }),
      ),
    ),
    deleteItem: fromPromise<unknown, ModerationActionInput>(async () => {
      throw new Error('moderation.actors: courses are not deleted from the moderation queue');
    }),
    duplicateItem: fromPromise<unknown, { item: ModerationItem; request: SessionRequestBody }>(async () => {
      throw new Error('moderation.actors: courses cannot be duplicated');
    }),
  };
}
