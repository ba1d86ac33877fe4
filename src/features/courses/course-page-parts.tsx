import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { disc } from 'styled-system/recipes';
import { spreadRow } from '@/components/ui/layout-styles';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatInstantDate, formatLongDate } from '@/components/ui/format';
import { CalendarIcon, ChevronEndIcon } from '@/components/ui/icons';
import { SeatsLeft } from '@/components/ui/seats-left';
import { Price } from '@/components/ui/price';
import { WeeklySchedule } from '@/components/ui/schedule';
import type { components } from '@contract/schema';
import type { Locale } from '@/lib/i18n';

/** An open session of the course (the contract's SessionSummary). */
export type SessionSummary = components['schemas']['SessionSummary'];

export const sectionTitle = css({ fontSize: 'xl', fontWeight: 'bold', marginBlockEnd: '4', letterSpacing: 'tight' });

export const skillChip = css({
  display: 'inline-flex',
  alignItems: 'center',
  paddingInline: '3',
  paddingBlock: '1',
  borderRadius: 'full',
  fontSize: 'sm',
  fontWeight: 'medium',
});

/** A person's picture, or their initials on a coloured disc when there is none (`size` in pixels). */
export function Avatar({ name, src, size = 48 }: { name: string; src: string | null; size?: number }) {
  const letter = name.trim().charAt(0).toUpperCase() || '?';
  if (src) {
    return (
      <img
        src={src}
        alt=""
        width={size}
        height={size}
        className={css({ borderRadius: 'full', objectFit: 'cover', flexShrink: 0, bg: 'bg.muted' })}
        style={{ width: size, height: size }}
      />
    );
  }
  return (
    <span
      aria-hidden
      className={cx(disc(), css({ bg: 'secondary.strong', color: 'white', fontWeight: 'bold', flexShrink: 0 }))}
      style={{ width: size, height: size, fontSize: size / 2.4 }}
    >
      {letter}
    </span>
  );
}

/** The calendar date of an ISO instant in the viewer's time zone, in the product's date format. */
export function instantDate(iso: string, locale: Locale): string {
  return formatInstantDate(iso, locale);
}

/**
 * One upcoming session of the course: dates, weekly schedule, seats, price, link to its page; the
 * learner's own session (`enrolled`) says so and leads to its classroom instead, with `cancelAction`.
 */
export function SessionOfferCard({
  session,
  locale,
  enrolled = false,
  cancelAction,
}: {
  session: SessionSummary;
  locale: Locale;
  enrolled?: boolean;
  /** "Cancel enrollment" of the learner's own session (the route gives the payments feature's). */
  cancelAction?: ReactNode;
}) {
  const start = formatLongDate(session.startDate, locale);
  const end = formatLongDate(session.endDate, locale);
  const educatorName = session.educator.name;
  const seats = session.seatsLeft;
  return (
    <Card as="article" className={css({ padding: '5', display: 'flex', flexDirection: 'column', gap: '3' })}>
      <div className={css({ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: '3' })}>
        <div>
          <h3 className={css({ fontWeight: 'bold', fontSize: 'md', display: 'flex', alignItems: 'center', gap: '2' })}>
            <CalendarIcon size={16} className={css({ color: 'primary.strong' })} />
            <Trans>
              {start} to {end}
            </Trans>
          </h3>
          <p className={css({ fontSize: 'sm', color: 'fg.muted', marginBlockStart: '1' })}>
            <Trans>with {educatorName}</Trans>
          </p>
        </div>
        <Price value={session.price} />
      </div>
      <WeeklySchedule schedule={session.schedule} timezone={session.timezone} from={session.startDate} compact />
      <div className={cx(spreadRow, css({ gap: '3' }))}>
        {enrolled ? (
          <Badge tone="green">
            <Trans>You are enrolled</Trans>
          </Badge>
        ) : (
          <SeatsLeft seats={seats} />
        )}
        <StatusBadge status={session.status} />
      </div>
      {enrolled ? (
        <Link
          to="/classroom/$sessionId"
          params={{ sessionId: session.id }}
          className={buttonStyles({ fullWidth: true })}
        >
          <Trans>Go to the classroom</Trans>
          <ChevronEndIcon size={16} className={css({ _rtl: { transform: 'scaleX(-1)' } })} />
        </Link>
      ) : null}
      {enrolled ? (
        cancelAction
      ) : (
        <Link
          to="/sessions/$sessionId"
          params={{ sessionId: session.id }}
          className={buttonStyles({ fullWidth: true })}
        >
          <Trans>See the syllabus and enroll</Trans>
          <ChevronEndIcon size={16} className={css({ _rtl: { transform: 'scaleX(-1)' } })} />
        </Link>
      )}
    </Card>
  );
}
