import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { css } from 'styled-system/css';
import { formatCount } from '@/components/ui/format';
import { isLocale } from '@/lib/i18n';
import { categoryName, type Category } from '@/lib/course-labels';

const chip = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  height: '10',
  paddingInline: '4',
  borderRadius: 'full',
  borderWidth: '1px',
  borderColor: 'border.default',
  bg: 'bg.surface',
  fontSize: 'sm',
  fontWeight: 'semibold',
  color: 'fg.default',
  transition: 'all 150ms',
  _hover: { borderColor: 'primary.strong', color: 'primary.strong', bg: 'primary.subtle' },
});

/** Category chips linking to the explore page filtered by that category, with course counts. */
export function CategoryChips({ categories }: { categories: Category[] }) {
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  return (
    <ul className={css({ display: 'flex', flexWrap: 'wrap', gap: '2.5', listStyle: 'none', padding: 0 })}>
      {categories.map((category) => (
        <li key={category.id}>
          <Link to="/courses" search={{ categoryId: category.id }} className={chip}>
            {categoryName(category, locale)}
            <span
              className={css({
                fontSize: 'xs',
                color: 'fg.muted',
                bg: 'bg.subtle',
                borderRadius: 'full',
                paddingInline: '2',
                paddingBlock: '0.5',
              })}
            >
              {formatCount(category.courseCount, locale)}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
