import { assertEvent } from 'xstate';
import { authSetup } from './auth.setup';

export * from './auth.types';

/**
 * Authentication workflow (product.md#entities, #states, #messages, #limits). Pure: every effect (HTTP calls, cookies, logs) is
 * a named actor or action implemented in `auth.actors.ts` and provided with `machine.provide`.
 *
 *   restoring ──(cookie record, not expired)──▶ loggedIn.active
 *       │                                         │ after untilExpiry / auth.logout / 401 (legacy
 *       ▼                                         ▼   user or 4th attempt) ─▶ loggingOut ─▶ loggedOut
 *   loggedOut.idle ─auth.login─▶ loggingIn.signingIn ─▶ fetchingCompany ─▶ fetchingUser
 *       ▲   ▲                                    ─▶ loadingTheme (company only) ─▶ loggedIn.active
 *       │   └─ loggedOut.failed ◀── any failure before the theme (error code + server message)
 *   loggedIn.active ─auth.unauthorized (federated, attempt ≤ 3)─▶ loggedIn.refreshing ─▶ active
 *   loggedIn ─auth.themeChanged (the user's own company)─▶ loggedIn (new theme, persisted)
 *   loggedIn ─auth.membershipChanged (an accepted invitation)─▶ loggingIn.fetchingCompany ─▶ … ─▶ loggedIn.active
 *   loggedIn ─auth.profileChanged (a saved profile)─▶ loggedIn (new name, persisted)
 *
 * Federated sign-in (MA / QA directories over OpenID Connect, product.md#overview–#states, #limits):
 *   loggedOut ─auth.federatedStart─▶ loggingIn.startingFederated ─▶ leavingForProvider (the browser
 *       goes to the directory's sign-in page)
 *   loggedOut ─auth.federatedReturn (the /sso/{p} page)─▶ loggingIn.completingFederated ─▶ fetchingCompany …
 *   loggedIn.active (federated) ─every 50 min (guest credentials window) or at expiry─▶ refreshing
 *   restoring ─federated record whose token expired─▶ loggedIn.refreshing
 *   loggingOut ─signOut answers the directory's logout URL─▶ loggedOut + followLogout (RP-initiated logout)
 *
 * Errors are codes plus the server's message, never translated text: the login screen shows
 * `error.message ?? t\`Invalid credentials\``.
 */

export const authMachine = authSetup.createMachine({
  id: 'auth',
  initial: 'restoring',
  context: { record: null, theme: null, pending: null, error: null, returnTo: null },
  states: {
    restoring: {
      tags: ['loading'],
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          { guard: { type: 'restoredNothing', params: ({ event }) => event.output }, target: 'loggedOut' },
          {
            guard: { type: 'restoredExpiredFederated', params: ({ event }) => event.output },
            target: '#auth.loggedIn.refreshing',
            actions: { type: 'assignRestored', params: ({ event }) => event.output },
          },
          {
            guard: { type: 'restoredExpired', params: ({ event }) => event.output },
            target: 'loggedOut',
            actions: 'clearPersisted',
          },
          { target: 'loggedIn', actions: { type: 'assignRestored', params: ({ event }) => event.output } },
        ],
        onError: { target: 'loggedOut', actions: 'clearPersisted' },
      },
      after: { rehydrationTimeout: { target: 'loggedOut' } },
    },
    loggedOut: {
      initial: 'idle',
      states: {
        idle: {},
        failed: {},
      },
      on: {
        'auth.login': { target: 'loggingIn' },
        'auth.signedUp': {
          target: 'loggingIn.fetchingCompany',
          actions: { type: 'assignSignIn', params: ({ event }) => event.result },
        },
        'auth.federatedStart': { target: 'loggingIn.startingFederated' },
        'auth.federatedReturn': { target: 'loggingIn.completingFederated' },
      },
    },
    loggingIn: {
      tags: ['loading'],
      initial: 'signingIn',
      states: {
        signingIn: {
          invoke: {
            id: 'signIn',
            src: 'signIn',
            input: ({ event }) => {
              assertEvent(event, 'auth.login');
              return { email: event.email, password: event.password };
            },
            onDone: {
              target: 'fetchingCompany',
              actions: { type: 'assignSignIn', params: ({ event }) => event.output },
            },
            onError: {
              target: '#auth.loggedOut.failed',
              actions: {
                type: 'assignFailure',
                params: ({ event }) => ({ code: 'auth.signInFailed', error: event.error }),
              },
            },
          },
        },
        startingFederated: {
          invoke: {
            id: 'startFederated',
            src: 'startFederated',
            input: ({ event }) => {
              assertEvent(event, 'auth.federatedStart');
              return {
                provider: event.provider,
                ...(event.redirect ? { redirect: event.redirect } : {}),
                ...(event.locale ? { locale: event.locale } : {}),
              };
            },
            onDone: {
              target: 'leavingForProvider',
              actions: { type: 'openProvider', params: ({ event }) => ({ url: event.output.authorizationUrl }) },
            },
            onError: {
              target: '#auth.loggedOut.failed',
              actions: {
                type: 'assignFailure',
                params: ({ event }) => ({ code: 'auth.federatedFailed', error: event.error }),
              },
            },
          },
        },
        /** The browser is on its way to the directory's sign-in page (the app unloads). */
        leavingForProvider: {},
        completingFederated: {
          invoke: {
            id: 'completeFederated',
            src: 'completeFederated',
            input: ({ event }) => {
              assertEvent(event, 'auth.federatedReturn');
              return { provider: event.provider, params: event.params };
            },
            onDone: {
              target: 'fetchingCompany',
              actions: { type: 'assignFederatedSignIn', params: ({ event }) => event.output },
            },
            onError: {
              target: '#auth.loggedOut.failed',
              actions: {
                type: 'assignFailure',
                params: ({ event }) => ({ code: 'auth.federatedFailed', error: event.error }),
              },
            },
          },
        },
        fetchingCompany: {
          invoke: {
            id: 'fetchCompany',
            src: 'fetchCompany',
            input: ({ context }) => ({
              token: context.pending?.token ?? '',
              federated: Boolean(context.pending?.federationAuth),
            }),
            onDone: {
              target: 'fetchingUser',
              actions: { type: 'assignCompany', params: ({ event }) => ({ company: event.output }) },
            },
            onError: {
              target: '#auth.loggedOut.failed',
              actions: {
                type: 'assignFailure',
                params: ({ event }) => ({ code: 'auth.companyFailed', error: event.error }),
              },
            },
          },
        },
        fetchingUser: {
          invoke: {
            id: 'fetchUser',
            src: 'fetchUser',
            input: ({ context }) => ({
              token: context.pending?.token ?? '',
              federated: Boolean(context.pending?.federationAuth),
              userId: context.pending?.user.id ?? 0,
            }),
            onDone: [
              {
                guard: 'pendingHasCompany',
                target: 'loadingTheme',
                actions: { type: 'assignUser', params: ({ event }) => event.output },
              },
              {
                target: '#auth.loggedIn',
                actions: [
                  { type: 'assignUser', params: ({ event }) => event.output },
                  'resetTheme',
                  'completeLogin',
                  {
                    type: 'persistSession',
                    params: ({ context }) => ({ record: context.record, theme: context.theme }),
                  },
                ],
              },
            ],
            onError: {
              target: '#auth.loggedOut.failed',
              actions: {
                type: 'assignFailure',
                params: ({ event }) => ({ code: 'auth.userFailed', error: event.error }),
              },
            },
          },
        },
        loadingTheme: {
          invoke: {
            id: 'loadTheme',
            src: 'loadTheme',
            input: ({ context }) => ({
              token: context.pending?.token ?? '',
              federated: Boolean(context.pending?.federationAuth),
              companyId: context.pending?.company?.id ?? 0,
            }),
            onDone: {
              target: '#auth.loggedIn',
              actions: [
                { type: 'assignTheme', params: ({ event }) => event.output },
                'completeLogin',
                { type: 'persistSession', params: ({ context }) => ({ record: context.record, theme: context.theme }) },
              ],
            },
            // product.md#messages: log 'Failed to Get Theme Settings !!!!' and keep the default theme.
            onError: {
              target: '#auth.loggedIn',
              actions: [
                { type: 'reportThemeFailure', params: ({ event }) => ({ error: event.error }) },
                'resetTheme',
                'completeLogin',
                { type: 'persistSession', params: ({ context }) => ({ record: context.record, theme: context.theme }) },
              ],
            },
          },
        },
      },
    },
    loggedIn: {
      initial: 'active',
      states: {
        active: {
          after: {
            untilExpiry: [
              // A federated token that expired (the tab slept through its refresh) is refreshed.
              { guard: 'recordExpiredFederated', target: 'refreshing' },
              { guard: 'recordExpired', target: '#auth.loggingOut' },
              // The timer was capped below the real expiry: arm it again.
              { target: 'active', reenter: true },
            ],
            // product.md#limits guest credentials window: a federated token is refreshed every 50 minutes.
            guestRefreshWindow: { guard: 'isFederated', target: 'refreshing' },
          },
          on: {
            'auth.unauthorized': [
              {
                guard: { type: 'canRefresh', params: ({ event }) => ({ attempt: event.attempt }) },
                target: 'refreshing',
              },
              { target: '#auth.loggingOut' },
            ],
            // After a password change the old token no longer works: keep (and persist) the new one.
            'auth.tokenReplaced': {
              actions: [
                {
                  type: 'assignRefreshedToken',
                  params: ({ event }) => ({ token: event.token, expiresAt: event.expiresAt }),
                },
                { type: 'persistSession', params: ({ context }) => ({ record: context.record, theme: context.theme }) },
              ],
            },
          },
        },
        refreshing: {
          tags: ['loading'],
          invoke: {
            id: 'refreshToken',
            src: 'refreshToken',
            input: ({ context }) => ({ record: context.record! }),
            onDone: {
              target: 'active',
              actions: [
                { type: 'assignRefreshedToken', params: ({ event }) => event.output },
                { type: 'persistSession', params: ({ context }) => ({ record: context.record, theme: context.theme }) },
              ],
            },
            onError: { target: '#auth.loggingOut' },
          },
        },
      },
      on: {
        'auth.logout': { target: 'loggingOut' },
        'auth.themeChanged': {
          guard: { type: 'isOwnCompany', params: ({ event }) => ({ companyId: event.companyId }) },
          actions: [
            { type: 'assignTheme', params: ({ event }) => event.theme },
            { type: 'persistSession', params: ({ context }) => ({ record: context.record, theme: context.theme }) },
          ],
        },
        // After accepting an invitation the company (and its theme) and the role change.
        'auth.membershipChanged': { target: 'loggingIn.fetchingCompany', actions: 'assignPendingFromRecord' },
        // A renamed user sees the new name in the header without signing in again.
        'auth.profileChanged': {
          actions: [
            { type: 'assignUserName', params: ({ event }) => ({ name: event.name }) },
            { type: 'persistSession', params: ({ context }) => ({ record: context.record, theme: context.theme }) },
          ],
        },
      },
    },
    loggingOut: {
      tags: ['loading'],
      // product.md#states: logout clears the cookie and the store.
      entry: 'clearPersisted',
      invoke: {
        id: 'signOut',
        src: 'signOut',
        input: ({ context }) => ({ record: context.record }),
        onDone: [
          {
            // product.md#screens: a federated user leaves through the directory (RP-initiated logout), which
            // returns to the partner login.
            guard: { type: 'hasLogoutUrl', params: ({ event }) => event.output },
            target: 'loggedOut',
            actions: [
              'clearSession',
              { type: 'followLogout', params: ({ event }) => ({ url: event.output.logoutUrl! }) },
            ],
          },
          { target: 'loggedOut', actions: 'clearSession' },
        ],
        onError: { target: 'loggedOut', actions: 'clearSession' },
      },
    },
  },
});
