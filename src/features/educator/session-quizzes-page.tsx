import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CardSectionHeader } from '@/components/ui/card-section';
import {
  cardTable,
  cardTableBody,
  cardTableCell,
  cardTableHead,
  cardTableHeaderCell,
  cardTableRow,
  LabelledCell,
} from '@/components/ui/card-table';
import { EmptyState } from '@/components/ui/empty-state';
import { LayersIcon } from '@/components/ui/icons';
import { PageContainer } from '@/components/ui/page';
import { Pager } from '@/components/ui/pager';
import { useMeridiem, zoneLabel } from '@/components/ui/schedule';
import { formatInstant } from '@/lib/classroom-time';
import { usePageTitle } from '@/lib/document-head';
import type { Settled } from '@/lib/load';
import { useErrorToast } from '@/lib/use-toast-once';
import type { components } from '@contract/schema';
import { SessionPageHeader } from './session-tabs';
import { formatPoints, useLocale } from './submission-grading';
import { QuizAnswers, useDuration } from './quiz-answers';

type SessionInfo = components['schemas']['SessionInfo'];
type AttemptPage = components['schemas']['PagedQuizAttemptResult'];

/** The quiz results table's column names. */
const columnLabels = [msg`Learner`, msg`Quiz`, msg`Score`, msg`Time taken`, msg`Submitted`, msg`Answers`];

export interface SessionQuizzesData {
  session: SessionInfo;
  /** GET /sessions/{id}/quiz-attempts (one page), settled (a failure is shown on the page). */
  attempts: Settled<AttemptPage>;
}

/**
 * A session's quiz results (/dashboard/sessions/$sessionId/quizzes, educators and admins;
 * docs/classroom.md "Quiz results"): every quiz attempt of the session's learners, newest first,
 * as the submissions are shown (a table, cards on phones): learner, quiz, score out of the maximum
 * with In progress / Late marks, time taken, submitted at (session time zone), and the answers
 * right or wrong under a fold. Empty and failed-with-retry states; paged by 20.
 */
export function SessionQuizzesPage({
  data,
  onPage,
  onRetry,
}: {
  data: SessionQuizzesData;
  onPage: (page: number) => void;
  onRetry: () => Promise<unknown> | void;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const meridiem = useMeridiem();
  const duration = useDuration();
  const { session } = data;
  const title = session.course.title;
  usePageTitle(t`Quiz results of ${title}`);
  const failure = data.attempts.ok ? null : data.attempts.error;
  useErrorToast(failure, t`Could not get the quiz results`, failure?.serverMessage);
  const [retrying, setRetrying] = useState(false);
  const zone = zoneLabel(session.timezone);

  function when(iso: string): string {
    try {
      return formatInstant(iso, session.timezone, locale, meridiem);
    } catch {
      return iso;
    }
  }

  const header = <SessionPageHeader session={session} eyebrow={<Trans>Quiz results</Trans>} current="quizzes" />;

  if (!data.attempts.ok) {
    return (
      <PageContainer>
        {header}
        <EmptyState
          title={<Trans>Could not get the quiz results</Trans>}
          description={data.attempts.error.serverMessage ?? t`System error please try later !`}
          action={
            <Button
              loading={retrying}
              onClick={() => {
                setRetrying(true);
                void Promise.resolve(onRetry()).finally(() => setRetrying(false));
              }}
            >
              {t`Try again`}
            </Button>
          }
        />
      </PageContainer>
    );
  }

  const { items, total, page, pageSize } = data.attempts.data;
  return (
    <PageContainer>
      {header}
      {total === 0 ? (
        <EmptyState
          icon={<LayersIcon size={28} />}
          title={<Trans>No quiz attempts yet</Trans>}
          description={<Trans>The quizzes that learners take appear here with their scores and answers.</Trans>}
        />
      ) : (
        <Card as="section" aria-labelledby="quiz-results-title">
          <CardSectionHeader
            titleId="quiz-results-title"
            title={<Plural value={total} one="# quiz attempt" other="# quiz attempts" />}
            description={t`Times in ${zone} time.`}
          />
          <table role="table" className={cardTable} aria-labelledby="quiz-results-title">
            <thead role="rowgroup" className={cardTableHead}>
              <tr role="row">
                {columnLabels.map((label) => (
                  <th key={label.id} role="columnheader" scope="col" className={cardTableHeaderCell}>
                    {t(label)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody role="rowgroup" className={cardTableBody}>
              {items.map((a) => {
                const score = a.score === null ? null : formatPoints(a.score, locale);
                const max = formatPoints(a.maxScore, locale);
                return (
                  <tr key={a.id} role="row" className={cardTableRow} data-testid="quiz-attempt-row">
                    <th role="rowheader" scope="row" className={cx(cardTableCell, css({ fontWeight: 'semibold' }))}>
                      <bdi>{a.learner.name}</bdi>
                    </th>
                    <LabelledCell label={<Trans>Quiz</Trans>}>
                      <bdi>{a.lessonName}</bdi>
                    </LabelledCell>
                    <LabelledCell label={<Trans>Score</Trans>} className={css({ whiteSpace: { tablet: 'nowrap' } })}>
                      <span
                        className={css({ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: '1.5' })}
                      >
                        {score !== null ? (
                          <span className={css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })}>
                            {t`${score} / ${max}`}
                          </span>
                        ) : (
                          <StatusBadge status="IN_PROGRESS" />
                        )}
                        {a.late ? <Badge tone="red">{t`Late`}</Badge> : null}
                      </span>
                    </LabelledCell>
                    <LabelledCell label={<Trans>Time taken</Trans>}>
                      {a.durationSeconds === null ? '—' : duration(a.durationSeconds)}
                    </LabelledCell>
                    <LabelledCell
                      label={<Trans>Submitted</Trans>}
                      className={css({ whiteSpace: { tablet: 'nowrap' } })}
                    >
                      {a.submittedAt ? <time dateTime={a.submittedAt}>{when(a.submittedAt)}</time> : '—'}
                    </LabelledCell>
                    <LabelledCell label={<Trans>Answers</Trans>}>
                      <QuizAnswers answers={a.answers} />
                    </LabelledCell>
                  </tr>
                );
              })}
            </tbody>
          </table>
          <div className={css({ padding: '4' })}>
            <Pager page={page} pageSize={pageSize} total={total} onChange={onPage} />
          </div>
        </Card>
      )}
    </PageContainer>
  );
}
