import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { TabNav } from '@/components/ui/tab-nav';
import { StatusBadge } from '@/components/ui/badge';
import { Breadcrumb, breadcrumbLink } from '@/components/ui/breadcrumb';
import { formatLongDate } from '@/components/ui/format';
import { PageHeader } from '@/components/ui/page';
import { tabActiveOptions, tabLink } from '@/components/ui/tab-link';
import type { components } from '@contract/schema';
import { isLocale, type Locale } from '@/lib/i18n';

type SessionInfo = components['schemas']['SessionInfo'];

/** The pages of one session on the educator's dashboard. */
export type SessionTab = 'learners' | 'submissions' | 'quizzes' | 'gradebook' | 'attendance' | 'certificates';

/**
 * Navigation between a session's pages (learners, submissions, quiz results, gradebook, attendance): a labelled `nav`
 * whose current link carries `aria-current="page"`. Scrolls sideways on narrow screens.
 */
export function SessionTabs({ sessionId, current }: { sessionId: number; current: SessionTab }) {
  const { t } = useLingui();
  const params = { sessionId };
  const aria = (tab: SessionTab) => (tab === current ? ({ 'aria-current': 'page' } as const) : {});
  return (
    <TabNav label={t`Session pages`}>
      <li>
        <Link
          to="/dashboard/sessions/$sessionId"
          params={params}
          activeOptions={tabActiveOptions}
          className={tabLink}
          {...aria('learners')}
        >
          <Trans>Learners</Trans>
        </Link>
      </li>
      <li>
        <Link
          to="/dashboard/sessions/$sessionId/submissions"
          params={params}
          activeOptions={tabActiveOptions}
          className={tabLink}
          {...aria('submissions')}
        >
          <Trans>Submissions</Trans>
        </Link>
      </li>
      <li>
        <Link to="/dashboard/sessions/$sessionId/quizzes" params={params} className={tabLink} {...aria('quizzes')}>
          <Trans>Quiz results</Trans>
        </Link>
      </li>
      <li>
        <Link to="/dashboard/sessions/$sessionId/gradebook" params={params} className={tabLink} {...aria('gradebook')}>
          <Trans>Gradebook</Trans>
        </Link>
      </li>
      <li>
        <Link
          to="/dashboard/sessions/$sessionId/attendance"
          params={params}
          activeOptions={tabActiveOptions}
          className={tabLink}
          {...aria('attendance')}
        >
          <Trans>Attendance</Trans>
        </Link>
      </li>
      <li>
        <Link
          to="/dashboard/sessions/$sessionId/certificates"
          params={params}
          className={tabLink}
          {...aria('certificates')}
        >
          <Trans>Certificates</Trans>
        </Link>
      </li>
    </TabNav>
  );
}

/**
 * The top of a session's dashboard page: breadcrumb (Dashboard / Sessions / course), the course
 * title with the session's dates and status, optional actions, and the {@link SessionTabs}.
 */
export function SessionPageHeader({
  session,
  eyebrow,
  current,
  actions,
}: {
  session: SessionInfo;
  eyebrow: ReactNode;
  current: SessionTab;
  actions?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const title = session.course.title;
  return (
    <>
      <div className={css({ marginBlockEnd: '4' })}>
        <Breadcrumb label={t`Breadcrumb`}>
          <Link to="/dashboard" className={breadcrumbLink}>
            <Trans>Dashboard</Trans>
          </Link>
          <Link to="/dashboard/sessions" className={breadcrumbLink}>
            <Trans>Sessions</Trans>
          </Link>
          <span aria-current="page">
            <bdi>{title}</bdi>
          </span>
        </Breadcrumb>
      </div>
      <PageHeader
        eyebrow={eyebrow}
        title={<bdi>{title}</bdi>}
        lead={
          <span className={cx(css({ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' }))}>
            <span>
              {formatLongDate(session.startDate, locale)} – {formatLongDate(session.endDate, locale)}
            </span>
            <StatusBadge status={session.status} />
          </span>
        }
        actions={actions}
      />
      <SessionTabs sessionId={session.id} current={current} />
    </>
  );
}
