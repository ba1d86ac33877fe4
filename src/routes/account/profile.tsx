import { useLingui } from '@lingui/react/macro';
import { createFileRoute, useRouter } from '@tanstack/react-router';
import { PagePending } from '@/components/ui/spinner';
import { ProfileSection } from '@/features/account/profile-page';
import { RouteError } from '@/features/layout/route-error';
import { AccountPage } from '@/features/payments/account-shell';
import { settle, signInOn401 } from '@/lib/load';

/** `/account/profile` (any signed-in role): account information, picture, signature and résumé. */
export const Route = createFileRoute('/account/profile')({
  loader: async ({ context: { api, record }, location }) => {
    const user = await settle(api.GET('/users/{id}', { params: { path: { id: record.user.id } } }));
    signInOn401([user], location.href);
    return user;
  },
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: function ProfileRoute() {
    const { t } = useLingui();
    const { api, auth } = Route.useRouteContext();
    const router = useRouter();
    const user = Route.useLoaderData();
    return (
      <AccountPage title={t`Profile`} lead={t`Your name, the language of your e-mails, your picture and documents.`}>
        <ProfileSection
          api={api}
          auth={auth}
          user={user.ok ? user.data : null}
          error={user.ok ? null : user.error}
          onRetry={() => void router.invalidate()}
        />
      </AccountPage>
    );
  },
});
