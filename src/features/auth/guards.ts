import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { LoginRecord, Role } from '../../../machines/auth.machine';
import type { AuthActor } from './auth-service';
import { landingFor } from './auth.selectors';

/** `/login?redirect=<href>` (href = the page to come back to after signing in). */
export function loginHref(href: string): string {
  return `/login?${new URLSearchParams({ redirect: href }).toString()}`;
}

/**
 * `beforeLoad` guard of protected routes:
 *
 *   beforeLoad: (ctx) => requireAuth(ctx, ['LEARNER', 'USER'])
 *
 * Waits until the auth actor has read the cookie (and finished a login or a token refresh in
 * progress), then
 * - logged out → throws a redirect to `/login?redirect=<location.href>`;
 * - role not in `roles` → throws a redirect to the user's landing page (spec §6);
 * - else resolves with the login record.
 */
export async function requireAuth(
  { context, location }: { context: { auth: AuthActor }; location: { href: string; pathname?: string } },
  roles?: readonly Role[],
): Promise<LoginRecord> {
  const snapshot = await waitFor(
    context.auth,
    (s) => !s.matches('restoring') && !s.matches('loggingIn') && !s.matches({ loggedIn: 'refreshing' }),
  );
  const record = snapshot.matches('loggedIn') ? snapshot.context.record : null;
  if (!record) {
    throw redirect({ href: loginHref(location.href) });
  }
  if (roles && !roles.includes(record.user.role)) {
    const landing = landingFor(record);
    const here = location.pathname ?? location.href.split(/[?#]/)[0];
    throw redirect({ href: landing === here ? '/' : landing });
  }
  return record;
}
