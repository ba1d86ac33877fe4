import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { waitFor } from 'xstate';
import { safeRedirect, selectIsLoggedIn, selectIsRestoring, selectLanding } from '@machines/auth.selectors';
import { SignUpScreen } from '@/features/auth/signup-page';
import { lenient, parseSearch } from '@/lib/route-flags';

const searchSchema = v.object({
  redirect: lenient(v.pipe(v.string(), v.minLength(1))),
  invitation: lenient(v.pipe(v.string(), v.minLength(1), v.maxLength(2048))),
});

/**
 * `/signup?redirect=&invitation=`: sign-up of a learner or an educator, or of an invited person
 * (`invitation` is the token of the invitation link). Signed-in visitors go to `redirect` or their
 * landing page.
 */
export const Route = createFileRoute('/signup')({
  validateSearch: (search) => parseSearch(searchSchema, search),
  beforeLoad: async ({ context: { auth }, search }) => {
    const snapshot = await waitFor(auth, (s) => !selectIsRestoring(s));
    if (selectIsLoggedIn(snapshot)) {
      throw redirect({ href: safeRedirect(search.redirect) ?? selectLanding(snapshot), replace: true });
    }
  },
  component: function SignUpRoute() {
    const { api, auth } = Route.useRouteContext();
    const { redirect: target, invitation } = Route.useSearch();
    return <SignUpScreen key={invitation ?? ''} api={api} auth={auth} redirect={target} invitationToken={invitation} />;
  },
});
