import { Trans, useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { requireRole } from '@/lib/auth/guards';
import { ROLES } from '@/lib/auth/roles';
import { AccountPage } from '@/features/payments/account-shell';
import { LearningGoalsScreen } from '@/features/learning-goals/learning-goals-page';

/**
 * `/account/learning-goals` (learners and generic users, the roles of the learning-goal calls):
 * the account page shell around the learning-goals screen, which loads its own data (its
 * statechart shows the loading state).
 */
export const Route = createFileRoute('/account/learning-goals')({
  beforeLoad: (opts) => requireRole(opts, ROLES.learners),
  component: function LearningGoalsRoute() {
    const { t } = useLingui();
    const { api } = Route.useRouteContext();
    return (
      <AccountPage
        title={t`Learning goals`}
        lead={
          <Trans>
            The skills you want to acquire, how far your courses have taken you, and courses that teach what is missing.
          </Trans>
        }
      >
        <LearningGoalsScreen api={api} />
      </AccountPage>
    );
  },
});
