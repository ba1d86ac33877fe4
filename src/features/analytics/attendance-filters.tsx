import { Trans, useLingui } from '@lingui/react/macro';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField, TextField } from '@/components/ui/field';
import { formatLongDate } from '@/components/ui/format';
import { type Locale } from '@/lib/i18n';
import { type AttendanceFilters, type CompanyAttendanceAnalytics } from '@machines/attendance-analytics.machine';

/** The filters of the attendance page: course, session, and a date range (the end on or after the start). */
export function AttendanceFilterBar({
  filters,
  courses,
  sessionChoices,
  reversed,
  locale,
  onChange: change,
}: {
  filters: AttendanceFilters;
  courses: CompanyAttendanceAnalytics['courses'];
  /** The sessions offered: those of the chosen course, or all. */
  sessionChoices: CompanyAttendanceAnalytics['sessionChoices'];
  /** True when the end date is before the start date. */
  reversed: boolean;
  locale: Locale;
  onChange: (filters: AttendanceFilters) => void;
}) {
  const { t } = useLingui();
  const hasFilters = Object.keys(filters).length > 0;
  return (
    <Card
      as="section"
      aria-label={t`Filters`}
      className={css({ padding: { base: '4', tablet: '5' }, marginBlockEnd: '6' })}
    >
      <div
        className={css({
          display: 'grid',
          gap: '4',
          gridTemplateColumns: {
            base: '1fr',
            tablet: 'repeat(2, minmax(0, 1fr))',
            desktop: 'repeat(4, minmax(0, 1fr))',
          },
          alignItems: 'start',
        })}
      >
        <SelectField
          label={t`Course`}
          value={filters.courseId ?? ''}
          onChange={(e) =>
            change({ ...filters, courseId: e.target.value ? Number(e.target.value) : undefined, sessionId: undefined })
          }
        >
          <option value="">{t`All courses`}</option>
          {courses.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t`Session`}
          value={filters.sessionId ?? ''}
          onChange={(e) => change({ ...filters, sessionId: e.target.value ? Number(e.target.value) : undefined })}
        >
          <option value="">{t`All sessions`}</option>
          {sessionChoices.map((s) => {
            const start = formatLongDate(s.startDate, locale);
            return (
              <option key={s.id} value={s.id}>
                {t`${s.courseTitle}, from ${start}`}
              </option>
            );
          })}
        </SelectField>
        <TextField
          label={t`From`}
          type="date"
          value={filters.from ?? ''}
          max={filters.to}
          onChange={(e) => change({ ...filters, from: e.target.value || undefined })}
        />
        <TextField
          label={t`To`}
          type="date"
          value={filters.to ?? ''}
          min={filters.from}
          error={reversed ? t`The end date must be on or after the start date` : undefined}
          onChange={(e) => change({ ...filters, to: e.target.value || undefined })}
        />
      </div>
      {hasFilters ? (
        <div className={css({ marginBlockStart: '3' })}>
          <Button variant="ghost" size="sm" onClick={() => change({})}>
            <Trans>Clear the filters</Trans>
          </Button>
        </div>
      ) : null}
    </Card>
  );
}
