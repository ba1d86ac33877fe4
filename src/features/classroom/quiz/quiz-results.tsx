import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { css, cx } from 'styled-system/css';
import { spreadRow } from '@/components/ui/layout-styles';
import { plainList } from 'styled-system/recipes';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { AlertIcon, CheckCircleIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { FormAlert } from '@/components/ui/alert';
import { useMeridiem } from '@/components/ui/schedule';
import { browserTimeZone } from '@/lib/time-slots';
import { type QuizAttempt, type QuizFeedback } from '@machines/quiz.types';
import { formatInstant } from '@/lib/classroom-time';
import { useUiLocale } from '../meeting';
import { stack, panel, row, sectionTitle, useAnswerText, useNumber } from './quiz-parts';

/** The learner's attempts, newest first: when, and the score (or finished / in progress). */
export function AttemptHistory({
  attempts,
  loading,
  quiz,
}: {
  attempts: QuizAttempt[];
  loading: boolean;
  quiz: boolean;
}) {
  const { t } = useLingui();
  const locale = useUiLocale();
  const meridiem = useMeridiem();
  const num = useNumber();
  const zone = useMemo(() => browserTimeZone(), []);
  if (loading) return <Spinner label={t`Loading your attempts…`} />;
  if (attempts.length === 0) return null;
  const when = (iso: string) => {
    try {
      return formatInstant(iso, zone, locale, meridiem);
    } catch {
      return iso;
    }
  };
  return (
    <section aria-labelledby="quiz-attempts-title" className={stack}>
      <h2 id="quiz-attempts-title" className={sectionTitle}>
        <Trans>Your attempts</Trans>
      </h2>
      <ol className={plainList({ gap: '2' })}>
        {attempts.map((a) => {
          const score = a.score === null ? null : num(a.score);
          const max = num(a.maxScore);
          const started = when(a.submittedAt ?? a.startedAt);
          return (
            <li
              key={a.id}
              data-testid="quiz-attempt"
              className={cx(
                spreadRow,
                css({ gap: '2', padding: '3', borderRadius: 'lg', borderWidth: '1px', borderColor: 'border.default' }),
              )}
            >
              <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>{started}</span>
              {a.status === 'IN_PROGRESS' ? (
                <Badge tone="yellow">
                  <Trans>In progress</Trans>
                </Badge>
              ) : quiz && score !== null ? (
                <span className={css({ fontWeight: 'semibold' })}>{t`Score: ${score} / ${max}`}</span>
              ) : (
                <Badge tone="green">
                  <Trans>Finished</Trans>
                </Badge>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

/** The graded attempt: score, then per question correct or not, the answers and the explanation. */
export function ResultView({ attempt, timeUp, onBack }: { attempt: QuizAttempt; timeUp: boolean; onBack: () => void }) {
  const { t } = useLingui();
  const answerText = useAnswerText();
  const num = useNumber();
  const quiz = attempt.kind === 'QUIZ';
  const feedback = new Map<number, QuizFeedback>((attempt.feedback ?? []).map((f) => [f.questionId, f]));
  const score = num(attempt.score ?? 0);
  const max = num(attempt.maxScore);
  const graded = attempt.questions.filter((q) => feedback.has(q.id));

  return (
    <section aria-labelledby="quiz-result-title" className={stack}>
      <div className={panel}>
        <h2 id="quiz-result-title" className={sectionTitle}>
          {quiz ? <Trans>Your result</Trans> : <Trans>Learning path finished</Trans>}
        </h2>
        {timeUp ? (
          <FormAlert tone="warning">
            <Trans>Time is up. Your saved answers were graded.</Trans>
          </FormAlert>
        ) : null}
        <p
          role="status"
          className={css({
            fontSize: quiz ? '2xl' : 'md',
            fontWeight: 'bold',
            display: 'flex',
            alignItems: 'center',
            gap: '2',
          })}
        >
          {quiz ? (
            t`Score: ${score} / ${max}`
          ) : (
            <>
              <CheckCircleIcon size={20} aria-hidden="true" className={css({ color: 'success.strong' })} />
              <Trans>You finished this learning path.</Trans>
            </>
          )}
        </p>
      </div>
      {graded.length ? (
        <ol className={plainList({ gap: '3' })}>
          {graded.map((q) => {
            const f = feedback.get(q.id)!;
            const n = attempt.questions.indexOf(q) + 1;
            const awarded = num(f.pointsAwarded);
            return (
              <li
                key={q.id}
                data-testid="quiz-feedback"
                className={cx(
                  panel,
                  css({
                    gap: '2',
                    borderInlineStartWidth: '4px',
                    borderInlineStartColor: f.correct ? 'success.strong' : 'error.strong',
                  }),
                )}
              >
                <div className={cx(row, css({ justifyContent: 'space-between' }))}>
                  <span className={css({ fontWeight: 'semibold' })}>{t`Question ${n}`}</span>
                  <span className={row}>
                    {f.correct ? (
                      <Badge tone="green">
                        <CheckCircleIcon size={14} aria-hidden="true" />
                        <Trans>Correct</Trans>
                      </Badge>
                    ) : (
                      <Badge tone="red">
                        <AlertIcon size={14} aria-hidden="true" />
                        <Trans>Incorrect</Trans>
                      </Badge>
                    )}
                    <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                      <Plural value={f.points} one={`${awarded} / # point`} other={`${awarded} / # points`} />
                    </span>
                  </span>
                </div>
                <p dir="auto" className={css({ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })}>
                  {q.prompt}
                </p>
                <dl
                  className={css({
                    display: 'grid',
                    gridTemplateColumns: 'auto 1fr',
                    columnGap: '3',
                    rowGap: '1',
                    fontSize: 'sm',
                  })}
                >
                  <dt className={css({ color: 'fg.muted' })}>
                    <Trans>Your answer:</Trans>
                  </dt>
                  <dd>
                    <bdi>{answerText(q, attempt.answers[String(q.id)])}</bdi>
                  </dd>
                  <dt className={css({ color: 'fg.muted' })}>
                    <Trans>Correct answer:</Trans>
                  </dt>
                  <dd>
                    <bdi>{answerText(q, f.correctAnswer)}</bdi>
                  </dd>
                </dl>
                {f.explanation ? (
                  // The label follows the UI's direction; the educator's text is isolated in its own
                  // (an English explanation in the Arabic UI keeps its full stop at its end).
                  <p
                    className={css({
                      fontSize: 'sm',
                      bg: 'bg.subtle',
                      padding: '3',
                      borderRadius: 'md',
                      whiteSpace: 'pre-wrap',
                    })}
                  >
                    <span className={css({ fontWeight: 'semibold' })}>
                      <Trans>Explanation:</Trans>
                    </span>{' '}
                    <bdi>{f.explanation}</bdi>
                  </p>
                ) : null}
              </li>
            );
          })}
        </ol>
      ) : null}
      <div>
        <Button variant="outline" onClick={onBack}>
          {quiz ? <Trans>Back to the quiz</Trans> : <Trans>Back to the learning path</Trans>}
        </Button>
      </div>
    </section>
  );
}
