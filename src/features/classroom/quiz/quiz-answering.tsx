import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { css, cx } from 'styled-system/css';
import { plainList } from 'styled-system/recipes';
import { Button } from '@/components/ui/button';
import { AlertIcon, CheckCircleIcon, ChevronEndIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { AppDialog } from '@/components/ui/dialog';
import { type QuizSnapshot, isConfirmingSubmit, isSaving, isSubmitting, saveFailed } from '@machines/quiz.selectors';
import { isAnswered, quizMachine, unansweredCount } from '@machines/quiz.machine';
import { QuizCountdown, QuizQuestionView } from './quiz-question';
import { stack, panel, row, sectionTitle, towardsStart, towardsEnd } from './quiz-parts';

type QuizSend = ReturnType<typeof useMachine<typeof quizMachine>>[1];

/** The save indicator: saving, saved, or not saved with "Retry" (a polite live region). */
function SaveStatus({ snapshot, send }: { snapshot: QuizSnapshot; send: QuizSend }) {
  const failed = saveFailed(snapshot);
  const busy = isSaving(snapshot);
  const dirty = snapshot.context.dirty.length > 0;
  return (
    <div
      role="status"
      className={css({
        display: 'inline-flex',
        alignItems: 'center',
        gap: '2',
        fontSize: 'sm',
        color: failed ? 'error.strong' : 'fg.muted',
      })}
    >
      {failed ? (
        <>
          <AlertIcon size={16} aria-hidden="true" />
          <span>
            <Trans>Your answer is not saved yet.</Trans>
          </span>
          <Button size="sm" variant="outline" onClick={() => send({ type: 'quiz.saveRetried' })}>
            <Trans>Retry</Trans>
          </Button>
        </>
      ) : busy && dirty ? (
        <>
          <Spinner size="sm" decorative />
          <span>
            <Trans>Saving…</Trans>
          </span>
        </>
      ) : !dirty ? (
        <>
          <CheckCircleIcon size={16} aria-hidden="true" />
          <span>
            <Trans>All answers saved</Trans>
          </span>
        </>
      ) : null}
    </div>
  );
}

/** The quiz while it is answered: the questions, the timer, the save status and the submit button. */
export function AnsweringView({
  snapshot,
  send,
  now,
}: {
  snapshot: QuizSnapshot;
  send: QuizSend;
  now?: (() => number) | undefined;
}) {
  const { t } = useLingui();
  const c = snapshot.context;
  const attempt = c.attempt!;
  const questions = attempt.questions;
  const total = questions.length;
  const index = c.index;
  const question = questions[index]!;
  const number = index + 1;
  const quiz = attempt.kind === 'QUIZ';
  const submitting = isSubmitting(snapshot);
  const last = index === total - 1;
  const unanswered = unansweredCount(c);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // Moving to another question puts focus on its heading (screen readers read the new question).
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [index]);

  const positionLabel = quiz ? t`Question ${number} of ${total}` : t`Step ${number} of ${total}`;

  return (
    <section aria-labelledby="quiz-question-title" aria-busy={submitting || undefined} className={stack}>
      <div className={cx(row, css({ justifyContent: 'space-between' }))}>
        <SaveStatus snapshot={snapshot} send={send} />
        {attempt.deadlineAt && !submitting ? (
          <QuizCountdown deadlineAt={attempt.deadlineAt} {...(now ? { now } : {})} />
        ) : null}
      </div>
      <div className={stack}>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
          <h2
            id="quiz-question-title"
            ref={headingRef}
            tabIndex={-1}
            className={cx(sectionTitle, css({ outline: 'none' }))}
          >
            {positionLabel}
          </h2>
          <div
            role="progressbar"
            aria-label={quiz ? t`Quiz progress` : t`Learning path progress`}
            aria-valuemin={1}
            aria-valuemax={total}
            aria-valuenow={number}
            aria-valuetext={positionLabel}
            className={css({ height: '2', borderRadius: 'full', bg: 'bg.subtle', overflow: 'hidden' })}
          >
            <div
              className={css({ height: 'full', bg: 'primary.strong', transition: 'width 200ms' })}
              style={{ width: `${(number / total) * 100}%` }}
            />
          </div>
        </div>
        <nav aria-label={quiz ? t`Questions` : t`Steps`}>
          <ol className={plainList({ direction: 'row', gap: '2' })}>
            {questions.map((q, i) => {
              const n = i + 1;
              const answered = q.kind !== 'STEP' && isAnswered(c.answers[String(q.id)]);
              const current = i === index;
              return (
                <li key={q.id}>
                  <button
                    type="button"
                    aria-current={current ? 'step' : undefined}
                    aria-label={answered ? t`Question ${n}, answered` : quiz ? t`Question ${n}` : t`Step ${n}`}
                    disabled={submitting}
                    onClick={() => send({ type: 'quiz.jumped', index: i })}
                    className={css({
                      width: '9',
                      height: '9',
                      borderRadius: 'md',
                      borderWidth: '1px',
                      fontSize: 'sm',
                      fontWeight: 'semibold',
                      cursor: 'pointer',
                      borderColor: current ? 'primary.strong' : 'border.default',
                      bg: current ? 'primary.strong' : answered ? 'primary.subtle' : 'bg.surface',
                      color: current ? 'white' : 'fg.default',
                      _focusVisible: { outline: '3px solid {colors.primary.strong}', outlineOffset: '2px' },
                      _disabled: { opacity: 0.55, cursor: 'not-allowed' },
                    })}
                  >
                    {n}
                  </button>
                </li>
              );
            })}
          </ol>
        </nav>
        <div className={panel} data-testid="quiz-question">
          <QuizQuestionView
            key={question.id}
            question={question}
            number={number}
            answer={c.answers[String(question.id)]}
            disabled={submitting}
            onAnswer={(answer) => send({ type: 'quiz.answered', questionId: question.id, answer })}
          />
        </div>
        <div className={cx(row, css({ justifyContent: 'space-between' }))}>
          <Button
            variant="outline"
            disabled={index === 0 || submitting}
            startIcon={<ChevronEndIcon size={16} className={towardsStart} />}
            onClick={() => send({ type: 'quiz.previous' })}
          >
            <Trans>Previous</Trans>
          </Button>
          {last ? (
            <Button loading={submitting} onClick={() => send({ type: 'quiz.submitRequested' })}>
              {quiz ? <Trans>Submit the quiz</Trans> : <Trans>Finish</Trans>}
            </Button>
          ) : (
            <Button disabled={submitting} onClick={() => send({ type: 'quiz.next' })}>
              <Trans>Next</Trans>
              <ChevronEndIcon size={16} className={towardsEnd} />
            </Button>
          )}
        </div>
        {quiz && !last ? (
          <div>
            <Button
              variant="ghost"
              size="sm"
              disabled={submitting}
              onClick={() => send({ type: 'quiz.submitRequested' })}
            >
              <Trans>Submit now</Trans>
            </Button>
          </div>
        ) : null}
        {submitting ? (
          <p aria-live="polite" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            {c.timeUp ? (
              <Trans>Time is up. Submitting your answers…</Trans>
            ) : quiz ? (
              <Trans>Submitting your answers…</Trans>
            ) : (
              <Trans>Finishing…</Trans>
            )}
          </p>
        ) : null}
      </div>
      <AppDialog
        open={isConfirmingSubmit(snapshot)}
        onClose={() => send({ type: 'quiz.submitCancelled' })}
        role="alertdialog"
        size="sm"
        title={<Trans>Submit your answers?</Trans>}
        description={
          <>
            {unanswered > 0
              ? plural(unanswered, { one: '# question is not answered.', other: '# questions are not answered.' })
              : t`All questions are answered.`}{' '}
            <Trans>You cannot change your answers after submitting.</Trans>
          </>
        }
        footer={
          <>
            <Button variant="outline" onClick={() => send({ type: 'quiz.submitCancelled' })}>
              <Trans>Keep answering</Trans>
            </Button>
            <Button onClick={() => send({ type: 'quiz.submitConfirmed' })}>
              <Trans>Submit</Trans>
            </Button>
          </>
        }
      />
    </section>
  );
}
