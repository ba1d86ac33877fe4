import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { tableScroller } from 'styled-system/recipes';
import { denseTableCell, denseTableHeaderCell } from '@/components/ui/table';
import { Card } from '@/components/ui/card';
import { visuallyHidden } from '@/components/ui/spinner';
import type { components } from '@contract/schema';
import { intlLocaleOf, type Locale } from '@/lib/i18n';

/** A session's attendance (the contract's SessionAttendance). */
export type SessionAttendance = components['schemas']['SessionAttendance'];

/** One figure of the session (label and formatted value). */
export function Stat({ label, value }: { label: ReactNode; value: string }) {
  return (
    <Card as="li" className={css({ padding: '5' })}>
      <p className={css({ fontSize: 'sm', color: 'fg.muted', fontWeight: 'semibold' })}>{label}</p>
      <p className={css({ fontSize: '3xl', fontWeight: 'extrabold', fontVariantNumeric: 'tabular-nums' })}>{value}</p>
    </Card>
  );
}

export const th = denseTableHeaderCell;

export const td = denseTableCell;

/**
 * Who joined which meeting: one row per learner, one column per occurrence held (oldest first,
 * dated in the session's time zone), a check mark or a dash with its text alternative
 * ("Attended" / "Missed") for screen readers. Scrolls sideways inside a focusable region.
 */
export function AttendanceGrid({
  attendance,
  timeZone,
  locale,
}: {
  attendance: SessionAttendance;
  timeZone: string;
  locale: Locale;
}) {
  const { t } = useLingui();
  const day = new Intl.DateTimeFormat(intlLocaleOf(locale), { month: 'short', day: 'numeric', timeZone });
  const joined = attendance.meetings.map((m) => new Set(m.attendeeIds));
  return (
    <Card as="section" aria-labelledby="attendance-grid-title">
      <div
        className={css({
          paddingInline: { base: '4', tablet: '6' },
          paddingBlock: '4',
          borderBlockEndWidth: '1px',
          borderColor: 'border.default',
        })}
      >
        <h2 id="attendance-grid-title" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
          <Trans>Who attended each meeting</Trans>
        </h2>
      </div>
      {/* position: relative makes this scroller the containing block of the cells' visually
          hidden (absolutely positioned) labels; otherwise they escape its clipping and, in
          right-to-left at 360 px, widen the whole page. */}
      <div role="region" aria-labelledby="attendance-grid-title" tabIndex={0} className={tableScroller()}>
        <table className={css({ borderCollapse: 'collapse', minWidth: 'full' })}>
          <caption className={visuallyHidden}>
            <Trans>Learners in rows, meetings in columns</Trans>
          </caption>
          <thead>
            <tr>
              <th scope="col" className={cx(th, css({ position: 'sticky', insetInlineStart: 0, zIndex: 1 }))}>
                <Trans>Learner</Trans>
              </th>
              {attendance.meetings.map((m) => (
                <th
                  key={`${m.lessonId}-${m.occurrenceDate}`}
                  scope="col"
                  className={cx(th, css({ textAlign: 'center', textTransform: 'none' }))}
                >
                  <time dateTime={m.startsAt}>{day.format(new Date(m.startsAt))}</time>
                  <span
                    className={css({
                      display: 'block',
                      fontWeight: 'normal',
                      maxWidth: '8rem',
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                    })}
                    title={m.lessonName}
                  >
                    <bdi>{m.lessonName}</bdi>
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {attendance.learners.map((l) => (
              <tr key={l.learner.id}>
                <th
                  scope="row"
                  className={cx(
                    td,
                    css({
                      fontWeight: 'semibold',
                      whiteSpace: 'nowrap',
                      position: 'sticky',
                      insetInlineStart: 0,
                      bg: 'bg.default',
                    }),
                  )}
                >
                  <bdi>{l.learner.name}</bdi>
                </th>
                {attendance.meetings.map((m, i) => {
                  const came = joined[i]!.has(l.learner.id);
                  return (
                    <td
                      key={`${m.lessonId}-${m.occurrenceDate}`}
                      className={cx(td, css({ textAlign: 'center', color: came ? 'success.strong' : 'fg.muted' }))}
                    >
                      <span aria-hidden>{came ? '✓' : '–'}</span>
                      <span className={visuallyHidden}>{came ? t`Attended` : t`Missed`}</span>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
