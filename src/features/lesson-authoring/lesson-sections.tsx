import { Trans, useLingui } from '@lingui/react/macro';
import { SelectField, TextField } from '@/components/ui/field';
import { CheckboxField, FieldRow, FormSection } from '@/components/ui/form-controls';
import { AUTHORING_LIMITS, type AuthoringValues, WEEKDAYS, type Weekday } from '@machines/lesson-authoring.form';
import { weekdayLabels } from './messages';

/** The grading of an assignment: maximum points, due date and submission rules. */
export function GradingSection({
  values,
  change,
  errorOf,
  timeLimit,
}: {
  values: AuthoringValues;
  change: (patch: Partial<AuthoringValues>, fields: string[]) => void;
  errorOf: (path: string) => string | undefined;
  /** True for a quiz: the time limit field shows. */
  timeLimit: boolean;
}) {
  const { t } = useLingui();
  return (
    <FormSection id="lesson-grading" title={<Trans>Grading</Trans>}>
      <FieldRow>
        <TextField
          label={t`Points`}
          type="number"
          inputMode="numeric"
          min={1}
          max={AUTHORING_LIMITS.lessonPoints}
          step={1}
          required
          value={values.points}
          onChange={(e) => change({ points: e.currentTarget.value }, ['points'])}
          error={errorOf('points')}
        />
        {timeLimit ? (
          <TextField
            label={t`Time limit (minutes)`}
            type="number"
            inputMode="numeric"
            min={1}
            max={AUTHORING_LIMITS.timeLimitMinutes}
            step={1}
            helperText={t`Leave empty for no limit.`}
            value={values.timeLimitMinutes}
            onChange={(e) => change({ timeLimitMinutes: e.currentTarget.value }, ['timeLimitMinutes'])}
            error={errorOf('timeLimitMinutes')}
          />
        ) : null}
      </FieldRow>
      <CheckboxField
        label={<Trans>Accept late work</Trans>}
        hint={<Trans>Learners may still hand in after the deadline; the work is marked late.</Trans>}
        checked={values.allowLate}
        onChange={(checked) => change({ allowLate: checked }, ['allowLate'])}
      />
    </FormSection>
  );
}

/** The meeting of a live lesson: its link and time. */
export function MeetingSection({
  values,
  change,
  errorOf,
}: {
  values: AuthoringValues;
  change: (patch: Partial<AuthoringValues>, fields: string[]) => void;
  errorOf: (path: string) => string | undefined;
}) {
  const { t } = useLingui();
  return (
    <FormSection id="lesson-meeting" title={<Trans>Meeting</Trans>}>
      <TextField
        label={t`Meeting link`}
        helperText={<Trans>Leave it empty to use the session's own video room.</Trans>}
        type="url"
        dir="ltr"
        placeholder="https://"
        value={values.link}
        onChange={(e) => change({ link: e.currentTarget.value }, ['link'])}
        error={errorOf('link')}
      />
      <FieldRow>
        <SelectField
          label={t`Day`}
          value={values.day}
          onChange={(e) => change({ day: e.currentTarget.value as Weekday | '' }, ['day'])}
          error={errorOf('day')}
        >
          <option value="">{t`No fixed day`}</option>
          {WEEKDAYS.map((d) => (
            <option key={d} value={d}>
              {t(weekdayLabels[d])}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t`Start time`}
          type="time"
          dir="ltr"
          value={values.startTime}
          onChange={(e) => change({ startTime: e.currentTarget.value }, ['startTime'])}
          error={errorOf('startTime')}
        />
      </FieldRow>
    </FormSection>
  );
}
