import { useLingui } from '@lingui/react/macro';
import { TextField } from './field';

/**
 * The search box of a list's filters: a search input named `query`, 200 characters at most,
 * labelled "Search" unless `label` names it otherwise (a course title).
 * @param onSearch called with the box's text on every change
 */
export function SearchField({
  value,
  onSearch,
  label,
  ...rest
}: {
  value: string;
  onSearch: (text: string) => void;
  label?: string;
  placeholder?: string;
  className?: string;
}) {
  const { t } = useLingui();
  return (
    <TextField
      label={label ?? t`Search`}
      type="search"
      name="query"
      value={value}
      maxLength={200}
      onChange={(e) => onSearch(e.target.value)}
      {...rest}
    />
  );
}
