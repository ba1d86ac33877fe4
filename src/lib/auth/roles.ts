import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { components } from '@contract/schema';

export type Role = components['schemas']['Role'];

/** Translatable names of the roles (product.md#entities). */
export const roleLabels: Record<Role, MessageDescriptor> = {
  USER: msg`User`,
  LEARNER: msg`Learner`,
  EDUCATOR: msg`Educator`,
  PARTNER: msg`Partner`,
  ADMIN: msg`Admin`,
  SUPER_ADMIN: msg`Super admin`,
};

/**
 * Who may open which protected pages (product.md#roles), named once: routes pass these to `requireAuth` /
 * `requireRole` instead of role lists of their own. A signed-in user whose role is not listed is
 * sent to their landing page.
 */
export const ROLES = {
  /** Wallet, saved cards, my courses: learners (and plain users, who may enroll). */
  learners: ['LEARNER', 'USER'],
  /** Payouts (bank account): educators. */
  educators: ['EDUCATOR'],
  /** Course editing and the session dashboards: educators and admins. */
  staff: ['EDUCATOR', 'ADMIN', 'SUPER_ADMIN'],
  /** The company's members: its partner. */
  partners: ['PARTNER'],
  /** Moderation and users: admins. */
  admins: ['ADMIN', 'SUPER_ADMIN'],
  /**
   * Company brand settings (theme, logo, links) and invitations: the company's partner, and admins
   * (who first choose the company).
   */
  brand: ['PARTNER', 'ADMIN', 'SUPER_ADMIN'],
  /** Discount codes: educators (their courses), partners (their members), admins (every code). */
  discounters: ['EDUCATOR', 'PARTNER', 'ADMIN', 'SUPER_ADMIN'],
  /** The classroom: learners and those who teach or oversee sessions (not partners). */
  classroom: ['LEARNER', 'USER', 'EDUCATOR', 'ADMIN', 'SUPER_ADMIN'],
} as const satisfies Record<string, readonly Role[]>;

/** Whether `role` is an admin (ADMIN or SUPER_ADMIN), who acts for any company (product.md#roles). */
export function isStaff(role: Role): boolean {
  return (ROLES.admins as readonly Role[]).includes(role);
}
