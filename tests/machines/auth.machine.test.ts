import type { AnyEventObject, AnyMachineSnapshot } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  type AuthUser,
  type CompanyRef,
  type LoginRecord,
  type SignInResult,
  type Theme,
  MAX_REFRESH_RETRIES,
  authMachine,
  isExpired,
} from '@machines/auth.machine';
import { describeModelBased } from './model';

const FUTURE = '2999-01-01T00:00:00.000Z';
const PAST = '2000-01-01T00:00:00.000Z';

const learner: AuthUser = { id: 21, email: 'learner@halaqa.test', name: 'Lina Learner', role: 'LEARNER' };
const qad: CompanyRef = { id: 3, name: 'QAD Academy', acronym: 'QAD' };
const qadTheme: Theme = { primary: '#112233', secondary: '#445566', tertiary: '#778899' };

const legacyRecord: LoginRecord = {
  token: 'tok-legacy',
  expiresAt: FUTURE,
  user: learner,
  company: null,
  federationAuth: false,
};
const federatedRecord: LoginRecord = {
  token: 'tok-fed',
  expiresAt: FUTURE,
  user: learner,
  company: qad,
  federationAuth: true,
};
const expiredRecord: LoginRecord = { ...legacyRecord, token: 'tok-old', expiresAt: PAST };
const expiredFederatedRecord: LoginRecord = { ...federatedRecord, token: 'tok-fed-old', expiresAt: PAST };
const federatedResult = {
  token: 'tok-sso',
  expiresAt: FUTURE,
  user: { ...learner, name: 'from the directory' },
  redirect: '/my-courses',
};
const signInResult: SignInResult = { token: 'tok-new', expiresAt: FUTURE, user: { ...learner, name: 'from sign-in' } };
/** Sign-up answers an already expired token, so the expiry timer's "expired" branch is reachable. */
const signUpResult: SignInResult = { token: 'tok-signup', expiresAt: PAST, user: learner };

/** Invoke results and user events the traversal may send (others are sent as `{ type }`). */
const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.restoreSession', output: { record: null, theme: null } },
  { type: 'xstate.done.actor.restoreSession', output: { record: expiredRecord, theme: null } },
  { type: 'xstate.done.actor.restoreSession', output: { record: legacyRecord, theme: null } },
  { type: 'xstate.done.actor.restoreSession', output: { record: federatedRecord, theme: qadTheme } },
  { type: 'xstate.done.actor.restoreSession', output: { record: expiredFederatedRecord, theme: qadTheme } },
  { type: 'xstate.error.actor.restoreSession', error: { message: 'unreadable cookie' } },
  { type: 'auth.federatedStart', provider: 'QA', redirect: '/my-courses' },
  { type: 'xstate.done.actor.startFederated', output: { authorizationUrl: 'http://127.0.0.1/idp/qa/auth?state=s' } },
  {
    type: 'xstate.error.actor.startFederated',
    error: { status: 404, serverMessage: 'Sign-in with QA is not configured on this server' },
  },
  { type: 'auth.federatedReturn', provider: 'QA', params: { state: 's', code: 'c', iss: 'http://127.0.0.1/idp/qa' } },
  { type: 'xstate.done.actor.completeFederated', output: federatedResult },
  {
    type: 'xstate.error.actor.completeFederated',
    error: { status: 400, serverMessage: 'This sign-in is not valid any more. Please start again.' },
  },
  { type: 'auth.login', email: 'learner@halaqa.test', password: 'Halaqa-demo-1' },
  { type: 'auth.signedUp', result: signUpResult },
  { type: 'xstate.done.actor.signIn', output: signInResult },
  { type: 'xstate.error.actor.signIn', error: { status: 401, serverMessage: 'Invalid email or password' } },
  { type: 'xstate.done.actor.fetchCompany', output: null },
  { type: 'xstate.done.actor.fetchCompany', output: qad },
  { type: 'xstate.error.actor.fetchCompany', error: { status: 500 } },
  { type: 'xstate.done.actor.fetchUser', output: learner },
  { type: 'xstate.error.actor.fetchUser', error: { status: 403, serverMessage: 'Forbidden' } },
  { type: 'xstate.done.actor.loadTheme', output: qadTheme },
  { type: 'xstate.error.actor.loadTheme', error: { status: 500 } },
  { type: 'auth.unauthorized', attempt: 1 },
  { type: 'auth.unauthorized', attempt: MAX_REFRESH_RETRIES + 1 },
  { type: 'xstate.done.actor.refreshToken', output: { token: 'tok-fed-2', expiresAt: FUTURE } },
  /** A refresh answering a token that is already expired, so the expiry timer's federated branch is reachable. */
  { type: 'xstate.done.actor.refreshToken', output: { token: 'tok-fed-3', expiresAt: PAST } },
  {
    type: 'xstate.error.actor.refreshToken',
    error: { status: 401, serverMessage: 'Your sign-in has ended. Please sign in again.' },
  },
  { type: 'auth.logout' },
  {
    type: 'auth.themeChanged',
    companyId: qad.id,
    theme: {
      primary: '#8A1538',
      secondary: '#1B365D',
      tertiary: '#C9A227',
      logo: '/uploads/qad.png',
      links: { website: 'https://qad.example.org' },
    },
  },
  {
    type: 'auth.themeChanged',
    companyId: 99,
    theme: { primary: '#000000', secondary: '#000000', tertiary: '#000000' },
  },
  { type: 'auth.tokenReplaced', token: 'tok-changed', expiresAt: FUTURE },
  { type: 'auth.membershipChanged' },
  { type: 'auth.profileChanged', name: 'Renamed Learner' },
  { type: 'xstate.done.actor.signOut', output: { logoutUrl: null } },
  { type: 'xstate.done.actor.signOut', output: { logoutUrl: 'http://127.0.0.1/idp/qa/session/end?id_token_hint=x' } },
];

const ACTORS = [
  'restoreSession',
  'signIn',
  'startFederated',
  'completeFederated',
  'fetchCompany',
  'fetchUser',
  'loadTheme',
  'refreshToken',
  'signOut',
];
/** loggingIn states before any token exists. */
const BEFORE_TOKEN = ['signingIn', 'startingFederated', 'leavingForProvider', 'completingFederated'];

/** Invariants of every state the paths reach: the state's meaning, checked on its context. */
function checkState(s: AnyMachineSnapshot) {
  const c = s.context as import('@machines/auth.machine').AuthContext;
  if (s.matches('restoring')) {
    expect(s.hasTag('loading')).toBe(true);
    expect(c.record).toBeNull();
  } else if (s.matches('loggedOut')) {
    expect(c.record).toBeNull();
    expect(c.pending).toBeNull();
    expect(s.hasTag('loading')).toBe(false);
    if (s.matches({ loggedOut: 'failed' })) {
      expect(c.error).not.toBeNull();
      expect(c.error!.code).toMatch(/^auth\./);
    } else {
      expect(c.error).toBeNull();
    }
    expect(s.can({ type: 'auth.login', email: 'a@b.co', password: 'x' })).toBe(true);
  } else if (s.matches('loggingIn')) {
    expect(s.hasTag('loading')).toBe(true);
    // Null, except while a signed-in session reloads its company (auth.membershipChanged): then the same user.
    if (c.record) expect(c.record.user.id).toBe(c.pending?.user.id);
    if (BEFORE_TOKEN.some((state) => s.matches({ loggingIn: state }))) expect(c.pending).toBeNull();
    else expect(c.pending?.token).toBeTruthy();
    if (s.matches({ loggingIn: 'loadingTheme' })) expect(c.pending?.company).not.toBeNull();
  } else if (s.matches('loggedIn')) {
    expect(c.record?.token).toBeTruthy();
    expect(c.pending).toBeNull();
    expect(c.error).toBeNull();
    expect(s.can({ type: 'auth.logout' })).toBe(true);
    if (s.matches({ loggedIn: 'refreshing' })) {
      expect(c.record?.federationAuth).toBe(true);
      expect(s.hasTag('loading')).toBe(true);
    }
  } else if (s.matches('loggingOut')) {
    expect(s.hasTag('loading')).toBe(true);
  } else {
    throw new Error(`unexpected state ${JSON.stringify(s.value)}`);
  }
}

const { paths } = describeModelBased(authMachine, {
  name: 'auth.machine',
  events,
  actors: ACTORS,
  minPaths: 21,
  setup: ({ provide }) => {
    const persisted: Array<{ record: LoginRecord | null; theme: Theme | null }> = [];
    let cleared = 0;
    const themeFailures: unknown[] = [];
    const opened: string[] = [];
    const loggedOutAt: string[] = [];
    // Tokens of federated records and sign-ins seen along the path (their calls carry legacy flag 0).
    const federatedTokens = new Set<string>();
    return {
      machine: provide({
        actions: {
          persistSession: (_, params) => persisted.push(params),
          clearPersisted: () => void cleared++,
          reportThemeFailure: (_, params) => themeFailures.push(params.error),
          openProvider: (_, params) => void opened.push(params.url),
          followLogout: (_, params) => void loggedOutAt.push(params.url),
        },
      }),
      check: ({ snapshot, previous, event, index, path }) => {
        checkState(snapshot);
        for (const r of [snapshot.context.record, snapshot.context.pending])
          if (r?.federationAuth) federatedTokens.add(r.token);
        // Effects of the step, by meaning:
        if (snapshot.matches('loggedIn') && previous.matches('loggingIn')) {
          // A completed login is persisted (cookie) with exactly the new record and theme.
          expect(persisted.at(-1)).toEqual({ record: snapshot.context.record, theme: snapshot.context.theme });
          if (event.type === 'xstate.error.actor.loadTheme') {
            // One report per failed theme load (a reload after auth.membershipChanged may fail again).
            expect(themeFailures).toHaveLength(
              path.events.slice(0, index + 1).filter((e) => e.type === 'xstate.error.actor.loadTheme').length,
            );
            expect(snapshot.context.theme).toBeNull();
          }
        }
        if (event.type === 'auth.profileChanged' && previous.matches('loggedIn')) {
          // The new name is shown and persisted at once; nothing else of the record changes.
          expect(snapshot.context.record).toEqual({
            ...previous.context.record,
            user: { ...previous.context.record.user, name: 'Renamed Learner' },
          });
          expect(persisted.at(-1)).toEqual({ record: snapshot.context.record, theme: snapshot.context.theme });
        }
        if (snapshot.matches('loggingOut') && !previous.matches('loggingOut')) {
          expect(cleared).toBeGreaterThan(0);
        }
        if (previous.matches('restoring') && event.type === 'xstate.done.actor.restoreSession') {
          const restored = (event as unknown as { output: { record: LoginRecord | null } }).output.record;
          // An expired product sign-in is dropped; an expired federated one is refreshed (below).
          if (restored && isExpired(restored) && !restored.federationAuth) {
            expect(snapshot.matches('loggedOut')).toBe(true);
            expect(cleared).toBe(1);
          }
          if (restored && !isExpired(restored)) expect(snapshot.context.record).toEqual(restored);
        }
        if (event.type === 'auth.unauthorized' && previous.matches({ loggedIn: 'active' })) {
          const attempt = (event as unknown as { attempt: number }).attempt;
          const federated = Boolean(previous.context.record?.federationAuth);
          expect(snapshot.matches({ loggedIn: 'refreshing' })).toBe(federated && attempt <= MAX_REFRESH_RETRIES);
          expect(snapshot.matches('loggingOut')).toBe(!federated || attempt > MAX_REFRESH_RETRIES);
        }
        if (snapshot.matches({ loggedIn: 'active' }) && event.type === 'xstate.done.actor.refreshToken') {
          const refreshed = (event as unknown as { output: { token: string } }).output.token;
          expect(snapshot.context.record.token).toBe(refreshed);
          expect(persisted.at(-1)?.record?.token).toBe(refreshed);
          expect(snapshot.context.record.federationAuth).toBe(true);
        }
        if (event.type.startsWith('xstate.after.untilExpiry')) {
          const record = previous.context.record as LoginRecord;
          expect(snapshot.matches('loggingOut')).toBe(isExpired(record) && !record.federationAuth);
          expect(snapshot.matches({ loggedIn: 'refreshing' })).toBe(isExpired(record) && record.federationAuth);
        }
        if (event.type.startsWith('xstate.after.guestRefreshWindow')) {
          // product.md#limits: only federated sign-ins are refreshed every 50 minutes.
          expect(snapshot.matches({ loggedIn: 'refreshing' })).toBe(Boolean(previous.context.record?.federationAuth));
        }
        if (previous.matches('restoring') && event.type === 'xstate.done.actor.restoreSession') {
          const restored = (event as unknown as { output: { record: LoginRecord | null } }).output.record;
          if (restored?.federationAuth && isExpired(restored))
            expect(snapshot.matches({ loggedIn: 'refreshing' })).toBe(true);
        }
        if (event.type === 'xstate.done.actor.startFederated') {
          // The browser is sent to the directory's sign-in page, once.
          expect(snapshot.matches({ loggingIn: 'leavingForProvider' })).toBe(true);
          expect(opened).toEqual(['http://127.0.0.1/idp/qa/auth?state=s']);
        }
        if (event.type === 'xstate.done.actor.completeFederated') {
          expect(snapshot.context.pending).toMatchObject({ token: 'tok-sso', federationAuth: true });
          expect(snapshot.context.returnTo).toBe('/my-courses');
        }
        if (
          event.type === 'xstate.error.actor.completeFederated' ||
          event.type === 'xstate.error.actor.startFederated'
        ) {
          expect(snapshot.context.error?.code).toBe('auth.federatedFailed');
          expect(snapshot.context.error?.message).toBeTruthy();
        }
        if (event.type === 'xstate.done.actor.signOut') {
          const url = (event as unknown as { output: { logoutUrl: string | null } }).output.logoutUrl;
          // product.md#screens: a federated sign-out goes through the directory; a product sign-out does not.
          expect(loggedOutAt).toEqual(url ? [url] : []);
          expect(snapshot.matches('loggedOut')).toBe(true);
        }
        if (snapshot.matches('loggedIn') && previous.matches('loggingIn')) {
          expect(snapshot.context.record.federationAuth).toBe(previous.context.pending?.federationAuth);
        }
      },
      done: ({ starts }) => {
        // Actors are started with the data of the record being built.
        for (const [name, input] of starts) {
          if (name === 'fetchCompany' || name === 'fetchUser' || name === 'loadTheme') {
            const { token, federated } = input as { token: string; federated: boolean };
            expect(token).toMatch(/^tok-/);
            // The legacy flag of these calls is 0 exactly for a federated user's token (product.md#roles): the
            // sign-in's, or a federated record's when its company is reloaded (an accepted invitation).
            expect(federated).toBe(federatedTokens.has(token));
          }
          if (name === 'startFederated') expect(input).toEqual({ provider: 'QA', redirect: '/my-courses' });
          if (name === 'completeFederated')
            expect(input).toEqual({
              provider: 'QA',
              params: { state: 's', code: 'c', iss: 'http://127.0.0.1/idp/qa' },
            });
          if (name === 'signIn') expect(input).toEqual({ email: 'learner@halaqa.test', password: 'Halaqa-demo-1' });
        }
      },
    };
  },
});

describe('auth.machine (specific paths)', () => {
  it('a full login lands in loggedIn with the user fetched from /users/{id} and the company theme', () => {
    const path = paths.find(
      (p) =>
        p.states.at(-1)!.matches({ loggedIn: 'active' }) &&
        p.events.some((e) => e.type === 'xstate.done.actor.loadTheme') &&
        p.events.some((e) => e.type === 'auth.login'),
    );
    expect(path).toBeDefined();
    const end = path!.states.at(-1)!;
    expect(end.context.record).toEqual({
      token: 'tok-new',
      expiresAt: FUTURE,
      user: learner, // from fetchUser, not the sign-in answer
      company: qad,
      federationAuth: false,
    });
    expect(end.context.theme).toEqual(qadTheme);
  });

  it("a saved theme of the user's own company replaces the session theme; another company's is ignored", () => {
    const changed = (companyId: number) =>
      paths.find(
        (p) =>
          p.events.at(-1)?.type === 'auth.themeChanged' &&
          (p.events.at(-1) as unknown as { companyId: number }).companyId === companyId &&
          p.states.at(-2)?.matches('loggedIn') &&
          p.states.at(-2)?.context.record?.company?.id === qad.id,
      );
    const own = changed(qad.id);
    expect(own).toBeDefined();
    expect(own!.states.at(-1)!.context.theme).toEqual({
      primary: '#8A1538',
      secondary: '#1B365D',
      tertiary: '#C9A227',
      logo: '/uploads/qad.png',
      links: { website: 'https://qad.example.org' },
    });
    const other = changed(99);
    expect(other).toBeDefined();
    expect(other!.states.at(-1)!.context.theme).toEqual(other!.states.at(-2)!.context.theme);
  });

  it('a failed sign-in carries the server message', () => {
    const path = paths.find((p) => p.events.at(-1)?.type === 'xstate.error.actor.signIn');
    const end = path!.states.at(-1)!;
    expect(end.value).toEqual({ loggedOut: 'failed' });
    expect(end.context.error).toEqual({ code: 'auth.signInFailed', status: 401, message: 'Invalid email or password' });
  });
});

describe('auth.machine (federated paths)', () => {
  it('a directory sign-in lands in loggedIn with federationAuth, the company theme and the return path', () => {
    const path = paths.find(
      (p) =>
        p.states.at(-1)!.matches({ loggedIn: 'active' }) &&
        p.events.some((e) => e.type === 'xstate.done.actor.completeFederated') &&
        p.events.some((e) => e.type === 'xstate.done.actor.loadTheme'),
    );
    expect(path).toBeDefined();
    const end = path!.states.at(-1)!;
    expect(end.context.record).toEqual({
      token: 'tok-sso',
      expiresAt: FUTURE,
      user: learner,
      company: qad,
      federationAuth: true,
    });
    expect(end.context.theme).toEqual(qadTheme);
    expect(end.context.returnTo).toBe('/my-courses');
  });

  it('a refused refresh signs the federated user out', () => {
    const path = paths.find((p) => p.events.at(-1)?.type === 'xstate.error.actor.refreshToken');
    expect(path!.states.at(-1)!.matches('loggingOut')).toBe(true);
  });
});
