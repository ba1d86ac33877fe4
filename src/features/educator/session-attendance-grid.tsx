import { Trans, useLingui } from '@lingui/react/macro';
import { css, cx } from 'styled-system/css';
import { denseTableCell as td, denseTableHeaderCell as th } from '@/components/ui/table';
import { CardSectionHeader, rowHeadCell, ScrollingTable } from '@/components/ui/card-section';
import { Card } from '@/components/ui/card';
import { visuallyHidden } from '@/components/ui/spinner';
import type { components } from '@contract/schema';
import { intlLocaleOf, type Locale } from '@/lib/i18n';

/** A session's attendance (the contract's SessionAttendance). */
export type SessionAttendance = components['schemas']['SessionAttendance'];

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
      <CardSectionHeader titleId="attendance-grid-title" title={<Trans>Who attended each meeting</Trans>} />
      <ScrollingTable
        labelledBy="attendance-grid-title"
        caption={<Trans>Learners in rows, meetings in columns</Trans>}
        head={
          <>
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
          </>
        }
      >
        {attendance.learners.map((l) => (
          <tr key={l.learner.id}>
            <th
              scope="row"
              className={cx(
                rowHeadCell,
                css({ whiteSpace: 'nowrap', position: 'sticky', insetInlineStart: 0, bg: 'bg.default' }),
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
      </ScrollingTable>
    </Card>
  );
}
