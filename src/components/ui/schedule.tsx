import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { css } from 'styled-system/css';
import type { components } from '@contract/schema';
import { intlLocaleOf, isLocale, type Locale } from '@/lib/i18n';
import { browserTimeZone, convertWeeklySlot, WEEKDAYS, type SlotInstant, type Weekday } from '@/lib/time-slots';

type Weeks = components['schemas']['Weeks'];

/** A weekday's name in a locale ('long' "Monday" / "الاثنين", 'short' "Mon"). 2024-01-07 was a Sunday. */
export function weekdayName(day: Weekday, locale: Locale, width: 'long' | 'short' = 'long'): string {
  const date = new Date(Date.UTC(2024, 0, 7 + WEEKDAYS.indexOf(day)));
  return new Intl.DateTimeFormat(intlLocaleOf(locale), { weekday: width, timeZone: 'UTC' }).format(date);
}

/** Minutes between two 'HH:mm' times of the same day (end before start = past midnight). */
export function minutesBetween(start: string, end: string): number {
  const toMin = (s: string) => {
    const [h = '0', m = '0'] = s.split(':');
    return Number(h) * 60 + Number(m);
  };
  const diff = toMin(end) - toMin(start);
  return diff >= 0 ? diff : diff + 24 * 60;
}

/** AM/PM in the UI language (spec format 'hh:mm A'). */
export function useMeridiem(): { am: string; pm: string } {
  const { t } = useLingui();
  return {
    am: t({ message: 'AM', comment: 'Morning marker of a 12-hour time (hh:mm A)' }),
    pm: t({ message: 'PM', comment: 'Afternoon marker of a 12-hour time (hh:mm A)' }),
  };
}

/** Re-formats a converted slot instant with translated AM/PM. */
export function slotTime(instant: SlotInstant, meridiem: { am: string; pm: string }): string {
  const h12 = instant.hour % 12 === 0 ? 12 : instant.hour % 12;
  return `${String(h12).padStart(2, '0')}:${String(instant.minute).padStart(2, '0')} ${instant.hour < 12 ? meridiem.am : meridiem.pm}`;
}

/** Short city-ish label of an IANA zone ("America/New_York" → "New York"). */
export function zoneLabel(timeZone: string): string {
  const last = timeZone.split('/').pop() ?? timeZone;
  return last.replace(/_/g, ' ');
}

/**
 * The weekly schedule of a session (`schedule` = {sunday..saturday: {start,end}|null}, times in
 * the session's `timezone`), one row per meeting day, as 'hh:mm A' in the session's zone and, when
 * different, in the viewer's zone. `from` ('YYYY-MM-DD', the session start) picks the week used
 * for DST.
 */
export function WeeklySchedule({
  schedule,
  timezone,
  from,
  viewerTimeZone,
  compact = false,
}: {
  schedule: Weeks;
  timezone: string;
  from?: string;
  viewerTimeZone?: string;
  compact?: boolean;
}) {
  const { t, i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const meridiem = useMeridiem();
  const viewerZone = viewerTimeZone ?? browserTimeZone();
  const rows = useMemo(
    () =>
      WEEKDAYS.flatMap((day) => {
        const slot = schedule[day];
        if (!slot) return [];
        try {
          const converted = convertWeeklySlot({
            day,
            startTime: slot.start,
            durationMinutes: minutesBetween(slot.start, slot.end),
            sessionTimeZone: timezone,
            viewerTimeZone: viewerZone,
            from,
          });
          return [{ day, converted }];
        } catch {
          return [];
        }
      }),
    [schedule, timezone, viewerZone, from],
  );

  const zoneName = zoneLabel(timezone);
  if (rows.length === 0) {
    return <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{t`Schedule to be announced`}</p>;
  }

  return (
    <ul
      className={css({
        display: 'flex',
        flexDirection: 'column',
        gap: compact ? '1' : '2',
        listStyle: 'none',
        padding: 0,
      })}
    >
      {rows.map(({ day, converted }) => {
        const sessionDay = weekdayName(day, locale, compact ? 'short' : 'long');
        const range = `${slotTime(converted.session.start, meridiem)} – ${slotTime(converted.session.end, meridiem)}`;
        const viewerDay = weekdayName(converted.viewer.start.weekday, locale, 'short');
        const viewerRange = `${slotTime(converted.viewer.start, meridiem)} – ${slotTime(converted.viewer.end, meridiem)}`;
        return (
          <li
            key={day}
            className={css({ fontSize: 'sm', display: 'flex', flexWrap: 'wrap', columnGap: '2', rowGap: '0.5' })}
          >
            <span className={css({ fontWeight: 'semibold', minWidth: compact ? '3rem' : '6rem' })}>{sessionDay}</span>
            <span className={css({ fontVariantNumeric: 'tabular-nums' })}>{range}</span>
            {converted.sameTime ? null : (
              <span className={css({ color: 'fg.muted', flexBasis: compact ? '100%' : 'auto' })}>
                {t`Your time: ${viewerDay} ${viewerRange}`}
              </span>
            )}
          </li>
        );
      })}
      <li className={css({ fontSize: 'xs', color: 'fg.muted' })}>{t`Times in ${zoneName} time (${timezone})`}</li>
    </ul>
  );
}
