import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRouteContext } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/alert';
import type { Api } from '@/lib/api/client';
import {
  attemptsFailed,
  hasUnsavedAnswers,
  isLoading,
  isLoadingAttempts,
  isStarting,
  selectQuizView,
  startFailed,
} from '@machines/quiz.selectors';
import { createQuizActions, createQuizActors } from '@machines/quiz.actors';
import { quizMachine } from '@machines/quiz.machine';
import type { QuizAttempt } from '@machines/quiz.types';
import { type ClassroomLessonDetail } from '../content-lessons';
import { LessonHtml } from '@/components/ui/rich-text';
import { stack, panel, row, sectionTitle, kindOf, useFailureText } from './quiz-parts';
import { AnsweringView } from './quiz-answering';
import { ResultView, AttemptHistory } from './quiz-results';

/**
 * A quiz or learning-path lesson for its learner (docs/classroom.md "Quiz attempts",
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
      {lesson.contentHtml ? <LessonHtml html={lesson.contentHtml} /> : null}
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
      {lesson.contentHtml ? <LessonHtml html={lesson.contentHtml} /> : null}
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
