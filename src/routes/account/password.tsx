import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { PasswordForm } from '@/features/account/password-form';
import { AccountPage } from '@/features/payments/account-shell';

/** `/account/password` (any signed-in role): change the password; the other sign-ins end. */
export const Route = createFileRoute('/account/password')({
  component: function PasswordRoute() {
    const { t } = useLingui();
    const { api, auth } = Route.useRouteContext();
    return (
      <AccountPage title={t`Password`} lead={t`Changing it signs out every other device signed in to your account.`}>
        <PasswordForm api={api} auth={auth} />
      </AccountPage>
    );
  },
});
