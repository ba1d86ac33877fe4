import { ModerationActionButton, ModeratorNote } from '@/components/ui/moderation-action-button';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { css, cx } from 'styled-system/css';
import { surface } from 'styled-system/recipes';
import { RowTitle, rowFacts } from '@/components/ui/board-list';
import { titleLink } from '@/components/ui/layout-styles';
import { buttonStyles } from '@/components/ui/button';
import { formatLongDate } from '@/components/ui/format';
import { CalendarIcon, UsersIcon, VideoIcon } from '@/components/ui/icons';
import { Price } from '@/components/ui/price';
import { WeeklySchedule } from '@/components/ui/schedule';
import type { components } from '@contract/schema';
import { type Locale } from '@/lib/i18n';
import { type ModerationAction } from '@machines/moderation.machine';

/** A session as the boards list it (the contract's SessionListItem). */
export type SessionListItem = components['schemas']['SessionListItem'];

const actionButton = { size: 'sm', variant: 'outline' } as const;

/** One session of the board: course, dates, schedule, seats, price, status and the allowed actions. */
export function SessionCard({
  session,
  locale,
  showEducator,
  actions,
  busy,
  onAction,
}: {
  session: SessionListItem;
  locale: Locale;
  showEducator: boolean;
  actions: readonly ModerationAction[];
  busy: boolean;
  onAction: (action: ModerationAction, session: SessionListItem) => void;
}) {
  const { t } = useLingui();
  const start = formatLongDate(session.startDate, locale);
  const end = formatLongDate(session.endDate, locale);
  const taken = session.seatsTaken;
  const seats = session.maxSeats;
  const educator = session.educator.name;
  const pending = session.status === 'PENDING';
  const title = session.course.title;
  const can = (action: ModerationAction) => actions.includes(action);
  return (
    <li
      className={cx(
        surface({ padding: 'row' }),
        css({
          display: 'grid',
          gap: '4',
          gridTemplateColumns: { base: '1fr', desktop: 'minmax(0, 1fr) auto' },
          alignItems: 'start',
        }),
      )}
      data-testid="session-row"
    >
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2.5', minWidth: 0 })}>
        <RowTitle status={session.status}>
          <Link to="/sessions/$sessionId" params={{ sessionId: session.id }} className={titleLink}>
            {title}
          </Link>
        </RowTitle>
        <div
          className={css({
            display: 'grid',
            gap: '3',
            gridTemplateColumns: { base: '1fr', tablet: 'minmax(0, 1fr) minmax(0, 1fr)' },
          })}
        >
          <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
            <p
              className={css({
                display: 'flex',
                alignItems: 'center',
                gap: '1.5',
                fontSize: 'sm',
                color: 'fg.muted',
                flexWrap: 'wrap',
              })}
            >
              <CalendarIcon size={16} />
              <span>
                {start} – {end}
              </span>
            </p>
            <p className={rowFacts}>
              <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' })}>
                <UsersIcon size={16} />
                <Trans>
                  {taken} of {seats} seats taken
                </Trans>
              </span>
              <Price value={session.price} size="sm" />
              {showEducator ? <span>{t`Educator: ${educator}`}</span> : null}
            </p>
          </div>
          <WeeklySchedule schedule={session.schedule} timezone={session.timezone} from={session.startDate} compact />
        </div>
        {session.moderationMessage ? (
          <ModeratorNote message={session.moderationMessage} rejected={session.status === 'REJECTED'} />
        ) : null}
      </div>
      <div
        role="group"
        aria-label={t`Actions on the session of ${title}`}
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          gap: '2',
          justifyContent: { base: 'flex-start', desktop: 'flex-end' },
          maxWidth: { desktop: '24rem' },
        })}
      >
        {can('approve') && pending ? (
          <ModerationActionButton action="approve" busy={busy} onClick={() => onAction('approve', session)} />
        ) : null}
        {can('reject') && pending ? (
          <ModerationActionButton action="reject" busy={busy} onClick={() => onAction('reject', session)} />
        ) : null}
        <Link
          to="/dashboard/sessions/$sessionId"
          params={{ sessionId: session.id }}
          className={buttonStyles(actionButton)}
        >
          <UsersIcon size={16} />
          <Trans>Learners</Trans>
        </Link>
        {session.status !== 'PENDING' && session.status !== 'REJECTED' ? (
          <Link to="/classroom/$sessionId" params={{ sessionId: session.id }} className={buttonStyles(actionButton)}>
            <VideoIcon size={16} />
            <Trans>Classroom</Trans>
          </Link>
        ) : null}
        {can('duplicate') ? (
          <ModerationActionButton action="duplicate" busy={busy} onClick={() => onAction('duplicate', session)} />
        ) : null}
        {can('delete') ? (
          <ModerationActionButton action="delete" busy={busy} onClick={() => onAction('delete', session)} />
        ) : null}
      </div>
    </li>
  );
}
