import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CardSectionHeader } from '@/components/ui/card-section';
import { formatPoints } from '@/components/ui/format';
import { GradeCell, TotalPercent, useItemKindLabel } from '@/components/ui/gradebook-parts';
import { Spinner } from '@/components/ui/spinner';
import type { Api } from '@/lib/api/client';
import { settle, type Settled } from '@/lib/load';
import type { components } from '@contract/schema';
import { useUiLocale } from './meeting';

type Gradebook = components['schemas']['Gradebook'];

const itemRow = css({
  listStyle: 'none',
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  alignItems: 'center',
  gap: '2',
  paddingBlock: '2.5',
  borderBlockStartWidth: '1px',
  borderColor: 'border.default',
});

/**
 * The learner's own grades in the classroom (docs/classroom.md "Gradebook"; GET
 * /sessions/{id}/gradebook/mine): their total in percent, then each quiz, assignment and lab with
 * its weight and their score, or Pending / Missing / Not due, and a Late mark. Only the caller's row
 * exists in the answer, never another learner's. Loading, failed-with-retry, and nothing-graded states.
 */
export function MyGrades({ api, sessionId }: { api: Api; sessionId: number }) {
  const { t } = useLingui();
  const locale = useUiLocale();
  const kindLabel = useItemKindLabel();
  const [result, setResult] = useState<Settled<Gradebook> | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    void settle(api.GET('/sessions/{id}/gradebook/mine', { params: { path: { id: sessionId } } })).then(
      (settled) => current && setResult(settled),
    );
    return () => {
      current = false;
    };
  }, [api, sessionId, attempt]);

  const heading = <Trans>My grades</Trans>;
  if (result === null) {
    return (
      <Card as="section" aria-labelledby="my-grades-title" aria-busy className={css({ marginBlockEnd: '6' })}>
        <CardSectionHeader titleId="my-grades-title" title={heading} />
        <div className={css({ padding: '4' })}>
          <Spinner label={t`Loading your grades…`} />
        </div>
      </Card>
    );
  }
  if (!result.ok) {
    return (
      <Card as="section" aria-labelledby="my-grades-title" className={css({ marginBlockEnd: '6' })}>
        <CardSectionHeader
          titleId="my-grades-title"
          title={heading}
          description={result.error.serverMessage ?? t`Could not get your grades.`}
          actions={
            <Button variant="outline" onClick={() => (setResult(null), setAttempt((n) => n + 1))}>
              {t`Try again`}
            </Button>
          }
        />
      </Card>
    );
  }
  const book = result.data;
  const row = book.rows[0];
  if (book.items.length === 0 || !row) return null;
  return (
    <Card as="section" aria-labelledby="my-grades-title" className={css({ marginBlockEnd: '6' })}>
      <CardSectionHeader
        titleId="my-grades-title"
        title={heading}
        description={
          book.weighting === 'EQUAL'
            ? t`Every item weighs the same. Missing work counts 0.`
            : t`Weights set by your educator. Missing work counts 0.`
        }
        actions={
          <span className={css({ fontSize: 'lg' })} data-testid="my-total">
            <Trans>Total</Trans> <TotalPercent total={row.total} locale={locale} />
          </span>
        }
      />
      <ul className={css({ paddingInline: '4', paddingBlockEnd: '2' })} aria-label={t`My grades`}>
        {book.items.map((item, i) => {
          const kind = kindLabel(item.kind);
          const weight = formatPoints(item.weight, locale);
          return (
            <li key={item.lessonId} className={itemRow}>
              <span>
                <bdi className={css({ fontWeight: 'medium' })}>{item.name}</bdi>{' '}
                <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t`${kind} · ${weight} %`}</span>
              </span>
              <GradeCell cell={row.cells[i]!} points={item.points} locale={locale} />
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
