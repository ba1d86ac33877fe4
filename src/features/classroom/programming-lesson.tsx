import { Trans } from '@lingui/react/macro';
import { useCallback, useRef } from 'react';
import { LessonPart } from '@/components/ui/titled-section';
import { css } from 'styled-system/css';
import { plainList } from 'styled-system/recipes';
import type { Api } from '@/lib/api/client';
import { LessonHtml } from '@/components/ui/rich-text';
import type { ClassroomLessonDetail } from './content-lessons';
import { LearnerLab } from './learner-lab';
import { SubmissionHistory, useSubmissions } from './submissions';
import type { Submission } from './submit-document';

/**
 * A programming assignment (a lab; docs/classroom.md "Labs"): the instructions, the function to write
 * in the lab's language and the tests' names; for its learner the lab itself (`LearnerLab`: the
 * draft kept on the server, Run on the visible tests, Submit after confirming) and their
 * submissions, each with its code to view and restore. Educators and admins see the tests and the
 * session's submissions with their code, not the editor.
 */
export function ProgrammingLesson({
  api,
  detail,
  learner,
  viewerZone,
  onSubmitted,
}: {
  api: Api;
  detail: ClassroomLessonDetail;
  learner: boolean;
  viewerZone: string;
  onSubmitted?: (submission: Submission) => void;
}) {
  const spec = detail.programming;
  const history = useSubmissions(api, detail.lesson.id, detail.sessionId);
  const functionName = spec?.functionName ?? '';
  const language = spec?.language ?? 'javascript';
  const { add } = history;
  const restoreRef = useRef<((code: string) => void) | null>(null);
  const submitted = useCallback(
    (submission: Submission) => {
      add(submission);
      onSubmitted?.(submission);
    },
    [add, onSubmitted],
  );

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '8' })}>
      {detail.contentHtml ? <LessonHtml html={detail.contentHtml} /> : null}
      {!spec ? (
        <p className={css({ color: 'fg.muted' })}>
          <Trans>The educator has not set up this programming assignment yet.</Trans>
        </p>
      ) : (
        <LessonPart titleId="code-task-title" title={<Trans>Your task</Trans>} roomy>
          <p>
            {language === 'python' ? (
              <Trans>
                Write the Python function{' '}
                <code dir="ltr" className={css({ fontFamily: 'mono', fontWeight: 'semibold' })}>
                  {functionName}
                </code>
                . Your code is run against these tests:
              </Trans>
            ) : (
              <Trans>
                Write the JavaScript function{' '}
                <code dir="ltr" className={css({ fontFamily: 'mono', fontWeight: 'semibold' })}>
                  {functionName}
                </code>
                . Your code is run against these tests:
              </Trans>
            )}
          </p>
          <ul className={plainList({ direction: 'row', gap: '2' })}>
            {spec.tests.map((test, i) => (
              <li key={`${i}-${test.name}`}>
                <code
                  dir="ltr"
                  className={css({
                    fontFamily: 'mono',
                    fontSize: 'sm',
                    bg: 'bg.subtle',
                    paddingInline: '2',
                    paddingBlock: '0.5',
                    borderRadius: 'md',
                  })}
                >
                  {test.name}
                </code>
              </li>
            ))}
          </ul>
          {learner ? (
            <LearnerLab
              api={api}
              lessonId={detail.lesson.id}
              sessionId={detail.sessionId}
              starterCode={spec.starterCode}
              language={language}
              onSubmitted={submitted}
              restoreRef={restoreRef}
            />
          ) : null}
        </LessonPart>
      )}
      <SubmissionHistory
        history={history}
        viewerZone={viewerZone}
        showLearner={!learner}
        onRestore={learner && spec ? (code) => restoreRef.current?.(code) : undefined}
      />
    </div>
  );
}
