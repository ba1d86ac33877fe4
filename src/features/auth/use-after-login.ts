import { useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { AuthActor } from '@/lib/auth/auth-service';
import { safeRedirect, selectIsLoggedIn, selectLanding } from '@machines/auth.selectors';

/**
 * Once the auth actor is logged in, leaves the login/sign-up page for `redirect` (when it is a
 * safe same-origin path) or the user's landing page (product.md#screens, #roles), replacing the history entry.
 * Cached loader data (fetched while signed out, e.g. preloads) is dropped first.
 */
export function useAfterLogin(auth: AuthActor, redirect: string | undefined) {
  const router = useRouter();
  const loggedIn = useSelector(auth, selectIsLoggedIn);
  const landing = useSelector(auth, selectLanding);
  useEffect(() => {
    if (!loggedIn) return;
    const href = safeRedirect(redirect) ?? landing;
    router.clearCache();
    void router.navigate({ href, replace: true });
  }, [loggedIn, landing, redirect, router]);
}
