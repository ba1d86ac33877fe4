import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ModerationAction } from '@machines/moderation.machine';
import type { UserList } from '@machines/moderation.actors';

/** product.md#messages success toasts of the user actions. */
export const userSucceeded: Partial<Record<ModerationAction, MessageDescriptor>> = {
  approve: msg`User approved!`,
  reject: msg`user rejected !`,
  delete: msg`user deleted !`,
};

/** product.md#messages failure toasts of the user actions (approve gets the 400 rule, see `withServerDetail`). */
export const userFailed: Partial<Record<ModerationAction, MessageDescriptor>> = {
  approve: msg`Could not approve the user`,
  reject: msg`Could not reject the user!`,
  delete: msg`Could not delete the user!`,
};

/** product.md#messages toasts when a list cannot be loaded. */
export const listFailed: Record<UserList, MessageDescriptor> = {
  educators: msg`Could not get the educators !`,
  learners: msg`Could not get the learners !`,
  partners: msg`Could not get the partners !`,
  invitations: msg`Could not get the invited users !`,
};

/**
 * product.md#messages's 400 rule ('Could not approve the user', 'Could not invite the user'): when the answer
 * was a 400 with a message, the toast is `<text>: <server message>`; otherwise the text alone.
 */
export function withServerDetail(
  text: string,
  error: { status?: number; message?: string } | null | undefined,
): string {
  return error?.status === 400 && error.message ? `${text}: ${error.message}` : text;
}
