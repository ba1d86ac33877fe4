import { Trans, useLingui } from '@lingui/react/macro';
import { css, cx } from 'styled-system/css';
import { spreadRow } from '@/components/ui/layout-styles';
import { Button } from '@/components/ui/button';
import { SelectField, TextareaField, TextField } from '@/components/ui/field';
import { ItemActions, RemoveButton } from '@/components/ui/item-actions';
import { type XhrCredentials } from '@/lib/api/upload';
import {
  addOption,
  AUTHORING_LIMITS,
  markCorrect,
  QUESTION_KINDS,
  type QuestionDraft,
  type QuestionKind,
  removeAt,
  removeOption,
  updateAt,
  withKind,
} from '@machines/lesson-authoring.form';
import { questionKindLabels } from './messages';
import {
  GroupError,
  answerFieldset,
  answerLegend,
  card,
  choiceRow,
  checkLabel,
  check,
  QuestionPicture,
} from './question-parts';

/** One question of the bank: its move and remove buttons, title, kind-specific answer fields (choices, true/false, short answer), picture, points and explanation. */
export function QuestionCard({
  q,
  i,
  count,
  label,
  disabled,
  credentials,
  errorOf,
  patch,
  move,
  setRemoving,
  setPicture,
  setUploading,
}: {
  q: QuestionDraft;
  /** The question's index in the bank (0-based). */
  i: number;
  /** How many questions the bank holds. */
  count: number;
  /** 'Question n'. */
  label: string;
  disabled?: boolean | undefined;
  credentials?: XhrCredentials | undefined;
  errorOf: (path: string) => string | undefined;
  /** Replaces the question at `i`, with the error keys the edit made stale. */
  patch: (i: number, next: QuestionDraft, fields: string[]) => void;
  move: (from: number, to: number, key: string, dir: 'up' | 'down') => void;
  /** Asks to remove the question at an index (a confirmation follows). */
  setRemoving: (i: number) => void;
  /** Sets a question's picture URL (by key) once its upload finished. */
  setPicture: (key: string, url: string | null) => void;
  setUploading: (key: string, busy: boolean) => void;
}) {
  const { t } = useLingui();
  const base = `questions[${i}]`;
  const n = i + 1;
  const choice = q.kind === 'SINGLE' || q.kind === 'MULTIPLE';
  const answerError = errorOf(`${base}.answer`);
  const optionsError = errorOf(`${base}.options`);
  return (
    <li key={q.key} data-testid="authoring-question" aria-labelledby={`title-${q.key}`} className={card}>
      <div className={cx(spreadRow, css({ gap: '2' }))}>
        <h3 id={`title-${q.key}`} className={css({ fontWeight: 'bold' })}>
          {label}
        </h3>
        <ItemActions
          itemKey={q.key}
          canUp={i > 0}
          canDown={i < count - 1}
          onUp={() => move(i, i - 1, q.key, 'up')}
          onDown={() => move(i, i + 1, q.key, 'down')}
          onRemove={() => setRemoving(i)}
          upLabel={t`Move question ${n} up`}
          downLabel={t`Move question ${n} down`}
          removeLabel={t`Remove question ${n}`}
          disabled={disabled}
        />
      </div>
      <div
        className={css({
          display: 'grid',
          gap: '4',
          gridTemplateColumns: { base: 'minmax(0, 1fr)', tablet: 'minmax(0, 2fr) minmax(0, 1fr)' },
        })}
      >
        <SelectField
          label={t`Kind of question ${n}`}
          value={q.kind}
          disabled={disabled}
          onChange={(e) => patch(i, withKind(q, e.currentTarget.value as QuestionKind), [base])}
        >
          {QUESTION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(questionKindLabels[kind])}
            </option>
          ))}
        </SelectField>
        {q.kind !== 'STEP' ? (
          <TextField
            label={t`Points of question ${n}`}
            type="number"
            inputMode="numeric"
            min={0}
            max={AUTHORING_LIMITS.questionPoints}
            step={1}
            required
            value={q.points}
            disabled={disabled}
            onChange={(e) => patch(i, { ...q, points: e.currentTarget.value }, [`${base}.points`])}
            error={errorOf(`${base}.points`)}
          />
        ) : null}
      </div>
      <TextareaField
        label={t`Prompt of question ${n}`}
        dir="auto"
        rows={3}
        required
        maxLength={AUTHORING_LIMITS.prompt}
        value={q.prompt}
        disabled={disabled}
        onChange={(e) => patch(i, { ...q, prompt: e.currentTarget.value }, [`${base}.prompt`])}
        error={errorOf(`${base}.prompt`)}
      />

      {choice ? (
        <fieldset className={answerFieldset} aria-describedby={answerError ? `${base}-answer-error` : undefined}>
          <legend className={answerLegend}>
            {q.kind === 'SINGLE'
              ? t`Options of question ${n} (mark the correct one)`
              : t`Options of question ${n} (mark the correct ones)`}
          </legend>
          {q.options.map((o, j) => {
            const m = j + 1;
            const correct = q.correct.includes(o.id);
            return (
              <div key={o.id} className={choiceRow}>
                <TextField
                  className={css({ flexGrow: 1 })}
                  label={t`Option ${m} of question ${n}`}
                  dir="auto"
                  required
                  maxLength={AUTHORING_LIMITS.optionText}
                  value={o.text}
                  disabled={disabled}
                  onChange={(e) =>
                    patch(i, { ...q, options: updateAt(q.options, j, { text: e.currentTarget.value }) }, [
                      `${base}.options[${j}].text`,
                    ])
                  }
                  error={errorOf(`${base}.options[${j}].text`)}
                />
                <label className={checkLabel}>
                  <input
                    type={q.kind === 'SINGLE' ? 'radio' : 'checkbox'}
                    name={`correct-${q.key}`}
                    className={check}
                    checked={correct}
                    aria-label={t`Correct (option ${m} of question ${n})`}
                    disabled={disabled}
                    onChange={(e) => patch(i, markCorrect(q, o.id, e.currentTarget.checked), [`${base}.answer`])}
                  />
                  <span>
                    <Trans>Correct</Trans>
                  </span>
                </label>
                <RemoveButton
                  label={t`Remove option ${m} of question ${n}`}
                  disabled={disabled || q.options.length <= AUTHORING_LIMITS.minOptions}
                  onClick={() => patch(i, removeOption(q, j), [`${base}.options`, `${base}.answer`])}
                />
              </div>
            );
          })}
          <GroupError id={`${base}-options-error`} error={optionsError} />
          <GroupError id={`${base}-answer-error`} error={answerError} />
          <div>
            <Button
              variant="ghost"
              size="sm"
              disabled={disabled || q.options.length >= AUTHORING_LIMITS.maxOptions}
              onClick={() => patch(i, addOption(q), [`${base}.options`])}
            >
              {t`Add an option to question ${n}`}
            </Button>
          </div>
        </fieldset>
      ) : null}

      {q.kind === 'TRUE_FALSE' ? (
        <fieldset className={answerFieldset} aria-describedby={answerError ? `${base}-answer-error` : undefined}>
          <legend className={answerLegend}>{t`Right answer of question ${n}`}</legend>
          <div className={css({ display: 'flex', gap: '4', flexWrap: 'wrap' })}>
            {([true, false] as const).map((value) => (
              <label key={String(value)} className={checkLabel}>
                <input
                  type="radio"
                  name={`tf-${q.key}`}
                  className={check}
                  checked={q.trueFalse === value}
                  disabled={disabled}
                  aria-invalid={answerError ? true : undefined}
                  onChange={() => patch(i, { ...q, trueFalse: value }, [`${base}.answer`])}
                />
                {value ? <Trans>True</Trans> : <Trans>False</Trans>}
              </label>
            ))}
          </div>
          <GroupError id={`${base}-answer-error`} error={answerError} />
        </fieldset>
      ) : null}

      {q.kind === 'SHORT_ANSWER' ? (
        <fieldset className={answerFieldset}>
          <legend className={answerLegend}>{t`Accepted answers of question ${n}`}</legend>
          <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>
            <Trans>Any of them is right; case and spaces around do not matter.</Trans>
          </p>
          {q.accepted.map((a, j) => {
            const m = j + 1;
            return (
              <div key={j} className={choiceRow}>
                <TextField
                  className={css({ flexGrow: 1 })}
                  label={t`Accepted answer ${m} of question ${n}`}
                  dir="auto"
                  maxLength={AUTHORING_LIMITS.acceptedAnswer}
                  value={a}
                  disabled={disabled}
                  onChange={(e) =>
                    patch(i, { ...q, accepted: q.accepted.map((s, k) => (k === j ? e.currentTarget.value : s)) }, [
                      `${base}.answer`,
                    ])
                  }
                  error={errorOf(`${base}.answer[${j}]`)}
                />
                <RemoveButton
                  label={t`Remove accepted answer ${m} of question ${n}`}
                  disabled={disabled || q.accepted.length <= 1}
                  onClick={() => patch(i, { ...q, accepted: removeAt(q.accepted, j) }, [`${base}.answer`])}
                />
              </div>
            );
          })}
          <GroupError id={`${base}-answer-error`} error={answerError} />
          <div>
            <Button
              variant="ghost"
              size="sm"
              disabled={disabled || q.accepted.length >= AUTHORING_LIMITS.acceptedAnswers}
              onClick={() => patch(i, { ...q, accepted: [...q.accepted, ''] }, [`${base}.answer`])}
            >
              {t`Add an accepted answer to question ${n}`}
            </Button>
          </div>
        </fieldset>
      ) : null}

      {q.kind === 'STEP' ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          <Trans>A step explains something; it has no answer and no points.</Trans>
        </p>
      ) : null}

      <QuestionPicture
        n={n}
        pictureUrl={q.pictureUrl}
        error={errorOf(`${base}.pictureUrl`)}
        disabled={disabled}
        credentials={credentials}
        onPicture={(url) => setPicture(q.key, url)}
        onUploading={(busy) => setUploading(q.key, busy)}
      />

      <TextareaField
        label={t`Explanation of question ${n}`}
        helperText={t`Shown to learners after they answer.`}
        dir="auto"
        rows={2}
        maxLength={AUTHORING_LIMITS.explanation}
        value={q.explanation}
        disabled={disabled}
        onChange={(e) => patch(i, { ...q, explanation: e.currentTarget.value }, [`${base}.explanation`])}
        error={errorOf(`${base}.explanation`)}
      />
    </li>
  );
}
