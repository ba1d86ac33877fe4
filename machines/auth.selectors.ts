import type { SnapshotFrom } from 'xstate';
import type { AuthFailure, LoginRecord, Role, Theme } from './auth.machine';
import type { authMachine } from './auth.machine';

/** A snapshot of the auth actor. */
export type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** The login record (product.md#entities) while logged in, else null. */
export const selectRecord = (s: AuthSnapshot): LoginRecord | null => (s.matches('loggedIn') ? s.context.record : null);

/** True in `loggedIn` (also while a federated token is being refreshed). */
export const selectIsLoggedIn = (s: AuthSnapshot): boolean => s.matches('loggedIn');

/** True until the cookie has been read (`restoring`). */
export const selectIsRestoring = (s: AuthSnapshot): boolean => s.matches('restoring');

/** True while a federated token is being refreshed (still `loggedIn`). */
export const selectIsRefreshing = (s: AuthSnapshot): boolean => s.matches({ loggedIn: 'refreshing' });

/**
 * True once the auth actor knows who is signed in: not restoring the cookie, not signing in, not
 * refreshing a token. Guards wait for it before reading the record.
 */
export const selectIsSettled = (s: AuthSnapshot): boolean =>
  !s.matches('restoring') && !s.matches('loggingIn') && !selectIsRefreshing(s);

/** True while signing in (the login button shows a spinner). */
export const selectIsLoggingIn = (s: AuthSnapshot): boolean => s.matches('loggingIn');

/** True from a click on "Sign in with MA/QA" until the browser has left for the directory. */
export const selectIsStartingFederated = (s: AuthSnapshot): boolean =>
  s.matches({ loggingIn: 'startingFederated' }) || s.matches({ loggingIn: 'leavingForProvider' });

/** Where a federated sign-in asked to go (its `redirect`), once logged in; else null. */
export const selectReturnTo = (s: AuthSnapshot): string | null => (s.matches('loggedIn') ? s.context.returnTo : null);

/** True when the signed-in user came through MA or QA single sign-on (product.md#entities `federationAuth`). */
export const selectIsFederated = (s: AuthSnapshot): boolean => Boolean(selectRecord(s)?.federationAuth);

/** The signed-in user's role, or null. */
export const selectRole = (s: AuthSnapshot): Role | null => selectRecord(s)?.user.role ?? null;

/** Company colours `{primary, secondary, tertiary}` while logged in, else null (default theme). */
export const selectTheme = (s: AuthSnapshot): Theme | null => (s.matches('loggedIn') ? s.context.theme : null);

/** Why the last login failed (code + server message), in `loggedOut.failed`; else null. */
export const selectLoginError = (s: AuthSnapshot): AuthFailure | null =>
  s.matches({ loggedOut: 'failed' }) ? s.context.error : null;

/** Roles that enroll in sessions: learners, and generic users (promoted to learner on first enrollment). */
export function isLearnerRole(role: Role): boolean {
  return role === 'LEARNER' || role === 'USER';
}

/**
 * Where a user lands after login (product.md#screens, #roles): the partner of the company with acronym QAD →
 * /dashboard/analytics/attendance (the page shows the company's attendance, which only
 * its partner may read); learners → /my-courses; every other role → /dashboard. No record → /login.
 */
export function landingFor(record: LoginRecord | null): string {
  if (!record) return '/login';
  if (record.company?.acronym.toUpperCase() === 'QAD' && record.user.role === 'PARTNER')
    return '/dashboard/analytics/attendance';
  return record.user.role === 'LEARNER' ? '/my-courses' : '/dashboard';
}

/** The landing page of the signed-in user (see `landingFor`). */
export const selectLanding = (s: AuthSnapshot): string => landingFor(selectRecord(s));

/**
 * A `redirect` search value that is safe to follow: a same-origin path (`/…`, not `//…`, no
 * scheme, not back to /login or /signup). Anything else → null.
 */
export function safeRedirect(value: unknown): string | null {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\'))
    return null;
  if (/^\/(login|signup)(?:[/?#]|$)/.test(value)) return null;
  return value;
}
