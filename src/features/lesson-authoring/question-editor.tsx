import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { SelectField, TextareaField, TextField } from '@/components/ui/field';
import { CloseIcon } from '@/components/ui/icons';
import { visuallyHidden } from '@/components/ui/spinner';
import { UploadField, uploadErrorText, useUpload } from '@/components/ui/upload-field';
import { FormSection, iconButton } from '@/components/ui/form-controls';
import type { XhrCredentials } from '@/lib/api/upload';
import { ConfirmRemove } from './confirm-remove';
import {
  addOption,
  AUTHORING_LIMITS,
  emptyQuestion,
  markCorrect,
  moveItem,
  QUESTION_KINDS,
  type QuestionDraft,
  type QuestionKind,
  removeAt,
  removeOption,
  updateAt,
  withKind,
} from '@machines/lesson-authoring.form';
import { questionKindLabels } from './messages';

/** An error text under a group of controls (the fields show their own). */
export function GroupError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className={css({ fontSize: 'xs', fontWeight: 'medium', color: 'error.strong' })}>
      {error}
    </p>
  );
}

export function ArrowIcon({ up }: { up: boolean }) {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      aria-hidden
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {up ? <path d="M12 19V5M5 12l7-7 7 7" /> : <path d="M12 5v14M19 12l-7 7-7-7" />}
    </svg>
  );
}

const card = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  padding: { base: '3', tablet: '4' },
  borderRadius: 'lg',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.canvas',
  minWidth: 0,
});

const choiceRow = css({ display: 'flex', alignItems: 'flex-end', gap: '2', minWidth: 0 });
const checkLabel = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  fontSize: 'sm',
  cursor: 'pointer',
  minHeight: '10',
});
const check = css({ width: '4.5', height: '4.5', accentColor: 'var(--colors-primary-strong)', flexShrink: 0 });

/**
 * The optional picture of one question (issue #5): uploaded through `POST
 * /v2/questions/upload/picture` (upload kind `questionPicture`, png or jpeg up to 5 MB) with a
 * progress bar and a cancel button, previewed as a thumbnail (alt text "Preview of …"), removable
 * with "Remove picture". `onPicture(url)` sets the question's `pictureUrl` (null removes it);
 * `onUploading(busy)` reports an upload in progress (the lesson cannot be saved meanwhile). The
 * field shows the upload's failure, else `error` (the form's or the server's error of
 * `questions[i].pictureUrl`). Unmounting (the question removed) aborts the upload.
 */
export function QuestionPicture({
  n,
  pictureUrl,
  error,
  disabled,
  credentials,
  onPicture,
  onUploading,
}: {
  /** The question's number (1-based), for the labels. */
  n: number;
  pictureUrl: string;
  error: string | undefined;
  disabled?: boolean | undefined;
  credentials?: XhrCredentials | undefined;
  onPicture: (url: string | null) => void;
  onUploading: (busy: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const upload = useUpload('questionPicture', { ...credentials, onUploaded: (result) => onPicture(result.url) });
  const busy = upload.uploading;
  const onUploadingRef = useRef(onUploading);
  onUploadingRef.current = onUploading;
  useEffect(() => {
    onUploadingRef.current(busy);
  }, [busy]);
  useEffect(() => () => onUploadingRef.current(false), []);
  const shown = upload.error ? uploadErrorText(i18n, upload.error) : error;

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', minWidth: 0 })}>
      <UploadField
        label={t`Picture of question ${n}`}
        kind="questionPicture"
        preview="image"
        helperText={t`Optional: shown to learners with the prompt.`}
        value={pictureUrl ? { url: pictureUrl } : null}
        progress={upload.progress}
        error={shown ?? null}
        disabled={disabled}
        onFileSelected={upload.start}
        onCancel={upload.cancel}
      />
      {pictureUrl && !busy && !disabled ? (
        <div>
          <Button
            variant="ghost"
            size="sm"
            startIcon={<CloseIcon size={14} />}
            aria-label={t`Remove picture of question ${n}`}
            onClick={() => {
              upload.reset();
              onPicture(null);
            }}
          >
            <Trans>Remove picture</Trans>
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The question bank of a quiz or learning path (issue #5): add a question of a kind, change its
 * kind, prompt, options with their correct marks (SINGLE: one radio; MULTIPLE: checkboxes),
 * true / false, accepted short answers, points (not for a STEP), an optional picture
 * ({@link QuestionPicture}, uploaded with `credentials`) and explanation; reorder with the
 * move up / move down buttons (focus follows the moved question, each move is announced) and
 * remove after a confirmation. `errorOf(path)` gives the translated error of a form path
 * (`questions[2].answer`); `onChange(questions, fields)` passes the paths made stale;
 * `onUploadingChange(busy)` says whether any question's picture is uploading.
 */
export function QuestionEditor({
  questions,
  errorOf,
  onChange,
  disabled,
  credentials,
  onUploadingChange,
}: {
  questions: QuestionDraft[];
  errorOf: (path: string) => string | undefined;
  onChange: (questions: QuestionDraft[], fields: string[]) => void;
  disabled?: boolean;
  credentials?: XhrCredentials | undefined;
  onUploadingChange?: ((busy: boolean) => void) | undefined;
}) {
  const { t } = useLingui();
  const [newKind, setNewKind] = useState<QuestionKind>('SINGLE');
  const [announcement, setAnnouncement] = useState('');
  const [removing, setRemoving] = useState<number | null>(null);
  const removingNo = (removing ?? 0) + 1;
  const focusAfterRender = useRef<string | null>(null);
  // The questions and onChange of the latest render: an upload finishing later sets the picture
  // on the bank as it is then (other edits, moves and removals made meanwhile are kept).
  const latest = useRef({ questions, onChange });
  latest.current = { questions, onChange };
  const setPicture = useCallback((key: string, url: string | null) => {
    const { questions: now, onChange: send } = latest.current;
    const at = now.findIndex((q) => q.key === key);
    if (at < 0) return;
    send(updateAt(now, at, { pictureUrl: url ?? '' }), [`questions[${at}].pictureUrl`]);
  }, []);
  const [uploadingKeys, setUploadingKeys] = useState<ReadonlySet<string>>(new Set());
  const setUploading = useCallback((key: string, busy: boolean) => {
    setUploadingKeys((keys) => {
      if (keys.has(key) === busy) return keys;
      const next = new Set(keys);
      if (busy) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);
  const anyUploading = uploadingKeys.size > 0;
  const onUploadingChangeRef = useRef(onUploadingChange);
  onUploadingChangeRef.current = onUploadingChange;
  useEffect(() => {
    onUploadingChangeRef.current?.(anyUploading);
  }, [anyUploading]);

  useEffect(() => {
    const id = focusAfterRender.current;
    if (!id) return;
    focusAfterRender.current = null;
    if (id.startsWith('title-')) {
      // A new question: its first field.
      document.getElementById(id)?.closest('li')?.querySelector<HTMLElement>('textarea')?.focus();
      return;
    }
    const target = document.getElementById(id) as HTMLButtonElement | null;
    if (target && !target.disabled) target.focus();
    else
      document.getElementById(id.endsWith('-up') ? id.replace(/-up$/, '-down') : id.replace(/-down$/, '-up'))?.focus();
  });

  const patch = (i: number, next: QuestionDraft, fields: string[]) => onChange(updateAt(questions, i, next), fields);
  const labelOf = (i: number) => {
    const n = i + 1;
    return t`Question ${n}`;
  };

  const move = (from: number, to: number, key: string, dir: 'up' | 'down') => {
    const next = moveItem(questions, from, to);
    if (next === questions) return;
    const position = to + 1;
    const count = next.length;
    const label = labelOf(from);
    setAnnouncement(t`${label} moved to position ${position} of ${count}.`);
    focusAfterRender.current = `move-${key}-${dir}`;
    onChange(next, ['questions']);
  };

  const add = () => {
    const question = emptyQuestion(newKind);
    const n = questions.length + 1;
    setAnnouncement(t`Question ${n} added.`);
    focusAfterRender.current = `title-${question.key}`;
    onChange([...questions, question], ['questions']);
  };

  return (
    <FormSection
      id="lesson-questions"
      title={<Trans>Questions</Trans>}
      lead={
        <Trans>
          Learners answer the questions in this order. Use the move up and move down buttons to reorder them.
        </Trans>
      }
    >
      <div aria-live="polite" aria-atomic="true" className={visuallyHidden} data-testid="questions-announcer">
        {announcement}
      </div>
      <GroupError id="questions-error" error={errorOf('questions')} />
      {questions.length === 0 ? (
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          <Trans>No question yet. Choose a kind and add the first one.</Trans>
        </p>
      ) : (
        <ol className={css({ display: 'flex', flexDirection: 'column', gap: '4', listStyle: 'none', padding: 0 })}>
          {questions.map((q, i) => {
            const base = `questions[${i}]`;
            const n = i + 1;
            const label = labelOf(i);
            const choice = q.kind === 'SINGLE' || q.kind === 'MULTIPLE';
            const answerError = errorOf(`${base}.answer`);
            const optionsError = errorOf(`${base}.options`);
            return (
              <li key={q.key} data-testid="authoring-question" aria-labelledby={`title-${q.key}`} className={card}>
                <div
                  className={css({
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'space-between',
                    gap: '2',
                    flexWrap: 'wrap',
                  })}
                >
                  <h3 id={`title-${q.key}`} className={css({ fontWeight: 'bold' })}>
                    {label}
                  </h3>
                  <div className={css({ display: 'flex', gap: '1' })}>
                    <button
                      type="button"
                      id={`move-${q.key}-up`}
                      className={iconButton}
                      disabled={disabled || i === 0}
                      onClick={() => move(i, i - 1, q.key, 'up')}
                      aria-label={t`Move question ${n} up`}
                      title={t`Move question ${n} up`}
                    >
                      <ArrowIcon up />
                    </button>
                    <button
                      type="button"
                      id={`move-${q.key}-down`}
                      className={iconButton}
                      disabled={disabled || i === questions.length - 1}
                      onClick={() => move(i, i + 1, q.key, 'down')}
                      aria-label={t`Move question ${n} down`}
                      title={t`Move question ${n} down`}
                    >
                      <ArrowIcon up={false} />
                    </button>
                    <button
                      type="button"
                      className={iconButton}
                      disabled={disabled}
                      onClick={() => setRemoving(i)}
                      aria-label={t`Remove question ${n}`}
                      title={t`Remove question ${n}`}
                    >
                      <CloseIcon size={16} />
                    </button>
                  </div>
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
                  <fieldset
                    className={css({
                      border: 'none',
                      padding: 0,
                      margin: 0,
                      display: 'flex',
                      flexDirection: 'column',
                      gap: '2',
                      minWidth: 0,
                    })}
                    aria-describedby={answerError ? `${base}-answer-error` : undefined}
                  >
                    <legend className={css({ fontSize: 'sm', fontWeight: 'semibold', marginBlockEnd: '2' })}>
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
                              onChange={(e) =>
                                patch(i, markCorrect(q, o.id, e.currentTarget.checked), [`${base}.answer`])
                              }
                            />
                            <span>
                              <Trans>Correct</Trans>
                            </span>
                          </label>
                          <button
                            type="button"
                            className={iconButton}
                            disabled={disabled || q.options.length <= AUTHORING_LIMITS.minOptions}
                            onClick={() => patch(i, removeOption(q, j), [`${base}.options`, `${base}.answer`])}
                            aria-label={t`Remove option ${m} of question ${n}`}
                            title={t`Remove option ${m} of question ${n}`}
                          >
                            <CloseIcon size={16} />
                          </button>
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
                  <fieldset
                    className={css({
                      border: 'none',
                      padding: 0,
                      margin: 0,
                      display: 'flex',
                      flexDirection: 'column',
                      gap: '1',
                    })}
                    aria-describedby={answerError ? `${base}-answer-error` : undefined}
                  >
                    <legend
                      className={css({ fontSize: 'sm', fontWeight: 'semibold', marginBlockEnd: '1' })}
                    >{t`Right answer of question ${n}`}</legend>
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
                  <fieldset
                    className={css({
                      border: 'none',
                      padding: 0,
                      margin: 0,
                      display: 'flex',
                      flexDirection: 'column',
                      gap: '2',
                      minWidth: 0,
                    })}
                  >
                    <legend
                      className={css({ fontSize: 'sm', fontWeight: 'semibold', marginBlockEnd: '1' })}
                    >{t`Accepted answers of question ${n}`}</legend>
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
                              patch(
                                i,
                                { ...q, accepted: q.accepted.map((s, k) => (k === j ? e.currentTarget.value : s)) },
                                [`${base}.answer`],
                              )
                            }
                            error={errorOf(`${base}.answer[${j}]`)}
                          />
                          <button
                            type="button"
                            className={iconButton}
                            disabled={disabled || q.accepted.length <= 1}
                            onClick={() => patch(i, { ...q, accepted: removeAt(q.accepted, j) }, [`${base}.answer`])}
                            aria-label={t`Remove accepted answer ${m} of question ${n}`}
                            title={t`Remove accepted answer ${m} of question ${n}`}
                          >
                            <CloseIcon size={16} />
                          </button>
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
          })}
        </ol>
      )}
      <div className={css({ display: 'flex', alignItems: 'flex-end', gap: '3', flexWrap: 'wrap' })}>
        <SelectField
          label={t`Kind of the new question`}
          value={newKind}
          disabled={disabled}
          onChange={(e) => setNewKind(e.currentTarget.value as QuestionKind)}
        >
          {QUESTION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {t(questionKindLabels[kind])}
            </option>
          ))}
        </SelectField>
        <Button variant="outline" disabled={disabled || questions.length >= AUTHORING_LIMITS.questions} onClick={add}>
          <Trans>Add a question</Trans>
        </Button>
      </div>
      <ConfirmRemove
        open={removing !== null}
        title={t`Remove question ${removingNo}?`}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing === null) return;
          const label = labelOf(removing);
          setAnnouncement(t`${label} removed.`);
          setRemoving(null);
          onChange(removeAt(questions, removing), ['questions']);
        }}
      />
    </FormSection>
  );
}
