import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { css, cx } from 'styled-system/css';
import {
  type AttendanceChange,
  type MeetingAttendanceLearner,
  attendanceTakingMachine,
} from '@machines/attendance-taking.machine';
import { createAttendanceTakingActors } from '@machines/attendance-taking.actors';
import {
  historyOf,
  isLoading,
  isSaving,
  loadFailure,
  meetingOf,
  noteEditor,
  noteError,
  saveFailure,
  savingLearnerId,
  unmarkedCount,
} from '@machines/attendance-taking.selectors';
import { FormAlert, SectionError } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextareaField } from '@/components/ui/field';
import { Skeleton, Spinner } from '@/components/ui/spinner';
import { toaster } from '@/components/ui/toast';
import { cardListRow } from '@/components/ui/card-section';
import type { Api } from '@/lib/api/client';
import { AttendanceStatusControl, attendanceStatusLabels } from './attendance-status-control';

/**
 * Taking attendance at one meeting occurrence (the educator's Attendance tab; docs/classroom.md
 * "Taking attendance"), driven by the attendance-taking machine: a card per learner (no table, so
 * nothing scrolls sideways at 360 px) with the join click, the status chooser (saved when chosen),
 * the note (edited in place), who marked it, and a "History" disclosure of the changes; "Mark all
 * unmarked as present"; loading, load-failure (retry), saving, conflict (reload) and failure
 * (retry/dismiss) states. `when` formats an instant in the session's zone; `onSaved` refreshes the
 * page's figures after a change.
 */
export function AttendanceTaking({
  api,
  sessionId,
  lessonId,
  date,
  when,
  onSaved,
}: {
  api: Api;
  sessionId: number;
  lessonId: number;
  date: string;
  when: (iso: string) => string;
  onSaved: () => void;
}) {
  const { t } = useLingui();
  const machine = useMemo(() => attendanceTakingMachine.provide({ actors: createAttendanceTakingActors(api) }), [api]);
  const [snapshot, send, actorRef] = useMachine(machine, { input: { sessionId, lessonId, date } });

  useEffect(() => {
    const sub = actorRef.on('saved', (e) => {
      toaster.create({
        title: plural(e.learners, { one: 'Attendance saved.', other: 'Attendance of # learners saved.' }),
        type: 'success',
      });
      onSaved();
    });
    return () => sub.unsubscribe();
  }, [actorRef, onSaved]);

  const failed = loadFailure(snapshot);
  if (failed) {
    return (
      <div className={css({ padding: '4' })}>
        <SectionError
          title={<Trans>Could not get this meeting's attendance !</Trans>}
          error={failed}
          onRetry={() => send({ type: 'retry' })}
        />
      </div>
    );
  }
  const meeting = meetingOf(snapshot);
  if (isLoading(snapshot) || !meeting) {
    return (
      <div className={css({ padding: '4', display: 'flex', flexDirection: 'column', gap: '3' })} aria-busy="true">
        <Spinner label={t`Loading the meeting's attendance…`} />
        <Skeleton className={css({ height: '16' })} />
        <Skeleton className={css({ height: '16' })} />
      </div>
    );
  }

  const saving = isSaving(snapshot);
  const savingId = savingLearnerId(snapshot);
  const editor = noteEditor(snapshot);
  const editorError = noteError(snapshot);
  const failure = saveFailure(snapshot);
  const unmarked = unmarkedCount(snapshot);
  const lateAfter = when(meeting.lateAfter);

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3', paddingBlock: '3' })}>
      <div
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          gap: '3',
          alignItems: 'center',
          justifyContent: 'space-between',
          paddingInline: '4',
        })}
      >
        <p className={css({ fontSize: 'sm', color: 'fg.muted', minWidth: 0 })}>
          <Trans>
            Prefilled from the Join clicks: a join after {lateAfter} is late; no join once the meeting is over is
            absent. Your mark wins.
          </Trans>
        </p>
        <Button
          variant="outline"
          size="sm"
          disabled={unmarked === 0 || saving}
          loading={snapshot.matches({ ready: 'savingBulk' })}
          onClick={() => send({ type: 'bulk.present' })}
        >
          {plural(unmarked, {
            0: 'Mark all unmarked as present',
            one: 'Mark # unmarked as present',
            other: 'Mark all # unmarked as present',
          })}
        </Button>
      </div>

      {failure && (
        <div className={css({ paddingInline: '4' })}>
          <FormAlert
            title={
              failure.code === 'save.conflict' ? (
                <Trans>Someone else changed this mark</Trans>
              ) : (
                <Trans>The attendance was not saved</Trans>
              )
            }
          >
            <p>{failure.message ?? t`We could not reach the server. Check your connection and try again.`}</p>
            <div className={css({ display: 'flex', gap: '2', marginBlockStart: '2', flexWrap: 'wrap' })}>
              {failure.code === 'save.conflict' ? (
                <Button size="sm" onClick={() => send({ type: 'reload' })}>
                  <Trans>Reload the list</Trans>
                </Button>
              ) : (
                <>
                  <Button size="sm" onClick={() => send({ type: 'retry' })}>
                    <Trans>Try again</Trans>
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => send({ type: 'dismissed' })}>
                    <Trans>Dismiss</Trans>
                  </Button>
                </>
              )}
            </div>
          </FormAlert>
        </div>
      )}

      {meeting.learners.length === 0 ? (
        <p className={css({ paddingInline: '4', fontSize: 'sm', color: 'fg.muted' })}>
          <Trans>No learner has enrolled yet</Trans>
        </p>
      ) : (
        <ul className={css({ listStyle: 'none', padding: 0 })} aria-label={t`Learners`}>
          {meeting.learners.map((row) => (
            <LearnerMark
              key={row.learner.id}
              row={row}
              history={historyOf(snapshot, row.learner.id)}
              when={when}
              disabled={saving || failure !== null || editor !== null}
              saving={savingId === row.learner.id}
              note={editor?.learnerId === row.learner.id ? editor.draft : null}
              noteError={
                editor?.learnerId === row.learner.id && editorError ? t`Choose a status before adding a note.` : null
              }
              send={send}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

type Send = ReturnType<typeof useMachine<typeof attendanceTakingMachine>>[1];

/** One learner's card: name, join, status chooser, note and history. */
function LearnerMark({
  row,
  history,
  when,
  disabled,
  saving,
  note,
  noteError,
  send,
}: {
  row: MeetingAttendanceLearner;
  history: AttendanceChange[];
  when: (iso: string) => string;
  disabled: boolean;
  saving: boolean;
  /** The note's draft while it is being edited, else null. */
  note: string | null;
  noteError: string | null;
  send: Send;
}) {
  const { t } = useLingui();
  const name = row.learner.name;
  const id = row.learner.id;
  const joined = row.joinedAt ? when(row.joinedAt) : null;
  const markedBy = row.markedBy?.name ?? '';
  const markedAt = row.markedAt ? when(row.markedAt) : '';
  return (
    <li
      data-testid="attendance-mark"
      className={cx(cardListRow, css({ display: 'flex', flexDirection: 'column', gap: '2.5', minWidth: 0 }))}
    >
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'baseline' })}>
        <p className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>
          <bdi>{name}</bdi>
        </p>
        <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>
          {joined ? <Trans>Joined at {joined}</Trans> : <Trans>Did not join</Trans>}
          {' · '}
          {row.marked ? (
            <Trans>
              Marked by <bdi>{markedBy}</bdi>, {markedAt}
            </Trans>
          ) : row.status ? (
            <Trans>From the Join click</Trans>
          ) : (
            <Trans>No status yet</Trans>
          )}
        </p>
        {saving && (
          <span
            role="status"
            className={css({ display: 'inline-flex', gap: '1.5', alignItems: 'center', fontSize: 'xs' })}
          >
            <Spinner size="sm" decorative />
            <Trans>Saving…</Trans>
          </span>
        )}
      </div>
      <AttendanceStatusControl
        label={t`Attendance of ${name}`}
        value={row.status}
        disabled={disabled}
        onChange={(status) => send({ type: 'status.chosen', learnerId: id, status })}
      />
      {note !== null ? (
        <form
          className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'note.saved' });
          }}
        >
          <TextareaField
            label={t`Note about ${name}`}
            value={note}
            rows={2}
            maxLength={500}
            autoFocus
            error={noteError}
            onChange={(e) => send({ type: 'note.changed', text: e.target.value })}
          />
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            <Button type="submit" size="sm">
              <Trans>Save the note</Trans>
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => send({ type: 'note.cancelled' })}>
              <Trans>Cancel</Trans>
            </Button>
          </div>
        </form>
      ) : (
        <div className={css({ display: 'flex', gap: '2', alignItems: 'baseline', flexWrap: 'wrap', minWidth: 0 })}>
          {row.note && (
            <p className={css({ fontSize: 'sm', overflowWrap: 'anywhere', minWidth: 0 })}>
              <Trans>Note:</Trans> <bdi>{row.note}</bdi>
            </p>
          )}
          <Button
            size="sm"
            variant="ghost"
            disabled={disabled}
            aria-label={row.note ? t`Edit the note about ${name}` : t`Add a note about ${name}`}
            onClick={() => send({ type: 'note.opened', learnerId: id })}
          >
            {row.note ? <Trans>Edit the note</Trans> : <Trans>Add a note</Trans>}
          </Button>
        </div>
      )}
      {history.length > 0 && <MarkHistory history={history} when={when} name={name} />}
    </li>
  );
}

/** The changes of one learner's mark, newest first, in a native disclosure (keyboard: Enter/Space). */
function MarkHistory({
  history,
  when,
  name,
}: {
  history: AttendanceChange[];
  when: (iso: string) => string;
  name: string;
}) {
  const { t } = useLingui();
  const label = (s: AttendanceChange['beforeStatus']) => (s ? t(attendanceStatusLabels[s]) : t`No status`);
  const count = history.length;
  return (
    <details className={css({ fontSize: 'sm' })}>
      <summary
        aria-label={t`History of the mark of ${name}`}
        className={css({ cursor: 'pointer', color: 'primary.strong', fontWeight: 'medium', width: 'fit-content' })}
      >
        {plural(count, { one: 'History (# change)', other: 'History (# changes)' })}
      </summary>
      <ol
        className={css({
          listStyle: 'none',
          padding: 0,
          marginBlockStart: '2',
          display: 'flex',
          flexDirection: 'column',
          gap: '2',
        })}
      >
        {history.map((c) => {
          const before = label(c.beforeStatus);
          const after = label(c.afterStatus);
          const by = c.changedBy.name;
          const at = when(c.changedAt);
          return (
            <li
              key={c.id}
              data-testid="attendance-change"
              className={css({ borderInlineStartWidth: '2px', borderColor: 'border.default', paddingInlineStart: '3' })}
            >
              <p>
                <Trans>
                  {before} → {after}, by <bdi>{by}</bdi>, {at}
                </Trans>
              </p>
              {c.afterNote !== c.beforeNote && (
                <p className={css({ color: 'fg.muted', overflowWrap: 'anywhere' })}>
                  {c.afterNote ? (
                    <Trans>
                      Note: <bdi>{c.afterNote}</bdi>
                    </Trans>
                  ) : (
                    <Trans>Note removed</Trans>
                  )}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </details>
  );
}
