import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Role } from '@/lib/auth/roles';

/** A dashboard area of a role (header navigation and account menu). */
export interface RoleLink {
  to:
    | '/dashboard/courses'
    | '/dashboard/sessions'
    | '/dashboard/moderation'
    | '/dashboard/users'
    | '/dashboard/inbox'
    | '/dashboard/company/settings'
    | '/dashboard/company/invitations'
    | '/dashboard/company/members'
    | '/dashboard/discount-codes';
  label: MessageDescriptor;
  icon: 'book' | 'calendar' | 'shield' | 'users' | 'brand' | 'mail' | 'inbox' | 'receipt';
  /** Only in the account menu and the mobile navigation, not in the desktop header (whose row is full). */
  menuOnly?: true;
}

/** Discount codes: educators (their courses), partners (their members), admins (every code). */
const discountCodes: RoleLink = {
  to: '/dashboard/discount-codes',
  label: msg`Discount codes`,
  icon: 'receipt',
  menuOnly: true,
};

/**
 * The work areas of a role, each with an icon of its own within the role: educators → Courses to teach, My sessions; admins and super admins →
 * Moderation, Users, Inbox (contact messages), Brand; partners → Invitations, Members, Brand; educators, admins and
 * partners also → Discount codes (menu only). Others: none.
 */
export function roleLinks(role: Role): RoleLink[] {
  if (role === 'EDUCATOR') {
    return [
      { to: '/dashboard/courses', label: msg`Courses to teach`, icon: 'book' },
      { to: '/dashboard/sessions', label: msg`My sessions`, icon: 'calendar' },
      discountCodes,
    ];
  }
  if (role === 'ADMIN' || role === 'SUPER_ADMIN') {
    return [
      { to: '/dashboard/moderation', label: msg`Moderation`, icon: 'shield' },
      { to: '/dashboard/users', label: msg`Users`, icon: 'users' },
      { to: '/dashboard/inbox', label: msg`Inbox`, icon: 'inbox' },
      { to: '/dashboard/company/invitations', label: msg`Invitations`, icon: 'mail' },
      { to: '/dashboard/company/settings', label: msg`Brand`, icon: 'brand' },
      discountCodes,
    ];
  }
  if (role === 'PARTNER') {
    return [
      { to: '/dashboard/company/invitations', label: msg`Invitations`, icon: 'mail' },
      { to: '/dashboard/company/members', label: msg`Members`, icon: 'users' },
      { to: '/dashboard/company/settings', label: msg`Brand`, icon: 'brand' },
      discountCodes,
    ];
  }
  return [];
}
