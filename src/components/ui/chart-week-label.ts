import { useLingui } from '@lingui/react/macro';
import type { Locale } from '@/lib/i18n';
import { tooltipPointKey } from './chart-theme';
import { formatWeek } from './format';

/**
 * The tooltip title of a weekly chart (a Recharts `labelFormatter`): "Week of {long date}" for the
 * hovered point's `key`, the ISO date its week starts on. A chart that is not weekly (`weekly`
 * false) or a point without a key keeps the axis label as it is.
 */
export function useWeekTooltipLabel(locale: Locale, weekly = true) {
  const { t } = useLingui();
  return (label: unknown, payload: Parameters<typeof tooltipPointKey>[0]) => {
    const key = tooltipPointKey(payload);
    if (!key || !weekly) return String(label);
    const week = formatWeek(key, locale, 'long');
    return t`Week of ${week}`;
  };
}
