import { Trans } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Card } from './card';

/** The data table's cells behind "Show the data": compact, ruled, start-aligned. */
export const chartDataTable = css({
  width: 'full',
  borderCollapse: 'collapse',
  '& th, & td': {
    paddingBlock: '1.5',
    paddingInline: '2',
    textAlign: 'start',
    borderBlockEndWidth: '1px',
    borderColor: 'border.default',
  },
});

/**
 * An accessible chart card (WCAG 1.1.1, 1.3.1): a `figure` named by its heading and described by a
 * one-sentence summary; the chart itself (an SVG drawn as one image) when there is data; and the
 * same numbers as a data table behind "Show the data", horizontally scrollable and focusable.
 * Used by the admin dashboard's charts and the attendance analytics' weekly chart.
 * @param heading the heading level of `title` in its page (h2 for a page section, h3 inside one)
 * @param chart the chart, or null when there is nothing to draw (then neither it nor the table shows)
 * @param table the `<table>` of the chart's numbers (give it {@link chartDataTable} and a caption)
 */
export function ChartFigure({
  title,
  summary,
  heading,
  chart,
  table,
}: {
  title: string;
  summary: string;
  heading: 'h2' | 'h3';
  chart: ReactNode | null;
  table: ReactNode;
}) {
  const titleId = useId();
  const summaryId = useId();
  const Heading = heading;
  return (
    <Card
      as="section"
      className={css({ padding: { base: '4', tablet: '5' }, display: 'flex', flexDirection: 'column', gap: '3' })}
    >
      <figure
        aria-labelledby={titleId}
        aria-describedby={summaryId}
        className={css({ display: 'flex', flexDirection: 'column', gap: '3', margin: 0 })}
      >
        <figcaption className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
          <Heading
            id={titleId}
            className={
              heading === 'h2'
                ? css({ fontSize: 'lg', fontWeight: 'semibold' })
                : css({ fontSize: 'md', fontWeight: 'semibold' })
            }
          >
            {title}
          </Heading>
          <p id={summaryId} className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            {summary}
          </p>
        </figcaption>
        {chart}
      </figure>
      {chart ? (
        <details className={css({ fontSize: 'sm' })}>
          <summary
            className={css({
              cursor: 'pointer',
              color: 'primary.strong',
              fontWeight: 'semibold',
              width: 'max-content',
            })}
          >
            <Trans>Show the data</Trans>
          </summary>
          <div
            className={css({
              position: 'relative',
              overflowX: 'auto',
              marginBlockStart: '2',
              _focusVisible: { outline: '3px solid {colors.primary.strong}', outlineOffset: '-3px' },
            })}
          >
            {table}
          </div>
        </details>
      ) : null}
    </Card>
  );
}
