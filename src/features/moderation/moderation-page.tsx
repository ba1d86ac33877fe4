import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { buttonStyles } from '@/components/ui/button';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { tabActiveOptions, tabLink } from '@/components/ui/tab-link';
import { TabNav } from '@/components/ui/tab-nav';
import type { ModerationQueue, ModerationSearch } from '@/lib/list-search';
import { SessionBoard } from './session-moderation';
import type { Timezone } from '@/components/ui/session-request-form';
import { usePageTitle } from '@/lib/document-head';
import type { Api } from '@/lib/api/client';
import { CourseModerationBoard } from './course-moderation';

const ADMIN_ACTIONS = ['approve', 'reject', 'delete', 'duplicate'] as const;

/**
 * /dashboard/moderation (admins): two queues, as links in a labelled `nav` (the current one with
 * `aria-current="page"`, kept in the URL as `queue`):
 * - Sessions (default): session requests (product.md#states session moderation: PENDING → APPROVED |
 *   REJECTED), with approve (optional note), reject and delete (a message is required, mailed to the
 *   educator) and duplicate. Approval publishes the session in explore and mails the educator;
 * - Courses (`queue=courses`): courses sent for review, with or without a session
 *   (product.md#entities: PENDING → APPROVED | REJECTED → PUBLISHED ⇄ UNPUBLISHED), see {@link CourseModerationBoard}.
 */
export function ModerationPage({
  api,
  search,
  timezones,
  onSearch,
}: {
  api: Api;
  search: ModerationSearch;
  timezones: readonly Timezone[];
  onSearch: (search: ModerationSearch) => void;
}) {
  const { t } = useLingui();
  usePageTitle(t`Moderation`);
  const queue: ModerationQueue = search.queue ?? 'sessions';
  const aria = (q: ModerationQueue) => (q === queue ? ({ 'aria-current': 'page' } as const) : {});
  return (
    <PageContainer>
      <PageHeader
        eyebrow={<Trans>Admin</Trans>}
        title={<Trans>Moderation</Trans>}
        lead={
          queue === 'courses' ? (
            <Trans>
              Review the courses educators send, approve or reject them with a message, and unpublish or publish
              courses.
            </Trans>
          ) : (
            <Trans>Approve the session requests of educators, or reject them with a message.</Trans>
          )
        }
        actions={
          <Link to="/dashboard/users" className={buttonStyles({ variant: 'outline' })}>
            <Trans>Users</Trans>
          </Link>
        }
      />
      <TabNav label={t`Moderation queues`}>
        <li>
          <Link
            to="/dashboard/moderation"
            search={{}}
            activeOptions={tabActiveOptions}
            className={tabLink}
            {...aria('sessions')}
          >
            <Trans>Sessions</Trans>
          </Link>
        </li>
        <li>
          <Link
            to="/dashboard/moderation"
            search={{ queue: 'courses' }}
            activeOptions={tabActiveOptions}
            className={tabLink}
            {...aria('courses')}
          >
            <Trans>Courses</Trans>
          </Link>
        </li>
      </TabNav>
      {queue === 'courses' ? (
        <CourseModerationBoard api={api} search={search} onSearch={onSearch} />
      ) : (
        <SessionBoard
          api={api}
          mode="moderation"
          actions={ADMIN_ACTIONS}
          search={{ status: search.status, page: search.page }}
          onSearch={(s) => onSearch({ ...search, status: s.status, page: s.page })}
          timezones={timezones}
          showEducator
        />
      )}
    </PageContainer>
  );
}
