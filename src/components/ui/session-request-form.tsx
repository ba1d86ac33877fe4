import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { css, cx } from 'styled-system/css';
import { fieldError } from 'styled-system/recipes';
import { SelectField, TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/alert';
import { AppDialog } from '@/components/ui/dialog';
import { DialogFormActions } from '@/components/ui/dialog-form';
import { weekdayName } from '@/components/ui/schedule';
import type { components } from '@contract/schema';
import { isLocale, type Locale } from '@/lib/i18n';
import type { SessionRequestBody, WeekdayKey } from '@machines/session-request.machine';
import {
  FORM_WEEKDAYS,
  type SessionFormErrors,
  type SessionFormValues,
  toSessionRequest,
  todayIso,
  validateSessionForm,
} from '@/lib/session-form';

export type Timezone = components['schemas']['Timezone'];

const grid2 = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', tablet: '1fr 1fr' } });
const errorText = fieldError();

/** Time zones to offer: the US list (GET /timezones/us) plus the current value if it is not in it. */
export function timezoneOptions(timezones: readonly Timezone[], current: string): Timezone[] {
  if (!current || timezones.some((z) => z.id === current)) return [...timezones];
  return [{ id: current, name: current.replace(/_/g, ' '), offset: '' }, ...timezones];
}

function DayRow({
  day,
  values,
  error,
  disabled,
  locale,
  onChange,
}: {
  day: WeekdayKey;
  values: SessionFormValues['days'][WeekdayKey];
  error: string | undefined;
  disabled: boolean;
  locale: Locale;
  onChange: (next: SessionFormValues['days'][WeekdayKey]) => void;
}) {
  const { t } = useLingui();
  const name = weekdayName(day, locale);
  const checkboxId = useId();
  const errorId = useId();
  return (
    <li
      className={css({
        display: 'grid',
        gridTemplateColumns: { base: '1fr 1fr', tablet: '9rem 1fr 1fr' },
        alignItems: 'center',
        gap: '3',
        paddingBlock: '2',
        borderBlockEndWidth: '1px',
        borderColor: 'border.default',
        _last: { borderBlockEndWidth: 0 },
      })}
    >
      <div
        className={css({
          display: 'flex',
          alignItems: 'center',
          gap: '2',
          gridColumn: { base: '1 / -1', tablet: 'auto' },
        })}
      >
        <input
          id={checkboxId}
          type="checkbox"
          checked={values.enabled}
          disabled={disabled}
          onChange={(e) => onChange({ ...values, enabled: e.target.checked })}
          aria-describedby={error ? errorId : undefined}
          className={css({
            width: '4.5',
            height: '4.5',
            accentColor: 'var(--colors-primary-strong)',
            cursor: 'pointer',
          })}
        />
        <label htmlFor={checkboxId} className={css({ fontSize: 'sm', fontWeight: 'semibold', cursor: 'pointer' })}>
          {name}
        </label>
      </div>
      {(['start', 'end'] as const).map((edge) => (
        <TextField
          key={edge}
          label={edge === 'start' ? t`${name}: start time` : t`${name}: end time`}
          hideLabel
          type="time"
          value={values[edge]}
          disabled={disabled || !values.enabled}
          onChange={(e) => onChange({ ...values, [edge]: e.target.value })}
        />
      ))}
      {error ? (
        <p id={errorId} className={cx(errorText, css({ gridColumn: '1 / -1' }))}>
          {error}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The fields of a session request (product.md#calls POST /sessions): start and end dates, time zone, a
 * weekly slot per weekday, seats and price (US dollars). Client errors (`errors`, translated here)
 * win over the server's field errors (`serverErrors`, shown as sent).
 */
export function SessionRequestFields({
  values,
  onChange,
  errors,
  serverErrors = {},
  timezones,
  disabled = false,
}: {
  values: SessionFormValues;
  onChange: (values: SessionFormValues) => void;
  errors: SessionFormErrors;
  serverErrors?: Record<string, string>;
  timezones: readonly Timezone[];
  disabled?: boolean;
}) {
  const { t, i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const legendId = useId();
  const scheduleErrorId = useId();
  const err = (key: keyof SessionFormErrors): string | undefined => {
    const descriptor = errors[key];
    return descriptor ? t(descriptor) : serverErrors[key];
  };
  // The props every plain entry shares: its value, error and change handler, and the form's disabled state.
  const field = (key: 'startDate' | 'endDate' | 'timezone' | 'maxSeats' | 'price') => ({
    value: values[key],
    disabled,
    error: err(key),
    onChange: (e: { target: { value: string } }) => onChange({ ...values, [key]: e.target.value }),
  });
  const scheduleError = err('schedule');
  const zones = timezoneOptions(timezones, values.timezone);
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '5' })}>
      <div className={grid2}>
        <TextField label={t`Start date`} type="date" required {...field('startDate')} />
        <TextField label={t`End date`} type="date" required min={values.startDate || undefined} {...field('endDate')} />
      </div>
      <SelectField
        label={t`Time zone`}
        required
        {...field('timezone')}
        helperText={<Trans>Meeting times are in this time zone.</Trans>}
      >
        <option value="">{t`Choose a time zone`}</option>
        {zones.map((zone) => (
          <option key={zone.id} value={zone.id}>
            {zone.offset ? `${zone.name} (UTC${zone.offset})` : zone.name}
          </option>
        ))}
      </SelectField>
      <fieldset
        aria-labelledby={legendId}
        aria-describedby={scheduleError ? scheduleErrorId : undefined}
        className={css({
          borderWidth: '1px',
          borderColor: 'border.default',
          borderRadius: 'lg',
          paddingInline: '4',
          paddingBlock: '3',
        })}
      >
        <legend id={legendId} className={css({ fontSize: 'sm', fontWeight: 'semibold', paddingInline: '1' })}>
          <Trans>Weekly meetings</Trans>
        </legend>
        <ul className={css({ listStyle: 'none', padding: 0 })}>
          {FORM_WEEKDAYS.map((day) => (
            <DayRow
              key={day}
              day={day}
              values={values.days[day]}
              error={err(day) ?? serverErrors[`schedule.${day}`]}
              disabled={disabled}
              locale={locale}
              onChange={(next) => onChange({ ...values, days: { ...values.days, [day]: next } })}
            />
          ))}
        </ul>
        {scheduleError ? (
          <p id={scheduleErrorId} className={errorText}>
            {scheduleError}
          </p>
        ) : null}
      </fieldset>
      <div className={grid2}>
        <TextField
          label={t`Seats`}
          type="number"
          inputMode="numeric"
          min={1}
          max={1000}
          step={1}
          required
          {...field('maxSeats')}
        />
        <TextField
          label={t`Price (US dollars)`}
          type="number"
          inputMode="decimal"
          min={0}
          step="0.01"
          required
          {...field('price')}
          helperText={<Trans>0 makes the session free.</Trans>}
        />
      </div>
    </div>
  );
}

/**
 * The request-session dialog: the fields above in a form, validated on submit; a valid form calls
 * `onSubmit` with the `POST /sessions` body. `busy` while the request is in progress; `failure`
 * (server message) and `serverErrors` come from the workflow.
 */
export function SessionRequestDialog({
  open,
  onClose,
  title,
  description,
  courseId,
  initialValues,
  timezones,
  busy,
  failure,
  serverErrors,
  onSubmit,
}: {
  open: boolean;
  onClose: () => void;
  title: React.ReactNode;
  description?: React.ReactNode;
  courseId: number;
  initialValues: SessionFormValues;
  timezones: readonly Timezone[];
  busy: boolean;
  failure: string | null;
  serverErrors?: Record<string, string>;
  onSubmit: (request: SessionRequestBody) => void;
}) {
  const { t } = useLingui();
  const formId = useId();
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<SessionFormErrors>({});
  const [submitted, setSubmitted] = useState(false);

  function change(next: SessionFormValues) {
    setValues(next);
    if (submitted) setErrors(validateSessionForm(next, todayIso()));
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const found = validateSessionForm(values, todayIso());
    setErrors(found);
    if (Object.keys(found).length > 0) {
      // Move focus to the first invalid control.
      queueMicrotask(() => {
        const form = document.getElementById(formId);
        const first = form?.querySelector<HTMLElement>('[aria-invalid=true], [data-invalid]');
        first?.focus();
      });
      return;
    }
    onSubmit(toSessionRequest(courseId, values));
  }

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      title={title}
      description={description}
      busy={busy}
      size="lg"
      footer={
        <DialogFormActions
          formId={formId}
          busy={busy}
          onCancel={onClose}
          submitLabel={<Trans>Submit the request</Trans>}
        />
      }
    >
      <form id={formId} noValidate onSubmit={submit} aria-label={t`Session request`}>
        {failure ? (
          <FormAlert title={<Trans>Error while creating Session !</Trans>} className={css({ marginBlockEnd: '4' })}>
            {failure}
          </FormAlert>
        ) : null}
        <SessionRequestFields
          values={values}
          onChange={change}
          errors={errors}
          serverErrors={serverErrors}
          timezones={timezones}
          disabled={busy}
        />
      </form>
    </AppDialog>
  );
}
