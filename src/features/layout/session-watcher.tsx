import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { AuthActor } from '@/lib/auth/auth-service';
import { selectIsLoggedIn, selectIsLoggingIn } from '@machines/auth.selectors';

/**
 * product.md#screens: logout and session invalidation return to /login. Watches the auth actor and, when it
 * leaves `loggedIn` (logout, expired token, 401 without refresh), navigates to /login. Restoring a
 * signed-out session at start-up does not navigate. Renders nothing.
 */
export function SessionWatcher({ auth }: { auth: AuthActor }) {
  const navigate = useNavigate();
  useEffect(() => {
    let wasLoggedIn = selectIsLoggedIn(auth.getSnapshot());
    const subscription = auth.subscribe((snapshot) => {
      const loggedIn = selectIsLoggedIn(snapshot);
      // A signed-in session reloading its company (auth.membershipChanged) passes through
      // loggingIn: that is not leaving; a failure there ends in loggedOut and navigates then.
      const reloading = wasLoggedIn && selectIsLoggingIn(snapshot);
      if (wasLoggedIn && !loggedIn && !reloading) void navigate({ to: '/login' });
      wasLoggedIn = loggedIn || reloading;
    });
    return () => subscription.unsubscribe();
  }, [auth, navigate]);
  return null;
}
