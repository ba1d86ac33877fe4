import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { VerifyEmailScreen } from '@/features/auth/verify-email-page';
import { lenient, parseSearch } from '@/lib/route-flags';

const searchSchema = v.object({ token: lenient(v.pipe(v.string(), v.maxLength(200))) });

/** `/verify-email?token=`: the link of the sign-up's verification mail; a missing token shows "not valid". */
export const Route = createFileRoute('/verify-email')({
  validateSearch: (search) => parseSearch(searchSchema, search),
  component: function VerifyEmailRoute() {
    const { api } = Route.useRouteContext();
    const { token } = Route.useSearch();
    return <VerifyEmailScreen key={token ?? ''} api={api} token={token ?? ''} />;
  },
});
