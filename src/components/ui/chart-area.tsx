import type { ReactElement } from 'react';
import { ResponsiveContainer } from 'recharts';
import { css } from 'styled-system/css';

/**
 * The box a Recharts chart is drawn in: the card's full width, 220 px high, the chart resized to
 * fit. `ltr` lays the SVG out left to right whatever the page's direction (its text anchors would
 * flip under dir=rtl; the chart reverses its time axis instead).
 */
export function ChartArea({ testId, ltr, children }: { testId: string; ltr?: boolean; children: ReactElement }) {
  return (
    <div dir={ltr ? 'ltr' : undefined} className={css({ width: 'full', height: '220px' })} data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%">
        {children}
      </ResponsiveContainer>
    </div>
  );
}
