import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { css, cx } from 'styled-system/css';
import { iconLink } from '@/components/ui/layout-styles';
import { formatPoints } from '@/components/ui/format';
import { CodeOutput } from '@/components/ui/code-output';
import { plainList } from 'styled-system/recipes';
import { TextareaField, TextField } from '@/components/ui/field';
import { BookIcon, CheckCircleIcon, CloseIcon } from '@/components/ui/icons';
import { visuallyHidden } from '@/components/ui/spinner';
import { FormAlert } from '@/components/ui/alert';
import { AppDialog } from '@/components/ui/dialog';
import { DialogForm, DialogFormActions } from '@/components/ui/dialog-form';
import { isLocale, type Locale } from '@/lib/i18n';
import { type GradingFailure, type Submission } from '@machines/grading.machine';
import { COMMENT_MAX, type GradeDraft, type GradeIssue, type GradeIssues } from '@machines/grading.form';

/** The translated text of a client grading rule (codes from grade-form.ts), or null. */
function useIssueText(): (issue: GradeIssue | undefined) => string | null {
  const { t } = useLingui();
  return (issue) => {
    if (!issue) return null;
    const limit = issue.limit ?? 0;
    switch (issue.code) {
      case 'required':
        return t`Enter a grade.`;
      case 'number':
        return t`Enter a number, for example 8 or 8.5.`;
      case 'min':
        return t`The grade cannot be below 0.`;
      case 'max':
        return t`The grade cannot exceed ${limit} points.`;
      case 'tooLong':
        return t`The comment is too long (at most ${limit} characters).`;
    }
  };
}

/** The UI language as a `Locale` ('en' when the active one is not known). */
export function useLocale(): Locale {
  const { i18n } = useLingui();
  return isLocale(i18n.locale) ? i18n.locale : 'en';
}

/** A number of points in the locale's digits (up to 2 decimals): format.ts's, shared with the gradebook. */
export { formatPoints };

/** The name of a submission's lesson, or "Assignment #id" when the server sent none. */
export function useLessonName() {
  const { t } = useLingui();
  return (s: Pick<Submission, 'assignmentId' | 'assignmentName'>) => {
    const id = s.assignmentId;
    return s.assignmentName ?? t`Assignment #${id}`;
  };
}

/** The grading form in a dialog: grade (0 … points) and comment, field and server errors, saving state. */
export function GradeDialog({
  submission,
  lessonName,
  draft,
  issues,
  saveError,
  busy,
  onSubmit,
  onClose,
}: {
  submission: Submission;
  lessonName: string;
  draft: GradeDraft;
  issues: GradeIssues;
  saveError: GradingFailure | null;
  busy: boolean;
  onSubmit: (draft: GradeDraft) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const issueText = useIssueText();
  const formId = useId();
  const gradeRef = useRef<HTMLInputElement>(null);
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const [grade, setGrade] = useState(draft.grade);
  const [comment, setComment] = useState(draft.comment);
  const points = formatPoints(submission.points, locale);
  const learner = submission.learner.name;

  const gradeError = issueText(issues.grade) ?? saveError?.fieldErrors?.grade ?? null;
  const commentError = issueText(issues.comment) ?? saveError?.fieldErrors?.comment ?? null;

  // Move focus to the first invalid field after a refused submit.
  useEffect(() => {
    if (issues.grade) gradeRef.current?.focus();
    else if (issues.comment) commentRef.current?.focus();
  }, [issues]);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit({ grade, comment });
  }

  return (
    <AppDialog
      open
      onClose={onClose}
      busy={busy}
      title={<Trans>Grade the submission</Trans>}
      description={
        <>
          <bdi>{learner}</bdi> · <bdi>{lessonName}</bdi>
        </>
      }
      initialFocus={() => gradeRef.current}
      footer={
        <DialogFormActions formId={formId} busy={busy} onCancel={onClose} submitLabel={<Trans>Save grade</Trans>} />
      }
    >
      <DialogForm id={formId} onSubmit={submit} busy={busy}>
        {saveError ? (
          <FormAlert title={<Trans>Cannot edit grade!</Trans>}>
            {saveError.message ?? t`System error please try later !`}
          </FormAlert>
        ) : null}
        <TextField
          ref={gradeRef}
          label={t`Grade`}
          name="grade"
          inputMode="decimal"
          autoComplete="off"
          required
          value={grade}
          disabled={busy}
          error={gradeError}
          helperText={t`From 0 to ${points} points.`}
          onChange={(e) => setGrade(e.target.value)}
          className={css({ maxWidth: '12rem' })}
        />
        <TextareaField
          ref={commentRef}
          label={t`Comment`}
          name="comment"
          rows={5}
          maxLength={COMMENT_MAX}
          value={comment}
          disabled={busy}
          error={commentError}
          helperText={<Trans>Optional. The learner sees it with the grade.</Trans>}
          onChange={(e) => setComment(e.target.value)}
        />
      </DialogForm>
    </AppDialog>
  );
}

/** What was submitted: the uploaded file (opens in a new tab), or the code and its per-test results. */
export function SubmittedWork({ submission }: { submission: Submission }) {
  const { t } = useLingui();
  if (submission.kind === 'DOCUMENT') {
    return submission.document ? (
      <a href={submission.document.url} target="_blank" rel="noreferrer" className={cx(iconLink, css({ gap: '1.5' }))}>
        <BookIcon size={16} />
        <bdi>{submission.document.fileName}</bdi>
        <span className={visuallyHidden}>{t`(opens in a new tab)`}</span>
      </a>
    ) : (
      <span className={css({ color: 'fg.muted' })}>
        <Trans>Document</Trans>
      </span>
    );
  }
  const results = submission.results ?? [];
  const passed = results.filter((r) => r.passed).length;
  const total = results.length;
  return (
    <details className={css({ maxWidth: { base: 'full', desktop: '28rem' } })}>
      <summary
        className={css({
          cursor: 'pointer',
          color: 'primary.strong',
          fontWeight: 'semibold',
          _focusVisible: { outline: '3px solid {colors.primary.strong}', outlineOffset: '2px' },
        })}
      >
        {submission.language === 'python' ? <Trans>Code (Python)</Trans> : <Trans>Code (JavaScript)</Trans>}
        {total > 0 ? (
          <span className={css({ color: 'fg.muted', fontWeight: 'normal' })}>
            {' '}
            · {t`${passed} of ${total} tests passed`}
          </span>
        ) : null}
      </summary>
      <pre
        dir="ltr"
        tabIndex={0}
        aria-label={t`Submitted code`}
        className={css({
          marginBlockStart: '2',
          padding: '3',
          borderRadius: 'md',
          bg: 'bg.subtle',
          fontSize: 'xs',
          fontFamily: 'mono',
          overflowX: 'auto',
          maxHeight: '20rem',
          // Wrapped, never wider than its column: long lines would widen the table past the page.
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          textAlign: 'left',
        })}
      >
        <code>{submission.code ?? ''}</code>
      </pre>
      {total > 0 ? (
        <ul aria-label={t`Test results`} className={cx(plainList(), css({ gap: '1.5', marginBlockStart: '2' }))}>
          {results.map((r, i) => (
            <li key={`${i}-${r.name}`} className={css({ fontSize: 'xs' })}>
              <span
                className={css({
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: '1',
                  fontWeight: 'semibold',
                  color: r.passed ? 'status.green.fg' : 'error.strong',
                })}
              >
                {r.passed ? <CheckCircleIcon size={14} /> : <CloseIcon size={14} />}
                {r.passed ? t`Passed` : t`Failed`}
              </span>{' '}
              <bdi>{r.name}</bdi>
              {r.output ? (
                <CodeOutput className={css({ color: 'fg.muted', overflowWrap: 'anywhere' })}>{r.output}</CodeOutput>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </details>
  );
}
