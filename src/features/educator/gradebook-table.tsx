import { Trans, useLingui } from '@lingui/react/macro';
import { css, cx } from 'styled-system/css';
import {
  cardTable,
  cardTableBody,
  cardTableCell,
  cardTableHead,
  cardTableHeaderCell,
  cardTableRow,
  LabelledCell,
} from '@/components/ui/card-table';
import { GradeCell, TotalPercent, useItemKindLabel } from '@/components/ui/gradebook-parts';
import { formatPoints } from '@/components/ui/format';
import type { Locale } from '@/lib/i18n';
import type { Gradebook } from '@machines/gradebook.machine';

const scroller = css({ overflowX: { base: 'visible', tablet: 'auto' } });

/**
 * The gradebook's table: one row per learner (a card below 768 px, each item labelled), one column
 * for the total, then one per graded item (name, kind and weight in the header). Numbers in the locale's digits.
 */
export function GradebookTable({ book, locale, labelledBy }: { book: Gradebook; locale: Locale; labelledBy: string }) {
  const { t } = useLingui();
  const kindLabel = useItemKindLabel();
  return (
    // Many items make the table wider than a desktop card: it then scrolls inside its frame (a
    // focusable region), the learner and total columns first. Below 768 px the rows are cards.
    <div tabIndex={0} role="region" aria-labelledby={labelledBy} className={scroller}>
      <table role="table" className={cardTable} aria-labelledby={labelledBy} data-testid="gradebook-table">
        <thead role="rowgroup" className={cardTableHead}>
          <tr role="row">
            <th role="columnheader" scope="col" className={cardTableHeaderCell}>
              <Trans>Learner</Trans>
            </th>
            <th role="columnheader" scope="col" className={cardTableHeaderCell}>
              <Trans>Total</Trans>
            </th>
            {book.items.map((item) => {
              const weight = formatPoints(item.weight, locale);
              const kind = kindLabel(item.kind);
              return (
                <th key={item.lessonId} role="columnheader" scope="col" className={cardTableHeaderCell}>
                  <bdi>{item.name}</bdi>
                  <span className={css({ display: 'block', fontWeight: 'normal', textTransform: 'none' })}>
                    {t`${kind} · ${weight} %`}
                  </span>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody role="rowgroup" className={cardTableBody}>
          {book.rows.map((row) => (
            <tr key={row.learner.id} role="row" className={cardTableRow} data-testid="gradebook-row">
              <th role="rowheader" scope="row" className={cx(cardTableCell, css({ fontWeight: 'semibold' }))}>
                <bdi>{row.learner.name}</bdi>
              </th>
              <LabelledCell label={<Trans>Total</Trans>}>
                <TotalPercent total={row.total} locale={locale} />
              </LabelledCell>
              {row.cells.map((cell, i) => {
                const item = book.items[i]!;
                return (
                  <LabelledCell key={cell.lessonId} label={<bdi>{item.name}</bdi>}>
                    <GradeCell cell={cell} points={item.points} locale={locale} />
                  </LabelledCell>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
