import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { css } from 'styled-system/css';
import { Badge } from '@/components/ui/badge';
import type { components } from '@contract/schema';

type AnswerResult = components['schemas']['QuizAttemptAnswerResult'];
type QuizAnswer = components['schemas']['QuizAnswer'];

/** Time taken, whole seconds → "4 min 30 s" (or "45 s"). */
export function useDuration() {
  const { t } = useLingui();
  return (seconds: number) => {
    const m = Math.floor(seconds / 60);
    const s = seconds % 60;
    return m > 0 ? t`${m} min ${s} s` : t`${s} s`;
  };
}

/** An answer as text: True/False, the texts of the options chosen, the words typed, or "No answer". */
function useAnswerText() {
  const { t } = useLingui();
  return (answer: QuizAnswer | undefined, options: AnswerResult['options']) => {
    if (answer === null || answer === undefined || (Array.isArray(answer) && answer.length === 0)) return t`No answer`;
    if (typeof answer === 'boolean') return answer ? t`True` : t`False`;
    if (Array.isArray(answer)) return answer.map((id) => options.find((o) => o.id === id)?.text ?? id).join(', ');
    return answer;
  };
}

const list = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '3',
  marginBlockStart: '2',
  paddingInlineStart: '0',
});

/**
 * The answers of one quiz attempt, folded under "n of m right": each question's prompt, Right or
 * Wrong, what the learner answered and, when wrong, the key. An attempt in progress shows its
 * saved answers without marks or key.
 */
export function QuizAnswers({ answers }: { answers: AnswerResult[] }) {
  const { t } = useLingui();
  const text = useAnswerText();
  const right = answers.filter((a) => a.correct === true).length;
  const total = answers.length;
  const graded = answers.some((a) => a.correct !== null);
  return (
    <details>
      <summary className={css({ cursor: 'pointer', color: 'text.strong', fontWeight: 'medium' })}>
        {graded ? (
          <Trans>
            {right} of {total} right
          </Trans>
        ) : (
          <Plural value={total} one="# question" other="# questions" />
        )}
      </summary>
      <ol className={list}>
        {answers.map((a, i) => {
          const number = i + 1;
          return (
            <li key={a.questionId} className={css({ listStyle: 'none' })}>
              <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
                <span className={css({ fontWeight: 'semibold' })}>{t`Question ${number}`}</span>
                {a.correct === true ? <Badge tone="green">{t`Right`}</Badge> : null}
                {a.correct === false ? <Badge tone="red">{t`Wrong`}</Badge> : null}
              </div>
              <p className={css({ overflowWrap: 'anywhere' })}>
                <bdi>{a.prompt}</bdi>
              </p>
              <p className={css({ color: 'fg.muted', overflowWrap: 'anywhere' })}>
                <Trans>Answer:</Trans> <bdi>{text(a.answer, a.options)}</bdi>
              </p>
              {a.correct === false ? (
                <p className={css({ color: 'fg.muted', overflowWrap: 'anywhere' })}>
                  <Trans>Correct answer:</Trans> <bdi>{text(a.correctAnswer, a.options)}</bdi>
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </details>
  );
}
