import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRouteContext } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { css, cx } from 'styled-system/css';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { AlertIcon, CheckCircleIcon, ChevronEndIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { FormAlert } from '@/components/ui/alert';
import { AppDialog } from '@/components/ui/dialog';
import { useMeridiem } from '@/components/ui/schedule';
import { browserTimeZone } from '@/lib/time-slots';
import type { Api } from '@/lib/api/client';
import {
  type QuizSnapshot,
  attemptsFailed,
  hasUnsavedAnswers,
  isConfirmingSubmit,
  isLoading,
  isLoadingAttempts,
  isSaving,
  isStarting,
  isSubmitting,
  saveFailed,
  selectQuizView,
  startFailed,
} from '@machines/quiz.selectors';
import { createQuizActions, createQuizActors } from '@machines/quiz.actors';
import { type QuizFailure, isAnswered, quizMachine, unansweredCount } from '@machines/quiz.machine';
import type { QuizAnswer, QuizAttempt, QuizFeedback, QuizKind, QuizQuestion } from '@machines/quiz.types';
import { formatInstant } from '@/lib/classroom-time';
import { richText, type ClassroomLessonDetail } from '../content-lessons';
import { useUiLocale } from '../meeting';
import { QuizCountdown, QuizQuestionView } from './quiz-question';

const stack = css({ display: 'flex', flexDirection: 'column', gap: '4' });
const panel = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '4',
  padding: { base: '4', tablet: '6' },
  borderRadius: 'xl',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  minWidth: 0,
});
const row = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '3' });
const sectionTitle = css({ fontSize: 'lg', fontWeight: 'bold' });
/** An icon pointing to the inline start (previous), mirrored in RTL. */
const towardsStart = css({ transform: 'scaleX(-1)', _rtl: { transform: 'none' } });
const towardsEnd = css({ _rtl: { transform: 'scaleX(-1)' } });

/** Attempt kind of a lesson type: `learningObjective` lessons are learning paths. */
function kindOf(lesson: ClassroomLessonDetail): QuizKind {
  return lesson.lesson.type.code === 'learningObjective' ? 'LEARNING_PATH' : 'QUIZ';
}

/** The message of a failed call: the server's (e.g. 409 "The deadline for this lesson has passed") or a generic one. */
function useFailureText() {
  const { t } = useLingui();
  return (failure: QuizFailure | null) =>
    failure?.message ??
    (failure?.status === 0 || failure?.status === undefined
      ? t`Check your connection and try again.`
      : t`System error please try later !`);
}

/** How an answer reads: option texts, True/False, the text, or "No answer". */
function useAnswerText() {
  const { t } = useLingui();
  const locale = useUiLocale();
  return (question: QuizQuestion, answer: QuizAnswer | undefined): string => {
    if (!isAnswered(answer)) return t`No answer`;
    if (typeof answer === 'boolean') return answer ? t`True` : t`False`;
    if (Array.isArray(answer)) {
      const texts = answer.map((id) => question.options.find((o) => o.id === id)?.text ?? id);
      try {
        return new Intl.ListFormat(locale, { type: 'conjunction' }).format(texts);
      } catch {
        return texts.join(', ');
      }
    }
    return String(answer);
  };
}

/** A number as the UI locale writes it (scores may have 2 decimals). */
function useNumber() {
  const locale = useUiLocale();
  return (value: number) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value);
}

/**
 * A quiz or learning-path lesson for its learner (issue #5; docs/classroom.md "Quiz attempts",
 * "Grading", "Browser storage"), driven by `quizMachine`:
 * - intro: the lesson's text, question count, points, time limit and the learner's previous
 *   attempts with their scores (`GET …/attempts`); "Start" / "Resume" (`POST …/attempts`);
 * - answering: one question at a time ("Question 2 of 5", a progress bar, a numbered question
 *   list to jump), radio buttons (SINGLE, TRUE_FALSE), checkboxes (MULTIPLE) or a text field
 *   (SHORT_ANSWER), the question's picture; answers and the position are saved in the background
 *   (indicator with "Retry"), the position also in `localStorage`; a timed quiz shows a countdown
 *   (announced politely at milestones) and is submitted by itself when the time is up;
 * - a confirmation with the number of unanswered questions before submitting;
 * - result: the score and, per question, correct or not, the learner's answer, the correct answer
 *   and the explanation (`POST /quiz-attempts/{id}/submit`).
 * A learning path shows its steps with Previous / Next and "Finish" (DONE, no score).
 * Failures show the server's message (e.g. 409 "The deadline for this lesson has passed").
 *
 * `api` defaults to the router context's client; `learner` false (educators, admins) shows the
 * overview without starting anything; `onSubmitted` receives the graded attempt.
 */
export function QuizLesson({
  sessionId,
  lesson,
  api: apiProp,
  learner = true,
  onSubmitted,
  now,
}: {
  sessionId: number;
  lesson: ClassroomLessonDetail;
  api?: Api;
  learner?: boolean;
  onSubmitted?: (attempt: QuizAttempt) => void;
  /** The clock of the countdown (tests). */
  now?: () => number;
}) {
  const routeApi = useRouteContext({ from: '__root__', select: (context) => (context as { api?: Api }).api });
  const api = apiProp ?? routeApi;
  if (!learner || !api) return <QuizOverview lesson={lesson} />;
  return (
    <QuizPlayer
      key={`${sessionId}-${lesson.lesson.id}`}
      api={api}
      sessionId={sessionId}
      lesson={lesson}
      onSubmitted={onSubmitted}
      now={now}
    />
  );
}

/** The facts of a quiz: questions, points, time limit (and the lesson's text). */
function QuizFacts({ lesson }: { lesson: ClassroomLessonDetail }) {
  const { t } = useLingui();
  const quiz = kindOf(lesson) === 'QUIZ';
  const count = lesson.questionCount;
  const points = lesson.lesson.points;
  const minutes = lesson.timeLimitMinutes;
  const item = css({ display: 'flex', flexDirection: 'column', gap: '0.5', minWidth: '7rem' });
  const term = css({ fontSize: 'xs', color: 'fg.muted', textTransform: 'uppercase', letterSpacing: 'wide' });
  const value = css({ fontWeight: 'semibold' });
  return (
    <dl className={css({ display: 'flex', flexWrap: 'wrap', gap: '6' })}>
      <div className={item}>
        <dt className={term}>{quiz ? <Trans>Questions</Trans> : <Trans>Steps</Trans>}</dt>
        <dd className={value}>{count}</dd>
      </div>
      {quiz && points !== null ? (
        <div className={item}>
          <dt className={term}>
            <Trans>Points</Trans>
          </dt>
          <dd className={value}>{points}</dd>
        </div>
      ) : null}
      {quiz ? (
        <div className={item}>
          <dt className={term}>
            <Trans>Time limit</Trans>
          </dt>
          <dd className={value}>
            {minutes ? plural(minutes, { one: '# minute', other: '# minutes' }) : t`No time limit`}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** What educators and admins see: the lesson's text and facts (only learners take attempts). */
function QuizOverview({ lesson }: { lesson: ClassroomLessonDetail }) {
  const quiz = kindOf(lesson) === 'QUIZ';
  return (
    <div className={stack}>
      {lesson.contentHtml ? (
        <div dir="auto" className={richText} dangerouslySetInnerHTML={{ __html: lesson.contentHtml }} />
      ) : null}
      <div className={panel}>
        <QuizFacts lesson={lesson} />
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
          {quiz ? (
            <Trans>Learners take this quiz here; it is graded when they submit it.</Trans>
          ) : (
            <Trans>Learners follow this learning path here.</Trans>
          )}
        </p>
      </div>
    </div>
  );
}

function QuizPlayer({
  api,
  sessionId,
  lesson,
  onSubmitted,
  now,
}: {
  api: Api;
  sessionId: number;
  lesson: ClassroomLessonDetail;
  onSubmitted?: ((attempt: QuizAttempt) => void) | undefined;
  now?: (() => number) | undefined;
}) {
  const { t } = useLingui();
  const failureText = useFailureText();
  const machine = useMemo(
    () => quizMachine.provide({ actors: createQuizActors(api), actions: createQuizActions() }),
    [api],
  );
  const [snapshot, send, actorRef] = useMachine(machine, {
    input: { sessionId, lessonId: lesson.lesson.id, kind: kindOf(lesson) },
  });
  const submittedRef = useRef(onSubmitted);
  submittedRef.current = onSubmitted;

  useEffect(() => {
    const subscription = actorRef.on('quiz.submitted', (e) => submittedRef.current?.(e.attempt));
    return () => subscription.unsubscribe();
  }, [actorRef]);

  // An answer given less than a moment ago may not be on the server yet (saves are debounced,
  // SAVE_DEBOUNCE_MS): reloading or closing the tab then makes the browser ask first.
  const unsaved = hasUnsavedAnswers(snapshot);
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const c = snapshot.context;
  const quiz = (c.attempt?.kind ?? c.kind) === 'QUIZ';

  const view = selectQuizView(snapshot);
  if (view === 'answering') {
    return <AnsweringView snapshot={snapshot} send={send} now={now} />;
  }
  if (view === 'result') {
    return <ResultView attempt={c.attempt!} timeUp={c.timeUp} onBack={() => send({ type: 'quiz.back' })} />;
  }
  if (view === 'submitFailed') {
    return (
      <div className={panel}>
        <FormAlert
          title={quiz ? <Trans>Cannot submit the quiz</Trans> : <Trans>Cannot finish the learning path</Trans>}
        >
          {failureText(c.error)}
        </FormAlert>
        <div className={row}>
          <Button onClick={() => send({ type: 'quiz.submitRetried' })}>
            <Trans>Try again</Trans>
          </Button>
          <Button variant="outline" onClick={() => send({ type: 'quiz.back' })}>
            <Trans>Back to the overview</Trans>
          </Button>
        </div>
      </div>
    );
  }

  // loadingAttempts, attemptsFailed, intro, starting, startFailed: the overview.
  const attempts = c.attempts;
  const open = attempts.find((a) => a.status === 'IN_PROGRESS');
  const startLabel = quiz
    ? open
      ? t`Resume the quiz`
      : attempts.length
        ? t`Start a new attempt`
        : t`Start the quiz`
    : open
      ? t`Continue the learning path`
      : attempts.length
        ? t`Start again`
        : t`Start the learning path`;
  return (
    <div className={stack}>
      {lesson.contentHtml ? (
        <div dir="auto" className={richText} dangerouslySetInnerHTML={{ __html: lesson.contentHtml }} />
      ) : null}
      <section aria-labelledby="quiz-intro-title" className={panel}>
        <h2 id="quiz-intro-title" className={sectionTitle}>
          {quiz ? <Trans>About this quiz</Trans> : <Trans>About this learning path</Trans>}
        </h2>
        <QuizFacts lesson={lesson} />
        {quiz && lesson.timeLimitMinutes ? (
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            <Trans>
              The timer starts when you begin and keeps running if you leave. When the time is up, your answers are
              submitted.
            </Trans>
          </p>
        ) : null}
        {startFailed(snapshot) ? (
          <FormAlert
            title={quiz ? <Trans>Cannot start the quiz</Trans> : <Trans>Cannot start the learning path</Trans>}
          >
            {failureText(c.error)}
          </FormAlert>
        ) : null}
        {attemptsFailed(snapshot) ? (
          <FormAlert title={<Trans>Cannot load your attempts</Trans>}>{failureText(c.error)}</FormAlert>
        ) : null}
        <div className={row}>
          {attemptsFailed(snapshot) ? (
            <Button onClick={() => send({ type: 'quiz.retried' })}>
              <Trans>Try again</Trans>
            </Button>
          ) : (
            <Button size="lg" loading={isLoading(snapshot)} onClick={() => send({ type: 'quiz.started' })}>
              {startLabel}
            </Button>
          )}
          {isStarting(snapshot) ? (
            <span aria-live="polite" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
              {quiz ? <Trans>Preparing your quiz…</Trans> : <Trans>Preparing your learning path…</Trans>}
            </span>
          ) : null}
        </div>
      </section>
      <AttemptHistory attempts={attempts} loading={isLoadingAttempts(snapshot)} quiz={quiz} />
    </div>
  );
}

/** The learner's attempts, newest first: when, and the score (or finished / in progress). */
function AttemptHistory({ attempts, loading, quiz }: { attempts: QuizAttempt[]; loading: boolean; quiz: boolean }) {
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
      <ol className={css({ display: 'flex', flexDirection: 'column', gap: '2', listStyle: 'none', padding: 0 })}>
        {attempts.map((a) => {
          const score = a.score === null ? null : num(a.score);
          const max = num(a.maxScore);
          const started = when(a.submittedAt ?? a.startedAt);
          return (
            <li
              key={a.id}
              data-testid="quiz-attempt"
              className={css({
                display: 'flex',
                flexWrap: 'wrap',
                justifyContent: 'space-between',
                alignItems: 'center',
                gap: '2',
                padding: '3',
                borderRadius: 'lg',
                borderWidth: '1px',
                borderColor: 'border.default',
              })}
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

function AnsweringView({
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
          <ol className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', listStyle: 'none', padding: 0 })}>
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

/** The graded attempt: score, then per question correct or not, the answers and the explanation. */
function ResultView({ attempt, timeUp, onBack }: { attempt: QuizAttempt; timeUp: boolean; onBack: () => void }) {
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
        <ol className={css({ display: 'flex', flexDirection: 'column', gap: '3', listStyle: 'none', padding: 0 })}>
          {graded.map((q) => {
            const f = feedback.get(q.id)!;
            const n = attempt.questions.indexOf(q) + 1;
            const awarded = num(f.pointsAwarded);
            const points = num(f.points);
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
                    <span
                      className={css({ fontSize: 'sm', color: 'fg.muted' })}
                    >{t`${awarded} / ${points} points`}</span>
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
