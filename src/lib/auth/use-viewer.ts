import { useLocation, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { selectIsLoggedIn, selectRole } from '@machines/auth.selectors';

/**
 * Who is looking at a page, read from the router context's auth actor: the API client, whether
 * someone is signed in and their role (null for visitors), and the page's href (for a sign-in link
 * that comes back here). Re-renders when the sign-in state changes.
 */
export function useViewer() {
  const { api, auth } = useRouteContext({ from: '__root__' });
  const loggedIn = useSelector(auth, selectIsLoggedIn);
  const role = useSelector(auth, selectRole);
  const href = useLocation({ select: (l) => l.href });
  return { api, loggedIn, role, href };
}
