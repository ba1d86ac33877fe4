import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { LoginRecord, Role } from '@machines/auth.machine';
import type { AuthActor } from '@/lib/auth/auth-service';
import { landingFor, selectIsSettled, selectRecord } from '@machines/auth.selectors';

/** `/login?redirect=<href>` (href = the page to come back to after signing in). */
export function loginHref(href: string): string {
  return `/login?${new URLSearchParams({ redirect: href }).toString()}`;
}

/**
 * `beforeLoad` guard of protected routes (a layout route guards its subtree once):
 *
 *   beforeLoad: async (ctx) => ({ record: await requireAuth(ctx, ROLES.learners) })
 *
 * Waits until the auth actor has read the cookie (and finished a login or a token refresh in
 * progress), then
 * - logged out → throws a redirect to `/login?redirect=<location.href>`;
 * - role not in `roles` → throws a redirect to the user's landing page (product.md#roles);
 * - else resolves with the login record.
 */
export async function requireAuth(
  { context, location }: { context: { auth: AuthActor }; location: { href: string; pathname?: string } },
  roles?: readonly Role[],
): Promise<LoginRecord> {
  const snapshot = await waitFor(context.auth, selectIsSettled);
  const record = selectRecord(snapshot);
  if (!record) {
    throw redirect({ href: loginHref(location.href) });
  }
  checkRole(record, roles, location);
  return record;
}

/**
 * `beforeLoad` of a page under a guarded layout route (`dashboard/`, `account/`): the layout has
 * waited for the auth actor and put the login record in the route context; this only checks the
 * role, like `requireAuth` (not in `roles` → redirect to the user's landing page).
 *
 *   beforeLoad: (ctx) => requireRole(ctx, ROLES.staff)
 */
export function requireRole(
  { context, location }: { context: { record: LoginRecord }; location: { href: string; pathname?: string } },
  roles: readonly Role[],
): void {
  checkRole(context.record, roles, location);
}

function checkRole(
  record: LoginRecord,
  roles: readonly Role[] | undefined,
  location: { href: string; pathname?: string },
): void {
  if (roles && !roles.includes(record.user.role)) {
    const landing = landingFor(record);
    const here = location.pathname ?? location.href.split(/[?#]/)[0];
    throw redirect({ href: landing === here ? '/' : landing });
  }
}
