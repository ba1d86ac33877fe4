import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { GlobeIcon } from '@/components/ui/icons';
import type { Locale } from '@/lib/i18n';

const linkClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  height: '10',
  paddingInline: { base: '1.5', tablet: '3' },
  whiteSpace: 'nowrap',
  borderRadius: 'lg',
  fontSize: 'sm',
  fontWeight: 'semibold',
  color: 'fg.default',
  _hover: { bg: 'bg.subtle' },
});

/**
 * Switches between English and Arabic on the current page: a link to the same location with
 * `?lang=` changed (the root route activates the catalog and remembers the choice).
 */
export function LanguageSwitch() {
  const { t, i18n } = useLingui();
  const next: Locale = i18n.locale === 'ar' ? 'en' : 'ar';
  return (
    <Link
      to="."
      search={(prev) => ({ ...prev, lang: next })}
      hrefLang={next}
      className={linkClass}
      title={next === 'ar' ? t`Switch to Arabic` : t`Switch to English`}
    >
      <GlobeIcon size={18} className={css({ display: { base: 'none', tablet: 'inline' } })} />
      <span lang={next}>{next === 'ar' ? 'العربية' : 'English'}</span>
    </Link>
  );
}
