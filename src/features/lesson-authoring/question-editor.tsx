import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { plainList } from 'styled-system/recipes';
import { Button } from '@/components/ui/button';
import { SelectField } from '@/components/ui/field';
import { visuallyHidden } from '@/components/ui/spinner';
import { FormSection } from '@/components/ui/form-controls';
import { type XhrCredentials } from '@/lib/api/upload';
import { ConfirmRemove } from './confirm-remove';
import {
  AUTHORING_LIMITS,
  emptyQuestion,
  moveItem,
  QUESTION_KINDS,
  type QuestionDraft,
  type QuestionKind,
  removeAt,
  updateAt,
} from '@machines/lesson-authoring.form';
import { questionKindLabels } from './messages';
import { QuestionCard } from './question-card';
import { GroupError } from './question-parts';

export { GroupError } from './question-parts';

/**
 * The question bank of a quiz or learning path: add a question of a kind, change its
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
        <ol className={plainList({ gap: '4' })}>
          {questions.map((q, i) => {
            const label = labelOf(i);
            return (
              <QuestionCard
                key={q.key}
                q={q}
                i={i}
                count={questions.length}
                label={label}
                disabled={disabled}
                credentials={credentials}
                errorOf={errorOf}
                patch={patch}
                move={move}
                setRemoving={setRemoving}
                setPicture={setPicture}
                setUploading={setUploading}
              />
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
