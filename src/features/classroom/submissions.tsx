import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { iconLink, quoteNote, spreadRow } from '@/components/ui/layout-styles';
import { plainList } from 'styled-system/recipes';
import { Badge, StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { BookIcon } from '@/components/ui/icons';
import { CodeOutput } from '@/components/ui/code-output';
import { Spinner } from '@/components/ui/spinner';
import { toaster } from '@/components/ui/toast';
import { useMeridiem } from '@/components/ui/schedule';
import { ApiError, type Api, unwrap } from '@/lib/api/client';
import { formatInstant } from '@/lib/classroom-time';
import { useUiLocale } from './meeting';
import { firstFieldError, type Submission } from './submit-document';

/** product.md#messages toasts of assignments. */
const messages = {
  cannotSubmit: msg`Cannot submit assignment!`,
  cannotGet: msg`Cannot get Submissions!`,
};

/** Most submissions shown in a learner's history (the API's largest page). */
const HISTORY_PAGE_SIZE = 100;

/**
 * Raises the spec's failure toast of a submission (#messages): the first server field error with its
 * message ("document is an empty file") when the server sent one, else 'Cannot submit
 * assignment!' with the server's message (e.g. 409 "The deadline for this lesson has passed") as
 * its description. Returns the title shown.
 */
export function toastSubmitFailure(i18n: I18n, error: unknown): string {
  const field = firstFieldError(error);
  const title = field ?? i18n._(messages.cannotSubmit);
  const description = !field && error instanceof ApiError ? error.serverMessage : undefined;
  toaster.create({ title, ...(description ? { description } : {}), type: 'error' });
  return title;
}

/**
 * The submissions of an assignment for the viewer in one session (`GET /assignments/{id}/
 * submissions?sessionId`, newest first; a learner gets their own only). A failure toasts 'Cannot
 * get Submissions!' (product.md#messages) and leaves `failed` set; `reload()` tries again and `add()` puts a new
 * submission first.
 */
export function useSubmissions(api: Api, assignmentId: number, sessionId: number) {
  const { i18n } = useLingui();
  const [items, setItems] = useState<Submission[]>([]);
  const [status, setStatus] = useState<'loading' | 'loaded' | 'failed'>('loading');
  const request = useRef(0);
  const i18nRef = useRef(i18n);
  i18nRef.current = i18n;

  const reload = useCallback(async () => {
    const id = ++request.current;
    setStatus('loading');
    try {
      const page = unwrap(
        await api.GET('/assignments/{id}/submissions', {
          params: { path: { id: assignmentId }, query: { sessionId, page: 1, pageSize: HISTORY_PAGE_SIZE } },
        }),
      );
      if (id !== request.current) return;
      setItems(page.items);
      setStatus('loaded');
    } catch {
      if (id !== request.current) return;
      setStatus('failed');
      toaster.create({ title: i18nRef.current._(messages.cannotGet), type: 'error' });
    }
  }, [api, assignmentId, sessionId]);

  useEffect(() => {
    void reload();
    return () => {
      // A generation counter, not a DOM node: the cleanup bumps its value at unmount on purpose.
      // eslint-disable-next-line react-hooks/exhaustive-deps
      request.current++;
    };
  }, [reload]);

  const add = useCallback(
    (submission: Submission) => setItems((list) => [submission, ...list.filter((s) => s.id !== submission.id)]),
    [],
  );
  return { items, status, reload, add };
}

/** "3 of 4 tests passed" for a code submission, or null. */
function testsSummary(submission: Submission): { passed: number; total: number } | null {
  if (!submission.results) return null;
  return { passed: submission.results.filter((r) => r.passed).length, total: submission.results.length };
}

/** "3 of 4 tests passed". */
function TestsSummary({ passed, total }: { passed: number; total: number }) {
  const { t } = useLingui();
  return <span className={css({ fontSize: 'sm' })}>{t`${passed} of ${total} tests passed`}</span>;
}

/**
 * A code submission's code, folded ("View code"), always left to right; with `onRestore`, a
 * "Restore into the editor" button (the lab asks before replacing the editor's content).
 */
function SubmittedCode({ submission, onRestore }: { submission: Submission; onRestore?: (code: string) => void }) {
  const { t } = useLingui();
  const code = submission.code ?? '';
  return (
    <details data-testid="submission-code">
      <summary
        className={css({
          cursor: 'pointer',
          color: 'primary.strong',
          fontWeight: 'semibold',
          fontSize: 'sm',
          _focusVisible: { outline: '3px solid {colors.primary.strong}', outlineOffset: '2px' },
        })}
      >
        {submission.language === 'python' ? <Trans>View code (Python)</Trans> : <Trans>View code (JavaScript)</Trans>}
      </summary>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', marginBlockStart: '2' })}>
        <div tabIndex={0} role="region" aria-label={t`Submitted code`} className={css({ overflowX: 'auto' })}>
          <CodeOutput
            className={css({ fontSize: 'xs', bg: 'bg.subtle', padding: '3', borderRadius: 'md', maxHeight: '20rem' })}
          >
            <code>{code}</code>
          </CodeOutput>
        </div>
        {onRestore ? (
          <div>
            <Button size="sm" variant="outline" onClick={() => onRestore(code)}>
              <Trans>Restore into the editor</Trans>
            </Button>
          </div>
        ) : null}
      </div>
    </details>
  );
}

/**
 * The history of submissions (newest first): when, the file or the tests passed, late, status,
 * grade out of the points and the educator's comment; a code submission's code can be viewed and,
 * with `onRestore` (the learner's lab), restored into the editor. Loading, empty and error states;
 * the learner's name is shown when `showLearner` (educators see everyone's).
 */
export function SubmissionHistory({
  history,
  viewerZone,
  showLearner,
  onRestore,
}: {
  history: ReturnType<typeof useSubmissions>;
  viewerZone: string;
  showLearner: boolean;
  onRestore?: ((code: string) => void) | undefined;
}) {
  const { t } = useLingui();
  const locale = useUiLocale();
  const meridiem = useMeridiem();
  return (
    <section aria-labelledby="submission-history-title" aria-busy={history.status === 'loading' || undefined}>
      <h2 id="submission-history-title" className={css({ fontSize: 'lg', fontWeight: 'bold', marginBlockEnd: '3' })}>
        {showLearner ? <Trans>Submissions</Trans> : <Trans>Your submissions</Trans>}
      </h2>
      {history.status === 'loading' && history.items.length === 0 ? (
        <Spinner label={t`Loading submissions…`} />
      ) : history.status === 'failed' ? (
        <div
          role="alert"
          className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', color: 'error.strong' })}
        >
          <Trans>Cannot get Submissions!</Trans>
          <Button size="sm" variant="outline" onClick={() => void history.reload()}>
            <Trans>Try again</Trans>
          </Button>
        </div>
      ) : history.items.length === 0 ? (
        <p className={css({ color: 'fg.muted' })}>
          <Trans>Nothing submitted yet.</Trans>
        </p>
      ) : (
        <ol className={plainList({ gap: '3' })}>
          {history.items.map((s) => {
            let when = s.submittedAt;
            try {
              when = formatInstant(s.submittedAt, viewerZone, locale, meridiem);
            } catch {
              // keep the ISO text
            }
            const grade = s.grade;
            const points = s.points;
            const tests = testsSummary(s);
            const learnerName = s.learner.name;
            return (
              <li
                key={s.id}
                data-testid="submission"
                className={css({
                  display: 'flex',
                  flexDirection: 'column',
                  gap: '2',
                  padding: '4',
                  borderRadius: 'lg',
                  borderWidth: '1px',
                  borderColor: 'border.default',
                  bg: 'bg.surface',
                })}
              >
                <div className={cx(spreadRow, css({ gap: '2' }))}>
                  <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                    {showLearner ? (
                      <span className={css({ fontWeight: 'semibold', color: 'fg.default' })}>{learnerName} · </span>
                    ) : null}
                    {t`Submitted ${when}`}
                  </span>
                  <span className={css({ display: 'inline-flex', gap: '2', flexWrap: 'wrap' })}>
                    {s.late ? <Badge tone="red">{t`Late`}</Badge> : null}
                    <StatusBadge status={s.status} />
                  </span>
                </div>
                {s.document ? (
                  <a href={s.document.url} target="_blank" rel="noreferrer" className={cx(iconLink, css({ gap: '2' }))}>
                    <BookIcon size={16} />
                    <bdi>{s.document.fileName}</bdi>
                  </a>
                ) : null}
                {tests ? <TestsSummary passed={tests.passed} total={tests.total} /> : null}
                {s.kind === 'CODE' && s.code !== null ? <SubmittedCode submission={s} onRestore={onRestore} /> : null}
                <p className={css({ fontSize: 'sm' })}>
                  {grade !== null ? (
                    <span className={css({ fontWeight: 'semibold' })}>{t`Grade: ${grade} / ${points}`}</span>
                  ) : (
                    <span className={css({ color: 'fg.muted' })}>{t`Not graded yet`}</span>
                  )}
                </p>
                {s.comment ? (
                  // The label follows the UI's direction; the comment is isolated in its own.
                  <blockquote className={quoteNote}>
                    <span
                      className={css({ fontWeight: 'semibold', color: 'fg.default' })}
                    >{t`Educator's comment:`}</span>{' '}
                    <bdi>{s.comment}</bdi>
                  </blockquote>
                ) : null}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
