import { createActor, fromPromise, waitFor } from 'xstate';
import { type RestoredSession, authMachine } from '@machines/auth.machine';
import type { LoginRecord } from '@machines/auth.machine';
import type { AuthActor } from '../../src/lib/auth/auth-service';

/**
 * A running auth actor restored with `record` (signed in) or with none (signed out), settled in
 * `loggedIn` or `loggedOut`; no theme. For screens that take the auth actor.
 */
export async function restoredAuth(record: LoginRecord | null): Promise<AuthActor> {
  const actor = createActor(
    authMachine.provide({
      actors: { restoreSession: fromPromise<RestoredSession, void>(async () => ({ record, theme: null })) },
    }),
  ).start() as unknown as AuthActor;
  await waitFor(actor, (s) => s.matches(record ? 'loggedIn' : 'loggedOut'));
  return actor;
}
