import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { SessionStatus } from '@/lib/list-search';

/** Names of the session statuses in filters (same words as the status badges). */
export const sessionStatusLabels: Record<SessionStatus, MessageDescriptor> = {
  PENDING: msg`Pending`,
  APPROVED: msg`Approved`,
  REJECTED: msg`Rejected`,
  ACTIVE: msg`Active`,
  EXPIRED: msg`Expired`,
};
