import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useCallback, useState } from 'react';
import { LessonPart } from '@/components/ui/titled-section';
import { css } from 'styled-system/css';
import { plainList } from 'styled-system/recipes';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { CheckCircleIcon, AlertIcon } from '@/components/ui/icons';
import { CodeOutput } from '@/components/ui/code-output';
import { Spinner } from '@/components/ui/spinner';
import { type Api, unwrap } from '@/lib/api/client';
import { useAction } from '@/lib/use-action';
import { type ClassroomLessonDetail } from './content-lessons';
import { LessonHtml } from '@/components/ui/rich-text';
import { SubmissionHistory, toastSubmitFailure, useSubmissions } from './submissions';
import type { Submission } from './submit-document';

/** The CodeMirror editor, loaded on demand (its own chunk, not in the main bundle). */
const CodeEditor = lazy(() => import('./code-editor'));

/** Longest code the server accepts (openapi `CodeSubmissionRequest.code`). */
const MAX_CODE_LENGTH = 20_000;

/** Per-test results and the grade of a graded code submission. */
function CodeResults({ submission }: { submission: Submission }) {
  const { t } = useLingui();
  const results = submission.results ?? [];
  const passed = results.filter((r) => r.passed).length;
  const total = results.length;
  const grade = submission.grade ?? 0;
  const points = submission.points;
  return (
    <LessonPart titleId="code-results-title" title={<Trans>Test results</Trans>}>
      <p role="status" className={css({ fontWeight: 'semibold' })}>
        {t`${passed} of ${total} tests passed`} · {t`Grade: ${grade} / ${points}`}
      </p>
      <ul className={plainList({ gap: '2' })}>
        {results.map((r, i) => (
          <li
            key={`${i}-${r.name}`}
            data-testid="test-result"
            data-passed={r.passed}
            className={css({
              display: 'flex',
              flexDirection: 'column',
              gap: '1.5',
              padding: '3',
              borderRadius: 'lg',
              borderWidth: '1px',
              borderColor: 'border.default',
              borderInlineStartWidth: '4px',
              borderInlineStartColor: r.passed ? 'success.strong' : 'error.strong',
            })}
          >
            <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
              {r.passed ? (
                <Badge tone="green">
                  <CheckCircleIcon size={14} />
                  <Trans>Passed</Trans>
                </Badge>
              ) : (
                <Badge tone="red">
                  <AlertIcon size={14} />
                  <Trans>Failed</Trans>
                </Badge>
              )}
              <code dir="ltr" className={css({ fontFamily: 'mono', fontSize: 'sm', overflowWrap: 'anywhere' })}>
                {r.name}
              </code>
            </div>
            {r.output ? (
              <CodeOutput
                className={css({
                  fontSize: 'xs',
                  bg: 'bg.subtle',
                  padding: '2',
                  borderRadius: 'md',
                  overflowX: 'auto',
                })}
              >
                {r.output}
              </CodeOutput>
            ) : null}
          </li>
        ))}
      </ul>
    </LessonPart>
  );
}

/**
 * A programming assignment: the instructions, the function to write and the tests' names, a
 * JavaScript editor (CodeMirror, lazy-loaded) prefilled with the starter code, and "Run tests &
 * submit" (`POST /assignments/{id}/code {sessionId, code}`): the server runs the code in its
 * sandbox and answers the AUTOGRADED submission with per-test results and the grade (docs/
 * classroom.md "Grading"), shown below. Failures toast like document submissions (product.md#messages).
 * Educators and admins see the tests and the session's submissions, not the editor.
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
  const { t, i18n } = useLingui();
  const spec = detail.programming;
  const [code, setCode] = useState(spec?.starterCode ?? '');
  /** The client's check of the code (empty, too long), shown until the next run. */
  const [invalid, setInvalid] = useState<string | null>(null);
  /** The headline of the last failed run (toasted once when it failed). */
  const [failure, setFailure] = useState<string | null>(null);
  /** The last graded run: its results stay shown while the next run goes and if it fails. */
  const [result, setResult] = useState<Submission | null>(null);
  const history = useSubmissions(api, detail.lesson.id, detail.sessionId);
  const functionName = spec?.functionName ?? '';
  const lessonId = detail.lesson.id;
  const sessionId = detail.sessionId;
  const { add } = history;

  // One request (POST /assignments/{id}/code), its outcome shown in place: a plain hook
  // (docs/decisions.md, "Plain hook or statechart").
  const submit = useAction(
    useCallback(
      async (source: string) =>
        unwrap(
          await api.POST('/assignments/{id}/code', {
            params: { path: { id: lessonId } },
            body: { sessionId, code: source },
          }),
        ),
      [api, lessonId, sessionId],
    ),
    {
      onSuccess: useCallback(
        (submission: Submission) => {
          setResult(submission);
          add(submission);
          onSubmitted?.(submission);
        },
        [add, onSubmitted],
      ),
      onError: useCallback((e: unknown) => setFailure(toastSubmitFailure(i18n, e)), [i18n]),
    },
  );
  const running = submit.isPending();
  const error = invalid ?? (submit.state.status === 'failed' ? failure : null);

  const run = () => {
    if (!code.trim()) {
      setInvalid(t`Write your code before running the tests.`);
      return;
    }
    if (code.length > MAX_CODE_LENGTH) {
      setInvalid(t`Your code is too long (at most 20,000 characters).`);
      return;
    }
    setInvalid(null);
    void submit.start('run', code);
  };

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
            <Trans>
              Write the JavaScript function{' '}
              <code dir="ltr" className={css({ fontFamily: 'mono', fontWeight: 'semibold' })}>
                {functionName}
              </code>
              . Your code is run against these tests:
            </Trans>
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
            <>
              <Suspense fallback={<Spinner label={t`Loading the code editor…`} />}>
                <CodeEditor
                  initialValue={spec.starterCode}
                  onChange={setCode}
                  label={t`Your code`}
                  readOnly={running}
                />
              </Suspense>
              <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
                <Button loading={running} onClick={run}>
                  <Trans>Run tests & submit</Trans>
                </Button>
                {running ? (
                  <span aria-live="polite" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                    <Trans>Running the tests…</Trans>
                  </span>
                ) : null}
              </div>
              {error ? (
                <p role="alert" className={css({ color: 'error.strong', fontSize: 'sm' })}>
                  {error}
                </p>
              ) : null}
              {result ? <CodeResults submission={result} /> : null}
            </>
          ) : null}
        </LessonPart>
      )}
      <SubmissionHistory history={history} viewerZone={viewerZone} showLearner={!learner} />
    </div>
  );
}
