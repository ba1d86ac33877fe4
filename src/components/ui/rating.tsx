import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { css, cx } from 'styled-system/css';
import { currentLocale, isLocale } from '@/lib/i18n';
import { formatCount, formatDecimal1 } from './format';
import { StarIcon } from './icons';

/**
 * Five stars for an average rating (0..5, halves rounded), with an accessible label
 * ("Rated 4.5 out of 5 from 12 reviews"); `count` is shown after the stars when given.
 * With no reviews it says "No reviews yet".
 */
export function Rating({
  average,
  count,
  size = 16,
  className,
}: {
  average: number;
  count?: number;
  size?: number;
  className?: string;
}) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : currentLocale();
  if (count === 0) {
    return <span className={cx(css({ fontSize: 'sm', color: 'fg.muted' }), className)}>{t`No reviews yet`}</span>;
  }
  const rounded = Math.round(Math.max(0, Math.min(5, average)) * 2) / 2;
  const shown = formatDecimal1(average, locale);
  const label =
    count === undefined
      ? t`Rated ${shown} out of 5`
      : t`Rated ${shown} out of 5` + ' · ' + plural(count, { one: '# review', other: '# reviews' });
  return (
    <span className={cx(css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' }), className)}>
      <span role="img" aria-label={label} className={css({ display: 'inline-flex', color: '#b45309' })}>
        {[1, 2, 3, 4, 5].map((i) => (
          <StarIcon
            key={i}
            size={size}
            filled={rounded >= i ? 'full' : rounded >= i - 0.5 ? 'half' : 'none'}
            className={css({ _rtl: { transform: 'scaleX(-1)' } })}
          />
        ))}
      </span>
      <span aria-hidden className={css({ fontSize: 'sm', fontWeight: 'semibold', color: 'fg.default' })}>
        {shown}
      </span>
      {count !== undefined ? (
        <span aria-hidden className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          ({formatCount(count, locale)})
        </span>
      ) : null}
    </span>
  );
}
