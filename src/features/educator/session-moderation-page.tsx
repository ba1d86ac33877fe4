import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { buttonStyles } from '@/components/ui/button';
import { PageContainer, PageHeader } from '@/components/ui/page';
import type { SessionsSearch } from '@/lib/list-search';
import { SessionBoard } from '@/features/educator/session-board';
import type { Timezone } from '@/features/educator/session-request-form';
import { usePageTitle } from '@/lib/document-head';
import type { Api } from '@/lib/api/client';

const ADMIN_ACTIONS = ['approve', 'reject', 'delete', 'duplicate'] as const;

/**
 * /dashboard/moderation (admins): the queue of sessions waiting for approval (spec §4 session
 * moderation: PENDING → APPROVED | REJECTED), with approve (optional note), reject and delete
 * (a message is required, mailed to the educator) and duplicate. Approval publishes the session
 * in explore and mails the educator (server side).
 */
export function ModerationPage({
  api,
  search,
  timezones,
  onSearch,
}: {
  api: Api;
  search: SessionsSearch;
  timezones: readonly Timezone[];
  onSearch: (search: SessionsSearch) => void;
}) {
  const { t } = useLingui();
  usePageTitle(t`Moderation`);
  return (
    <PageContainer>
      <PageHeader
        eyebrow={<Trans>Admin</Trans>}
        title={<Trans>Session moderation</Trans>}
        lead={<Trans>Approve the session requests of educators, or reject them with a message.</Trans>}
        actions={
          <Link to="/dashboard/users" className={buttonStyles({ variant: 'outline' })}>
            <Trans>Users</Trans>
          </Link>
        }
      />
      <SessionBoard
        api={api}
        mode="moderation"
        actions={ADMIN_ACTIONS}
        search={search}
        onSearch={onSearch}
        timezones={timezones}
        showEducator
      />
    </PageContainer>
  );
}
