import { useLingui } from '@lingui/react/macro';
import { css, cx } from 'styled-system/css';
import { currentLocale, isLocale } from '@/lib/i18n';
import { formatDollars } from './format';

/**
 * A price in US dollars (decimal, spec money convention) formatted with Intl in the active
 * locale; 0 shows "Free" (translated). `size` only changes the type scale.
 */
export function Price({
  value,
  size = 'md',
  className,
}: {
  value: number;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : currentLocale();
  const formatted = formatDollars(value, locale);
  return (
    <span
      className={cx(
        css({
          fontWeight: 'bold',
          color: formatted ? 'fg.default' : 'secondary.strong',
          fontVariantNumeric: 'tabular-nums',
        }),
        size === 'sm' ? css({ fontSize: 'sm' }) : size === 'lg' ? css({ fontSize: '2xl' }) : css({ fontSize: 'md' }),
        className,
      )}
      data-free={formatted ? undefined : true}
    >
      {formatted ?? t`Free`}
    </span>
  );
}
