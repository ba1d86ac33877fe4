import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { gridList } from '@/components/ui/layout-styles';
import { FormAlert } from '@/components/ui/alert';
import { buttonStyles } from '@/components/ui/button';
import { Card, cardStyles } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { formatCount, formatMoney } from '@/components/ui/format';
import {
  BarChartIcon,
  BookIcon,
  CalendarIcon,
  CheckCircleIcon,
  LayersIcon,
  UsersIcon,
  VideoIcon,
} from '@/components/ui/icons';
import { PageContainer, PageHeader, Section } from '@/components/ui/page';
import type { LoginRecord } from '@machines/auth.machine';
import { usePageTitle } from '@/lib/document-head';
import { roleLabels } from '@/lib/auth/roles';
import type { components } from '@contract/schema';
import { isLocale, type Locale } from '@/lib/i18n';
import { SeriesChart } from './charts';
import { counterLabels, humanizeKey, MONEY_COUNTERS, SERIES_ORDER } from './stat-labels';

type DashboardStats = components['schemas']['DashboardStats'];

const icons: Record<string, ReactNode> = {
  enrollments: <BookIcon size={20} />,
  upcomingSessions: <CalendarIcon size={20} />,
  runningSessions: <VideoIcon size={20} />,
  completedSessions: <CheckCircleIcon size={20} />,
  members: <UsersIcon size={20} />,
  privateCourses: <BookIcon size={20} />,
  courses: <BookIcon size={20} />,
  sessions: <CalendarIcon size={20} />,
  learners: <UsersIcon size={20} />,
  users: <UsersIcon size={20} />,
  invitations: <UsersIcon size={20} />,
  pendingSessions: <CalendarIcon size={20} />,
  pendingUsers: <UsersIcon size={20} />,
};

/** A counter value: dollars as currency for money counters, else an integer, in the UI locale. */
export function formatCounter(key: string, value: number, locale: Locale): string {
  if (MONEY_COUNTERS.has(key)) {
    return formatMoney(value, locale);
  }
  return formatCount(value, locale);
}

/** One counter card (label + big number). */
export function StatCard({ name, value, locale }: { name: string; value: number; locale: Locale }) {
  const { t } = useLingui();
  const descriptor = counterLabels[name];
  const label = descriptor ? t(descriptor) : humanizeKey(name);
  const money = MONEY_COUNTERS.has(name);
  return (
    <Card
      as="article"
      className={css({
        padding: { base: '4', tablet: '5' },
        display: 'flex',
        flexDirection: 'column',
        gap: '3',
        height: 'full',
      })}
    >
      <div className={css({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '2' })}>
        <h2 className={css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.muted' })}>{label}</h2>
        <span
          aria-hidden
          className={cx(
            css({ display: 'inline-flex', padding: '2', borderRadius: 'lg' }),
            money
              ? css({ bg: 'secondary.subtle', color: 'secondary.stronger' })
              : css({ bg: 'primary.subtle', color: 'primary.stronger' }),
          )}
        >
          {icons[name] ?? <BarChartIcon size={20} />}
        </span>
      </div>
      <p
        className={css({
          marginBlockStart: 'auto',
          fontSize: { base: '2xl', tablet: '3xl' },
          fontWeight: 'extrabold',
          letterSpacing: 'tight',
          fontVariantNumeric: 'tabular-nums',
        })}
      >
        {formatCounter(name, value, locale)}
      </p>
    </Card>
  );
}

/** A shortcut card: an icon, a title, a line of text and a link (role sections of the dashboard). */
function Shortcut({
  to,
  search,
  icon,
  title,
  text,
  highlight = false,
}: {
  to: '/dashboard/courses' | '/dashboard/sessions' | '/dashboard/moderation' | '/dashboard/users';
  search?: Record<string, string>;
  icon: ReactNode;
  title: ReactNode;
  text: ReactNode;
  highlight?: boolean;
}) {
  return (
    <li>
      <Link
        to={to}
        search={search ?? {}}
        className={cx(
          cardStyles,
          css({
            display: 'flex',
            alignItems: 'flex-start',
            gap: '3',
            padding: '4',
            height: 'full',
            transition: 'box-shadow 150ms, border-color 150ms',
            _hover: { boxShadow: 'raised', borderColor: 'primary.muted' },
            _focusVisible: { outline: '3px solid {colors.primary.strong}', outlineOffset: '2px' },
          }),
          highlight ? css({ borderColor: 'warning.muted', bg: 'warning.subtle' }) : undefined,
        )}
      >
        <span
          aria-hidden
          className={css({
            display: 'inline-flex',
            padding: '2',
            borderRadius: 'lg',
            bg: 'primary.subtle',
            color: 'primary.stronger',
          })}
        >
          {icon}
        </span>
        <span className={css({ display: 'flex', flexDirection: 'column', gap: '0.5', minWidth: 0 })}>
          <span className={css({ fontWeight: 'semibold' })}>{title}</span>
          <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{text}</span>
        </span>
      </Link>
    </li>
  );
}

const shortcutList = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 16rem), 1fr))',
  listStyle: 'none',
  padding: 0,
});

/** Shortcuts of the role: educators to their courses and sessions, admins to the moderation queue and users. */
function RoleShortcuts({ stats, locale }: { stats: DashboardStats; locale: Locale }) {
  const { t } = useLingui();
  if (stats.role === 'EDUCATOR') {
    return (
      <Section title={<Trans>Teaching</Trans>} id="teaching">
        <ul className={shortcutList}>
          <Shortcut
            to="/dashboard/courses"
            icon={<BookIcon size={20} />}
            title={<Trans>Courses to teach</Trans>}
            text={<Trans>Request a new session of a course, or edit a course.</Trans>}
          />
          <Shortcut
            to="/dashboard/sessions"
            icon={<CalendarIcon size={20} />}
            title={<Trans>My sessions</Trans>}
            text={<Trans>Status of your sessions, their learners and e-mails.</Trans>}
          />
        </ul>
      </Section>
    );
  }
  if (stats.role === 'ADMIN' || stats.role === 'SUPER_ADMIN') {
    const pendingSessions = stats.counters.pendingSessions ?? 0;
    const pendingUsers = stats.counters.pendingUsers ?? 0;
    const sessionsCount = formatCount(pendingSessions, locale);
    const usersCount = formatCount(pendingUsers, locale);
    return (
      <Section title={<Trans>Moderation</Trans>} id="moderation">
        <ul className={shortcutList}>
          <Shortcut
            to="/dashboard/moderation"
            icon={<CalendarIcon size={20} />}
            title={<Trans>Session requests</Trans>}
            text={pendingSessions > 0 ? t`${sessionsCount} waiting for approval` : t`Nothing waiting`}
            highlight={pendingSessions > 0}
          />
          <Shortcut
            to="/dashboard/users"
            search={pendingUsers > 0 ? { status: 'PENDING' } : {}}
            icon={<UsersIcon size={20} />}
            title={<Trans>Users</Trans>}
            text={
              pendingUsers > 0
                ? t`${usersCount} waiting for approval`
                : t`Educators, learners, partners and invitations`
            }
            highlight={pendingUsers > 0}
          />
          <Shortcut
            to="/dashboard/sessions"
            icon={<LayersIcon size={20} />}
            title={<Trans>All sessions</Trans>}
            text={<Trans>Every session by status.</Trans>}
          />
        </ul>
      </Section>
    );
  }
  return null;
}

/**
 * The "waiting for approval" notice of a PENDING account: a partner's company and an
 * educator's teaching wait for an administrator; they get an e-mail when it is decided.
 */
function AwaitingApproval({ role, company }: { role: DashboardStats['role']; company: string | undefined }) {
  return (
    <div className={css({ marginBlockEnd: { base: '8', tablet: '10' } })} data-testid="awaiting-approval">
      <FormAlert tone="warning" title={<Trans>Your account is waiting for approval</Trans>}>
        {role === 'PARTNER' && company ? (
          <Trans>
            An administrator is reviewing your company, {company}. You will get an e-mail when it is decided.
          </Trans>
        ) : role === 'EDUCATOR' ? (
          <Trans>An administrator is reviewing your educator account. You will get an e-mail when it is decided.</Trans>
        ) : (
          <Trans>An administrator is reviewing your account. You will get an e-mail when it is decided.</Trans>
        )}
      </FormAlert>
    </div>
  );
}

/** The series of the stats in display order (known ones first). */
export function orderedSeries(series: DashboardStats['series']): Array<[string, DashboardStats['series'][string]]> {
  const rank = (name: string) => {
    const i = SERIES_ORDER.indexOf(name);
    return i === -1 ? SERIES_ORDER.length : i;
  };
  return Object.entries(series ?? {}).sort(([a], [b]) => rank(a) - rank(b) || a.localeCompare(b));
}

/**
 * Dashboard (/dashboard) of any signed-in role: a greeting, the role's counters and charts from
 * GET /dashboard/stats (`counters` as numbers, `series` as charts: admins users by role,
 * enrollments and revenue per week; educators enrollments and earnings per week; learners and
 * partners enrollments per week), and the role's shortcuts (teaching, moderation).
 */
export function DashboardPage({
  stats,
  record,
  awaitingApproval = false,
}: {
  stats: DashboardStats;
  record: LoginRecord | null;
  /** The account (an educator or a partner who signed up) waits for an administrator: PENDING. */
  awaitingApproval?: boolean;
}) {
  const { t, i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  usePageTitle(t`Dashboard`);
  const name = record?.user.name ?? '';
  const role = t(roleLabels[stats.role]);
  const company = record?.company?.name;
  // Per-role user counts (usersLearner…) are shown by the "Users by role" chart and its table.
  const entries = Object.entries(stats.counters).filter(
    ([key]) => !(stats.series?.usersByRole && /^users[A-Z]/.test(key)),
  );
  const series = orderedSeries(stats.series);
  const analytics = stats.role === 'PARTNER' || stats.role === 'ADMIN' || stats.role === 'SUPER_ADMIN';

  return (
    <PageContainer>
      <PageHeader
        eyebrow={company ? t`${role} · ${company}` : role}
        title={
          !name ? (
            <Trans>Dashboard</Trans>
          ) : stats.firstSignIn ? (
            <Trans>Welcome, {name}</Trans>
          ) : (
            <Trans>Welcome back, {name}</Trans>
          )
        }
        lead={<Trans>Your activity on Halaqa at a glance.</Trans>}
        actions={
          <>
            <Link to="/courses" className={buttonStyles({ variant: 'outline' })}>
              <LayersIcon size={16} />
              <Trans>Explore courses</Trans>
            </Link>
            {analytics ? (
              <Link to="/dashboard/analytics/attendance" className={buttonStyles()}>
                <BarChartIcon size={16} />
                <Trans>Attendance</Trans>
              </Link>
            ) : null}
          </>
        }
      />
      {awaitingApproval ? <AwaitingApproval role={stats.role} company={company} /> : null}
      {entries.length > 0 ? (
        <section aria-label={t`Counters`} className={css({ marginBlockEnd: { base: '10', tablet: '12' } })}>
          <ul
            className={cx(
              gridList,
              css({
                gap: { base: '4', tablet: '5' },
                gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 10rem), 1fr))',
              }),
            )}
          >
            {entries.map(([key, value]) => (
              <li key={key}>
                <StatCard name={key} value={value} locale={locale} />
              </li>
            ))}
          </ul>
        </section>
      ) : (
        <EmptyState
          title={<Trans>Nothing to show yet</Trans>}
          description={<Trans>Your figures appear here as soon as you start.</Trans>}
        />
      )}
      <RoleShortcuts stats={stats} locale={locale} />
      {series.length > 0 ? (
        <Section title={<Trans>Trends</Trans>} id="trends">
          <div
            className={css({
              display: 'grid',
              gap: { base: '4', tablet: '5' },
              gridTemplateColumns: { base: '1fr', desktop: 'repeat(2, minmax(0, 1fr))' },
            })}
          >
            {series.map(([key, points]) => (
              <SeriesChart key={key} name={key} points={points} locale={locale} />
            ))}
          </div>
        </Section>
      ) : null}
    </PageContainer>
  );
}
