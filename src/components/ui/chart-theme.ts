/**
 * The look shared by the app's Recharts charts (the dashboard's series, the attendance per week), as
 * props to spread on Recharts elements; plain objects so that this module does not load Recharts.
 * Right-to-left (`rtl`): the time axis runs from the right and the tooltip reads right to left.
 */

/** The tick labels of both axes (12 px, muted grey). */
export const axisTick = { fontSize: 12, fill: '#4b5563' };

/** The props of a chart's SVG: one image named by `title` and described by `summary`, with the house margins. */
export function chartSvgProps(title: string, summary: string) {
  return {
    accessibilityLayer: false,
    role: 'img',
    title,
    desc: summary,
    margin: { top: 8, right: 8, bottom: 0, left: 8 },
  };
}

/** Horizontal dashed grid lines only. */
export const gridProps = { strokeDasharray: '3 3', vertical: false, stroke: '#e5e8ef' };

/** The time axis (`label` of each point): reversed in right-to-left, first and last ticks kept. */
export function timeAxisProps(rtl: boolean) {
  return {
    dataKey: 'label',
    reversed: rtl,
    tick: axisTick,
    tickLine: false,
    axisLine: { stroke: '#aeb6c3' },
    interval: 'preserveStartEnd',
    minTickGap: 12,
  } as const;
}

/** The value axis: on the start side (the right in right-to-left), without tick marks or an axis line. */
export function valueAxisProps(rtl: boolean) {
  return { orientation: rtl ? 'right' : 'left', tick: axisTick, tickLine: false, axisLine: false } as const;
}

/** The `key` of the point a tooltip shows (from the `payload` Recharts hands to `labelFormatter`), if any. */
export function tooltipPointKey(payload: readonly { payload?: { key?: unknown } }[] | undefined): string | undefined {
  const key = payload?.[0]?.payload?.key;
  return typeof key === 'string' ? key : undefined;
}

/** The tooltip's box and the highlight of the hovered column. */
export function tooltipProps(rtl: boolean) {
  return {
    contentStyle: {
      borderRadius: 8,
      borderColor: '#dde1e8',
      direction: rtl ? 'rtl' : 'ltr',
      textAlign: 'start',
    },
    cursor: { fill: 'rgba(100, 145, 210, 0.12)' },
  } as const;
}

/** Bars with rounded tops, at most 40 px wide, drawn without animation. */
export const barProps = {
  radius: [4, 4, 0, 0] as [number, number, number, number],
  maxBarSize: 40,
  isAnimationActive: false,
};
