import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { CheckboxField } from '@/components/ui/form-controls';
import { SelectField, TextField } from '@/components/ui/field';
import { EXPLORE_SORTS, type ExploreSearch, type ExploreSort } from './explore-search';

/** A course language as GET /languages answers it. */
export interface ExploreLanguage {
  id: number;
  code: string;
  name: string;
}

const sortLabels: Record<ExploreSort, MessageDescriptor> = {
  relevance: msg`Best match`,
  soonest: msg`Starting soonest`,
  newest: msg`Newest`,
  price_asc: msg`Price: low to high`,
  price_desc: msg`Price: high to low`,
  rating: msg`Best rated`,
};

/** A language's name in the page's language (Intl), or its English name when the browser has none. */
function languageName(l: ExploreLanguage, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(l.code) ?? l.name;
  } catch {
    return l.name;
  }
}

/** The price and date bounds being typed, applied with the search form (strings as the inputs hold them). */
export interface RangeDraft {
  minPrice: string;
  maxPrice: string;
  startFrom: string;
  startTo: string;
}

export const draftOf = (s: ExploreSearch): RangeDraft => ({
  minPrice: s.minPrice === undefined ? '' : String(s.minPrice),
  maxPrice: s.maxPrice === undefined ? '' : String(s.maxPrice),
  startFrom: s.startFrom ?? '',
  startTo: s.startTo ?? '',
});

/**
 * The draft's bounds as search params, or the field to fix: a price that is not a non-negative
 * amount with at most two decimals, a minimum above the maximum, a start after the end.
 */
export function rangesOf(
  d: RangeDraft,
):
  | { ok: true; value: Pick<ExploreSearch, 'minPrice' | 'maxPrice' | 'startFrom' | 'startTo'> }
  | { ok: false; field: keyof RangeDraft } {
  const amount = (s: string) =>
    s.trim() === '' ? undefined : /^\d{1,7}(\.\d{1,2})?$/.test(s.trim()) ? Number(s) : NaN;
  const minPrice = amount(d.minPrice);
  const maxPrice = amount(d.maxPrice);
  if (Number.isNaN(minPrice)) return { ok: false, field: 'minPrice' };
  if (Number.isNaN(maxPrice)) return { ok: false, field: 'maxPrice' };
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) return { ok: false, field: 'minPrice' };
  const startFrom = d.startFrom || undefined;
  const startTo = d.startTo || undefined;
  if (startFrom && startTo && startFrom > startTo) return { ok: false, field: 'startFrom' };
  return { ok: true, value: { minPrice, maxPrice, startFrom, startTo } };
}

/**
 * The explore screen's sort and its other filters: language (applied when chosen), price range
 * with "free only", and start dates (applied with the search form's button). `onChange` merges new
 * search params (the page goes back to 1).
 */
export function ExploreFilters({
  search,
  languages,
  draft,
  setDraft,
  invalid,
  onChange,
}: {
  search: ExploreSearch;
  languages: ExploreLanguage[];
  draft: RangeDraft;
  setDraft: (d: RangeDraft) => void;
  invalid: keyof RangeDraft | null;
  onChange: (patch: Partial<ExploreSearch>) => void;
}) {
  const { t, i18n } = useLingui();
  const [open, setOpen] = useState(
    Boolean(
      search.languageId ||
        search.minPrice !== undefined ||
        search.maxPrice !== undefined ||
        search.startFrom ||
        search.startTo,
    ),
  );
  useEffect(() => {
    if (
      search.languageId ||
      search.minPrice !== undefined ||
      search.maxPrice !== undefined ||
      search.startFrom ||
      search.startTo
    )
      setOpen(true);
  }, [search.languageId, search.minPrice, search.maxPrice, search.startFrom, search.startTo]);
  const free = search.maxPrice === 0 && !search.minPrice;
  const messages: Record<keyof RangeDraft, string> = {
    minPrice: t`Enter an amount in dollars, no more than the maximum`,
    maxPrice: t`Enter an amount in dollars`,
    startFrom: t`The first date must not be after the last`,
    startTo: '',
  };
  const grid = css({
    display: 'grid',
    gap: '4',
    gridTemplateColumns: { base: '1fr', tablet: '1fr 1fr', desktop: 'repeat(4, 1fr)' },
    alignItems: 'end',
  });
  // On a phone sort and language share a row, so the results start sooner.
  const firstRow = css({
    display: 'grid',
    gap: '4',
    gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', desktop: 'repeat(4, 1fr)' },
    alignItems: 'end',
  });
  return (
    <div className={css({ gridColumn: '1 / -1', display: 'flex', flexDirection: 'column', gap: '4' })}>
      <div className={firstRow}>
        <SelectField
          label={t`Sort by`}
          name="sort"
          value={search.sort ?? 'relevance'}
          onChange={(e) => {
            const value = e.target.value as ExploreSort;
            onChange({ sort: value === 'relevance' ? undefined : value });
          }}
        >
          {EXPLORE_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(sortLabels[s])}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t`Language`}
          name="languageId"
          value={search.languageId ? String(search.languageId) : ''}
          onChange={(e) => {
            const id = Number(e.target.value);
            onChange({ languageId: id > 0 ? id : undefined });
          }}
        >
          <option value="">{t`All languages`}</option>
          {languages.map((l) => (
            <option key={l.id} value={l.id}>
              {languageName(l, i18n.locale)}
            </option>
          ))}
        </SelectField>
        <CheckboxField
          label={t`Free courses only`}
          name="free"
          checked={free}
          onChange={(checked) => {
            setDraft({ ...draft, minPrice: '', maxPrice: checked ? '0' : '' });
            onChange({ minPrice: undefined, maxPrice: checked ? 0 : undefined });
          }}
        />
        <button
          type="button"
          aria-expanded={open}
          aria-controls="explore-more-filters"
          onClick={() => setOpen(!open)}
          className={css({
            justifySelf: 'start',
            fontSize: 'sm',
            color: 'primary.strong',
            textDecoration: 'underline',
            minHeight: '10',
            cursor: 'pointer',
            _focusVisible: { outline: '2px solid', outlineColor: 'primary.strong', outlineOffset: '2px' },
          })}
        >
          {open ? <Trans>Fewer filters</Trans> : <Trans>Price and dates</Trans>}
        </button>
      </div>
      <div id="explore-more-filters" hidden={!open} className={grid}>
        <TextField
          label={t`Lowest price ($)`}
          name="minPrice"
          inputMode="decimal"
          value={draft.minPrice}
          error={invalid === 'minPrice' ? messages.minPrice : null}
          onChange={(e) => setDraft({ ...draft, minPrice: e.currentTarget.value })}
        />
        <TextField
          label={t`Highest price ($)`}
          name="maxPrice"
          inputMode="decimal"
          value={draft.maxPrice}
          error={invalid === 'maxPrice' ? messages.maxPrice : null}
          onChange={(e) => setDraft({ ...draft, maxPrice: e.currentTarget.value })}
        />
        <TextField
          label={t`Starts on or after`}
          name="startFrom"
          type="date"
          value={draft.startFrom}
          error={invalid === 'startFrom' ? messages.startFrom : null}
          onChange={(e) => setDraft({ ...draft, startFrom: e.currentTarget.value })}
        />
        <TextField
          label={t`Starts on or before`}
          name="startTo"
          type="date"
          value={draft.startTo}
          onChange={(e) => setDraft({ ...draft, startTo: e.currentTarget.value })}
        />
      </div>
    </div>
  );
}
