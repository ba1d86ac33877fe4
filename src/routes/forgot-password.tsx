import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { ForgotPasswordScreen } from '@/features/auth/forgot-password-page';
import { lenient, parseSearch } from '@/lib/route-flags';

const searchSchema = v.object({ email: lenient(v.pipe(v.string(), v.maxLength(254))) });

/** `/forgot-password?email=`: ask for a password-reset link. */
export const Route = createFileRoute('/forgot-password')({
  validateSearch: (search) => parseSearch(searchSchema, search),
  component: function ForgotPasswordRoute() {
    const { api } = Route.useRouteContext();
    const { email } = Route.useSearch();
    return <ForgotPasswordScreen api={api} initialEmail={email} />;
  },
});
