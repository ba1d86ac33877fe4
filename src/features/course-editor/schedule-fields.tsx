import { Trans, useLingui } from '@lingui/react/macro';
import { css, cx } from 'styled-system/css';
import { fieldError, plainList } from 'styled-system/recipes';
import { controlStyles, SelectField, TextField } from '@/components/ui/field';
import { weekdayName } from '@/components/ui/schedule';
import { isLocale, type Locale } from '@/lib/i18n';
import type { EditorReference } from '@machines/course-editor.machine';
import { type CourseFormValues, type DaySlot, WEEKDAYS, type Weekday } from '@machines/course-editor.form';
import { FieldRow, FormSection } from '@/components/ui/form-controls';

/**
 * The first session of the course (product.md#entities payload): start and end dates, US time zone, seats, and
 * per weekday a start and end time or none. All optional together; the weekly table is a list of
 * weekdays, each with a checkbox and two time inputs.
 */
export function ScheduleFields({
  values,
  reference,
  errorOf,
  onChange,
}: {
  values: CourseFormValues;
  reference: EditorReference;
  errorOf: (key: string) => string | undefined;
  onChange: (patch: Partial<CourseFormValues>, fields: string[]) => void;
}) {
  const { t, i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const setDay = (day: Weekday, patch: Partial<DaySlot>) =>
    onChange({ schedule: { ...values.schedule, [day]: { ...values.schedule[day], ...patch } } }, [
      `weeks.${day}`,
      'weeks',
    ]);

  return (
    <FormSection
      id="course-schedule"
      title={<Trans>First session</Trans>}
      lead={<Trans>Optional: the dates, time zone, seats and weekly meetings of the first run of this course.</Trans>}
    >
      <FieldRow columns={4}>
        <TextField
          label={t`Start date`}
          name="startDate"
          type="date"
          value={values.startDate}
          onChange={(e) => onChange({ startDate: e.currentTarget.value }, ['startDate'])}
          error={errorOf('startDate')}
        />
        <TextField
          label={t`End date`}
          name="endDate"
          type="date"
          min={values.startDate || undefined}
          value={values.endDate}
          onChange={(e) => onChange({ endDate: e.currentTarget.value }, ['endDate'])}
          error={errorOf('endDate')}
        />
        <SelectField
          label={t`Time zone`}
          name="timezone"
          value={values.timezone}
          onChange={(e) => onChange({ timezone: e.currentTarget.value }, ['timezone'])}
          error={errorOf('timezone')}
        >
          <option value="">{t`Choose a time zone`}</option>
          {reference.timezones.map((z) => (
            <option key={z.id} value={z.id}>
              {`${z.name} (UTC${z.offset})`}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t`Seats`}
          name="maxSeats"
          type="number"
          inputMode="numeric"
          min={1}
          max={1000}
          step={1}
          value={values.maxSeats}
          onChange={(e) => onChange({ maxSeats: e.currentTarget.value }, ['maxSeats'])}
          error={errorOf('maxSeats')}
        />
      </FieldRow>
      <fieldset
        className={css({ border: 'none', padding: 0, margin: 0, minWidth: 0 })}
        aria-describedby={errorOf('weeks') ? 'weeks-error' : undefined}
      >
        <legend className={css({ fontSize: 'sm', fontWeight: 'semibold', marginBlockEnd: '2' })}>
          <Trans>Weekly meetings</Trans>
        </legend>
        <ul className={plainList({ gap: '2' })}>
          {WEEKDAYS.map((day) => {
            const slot = values.schedule[day];
            const name = weekdayName(day, locale, 'long');
            const error = errorOf(`weeks.${day}`);
            return (
              <li
                key={day}
                className={css({
                  display: 'grid',
                  gridTemplateColumns: { base: '1fr 1fr', tablet: '10rem 9rem 9rem 1fr' },
                  alignItems: 'center',
                  gap: '2',
                  paddingBlock: '2',
                  borderBlockEndWidth: '1px',
                  borderColor: 'border.default',
                })}
              >
                <label
                  className={css({
                    display: 'flex',
                    alignItems: 'center',
                    gap: '2',
                    fontSize: 'sm',
                    fontWeight: 'medium',
                    gridColumn: { base: '1 / -1', tablet: 'auto' },
                    cursor: 'pointer',
                  })}
                >
                  <input
                    type="checkbox"
                    checked={slot.enabled}
                    onChange={(e) =>
                      setDay(
                        day,
                        e.currentTarget.checked
                          ? { enabled: true, start: slot.start || '18:00', end: slot.end || '20:00' }
                          : { enabled: false },
                      )
                    }
                    className={css({ width: '4.5', height: '4.5', accentColor: 'var(--colors-primary-strong)' })}
                  />
                  {name}
                </label>
                <input
                  type="time"
                  aria-label={t`${name}: start time`}
                  value={slot.start}
                  disabled={!slot.enabled}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `slot-${day}-error` : undefined}
                  onChange={(e) => setDay(day, { start: e.currentTarget.value })}
                  className={controlStyles}
                />
                <input
                  type="time"
                  aria-label={t`${name}: end time`}
                  value={slot.end}
                  disabled={!slot.enabled}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `slot-${day}-error` : undefined}
                  onChange={(e) => setDay(day, { end: e.currentTarget.value })}
                  className={controlStyles}
                />
                {error ? (
                  <p
                    id={`slot-${day}-error`}
                    className={cx(fieldError(), css({ gridColumn: { base: '1 / -1', tablet: 'auto' } }))}
                  >
                    {error}
                  </p>
                ) : (
                  <span aria-hidden className={css({ display: { base: 'none', tablet: 'block' } })} />
                )}
              </li>
            );
          })}
        </ul>
        {errorOf('weeks') ? (
          <p id="weeks-error" className={cx(fieldError(), css({ marginBlockStart: '2' }))}>
            {errorOf('weeks')}
          </p>
        ) : null}
      </fieldset>
    </FormSection>
  );
}
