import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { css, cx } from 'styled-system/css';
import { plainList } from 'styled-system/recipes';
import { ChevronEndIcon } from '@/components/ui/icons';
import { formatCount } from '@/components/ui/format';
import { isLocale, type Locale } from '@/lib/i18n';

const item = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '1',
  minWidth: '10',
  height: '10',
  paddingInline: '3',
  borderRadius: 'lg',
  fontSize: 'sm',
  fontWeight: 'semibold',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  color: 'fg.default',
  _hover: { borderColor: 'primary.strong', color: 'primary.strong' },
  '&[aria-current=page]': { bg: 'primary.strong', color: 'white', borderColor: 'primary.strong' },
});
const disabled = css({ opacity: 0.45, pointerEvents: 'none' });

/** A page link is "current" only for exactly its own search (page 1 = no `page`). */
const exactSearch = { exact: true, includeSearch: true, explicitUndefined: true } as const;

/** Page numbers to show: first, last, and a window around the current page, with gaps (null). */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const pages = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1]! > 1) out.push(null);
    out.push(p);
  });
  return out;
}

function PageNumber({ target, current, locale }: { target: number; current: number; locale: Locale }) {
  const { t } = useLingui();
  const shown = formatCount(target, locale);
  return (
    <li className={css({ display: { base: target === current ? 'block' : 'none', tablet: 'block' } })}>
      <Link
        from="/courses/"
        to="/courses"
        search={(s) => ({ ...s, page: target === 1 ? undefined : target })}
        className={item}
        activeOptions={exactSearch}
        aria-current={target === current ? 'page' : undefined}
        aria-label={t`Page ${shown}`}
      >
        {shown}
      </Link>
    </li>
  );
}

/**
 * Paging links for /courses: each link keeps the other search params and sets `page`.
 * Renders nothing when everything fits on one page.
 */
export function ExplorePagination({ page, pageSize, total }: { page: number; pageSize: number; total: number }) {
  const { t, i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (pageCount <= 1) return null;
  const prev = Math.max(1, page - 1);
  const next = Math.min(pageCount, page + 1);
  return (
    <nav aria-label={t`Pages`} className={css({ display: 'flex', justifyContent: 'center', marginBlockStart: '10' })}>
      <ul className={cx(plainList({ direction: 'row', gap: '2' }), css({ alignItems: 'center' }))}>
        <li>
          {page <= 1 ? (
            <span aria-disabled="true" className={cx(item, disabled)}>
              <ChevronEndIcon size={16} className={css({ transform: 'scaleX(-1)', _rtl: { transform: 'none' } })} />
              {t`Previous`}
            </span>
          ) : (
            <Link
              from="/courses/"
              to="/courses"
              search={(s) => ({ ...s, page: prev === 1 ? undefined : prev })}
              activeOptions={exactSearch}
              className={item}
              rel="prev"
            >
              <ChevronEndIcon size={16} className={css({ transform: 'scaleX(-1)', _rtl: { transform: 'none' } })} />
              {t`Previous`}
            </Link>
          )}
        </li>
        {pageWindow(page, pageCount).map((p, i) =>
          p === null ? (
            <li
              key={`gap-${i}`}
              aria-hidden
              className={css({ color: 'fg.muted', paddingInline: '1', display: { base: 'none', tablet: 'block' } })}
            >
              …
            </li>
          ) : (
            <PageNumber key={p} target={p} current={page} locale={locale} />
          ),
        )}
        <li>
          {page >= pageCount ? (
            <span aria-disabled="true" className={cx(item, disabled)}>
              {t`Next`}
              <ChevronEndIcon size={16} className={css({ _rtl: { transform: 'scaleX(-1)' } })} />
            </span>
          ) : (
            <Link
              from="/courses/"
              to="/courses"
              search={(s) => ({ ...s, page: next })}
              activeOptions={exactSearch}
              className={item}
              rel="next"
            >
              {t`Next`}
              <ChevronEndIcon size={16} className={css({ _rtl: { transform: 'scaleX(-1)' } })} />
            </Link>
          )}
        </li>
      </ul>
    </nav>
  );
}
