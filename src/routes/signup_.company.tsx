import { createFileRoute, redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { selectIsLoggedIn, selectIsRestoring, selectLanding } from '@machines/auth.selectors';
import { CompanySignUpScreen } from '@/features/auth/company-signup-page';

/** `/signup/company`: a company and its partner account sign up (product.md#validation, #calls). Signed-in visitors go to their landing page. */
export const Route = createFileRoute('/signup_/company')({
  beforeLoad: async ({ context: { auth } }) => {
    const snapshot = await waitFor(auth, (s) => !selectIsRestoring(s));
    if (selectIsLoggedIn(snapshot)) throw redirect({ href: selectLanding(snapshot), replace: true });
  },
  component: function CompanySignUpRoute() {
    const { api, auth } = Route.useRouteContext();
    return <CompanySignUpScreen api={api} auth={auth} />;
  },
});
