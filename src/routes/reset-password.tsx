import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ResetPasswordScreen } from '@/features/auth/reset-password-page';
import { lenient, parseSearch } from '@/lib/route-flags';

const searchSchema = v.object({
  email: lenient(v.pipe(v.string(), v.maxLength(254))),
  token: lenient(v.pipe(v.string(), v.maxLength(512))),
});

/** `/reset-password?email=&token=`: the link of the reset mail; a missing part shows "not valid". */
export const Route = createFileRoute('/reset-password')({
  validateSearch: (search) => parseSearch(searchSchema, search),
  component: function ResetPasswordRoute() {
    const { api } = Route.useRouteContext();
    const { email, token } = Route.useSearch();
    return <ResetPasswordScreen api={api} email={email ?? ''} token={token ?? ''} />;
  },
});
