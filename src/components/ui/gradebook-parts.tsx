import { Trans, useLingui } from '@lingui/react/macro';
import { css } from 'styled-system/css';
import type { components } from '@contract/schema';
import type { Locale } from '@/lib/i18n';
import { Badge } from './badge';
import { formatPoints } from './format';

type Gradebook = components['schemas']['Gradebook'];
type GradebookItem = components['schemas']['GradebookItem'];
type GradebookCell = components['schemas']['GradebookCell'];

/** The name of a graded item's kind: Quiz, Assignment, Lab. */
export function useItemKindLabel() {
  const { t } = useLingui();
  return (kind: GradebookItem['kind']) => (kind === 'QUIZ' ? t`Quiz` : kind === 'ASSIGNMENT' ? t`Assignment` : t`Lab`);
}

/**
 * One learner's standing on one item (docs/classroom.md "Gradebook"): "15 / 20" when graded, else
 * Pending, Missing or Not due; a Late badge when the work was handed in after the deadline.
 */
export function GradeCell({ cell, points, locale }: { cell: GradebookCell; points: number; locale: Locale }) {
  const { t } = useLingui();
  const max = formatPoints(points, locale);
  const score = cell.score === null ? '' : formatPoints(cell.score, locale);
  return (
    <span className={css({ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: '1.5' })}>
      {cell.status === 'GRADED' ? (
        <span className={css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' })}>
          {t`${score} / ${max}`}
        </span>
      ) : cell.status === 'PENDING' ? (
        <Badge tone="yellow">{t`Pending`}</Badge>
      ) : cell.status === 'MISSING' ? (
        <Badge tone="red">{t`Missing`}</Badge>
      ) : (
        <span className={css({ color: 'fg.muted' })}>{t`Not due`}</span>
      )}
      {cell.late ? <Badge tone="gray">{t`Late`}</Badge> : null}
    </span>
  );
}

/** A learner's total in percent, e.g. "82.5 %". */
export function TotalPercent({ total, locale }: { total: number; locale: Locale }) {
  const { t } = useLingui();
  const value = formatPoints(total, locale);
  return (
    <span className={css({ fontWeight: 'bold', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' })}>
      {t`${value} %`}
    </span>
  );
}

const ruleList = css({ display: 'flex', flexDirection: 'column', gap: '2', paddingInlineStart: '0' });
const ruleRow = css({
  listStyle: 'none',
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: '2',
  paddingBlock: '2',
  borderBlockEndWidth: '1px',
  borderColor: 'border.default',
});

/**
 * The grading rule of a gradebook: equal or custom weights, each item's kind, week, points and
 * weight, and how the total is made (weighted share of each score; pending, missing and not-due work
 * count 0; late work is marked, not penalised).
 */
export function GradingRule({ book, locale }: { book: Gradebook; locale: Locale }) {
  const { t } = useLingui();
  const kindLabel = useItemKindLabel();
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        {book.weighting === 'EQUAL' ? (
          <Trans>Every item weighs the same (the default until the educator sets weights).</Trans>
        ) : (
          <Trans>Weights set by the educator.</Trans>
        )}{' '}
        <Trans>
          Total = the sum of each item's weight × score ÷ points. Pending, missing and not-due work counts 0; late work
          is marked, not penalised.
        </Trans>
      </p>
      <ul className={ruleList} aria-label={t`Weights`}>
        {book.items.map((item) => {
          const week = item.week;
          const kind = kindLabel(item.kind);
          const points = formatPoints(item.points, locale);
          const weight = formatPoints(item.weight, locale);
          return (
            <li key={item.lessonId} className={ruleRow}>
              <span>
                <bdi className={css({ fontWeight: 'medium' })}>{item.name}</bdi>{' '}
                <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>
                  {t`${kind} · week ${week} · ${points} points`}
                </span>
              </span>
              <span
                className={css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })}
              >{t`${weight} %`}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
