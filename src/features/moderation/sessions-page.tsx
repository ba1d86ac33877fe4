import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { buttonStyles } from '@/components/ui/button';
import { PageContainer, PageHeader } from '@/components/ui/page';
import type { SessionsSearch } from '@/lib/list-search';
import { usePageTitle } from '@/lib/document-head';
import type { Api } from '@/lib/api/client';
import type { Role } from '@/lib/auth/roles';
import type { ModerationAction } from '@machines/moderation.machine';
import { SessionBoard } from './session-moderation';
import type { Timezone } from '@/components/ui/session-request-form';

/** What each role may do on /dashboard/sessions (educators: their own sessions). */
export function sessionActionsFor(role: Role | null): ModerationAction[] {
  if (role === 'ADMIN' || role === 'SUPER_ADMIN') return ['approve', 'reject', 'delete', 'duplicate'];
  if (role === 'EDUCATOR') return ['duplicate', 'delete'];
  return [];
}

/**
 * /dashboard/sessions: an educator's sessions (admins: every session) with a status filter, the
 * spec's status badges, the learners of each, duplicate and delete (admins also approve and
 * reject pending ones).
 */
export function SessionsPage({
  api,
  role,
  search,
  timezones,
  onSearch,
}: {
  api: Api;
  role: Role | null;
  search: SessionsSearch;
  timezones: readonly Timezone[];
  onSearch: (search: SessionsSearch) => void;
}) {
  const { t } = useLingui();
  const admin = role === 'ADMIN' || role === 'SUPER_ADMIN';
  usePageTitle(admin ? t`Sessions` : t`My sessions`);
  return (
    <PageContainer>
      <PageHeader
        title={admin ? <Trans>Sessions</Trans> : <Trans>My sessions</Trans>}
        lead={
          admin ? (
            <Trans>Every session on Halaqa, by status.</Trans>
          ) : (
            <Trans>
              The sessions you requested and run. An admin approves each new session before learners can enroll.
            </Trans>
          )
        }
        actions={
          <Link to={admin ? '/dashboard/moderation' : '/dashboard/courses'} className={buttonStyles()}>
            {admin ? <Trans>Moderation queue</Trans> : <Trans>Request a session</Trans>}
          </Link>
        }
      />
      <SessionBoard
        api={api}
        mode="sessions"
        actions={sessionActionsFor(role)}
        search={search}
        onSearch={onSearch}
        timezones={timezones}
        showEducator={admin}
      />
    </PageContainer>
  );
}
