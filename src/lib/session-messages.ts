import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ModerationAction } from '@machines/moderation.machine';

/** product.md#messages toasts of the session workflows (English source strings, as the spec spells them). */
export const sessionToasts = {
  requestSucceeded: msg`Request submitted successfully!`,
  requestFailed: msg`Error while creating Session !`,
  learnersFailed: msg`Could not get the session learners !`,
  coursesToTeachFailed: msg`Exploring courses to teach faild !`,
};

/** Success toast of each moderation action on a session (product.md#messages; duplicate = a new request; courses only are unpublished or published). */
export const sessionSucceeded: Partial<Record<ModerationAction, MessageDescriptor>> = {
  approve: msg`Session Approved`,
  reject: msg`Session Rejected`,
  delete: msg`Session deleted successfully`,
  duplicate: msg`Request submitted successfully!`,
};

/**
 * Failure toast of each moderation action on a session (product.md#messages). The approve failure text is the
 * spec's own ('Could not get the super admin courses !').
 */
export const sessionFailed: Partial<Record<ModerationAction, MessageDescriptor>> = {
  approve: msg`Could not get the super admin courses !`,
  reject: msg`Could not reject the session !`,
  delete: msg`Session deletion failed, try again !`,
  duplicate: msg`Error while creating Session !`,
};
