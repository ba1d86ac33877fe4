import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { components } from '@contract/schema';

export type Role = components['schemas']['Role'];

/** Translatable names of the roles (spec §3). */
export const roleLabels: Record<Role, MessageDescriptor> = {
  USER: msg`User`,
  LEARNER: msg`Learner`,
  EDUCATOR: msg`Educator`,
  PARTNER: msg`Partner`,
  ADMIN: msg`Admin`,
  SUPER_ADMIN: msg`Super admin`,
};
