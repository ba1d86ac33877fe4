import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Card } from '@/components/ui/card';
import { CardSectionHeader } from '@/components/ui/card-section';
import { SelectField } from '@/components/ui/field';
import type { Api } from '@/lib/api/client';
import type { SessionAttendance } from './session-attendance-grid';
import { AttendanceTaking } from './attendance-taking';

/**
 * "Take attendance" on the session's Attendance tab (its educator and admins): a chooser of the
 * meetings held (newest first, the latest chosen) and, for the chosen one, the learners' marks
 * (`AttendanceTaking`, one machine per meeting: changing the meeting starts afresh).
 */
export function TakeAttendanceSection({
  api,
  sessionId,
  meetings,
  when,
  onSaved,
}: {
  api: Api;
  sessionId: number;
  /** The meetings held, oldest first (GET /sessions/{id}/attendance). */
  meetings: SessionAttendance['meetings'];
  when: (iso: string) => string;
  onSaved: () => void;
}) {
  const { t } = useLingui();
  const keyOf = (m: { lessonId: number; occurrenceDate: string }) => `${m.lessonId}|${m.occurrenceDate}`;
  const newestFirst = [...meetings].reverse();
  const [chosen, setChosen] = useState(() => (newestFirst[0] ? keyOf(newestFirst[0]) : ''));
  const meeting = newestFirst.find((m) => keyOf(m) === chosen) ?? newestFirst[0];
  if (!meeting) return null;
  return (
    <Card as="section" aria-labelledby="take-attendance-title">
      <CardSectionHeader
        titleId="take-attendance-title"
        title={<Trans>Take attendance</Trans>}
        description={t`Mark each learner present, late, absent or excused, with a note if needed.`}
      />
      <div className={css({ paddingInline: '4', paddingBlockStart: '3', maxWidth: '32rem' })}>
        <SelectField label={t`Meeting`} value={keyOf(meeting)} onChange={(e) => setChosen(e.target.value)}>
          {newestFirst.map((m) => (
            <option key={keyOf(m)} value={keyOf(m)}>
              {`${m.lessonName} — ${when(m.startsAt)}`}
            </option>
          ))}
        </SelectField>
      </div>
      <AttendanceTaking
        key={keyOf(meeting)}
        api={api}
        sessionId={sessionId}
        lessonId={meeting.lessonId}
        date={meeting.occurrenceDate}
        when={when}
        onSaved={onSaved}
      />
    </Card>
  );
}
