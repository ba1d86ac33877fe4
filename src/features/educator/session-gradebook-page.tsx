import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CardSectionHeader } from '@/components/ui/card-section';
import { EmptyState } from '@/components/ui/empty-state';
import { GradingRule } from '@/components/ui/gradebook-parts';
import { LayersIcon, PencilIcon } from '@/components/ui/icons';
import { PageContainer } from '@/components/ui/page';
import { Skeleton, Spinner } from '@/components/ui/spinner';
import { toaster } from '@/components/ui/toast';
import type { Api } from '@/lib/api/client';
import { usePageTitle } from '@/lib/document-head';
import { saveFile } from '@/lib/save-file';
import type { components } from '@contract/schema';
import { createGradebookActors } from '@machines/gradebook.actors';
import { gradebookMachine } from '@machines/gradebook.machine';
import {
  canEdit,
  draftTotal,
  isEditing,
  isExporting,
  isLoading,
  isSaving,
  loadFailed,
  shownDraftProblem,
} from '@machines/gradebook.selectors';
import { GradebookTable } from './gradebook-table';
import { GradebookWeightsForm } from './gradebook-weights';
import { SessionPageHeader } from './session-tabs';
import { useLocale } from './submission-grading';

type SessionInfo = components['schemas']['SessionInfo'];

/**
 * A session's gradebook (/dashboard/sessions/$sessionId/gradebook, educators and admins;
 * docs/classroom.md "Gradebook") through the gradebook machine: the grading rule (weights, equal
 * by default) with "Edit weights" (a form with the live sum; Save, Cancel, Use equal weights), the
 * learners × items table with each total (cards on phones), and "Export CSV" (the server's file,
 * column titles in the reader's language). Loading, empty (no graded item or no learner) and
 * failed-with-retry states; toasts when weights are saved or an export fails.
 */
export function SessionGradebookPage({ session, api }: { session: SessionInfo; api: Api }) {
  const { t } = useLingui();
  const locale = useLocale();
  const title = session.course.title;
  usePageTitle(t`Gradebook of ${title}`);
  const machine = useMemo(() => gradebookMachine.provide({ actors: createGradebookActors(api, { saveFile }) }), [api]);
  const [snapshot, send, actorRef] = useMachine(machine, { input: { sessionId: session.id, lang: locale } });

  useEffect(() => {
    const subscriptions = [
      actorRef.on('weights.saved', () => toaster.create({ title: t`Weights saved`, type: 'success' })),
      actorRef.on('export.failed', () => toaster.create({ title: t`Could not export the gradebook`, type: 'error' })),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actorRef, t]);

  const { book, draft, saveError, error } = snapshot.context;
  const editing = isEditing(snapshot);

  const header = (
    <SessionPageHeader
      session={session}
      eyebrow={<Trans>Gradebook</Trans>}
      current="gradebook"
      actions={
        <Button
          variant="outline"
          loading={isExporting(snapshot)}
          disabled={!canEdit(snapshot) || !book || book.rows.length === 0}
          onClick={() => send({ type: 'export' })}
        >
          <Trans>Export CSV</Trans>
        </Button>
      }
    />
  );

  if (isLoading(snapshot) || (!book && !loadFailed(snapshot))) {
    return (
      <PageContainer>
        {header}
        <Card className={css({ padding: '6', display: 'flex', flexDirection: 'column', gap: '3' })} aria-busy>
          <Spinner label={t`Loading the gradebook…`} />
          <Skeleton height="2.5rem" />
          <Skeleton height="2.5rem" />
        </Card>
      </PageContainer>
    );
  }
  if (loadFailed(snapshot) || !book) {
    return (
      <PageContainer>
        {header}
        <EmptyState
          title={<Trans>Could not get the gradebook</Trans>}
          description={error?.message ?? t`System error please try later !`}
          action={<Button onClick={() => send({ type: 'retry' })}>{t`Try again`}</Button>}
        />
      </PageContainer>
    );
  }

  return (
    <PageContainer>
      {header}
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '6' })}>
        <Card as="section" aria-labelledby="grading-rule-title" className={css({ paddingBlockEnd: '4' })}>
          <CardSectionHeader
            titleId="grading-rule-title"
            title={<Trans>Grading rule</Trans>}
            actions={
              editing || book.items.length === 0 ? undefined : (
                <Button
                  variant="outline"
                  startIcon={<PencilIcon />}
                  disabled={!canEdit(snapshot)}
                  onClick={() => send({ type: 'edit' })}
                >
                  <Trans>Edit weights</Trans>
                </Button>
              )
            }
          />
          <div className={css({ paddingInline: '4' })}>
            {editing ? (
              <GradebookWeightsForm
                book={book}
                draft={draft}
                sum={draftTotal(snapshot)}
                problem={shownDraftProblem(snapshot)}
                saveError={saveError}
                saving={isSaving(snapshot)}
                locale={locale}
                onChange={(lessonId, value) => send({ type: 'weight.changed', lessonId, value })}
                onSave={() => send({ type: 'save' })}
                onEqual={() => send({ type: 'equal' })}
                onCancel={() => send({ type: 'cancel' })}
              />
            ) : book.items.length === 0 ? (
              <p className={css({ color: 'fg.muted' })}>
                <Trans>This course has no quiz, assignment or lab yet.</Trans>
              </p>
            ) : (
              <GradingRule book={book} locale={locale} />
            )}
          </div>
        </Card>

        {book.rows.length === 0 ? (
          <EmptyState
            icon={<LayersIcon size={28} />}
            title={<Trans>No learners yet</Trans>}
            description={<Trans>The gradebook fills in as learners enroll and hand in their work.</Trans>}
          />
        ) : (
          <Card as="section" aria-labelledby="gradebook-title">
            <CardSectionHeader
              titleId="gradebook-title"
              title={<Plural value={book.rows.length} one="# learner" other="# learners" />}
              description={t`Scores in points out of each item's points; totals in percent.`}
            />
            <GradebookTable book={book} locale={locale} labelledBy="gradebook-title" />
          </Card>
        )}
      </div>
    </PageContainer>
  );
}
