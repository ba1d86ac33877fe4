import { Trans, useLingui } from '@lingui/react/macro';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { formatCount } from '@/components/ui/format';
import { ChevronEndIcon } from '@/components/ui/icons';
import { isLocale, type Locale } from '@/lib/i18n';

/**
 * Previous / next paging for the dashboard lists with "Page p of n" between. `onChange(page)`
 * gets a 1-based page. Renders nothing when everything fits on one page.
 */
export function Pager({
  page,
  pageSize,
  total,
  onChange,
  disabled = false,
}: {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  disabled?: boolean;
}) {
  const { t, i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const pageCount = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  if (pageCount <= 1 && page <= 1) return null;
  const current = formatCount(page, locale);
  const count = formatCount(pageCount, locale);
  return (
    <nav
      aria-label={t`Pages`}
      className={css({
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        gap: '3',
        marginBlockStart: '8',
        flexWrap: 'wrap',
      })}
    >
      <Button variant="outline" size="sm" disabled={disabled || page <= 1} onClick={() => onChange(page - 1)}>
        <ChevronEndIcon size={16} className={css({ transform: 'scaleX(-1)', _rtl: { transform: 'none' } })} />
        <Trans>Previous</Trans>
      </Button>
      <span
        className={css({ fontSize: 'sm', color: 'fg.muted', fontVariantNumeric: 'tabular-nums' })}
        aria-live="polite"
      >
        <Trans>
          Page {current} of {count}
        </Trans>
      </span>
      <Button variant="outline" size="sm" disabled={disabled || page >= pageCount} onClick={() => onChange(page + 1)}>
        <Trans>Next</Trans>
        <ChevronEndIcon size={16} className={css({ _rtl: { transform: 'scaleX(-1)' } })} />
      </Button>
    </nav>
  );
}
