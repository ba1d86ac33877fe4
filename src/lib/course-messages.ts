import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ModerationAction } from '@machines/moderation.machine';
import type { CourseStatus } from '@/lib/list-search';

/**
 * Toasts of the course decisions. The spec (#messages) has no course moderation texts:
 * these follow its session ones ('Session Approved', 'Could not reject the session !').
 */
export const courseSucceeded: Partial<Record<ModerationAction, MessageDescriptor>> = {
  approve: msg`Course Approved`,
  reject: msg`Course Rejected`,
  unpublish: msg`Course unpublished`,
  publish: msg`Course published`,
};

/** Failure toast of each course decision (the server's message is shown under it). */
export const courseFailed: Partial<Record<ModerationAction, MessageDescriptor>> = {
  approve: msg`Could not approve the course !`,
  reject: msg`Could not reject the course !`,
  unpublish: msg`Could not unpublish the course !`,
  publish: msg`Could not publish the course !`,
};

/** Names of the course statuses in the queue's filter (same words as the status badges). */
export const courseStatusLabels: Record<CourseStatus, MessageDescriptor> = {
  PENDING: msg`Pending`,
  APPROVED: msg`Approved`,
  REJECTED: msg`Rejected`,
  PUBLISHED: msg`Published`,
  UNPUBLISHED: msg`Unpublished`,
  DRAFT: msg`Draft`,
};
