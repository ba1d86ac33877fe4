import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CardSectionHeader } from '@/components/ui/card-section';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/field';
import { LayersIcon, ResetIcon } from '@/components/ui/icons';
import { PageContainer } from '@/components/ui/page';
import { Skeleton, Spinner, visuallyHidden } from '@/components/ui/spinner';
import { toaster } from '@/components/ui/toast';
import {
  cardTable,
  cardTableBody,
  cardTableCell,
  cardTableHead,
  cardTableHeaderCell,
  cardTableRow,
  LabelledCell,
} from '@/components/ui/card-table';
import { formatInstant } from '@/lib/classroom-time';
import { usePageTitle } from '@/lib/document-head';
import { useMeridiem, zoneLabel } from '@/components/ui/schedule';
import type { Api } from '@/lib/api/client';
import type { components } from '@contract/schema';
import {
  canReload,
  gradeFailure,
  gradingTarget,
  isLoading,
  isSavingGrade,
  loadFailed,
} from '@machines/grading.selectors';
import { createGradingActors } from '@machines/grading.actors';
import { gradingMachine } from '@machines/grading.machine';
import { SessionPageHeader } from './session-tabs';
import { useLocale, formatPoints, useLessonName, GradeDialog, SubmittedWork } from './submission-grading';
import {
  type StatusFilter,
  type SubmissionFilters,
  NO_FILTERS,
  isUngraded,
  visibleSubmissions,
  lessonsOf,
  statusOptions,
} from './submission-filters';

type SessionInfo = components['schemas']['SessionInfo'];

/** The submissions table's column names (the last column, the grade button, has a hidden one). */
const columnLabels = [msg`Learner`, msg`Lesson`, msg`Work`, msg`Submitted`, msg`Status`, msg`Grade`];

/** product.md#messages toasts of grading (English source strings, as the spec spells them). */
export const gradingToasts = {
  loadFailed: msg`Cannot get Submissions!`,
  saved: msg`Grade edited!`,
  saveFailed: msg`Cannot edit grade!`,
};

// A table on tablets and larger; below 768 px each row becomes a card (card-table.tsx).
const table = cardTable;
const thead = cardTableHead;
const tbody = cardTableBody;
const tr = cardTableRow;
const th = cardTableHeaderCell;
const td = cardTableCell;

/**
 * A session's submissions and grading (/dashboard/sessions/$sessionId/submissions, educators and
 * admins; product.md#screens "assignment submissions and grading", #messages toasts): every submission of the
 * session through the grading machine (GET /sessions/{id}/submissions, all pages), filtered by
 * lesson and status with ungraded ones first; "Grade" opens a dialog (grade 0 … points, comment;
 * PATCH /submissions/{id}) whose server errors (e.g. 422) stay in the dialog. Times are shown in
 * the session's time zone. Loading, empty, filtered-empty and failed-with-retry states.
 */
export function SessionSubmissionsPage({ session, api }: { session: SessionInfo; api: Api }) {
  const { t } = useLingui();
  const locale = useLocale();
  const meridiem = useMeridiem();
  const lessonName = useLessonName();
  const title = session.course.title;
  usePageTitle(t`Submissions of ${title}`);
  const machine = useMemo(() => gradingMachine.provide({ actors: createGradingActors(api) }), [api]);
  const [snapshot, send, actorRef] = useMachine(machine, { input: { sessionId: session.id } });
  const [filters, setFilters] = useState<SubmissionFilters>(NO_FILTERS);

  useEffect(() => {
    const subscriptions = [
      actorRef.on('submissions.failed', (e) =>
        toaster.create({
          title: t(gradingToasts.loadFailed),
          ...(e.error.message ? { description: e.error.message } : {}),
          type: 'error',
        }),
      ),
      actorRef.on('grade.saved', () => toaster.create({ title: t(gradingToasts.saved), type: 'success' })),
      actorRef.on('grade.failed', (e) =>
        toaster.create({
          title: t(gradingToasts.saveFailed),
          ...(e.error.message ? { description: e.error.message } : {}),
          type: 'error',
        }),
      ),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actorRef, t]);

  const { submissions, lastSaved } = snapshot.context;
  const loading = isLoading(snapshot);
  const failed = loadFailed(snapshot);
  const lessons = useMemo(() => lessonsOf(submissions), [submissions]);
  const visible = useMemo(() => visibleSubmissions(submissions, filters), [submissions, filters]);
  const ungraded = submissions.filter(isUngraded).length;
  const editing = gradingTarget(snapshot);
  const zone = zoneLabel(session.timezone);
  const reloadable = canReload(snapshot);

  function when(iso: string): string {
    try {
      return formatInstant(iso, session.timezone, locale, meridiem);
    } catch {
      return iso;
    }
  }

  return (
    <PageContainer>
      <SessionPageHeader
        session={session}
        eyebrow={<Trans>Submissions and grading</Trans>}
        current="submissions"
        actions={
          <Button
            variant="outline"
            startIcon={<ResetIcon />}
            loading={loading}
            disabled={!reloadable}
            onClick={() => send({ type: 'submissions.reloaded' })}
          >
            <Trans>Refresh</Trans>
          </Button>
        }
      />

      {loading && submissions.length === 0 ? (
        <Card className={css({ padding: '6', display: 'flex', flexDirection: 'column', gap: '3' })} aria-busy>
          <Spinner label={t`Loading submissions…`} />
          <Skeleton height="2.5rem" />
          <Skeleton height="2.5rem" />
          <Skeleton height="2.5rem" />
        </Card>
      ) : failed ? (
        <EmptyState
          title={<Trans>Cannot get Submissions!</Trans>}
          description={snapshot.context.loadError?.message ?? t`System error please try later !`}
          action={<Button onClick={() => send({ type: 'submissions.retried' })}>{t`Try again`}</Button>}
        />
      ) : submissions.length === 0 ? (
        <EmptyState
          icon={<LayersIcon size={28} />}
          title={<Trans>No submissions yet</Trans>}
          description={<Trans>Assignments and programming assignments that learners hand in appear here.</Trans>}
        />
      ) : (
        <Card as="section" aria-labelledby="submissions-title" aria-busy={loading || undefined}>
          <CardSectionHeader
            titleId="submissions-title"
            title={<Plural value={submissions.length} one="# submission" other="# submissions" />}
            description={
              <>
                <Plural value={ungraded} _0="Everything is graded." one="# to grade" other="# to grade" /> ·{' '}
                {t`Times in ${zone} time.`}
              </>
            }
            align="end"
            actions={
              <div
                role="group"
                aria-label={t`Filter submissions`}
                className={css({
                  display: 'grid',
                  gridTemplateColumns: { base: '1fr', tablet: 'repeat(2, minmax(12rem, 1fr))' },
                  gap: '3',
                  width: { base: 'full', tablet: 'auto' },
                })}
              >
                <SelectField
                  label={t`Lesson`}
                  value={String(filters.lesson)}
                  onChange={(e) =>
                    setFilters((f) => ({ ...f, lesson: e.target.value === 'all' ? 'all' : Number(e.target.value) }))
                  }
                >
                  <option value="all">{t`All lessons`}</option>
                  {lessons.map((l) => (
                    <option key={l.id} value={l.id}>
                      {lessonName({ assignmentId: l.id, assignmentName: l.name ?? undefined })}
                    </option>
                  ))}
                </SelectField>
                <SelectField
                  label={t`Status`}
                  value={filters.status}
                  onChange={(e) => setFilters((f) => ({ ...f, status: e.target.value as StatusFilter }))}
                >
                  {statusOptions.map((o) => (
                    <option key={o.value} value={o.value}>
                      {t(o.label)}
                    </option>
                  ))}
                </SelectField>
              </div>
            }
          />

          {visible.length === 0 ? (
            <EmptyState
              className={css({ margin: '4', borderStyle: 'dashed' })}
              title={<Trans>No submission matches these filters</Trans>}
              action={
                <Button variant="outline" onClick={() => setFilters(NO_FILTERS)}>
                  <Trans>Clear filters</Trans>
                </Button>
              }
            />
          ) : (
            <table role="table" className={table} aria-labelledby="submissions-title">
              <thead role="rowgroup" className={thead}>
                <tr role="row">
                  {columnLabels.map((label) => (
                    <th key={label.id} role="columnheader" scope="col" className={th}>
                      {t(label)}
                    </th>
                  ))}
                  <th role="columnheader" scope="col" className={th}>
                    <span className={visuallyHidden}>
                      <Trans>Actions</Trans>
                    </span>
                  </th>
                </tr>
              </thead>
              <tbody role="rowgroup" className={tbody}>
                {visible.map((s) => {
                  const name = s.learner.name;
                  const lesson = lessonName(s);
                  const grade = s.grade === null ? null : formatPoints(s.grade, locale);
                  const points = formatPoints(s.points, locale);
                  return (
                    <tr
                      key={s.id}
                      role="row"
                      className={tr}
                      data-testid="submission-row"
                      {...(lastSaved === s.id ? { 'data-saved': '' } : {})}
                    >
                      <th role="rowheader" scope="row" className={cx(td, css({ fontWeight: 'semibold' }))}>
                        <bdi>{name}</bdi>
                      </th>
                      <LabelledCell label={<Trans>Lesson</Trans>}>
                        <bdi>{lesson}</bdi>
                      </LabelledCell>
                      <LabelledCell label={<Trans>Work</Trans>}>
                        <SubmittedWork submission={s} />
                      </LabelledCell>
                      <LabelledCell
                        label={<Trans>Submitted</Trans>}
                        className={css({ whiteSpace: { tablet: 'nowrap' } })}
                      >
                        <time dateTime={s.submittedAt}>{when(s.submittedAt)}</time>
                      </LabelledCell>
                      <LabelledCell label={<Trans>Status</Trans>}>
                        <span className={css({ display: 'inline-flex', flexWrap: 'wrap', gap: '1.5' })}>
                          <StatusBadge status={s.status} />
                          {s.late ? <Badge tone="red">{t`Late`}</Badge> : null}
                        </span>
                      </LabelledCell>
                      <LabelledCell
                        label={<Trans>Grade</Trans>}
                        className={css({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' })}
                      >
                        {grade !== null ? (
                          <span className={css({ fontWeight: 'semibold' })}>{t`${grade} / ${points}`}</span>
                        ) : (
                          <span className={css({ color: 'fg.muted' })}>{t`Not graded (out of ${points})`}</span>
                        )}
                      </LabelledCell>
                      <td role="cell" className={cx(td, css({ textAlign: { tablet: 'end' } }))}>
                        <Button
                          size="sm"
                          variant={grade === null ? 'solid' : 'outline'}
                          onClick={() => send({ type: 'grading.opened', submissionId: s.id })}
                        >
                          {grade === null ? <Trans>Add grade</Trans> : <Trans>Edit grade</Trans>}
                          <span className={visuallyHidden}> {t`(${name}, ${lesson})`}</span>
                        </Button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          )}
        </Card>
      )}

      {editing ? (
        <GradeDialog
          key={editing.id}
          submission={editing}
          lessonName={lessonName(editing)}
          draft={snapshot.context.draft}
          issues={snapshot.context.issues}
          saveError={gradeFailure(snapshot)}
          busy={isSavingGrade(snapshot)}
          onSubmit={(draft) => send({ type: 'grading.submitted', grade: draft.grade, comment: draft.comment })}
          onClose={() => send({ type: 'grading.closed' })}
        />
      ) : null}
    </PageContainer>
  );
}
