import { type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { cardListItem, tableScroller, toolbar } from 'styled-system/recipes';
import { Card } from './card';
import { gridList, spreadRow } from './layout-styles';
import { formatRate, RateBar } from './rate-bar';
import { visuallyHidden } from './spinner';
import { denseTableCell, denseTableHeaderCell } from './table';
import { type Locale } from '@/lib/i18n';

/** The heading of a card section (an h2 sized for a card, not for the page). */
export const cardSectionTitle = css({ fontSize: 'lg', fontWeight: 'semibold' });

/** A row of a list inside a card: padded like {@link CardSectionHeader}, ruled below but for the last one. */
export const cardListRow = cx(cardListItem(), css({ paddingBlock: '3' }));

const headerBand = css({
  paddingInline: { base: '4', tablet: '6' },
  paddingBlock: '4',
  borderBlockEndWidth: '1px',
  borderColor: 'border.default',
});

const headerRow = {
  center: cx(spreadRow, css({ gap: '3' })),
  // Tall actions (labelled filters): the title lines up with their fields, not their labels.
  end: toolbar(),
};

/**
 * The ruled band on top of a card section: its h2 (`titleId` names the section and its table region),
 * an optional muted line under it, and optional actions at the end of the row (wrapping on phones),
 * centred across or (`align="end"`) lined up at the bottom.
 */
export function CardSectionHeader({
  titleId,
  title,
  description,
  actions,
  align = 'center',
  className,
}: {
  titleId: string;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  align?: keyof typeof headerRow;
  className?: string;
}) {
  const heading = (
    <h2 id={titleId} className={cardSectionTitle}>
      {title}
    </h2>
  );
  return (
    <div className={cx(headerBand, actions !== undefined && headerRow[align], className)}>
      {description === undefined ? (
        heading
      ) : (
        <div>
          {heading}
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>{description}</p>
        </div>
      )}
      {actions}
    </div>
  );
}

/** A row header cell of a {@link ScrollingTable}: the row's name, in bold. */
export const rowHeadCell = cx(denseTableCell, css({ fontWeight: 'semibold' }));

/**
 * A dense data table that scrolls sideways inside a focusable region named by `labelledBy` (so
 * keyboard users can scroll it), with a caption for screen readers. `columns` are plain column
 * headers; `head` replaces them when the header row needs its own cells. Children are the body rows.
 */
export function ScrollingTable({
  labelledBy,
  caption,
  columns,
  head,
  className,
  children,
}: {
  labelledBy: string;
  caption: ReactNode;
  columns?: readonly ReactNode[];
  head?: ReactNode;
  /** Extra classes for the table (e.g. a minimum width). */
  className?: string;
  children: ReactNode;
}) {
  return (
    // position: relative (the scroller recipe) makes the region the containing block of visually hidden
    // labels in cells; otherwise they escape its clipping and widen the page in right-to-left at 360 px.
    <div role="region" aria-labelledby={labelledBy} tabIndex={0} className={tableScroller()}>
      <table className={cx(css({ width: 'full', borderCollapse: 'collapse' }), className)}>
        <caption className={visuallyHidden}>{caption}</caption>
        <thead>
          <tr>
            {head ??
              columns?.map((label, i) => (
                // The columns are fixed for a table, so their order is a stable key.
                <th key={i} scope="col" className={denseTableHeaderCell}>
                  {label}
                </th>
              ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** One figure in a row of totals (label and formatted value); sits in a {@link StatList}. */
export function StatTile({ label, value }: { label: ReactNode; value: string }) {
  return (
    <Card as="li" className={css({ padding: { base: '4', tablet: '5' } })}>
      <p className={css({ fontSize: 'sm', color: 'fg.muted', fontWeight: 'semibold' })}>{label}</p>
      <p
        className={css({
          fontSize: { base: '2xl', tablet: '3xl' },
          fontWeight: 'extrabold',
          fontVariantNumeric: 'tabular-nums',
        })}
      >
        {value}
      </p>
    </Card>
  );
}

const statColumns = {
  fit: css({ gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 12rem), 1fr))' }),
  four: css({ gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', tablet: 'repeat(4, minmax(0, 1fr))' } }),
};

/**
 * A labelled list of {@link StatTile}s: as many columns of at least 12rem as fit (`fit`), or two
 * on phones and four from tablets on (`four`).
 */
export function StatList({
  label,
  columns = 'fit',
  children,
}: {
  label: string;
  columns?: keyof typeof statColumns;
  children: ReactNode;
}) {
  return (
    <ul aria-label={label} className={cx(gridList, css({ gap: '4' }), statColumns[columns])}>
      {children}
    </ul>
  );
}

/** Tabular figures that do not wrap (counts and rates in table cells). */
export const numericCell = css({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

/** An attendance rate (0–1) as a percentage followed by its bar. */
export function RateWithBar({ rate, locale }: { rate: number; locale: Locale }) {
  return (
    <span className={css({ display: 'flex', alignItems: 'center', gap: '3', minWidth: '9rem' })}>
      <span className={cx(numericCell, css({ fontWeight: 'semibold', minWidth: '3rem' }))}>
        {formatRate(rate, locale)}
      </span>
      <RateBar rate={rate} />
    </span>
  );
}
