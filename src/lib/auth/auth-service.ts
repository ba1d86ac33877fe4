import { type Actor, createActor } from 'xstate';
import { createAuthActions, createAuthActors, createCookieStorage, type AuthStorage } from '@machines/auth.actors';
import { authMachine } from '@machines/auth.machine';
import { type Api, createApi } from '@/lib/api/client';

/** The running auth actor (one per app, in the router context). */
export type AuthActor = Actor<typeof authMachine>;

/**
 * Creates and starts the auth actor: the auth machine with its actors over `api` and its
 * persistence in `storage` (cookies `halaqa.auth` / `halaqa.theme` by default). It begins in
 * `restoring` (reads the cookie) and settles in `loggedIn` or `loggedOut`.
 * `api` defaults to a client without credentials (the login calls pass their own token).
 */
export function createAuthService(api: Api = createApi(), storage: AuthStorage = createCookieStorage()): AuthActor {
  const machine = authMachine.provide({
    actors: createAuthActors(api, storage),
    actions: createAuthActions(storage),
  });
  return createActor(machine).start();
}
