// @vitest-environment jsdom
import { isRedirect } from '@tanstack/react-router';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { AUTH_COOKIE, THEME_COOKIE, createAuthActions, createCookieStorage } from '@machines/auth.actors';
import { type LoginRecord, authMachine } from '@machines/auth.machine';
import {
  landingFor,
  safeRedirect,
  selectIsLoggedIn,
  selectLanding,
  selectRole,
  selectTheme,
} from '@machines/auth.selectors';
import { requireAuth } from '../../src/lib/auth/guards';
import type { AuthActor } from '../../src/lib/auth/auth-service';
import { fromPromise } from 'xstate';

const FUTURE = '2999-01-01T00:00:00.000Z';
const learnerRecord: LoginRecord = {
  token: 'jwt',
  expiresAt: FUTURE,
  user: { id: 21, email: 'learner@halaqa.test', name: 'Lina', role: 'LEARNER' },
  company: null,
  federationAuth: false,
};

/** An auth actor whose cookie holds `record` (actors stubbed, no HTTP). */
function authWith(
  record: LoginRecord | null,
  theme: { primary: string; secondary: string; tertiary: string } | null = null,
) {
  return createActor(
    authMachine.provide({
      actors: { restoreSession: fromPromise(async () => ({ record, theme })) },
    }),
  ).start() as unknown as AuthActor;
}

describe('cookie storage (cookies-next)', () => {
  it('writes, reads back and clears the login record and theme cookies', () => {
    const storage = createCookieStorage();
    const theme = { primary: '#112233', secondary: '#445566', tertiary: '#778899' };
    storage.write(learnerRecord, theme);
    expect(document.cookie).toContain(`${AUTH_COOKIE}=`);
    expect(document.cookie).toContain(`${THEME_COOKIE}=`);
    expect(storage.read()).toEqual({ record: learnerRecord, theme });
    storage.clear();
    expect(storage.read()).toEqual({ record: null, theme: null });
  });

  it('keeps the logo and links in the theme cookie, and drops links that would not fit a cookie', () => {
    const storage = createCookieStorage();
    const theme = {
      primary: '#112233',
      secondary: '#445566',
      tertiary: '#778899',
      logo: '/uploads/company/3/logo.png',
      links: { website: 'https://qad.example.org' },
    };
    storage.write(learnerRecord, theme);
    expect(storage.read().theme).toEqual(theme);
    const long = Object.fromEntries(
      Array.from({ length: 5 }, (_, i) => [`link${i}`, `https://qad.example.org/${'x'.repeat(900)}`]),
    );
    storage.write(learnerRecord, { ...theme, links: long });
    expect(storage.read().theme).toEqual({
      primary: '#112233',
      secondary: '#445566',
      tertiary: '#778899',
      logo: '/uploads/company/3/logo.png',
    });
    storage.clear();
  });

  it('ignores a tampered cookie', () => {
    document.cookie = `${AUTH_COOKIE}=${encodeURIComponent(JSON.stringify({ token: 1 }))}; path=/`;
    document.cookie = `${THEME_COOKIE}=not-json; path=/`;
    expect(createCookieStorage().read()).toEqual({ record: null, theme: null });
  });

  it('the theme failure is logged with the spec text', () => {
    const lines: unknown[] = [];
    const actions = createAuthActions(createCookieStorage(), (message) => lines.push(message));
    actions.reportThemeFailure(undefined, { error: new Error('x') });
    expect(lines).toEqual(['Failed to Get Theme Settings !!!!']);
  });
});

describe('landing (product.md#screens, #roles)', () => {
  it('learners → /my-courses, other roles → /dashboard, the QAD partner → attendance', () => {
    expect(landingFor(learnerRecord)).toBe('/my-courses');
    expect(landingFor({ ...learnerRecord, user: { ...learnerRecord.user, role: 'EDUCATOR' } })).toBe('/dashboard');
    expect(landingFor({ ...learnerRecord, user: { ...learnerRecord.user, role: 'USER' } })).toBe('/dashboard');
    expect(landingFor({ ...learnerRecord, user: { ...learnerRecord.user, role: 'ADMIN' } })).toBe('/dashboard');
    const qad = { id: 3, name: 'QAD', acronym: 'QAD' };
    expect(landingFor({ ...learnerRecord, company: qad, user: { ...learnerRecord.user, role: 'PARTNER' } })).toBe(
      '/dashboard/analytics/attendance',
    );
    // QAD's learners and educators land where everyone else does: the page is the partner's.
    expect(landingFor({ ...learnerRecord, company: qad })).toBe('/my-courses');
    expect(landingFor({ ...learnerRecord, company: qad, user: { ...learnerRecord.user, role: 'EDUCATOR' } })).toBe(
      '/dashboard',
    );
    expect(landingFor({ ...learnerRecord, company: { id: 1, name: 'NCAI', acronym: 'NCAI' } })).toBe('/my-courses');
    expect(landingFor(null)).toBe('/login');
  });

  it('follows only same-origin paths in ?redirect=', () => {
    expect(safeRedirect('/sessions/41?lang=ar')).toBe('/sessions/41?lang=ar');
    for (const bad of [
      'https://evil.test',
      '//evil.test',
      '/\\evil',
      'sessions',
      '/login?redirect=/x',
      '/signup',
      42,
      undefined,
    ]) {
      expect(safeRedirect(bad)).toBeNull();
    }
  });
});

describe('selectors and requireAuth', () => {
  it('reads the restored record', async () => {
    const auth = authWith(learnerRecord, { primary: '#112233', secondary: '#445566', tertiary: '#778899' });
    await requireAuth({ context: { auth }, location: { href: '/my-courses', pathname: '/my-courses' } });
    const s = auth.getSnapshot();
    expect(selectIsLoggedIn(s)).toBe(true);
    expect(selectRole(s)).toBe('LEARNER');
    expect(selectLanding(s)).toBe('/my-courses');
    expect(selectTheme(s)).toEqual({ primary: '#112233', secondary: '#445566', tertiary: '#778899' });
  });

  it('redirects a signed-out visitor to /login?redirect=<page>', async () => {
    const auth = authWith(null);
    const error = await requireAuth({ context: { auth }, location: { href: '/my-courses?lang=ar' } }).catch(
      (e: unknown) => e,
    );
    expect(isRedirect(error)).toBe(true);
    expect((error as { options: { href: string } }).options.href).toBe('/login?redirect=%2Fmy-courses%3Flang%3Dar');
  });

  it('sends a role that is not allowed to its landing page', async () => {
    const auth = authWith({ ...learnerRecord, user: { ...learnerRecord.user, role: 'EDUCATOR' } });
    const error = await requireAuth({ context: { auth }, location: { href: '/my-courses', pathname: '/my-courses' } }, [
      'LEARNER',
      'USER',
    ]).catch((e: unknown) => e);
    expect(isRedirect(error)).toBe(true);
    expect((error as { options: { href: string } }).options.href).toBe('/dashboard');
  });
});
