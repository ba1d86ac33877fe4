import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { css, cx } from 'styled-system/css';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { formatCount, formatLongDate } from '@/components/ui/format';
import { BarChartIcon } from '@/components/ui/icons';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { visuallyHidden } from '@/components/ui/spinner';
import { tableHeaderCell } from '@/components/ui/table';
import { usePageTitle } from '@/lib/document-head';
import type { components } from '@contract/schema';
import { isLocale, type Locale } from '@/lib/i18n';

type SessionInfo = components['schemas']['SessionInfo'];

export interface AttendanceData {
  /** The sessions the viewer's company can see (public ones and its private ones). */
  sessions: SessionInfo[];
  /** The viewer's company (its sessions are listed first and marked), or null. */
  companyId: number | null;
  companyName: string | null;
}

/** The company's own sessions first, then by start date. */
export function orderSessions(sessions: SessionInfo[], companyId: number | null): SessionInfo[] {
  const own = (s: SessionInfo) => (companyId !== null && s.course.companyId === companyId ? 0 : 1);
  return [...sessions].sort((a, b) => own(a) - own(b) || a.startDate.localeCompare(b.startDate));
}

const th = tableHeaderCell;
const td = css({ paddingInline: '4', paddingBlock: '3', fontSize: 'sm', borderBlockStartWidth: '1px', borderColor: 'border.default', verticalAlign: 'middle' });

function percent(taken: number, max: number): number {
  return max > 0 ? Math.round((taken / max) * 100) : 0;
}

/**
 * Attendance analytics (/dashboard/analytics/attendance), first version: the company's sessions
 * with their learners (seats taken of the maximum) and totals. Charts come later.
 */
export function AttendancePage({ data }: { data: AttendanceData }) {
  const { t, i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  usePageTitle(t`Attendance`);
  const sessions = orderSessions(data.sessions, data.companyId);
  const learners = sessions.reduce((sum, s) => sum + s.seatsTaken, 0);
  const seats = sessions.reduce((sum, s) => sum + s.maxSeats, 0);
  const fill = percent(learners, seats);
  const company = data.companyName;
  const nf = new Intl.NumberFormat(locale === 'ar' ? 'ar' : 'en-US', { style: 'percent' });

  return (
    <PageContainer>
      <PageHeader
        eyebrow={company ?? undefined}
        title={<Trans>Attendance</Trans>}
        lead={<Trans>Live sessions open to your company and their learners.</Trans>}
      />
      <ul className={css({ display: 'grid', gap: '4', gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 13rem), 1fr))', listStyle: 'none', padding: 0, marginBlockEnd: '8' })}>
        <li>
          <Card className={css({ padding: '5' })}>
            <p className={css({ fontSize: 'sm', color: 'fg.muted', fontWeight: 'semibold' })}>
              <Trans>Sessions</Trans>
            </p>
            <p className={css({ fontSize: '3xl', fontWeight: 'extrabold' })}>{formatCount(sessions.length, locale)}</p>
          </Card>
        </li>
        <li>
          <Card className={css({ padding: '5' })}>
            <p className={css({ fontSize: 'sm', color: 'fg.muted', fontWeight: 'semibold' })}>
              <Trans>Learners</Trans>
            </p>
            <p className={css({ fontSize: '3xl', fontWeight: 'extrabold' })}>{formatCount(learners, locale)}</p>
          </Card>
        </li>
        <li>
          <Card className={css({ padding: '5' })}>
            <p className={css({ fontSize: 'sm', color: 'fg.muted', fontWeight: 'semibold' })}>
              <Trans>Seats filled</Trans>
            </p>
            <p className={css({ fontSize: '3xl', fontWeight: 'extrabold' })}>{nf.format(fill / 100)}</p>
          </Card>
        </li>
      </ul>

      {sessions.length === 0 ? (
        <EmptyState icon={<BarChartIcon size={28} />} title={<Trans>No sessions yet</Trans>} description={<Trans>Sessions appear here once they are scheduled.</Trans>} />
      ) : (
        <Card>
          <div
            role="region"
            aria-labelledby="attendance-table-caption"
            tabIndex={0}
            className={css({ position: 'relative', overflowX: 'auto', _focusVisible: { outline: '3px solid {colors.primary.strong}', outlineOffset: '-3px' } })}
          >
            <table className={css({ width: 'full', borderCollapse: 'collapse', minWidth: '44rem' })}>
              <caption id="attendance-table-caption" className={visuallyHidden}>
                <Trans>Sessions and their learners</Trans>
              </caption>
              <thead>
                <tr>
                  <th scope="col" className={th}>
                    <Trans>Course</Trans>
                  </th>
                  <th scope="col" className={th}>
                    <Trans>Dates</Trans>
                  </th>
                  <th scope="col" className={th}>
                    <Trans>Educator</Trans>
                  </th>
                  <th scope="col" className={th}>
                    <Trans>Status</Trans>
                  </th>
                  <th scope="col" className={th}>
                    <Trans>Learners</Trans>
                  </th>
                </tr>
              </thead>
              <tbody>
                {sessions.map((s) => {
                  const rate = percent(s.seatsTaken, s.maxSeats);
                  const taken = formatCount(s.seatsTaken, locale);
                  const max = formatCount(s.maxSeats, locale);
                  return (
                    <tr key={s.id}>
                      <th scope="row" className={cx(td, css({ textAlign: 'start', fontWeight: 'semibold' }))}>
                        <Link to="/sessions/$sessionId" params={{ sessionId: s.id }} className={css({ color: 'primary.strong', _hover: { textDecoration: 'underline' } })}>
                          <bdi>{s.course.title}</bdi>
                        </Link>
                        {data.companyId !== null && s.course.companyId === data.companyId ? (
                          <Badge tone="blue" className={css({ marginInlineStart: '2' })}>
                            <Trans>Your company</Trans>
                          </Badge>
                        ) : null}
                      </th>
                      <td className={cx(td, css({ whiteSpace: 'nowrap' }))}>
                        {formatLongDate(s.startDate, locale)} – {formatLongDate(s.endDate, locale)}
                      </td>
                      <td className={td}>{s.educator.name}</td>
                      <td className={td}>
                        <StatusBadge status={s.status} />
                      </td>
                      <td className={td}>
                        <div className={css({ display: 'flex', alignItems: 'center', gap: '3', minWidth: '10rem' })}>
                          <span className={css({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' })}>{t`${taken} of ${max}`}</span>
                          <span aria-hidden className={css({ flex: '1', height: '2', borderRadius: 'full', bg: 'bg.muted', overflow: 'hidden' })}>
                            <span className={css({ display: 'block', height: 'full', bg: 'secondary.strong', borderRadius: 'full' })} style={{ width: `${rate}%` }} />
                          </span>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </Card>
      )}
    </PageContainer>
  );
}
