import { Trans, useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { lazy, Suspense, useEffect, useMemo, useRef } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { toaster } from '@/components/ui/toast';
import type { Api } from '@/lib/api/client';
import { createLabActors } from '@machines/lab.actors';
import { labMachine, type LabFailure, type Submission } from '@machines/lab.machine';
import * as lab from '@machines/lab.selectors';
import { CodeResults } from './code-results';

/** The CodeMirror editor, loaded on demand (its own chunk, not in the main bundle). */
const CodeEditor = lazy(() => import('./code-editor'));

/** The quiet save indicator beside the editor ("Saving…", "Saved", "Not saved yet: retrying"). */
function DraftIndicator({ status }: { status: lab.DraftStatus }) {
  const text =
    status === 'saving' ? (
      <Trans>Saving…</Trans>
    ) : status === 'saved' ? (
      <Trans>Saved</Trans>
    ) : status === 'failed' ? (
      <Trans>Not saved yet: retrying</Trans>
    ) : null;
  return (
    <span
      aria-live="polite"
      data-testid="draft-status"
      data-status={status}
      className={css({ fontSize: 'sm', color: status === 'failed' ? 'error.strong' : 'fg.muted' })}
    >
      {text}
    </span>
  );
}

/**
 * The learner's side of a lab (docs/classroom.md "Labs"), driven by `lab.machine`: the editor shows
 * the saved draft (else the starter code) and saves it a second after the last keystroke; "Run"
 * runs the visible tests without submitting; "Submit" asks first, then grades on every test;
 * "Reset to starter code" and a past submission's "Restore into the editor" ask before replacing the
 * code. `restoreRef` receives the restore function for the submission history.
 */
export function LearnerLab({
  api,
  lessonId,
  sessionId,
  starterCode,
  language,
  onSubmitted,
  restoreRef,
}: {
  api: Api;
  lessonId: number;
  sessionId: number;
  starterCode: string;
  language: 'javascript' | 'python';
  onSubmitted: (submission: Submission) => void;
  restoreRef: { current: ((code: string) => void) | null };
}) {
  const { t } = useLingui();
  const machine = useMemo(() => labMachine.provide({ actors: createLabActors(api) }), [api]);
  const [snapshot, send, actorRef] = useMachine(machine, { input: { lessonId, sessionId, starterCode } });
  const submittedRef = useRef(onSubmitted);
  submittedRef.current = onSubmitted;

  useEffect(() => {
    const failed = (title: string, error: LabFailure) =>
      toaster.create({ title, ...(error.message ? { description: error.message } : {}), type: 'error' });
    const subs = [
      actorRef.on('submitted', (e) => submittedRef.current(e.submission)),
      actorRef.on('run.failed', (e) => failed(t`Cannot run the tests`, e.error)),
      actorRef.on('submit.failed', (e) => failed(t`Cannot submit assignment!`, e.error)),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actorRef, t]);

  restoreRef.current = (code: string) => send({ type: 'replace.requested', code, reason: 'restore' });
  const status = lab.draftStatus(snapshot);
  // A change not yet on the server: reloading or closing the tab makes the browser ask first.
  useEffect(() => {
    if (status !== 'saving' && status !== 'failed') return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [status]);

  if (status === 'loading') return <Spinner label={t`Loading your code…`} />;
  if (status === 'loadFailed') {
    return (
      <div role="alert" className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
        <span className={css({ color: 'error.strong' })}>
          <Trans>Your saved code could not be loaded.</Trans>
        </span>
        <Button size="sm" variant="outline" onClick={() => send({ type: 'draft.retried' })}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );
  }

  const content = lab.editorContent(snapshot);
  const busy = lab.isBusy(snapshot);
  const idle = lab.canWork(snapshot);
  const issue = lab.codeIssue(snapshot);
  const run = lab.lastRun(snapshot);
  const graded = lab.lastSubmission(snapshot);
  const replace = lab.pendingReplace(snapshot);
  return (
    <>
      <div className={css({ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: '2' })}>
        <span className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>
          {language === 'python' ? <Trans>Python</Trans> : <Trans>JavaScript</Trans>}
        </span>
        <DraftIndicator status={status} />
      </div>
      <Suspense fallback={<Spinner label={t`Loading the code editor…`} />}>
        <CodeEditor
          initialValue={content.code}
          replacement={content}
          language={language}
          onChange={(code) => send({ type: 'code.changed', code })}
          label={t`Your code`}
          readOnly={busy}
        />
      </Suspense>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
        <Button
          variant="outline"
          loading={lab.isRunning(snapshot)}
          disabled={!idle && !lab.isRunning(snapshot)}
          onClick={() => send({ type: 'run.requested' })}
        >
          <Trans>Run</Trans>
        </Button>
        <Button
          loading={lab.isSubmitting(snapshot)}
          disabled={!idle && !lab.isSubmitting(snapshot)}
          onClick={() => send({ type: 'submit.requested' })}
        >
          <Trans>Submit</Trans>
        </Button>
        <Button
          variant="ghost"
          disabled={!idle}
          onClick={() => send({ type: 'replace.requested', code: starterCode, reason: 'reset' })}
        >
          <Trans>Reset to starter code</Trans>
        </Button>
        {busy ? (
          <span aria-live="polite" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            {lab.isRunning(snapshot) ? <Trans>Running the visible tests…</Trans> : <Trans>Grading…</Trans>}
          </span>
        ) : null}
      </div>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        <Trans>
          Run tries your code on the visible tests and records nothing. Submit grades it on every test, hidden ones
          included.
        </Trans>
      </p>
      {issue ? (
        <p role="alert" className={css({ color: 'error.strong', fontSize: 'sm' })}>
          {issue === 'empty'
            ? t`Write your code before running the tests.`
            : t`Your code is too long (at most 20,000 characters).`}
        </p>
      ) : null}
      {graded ? (
        <CodeResults results={graded.results ?? []} grade={{ grade: graded.grade ?? 0, points: graded.points }} />
      ) : run ? (
        <CodeResults results={run.results} grade={null} />
      ) : null}
      <ConfirmDialog
        open={lab.isConfirmingSubmit(snapshot)}
        onClose={() => send({ type: 'submit.cancelled' })}
        busy={false}
        title={<Trans>Submit for grading?</Trans>}
        description={
          <Trans>Your code will be graded on every test, hidden ones included, and kept in your submissions.</Trans>
        }
        cancelLabel={<Trans>Keep working</Trans>}
        confirmLabel={<Trans>Submit</Trans>}
        onConfirm={() => send({ type: 'submit.confirmed' })}
      />
      <ConfirmDialog
        open={replace !== null}
        onClose={() => send({ type: 'replace.cancelled' })}
        busy={false}
        title={
          replace?.reason === 'restore' ? (
            <Trans>Restore this submission's code?</Trans>
          ) : (
            <Trans>Reset to the starter code?</Trans>
          )
        }
        description={<Trans>The code in the editor will be replaced. Your current code is not kept.</Trans>}
        cancelLabel={<Trans>Cancel</Trans>}
        confirmLabel={replace?.reason === 'restore' ? <Trans>Restore</Trans> : <Trans>Reset</Trans>}
        onConfirm={() => send({ type: 'replace.confirmed' })}
      />
    </>
  );
}
