import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { bareFieldset } from '@/components/ui/fieldset-styles';
import { visuallyHidden } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/field';
import { ClockIcon } from '@/components/ui/icons';
import { SHORT_ANSWER_MAX_CHARS } from '@machines/quiz.machine';
import type { QuizAnswer, QuizQuestion } from '@machines/quiz.types';

/** A choice row (radio or checkbox) with a large, touch-friendly target. */
const choice = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '3',
  paddingInline: '3',
  paddingBlock: '3',
  borderRadius: 'lg',
  borderWidth: '1px',
  borderColor: 'border.default',
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  _hover: { borderColor: 'primary.strong' },
  '&:has(input:checked)': { borderColor: 'primary.strong', bg: 'primary.subtle' },
  '&:has(input:focus-visible)': { outline: '3px solid {colors.primary.strong}', outlineOffset: '2px' },
  '& input': {
    marginBlockStart: '0.5',
    width: '4.5',
    height: '4.5',
    flexShrink: 0,
    accentColor: 'var(--colors-primary-strong)',
  },
});

const promptText = css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', lineHeight: '1.6', fontSize: 'md' });

/**
 * One question of an attempt: its prompt and picture, then the control of its kind — a radio
 * group for SINGLE and TRUE_FALSE, checkboxes for MULTIPLE, a text field for SHORT_ANSWER (at
 * most 500 characters), nothing for a learning-path STEP (text only). Native inputs inside a
 * fieldset whose legend is the prompt: arrow keys move within a radio group, Space toggles a
 * checkbox. `onAnswer` receives the new answer (option ids, a boolean, a text, or null).
 */
export function QuizQuestionView({
  question,
  number,
  answer,
  disabled,
  onAnswer,
}: {
  question: QuizQuestion;
  /** 1-based position, for the picture's text alternative. */
  number: number;
  answer: QuizAnswer | undefined;
  disabled?: boolean;
  onAnswer: (answer: QuizAnswer) => void;
}) {
  const { t } = useLingui();
  const name = useId();
  const picture = question.pictureUrl ? (
    <img
      src={question.pictureUrl}
      alt={t`Picture for question ${number}`}
      className={css({
        maxWidth: 'full',
        height: 'auto',
        maxHeight: '24rem',
        borderRadius: 'lg',
        borderWidth: '1px',
        borderColor: 'border.default',
      })}
    />
  ) : null;

  // A step (text only) or a short answer: the prompt is a paragraph, not a fieldset's legend.
  if (question.kind === 'STEP' || question.kind === 'SHORT_ANSWER') {
    return (
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        <p dir="auto" className={promptText}>
          {question.prompt}
        </p>
        {picture}
        {question.kind === 'SHORT_ANSWER' ? (
          <ShortAnswer
            key={question.id}
            initial={typeof answer === 'string' ? answer : ''}
            disabled={disabled}
            onAnswer={onAnswer}
          />
        ) : null}
      </div>
    );
  }

  const selected = Array.isArray(answer) ? answer : [];
  const options =
    question.kind === 'TRUE_FALSE'
      ? [
          { id: 'true', text: t`True` },
          { id: 'false', text: t`False` },
        ]
      : question.options;
  const checked = (id: string) =>
    question.kind === 'TRUE_FALSE'
      ? answer !== null && answer !== undefined && String(answer) === id
      : selected.includes(id);
  const multiple = question.kind === 'MULTIPLE';

  return (
    <fieldset className={cx(bareFieldset, css({ gap: '4' }))} disabled={disabled}>
      <legend dir="auto" className={cx(promptText, css({ padding: 0, marginBlockEnd: '4', width: 'full' }))}>
        {question.prompt}
        {multiple ? (
          <span className={css({ display: 'block', fontSize: 'sm', color: 'fg.muted', marginBlockStart: '1' })}>
            <Trans>Choose all that apply.</Trans>
          </span>
        ) : null}
      </legend>
      {picture}
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        {options.map((option) => (
          <label key={option.id} className={choice}>
            <input
              type={multiple ? 'checkbox' : 'radio'}
              name={name}
              value={option.id}
              checked={checked(option.id)}
              onChange={(e) => {
                if (question.kind === 'TRUE_FALSE') onAnswer(option.id === 'true');
                else if (!multiple) onAnswer([option.id]);
                else onAnswer(e.target.checked ? [...selected, option.id] : selected.filter((id) => id !== option.id));
              }}
            />
            <bdi>{option.text}</bdi>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The text field of a SHORT_ANSWER question: typed text stays local; every change is sent (saved after a pause). */
function ShortAnswer({
  initial,
  disabled,
  onAnswer,
}: {
  initial: string;
  disabled?: boolean | undefined;
  onAnswer: (answer: QuizAnswer) => void;
}) {
  const { t } = useLingui();
  const [text, setText] = useState(initial);
  return (
    <TextField
      label={t`Your answer`}
      value={text}
      maxLength={SHORT_ANSWER_MAX_CHARS}
      autoComplete="off"
      dir="auto"
      disabled={disabled}
      helperText={t`At most 500 characters.`}
      onChange={(e) => {
        setText(e.target.value);
        onAnswer(e.target.value);
      }}
    />
  );
}

/** "12:05" (or "1:02:05") for a number of seconds. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.ceil(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
}

/**
 * The time left until `deadlineAt`, ticking every second, with a visible clock (role="timer",
 * not announced) and a polite live region that speaks only at milestones: each whole minute up
 * to 5 minutes, every 5 minutes above, and 30 seconds before the end — never every second.
 * `now` gives the clock (tests); the machine submits by itself when the time is up.
 */
export function QuizCountdown({ deadlineAt, now: fixedNow }: { deadlineAt: string; now?: () => number }) {
  const { t } = useLingui();
  const read = fixedNow ?? Date.now;
  const [now, setNow] = useState(read);
  useEffect(() => {
    const id = setInterval(() => setNow(read()), 1000);
    return () => clearInterval(id);
  }, [read]);
  const left = Math.max(0, (Date.parse(deadlineAt) - now) / 1000);
  const minutes = Math.ceil(left / 60);
  // Whole minutes up to 5, then steps of 5 minutes: the announced text changes only at milestones.
  const minutesLeft = minutes <= 5 ? minutes : Math.ceil(minutes / 5) * 5;
  let milestone: string;
  if (left <= 0) milestone = t`Time is up.`;
  else if (left <= 30) milestone = t`30 seconds left.`;
  else milestone = plural(minutesLeft, { one: '# minute left.', other: '# minutes left.' });
  const urgent = left <= 60;
  return (
    <div className={css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' })}>
      <ClockIcon size={16} aria-hidden="true" />
      <span className={visuallyHidden}>
        <Trans>Time left:</Trans>
      </span>
      <span
        role="timer"
        aria-live="off"
        dir="ltr"
        className={css({
          fontVariantNumeric: 'tabular-nums',
          fontWeight: 'bold',
          color: urgent ? 'error.strong' : 'fg.default',
        })}
      >
        {formatClock(left)}
      </span>
      <span aria-live="polite" className={visuallyHidden} data-testid="countdown-announcement">
        {milestone}
      </span>
    </div>
  );
}
