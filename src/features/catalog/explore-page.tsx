import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent } from 'react';
import { SearchField } from '@/components/ui/search-field';
import { css, cx } from 'styled-system/css';
import { surface } from 'styled-system/recipes';
import { actionLink, spreadRow } from '@/components/ui/layout-styles';
import { Button, buttonStyles } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/field';
import { SearchIcon } from '@/components/ui/icons';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { usePageTitle } from '@/lib/document-head';
import { isLocale } from '@/lib/i18n';
import { CourseGrid } from './course-card';
import { ExploreFailedSlot } from './explore-failed-slot';
import type { ApiError } from '@/lib/api/client';
import type { ExploreSearch } from './explore-search';
import {
  categoryName,
  DIFFICULTIES,
  difficultyLabels,
  type Category,
  type CourseSummary,
  type Difficulty,
} from '@/lib/course-labels';
import { ExplorePagination } from './pagination';
import { draftOf, ExploreFilters, rangesOf, type ExploreLanguage, type RangeDraft } from './explore-filters';

export interface ExploreData {
  items: CourseSummary[];
  total: number;
  page: number;
  pageSize: number;
  categories: Category[];
  /** The course languages (GET /languages) the language filter offers. */
  languages?: ExploreLanguage[];
  /** Why `GET /courses/explore` failed (the list is then empty), or null. */
  failure?: ApiError | null;
}

/**
 * Course explore (/courses): a search box, a sort, filters (category, level, language, price with
 * "free only", start dates) and paging, all kept in the URL
 * (`?query&sort&categoryId&difficulty&languageId&minPrice&maxPrice&startFrom&startTo&page`, so a
 * search can be shared), and the matching courses. Selects apply at once; the text, prices and
 * dates apply with the Search button (a crossed range is shown on its field, nothing is sent).
 */
export function ExplorePage({ data, search }: { data: ExploreData; search: ExploreSearch }) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const navigate = useNavigate({ from: '/courses/' });
  const [query, setQuery] = useState(search.query ?? '');
  useEffect(() => setQuery(search.query ?? ''), [search.query]);
  const [draft, setDraft] = useState<RangeDraft>(() => draftOf(search));
  const [invalid, setInvalid] = useState<keyof RangeDraft | null>(null);
  useEffect(() => {
    setDraft(draftOf(search));
    setInvalid(null);
  }, [search.minPrice, search.maxPrice, search.startFrom, search.startTo]); // eslint-disable-line react-hooks/exhaustive-deps
  usePageTitle(t`Explore courses`);

  const filtered = Boolean(
    search.query ||
      search.categoryId ||
      search.difficulty ||
      search.languageId ||
      search.minPrice !== undefined ||
      search.maxPrice !== undefined ||
      search.startFrom ||
      search.startTo,
  );
  const total = data.total;

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = query.trim();
    const ranges = rangesOf(draft);
    if (!ranges.ok) {
      setInvalid(ranges.field);
      document.querySelector<HTMLInputElement>(`input[name="${ranges.field}"]`)?.focus();
      return;
    }
    setInvalid(null);
    void navigate({ search: (s) => ({ ...s, ...ranges.value, query: q || undefined, page: undefined }) });
  }

  return (
    <PageContainer>
      <PageHeader
        title={<Trans>Explore courses</Trans>}
        lead={<Trans>100% live, affordable, project-based courses taught by experts</Trans>}
      />
      <form
        role="search"
        aria-label={t`Courses`}
        onSubmit={submit}
        className={cx(
          surface(),
          css({
            display: 'grid',
            gap: '4',
            gridTemplateColumns: { base: '1fr', tablet: '1fr 1fr', desktop: '2fr 1fr 1fr auto' },
            alignItems: 'end',
            padding: { base: '4', tablet: '5' },
            marginBlockEnd: '8',
          }),
        )}
      >
        <SearchField
          value={query}
          onSearch={setQuery}
          placeholder={t`Course, skill or topic`}
          className={css({ gridColumn: { tablet: '1 / -1', desktop: 'auto' } })}
        />
        <SelectField
          label={t`Category`}
          name="categoryId"
          value={search.categoryId ? String(search.categoryId) : ''}
          onChange={(e) => {
            const id = Number(e.target.value);
            void navigate({ search: (s) => ({ ...s, categoryId: id > 0 ? id : undefined, page: undefined }) });
          }}
        >
          <option value="">{t`All categories`}</option>
          {data.categories.map((c) => (
            <option key={c.id} value={c.id}>
              {categoryName(c, locale)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t`Level`}
          name="difficulty"
          value={search.difficulty ?? ''}
          onChange={(e) => {
            const value = e.target.value as Difficulty | '';
            void navigate({ search: (s) => ({ ...s, difficulty: value || undefined, page: undefined }) });
          }}
        >
          <option value="">{t`All levels`}</option>
          {DIFFICULTIES.map((d) => (
            <option key={d} value={d}>
              {t(difficultyLabels[d])}
            </option>
          ))}
        </SelectField>
        <Button type="submit" size="md" startIcon={<SearchIcon size={16} />} className={css({ height: '10' })}>
          <Trans>Search</Trans>
        </Button>
        <ExploreFilters
          search={search}
          languages={data.languages ?? []}
          draft={draft}
          setDraft={setDraft}
          invalid={invalid}
          onChange={(patch) => void navigate({ search: (s) => ({ ...s, ...patch, page: undefined }) })}
        />
      </form>

      <div className={cx(spreadRow, css({ gap: '3', marginBlockEnd: '5' }))}>
        <p role="status" className={css({ color: 'fg.muted', fontSize: 'sm' })}>
          {data.failure ? null : <Plural value={total} _0="No courses" one="# course" other="# courses" />}
        </p>
        {filtered ? (
          <Link to="/courses" search={{}} className={cx(actionLink, css({ fontSize: 'sm' }))}>
            <Trans>Clear filters</Trans>
          </Link>
        ) : null}
      </div>

      {data.failure ? (
        <ExploreFailedSlot error={data.failure} />
      ) : data.items.length > 0 ? (
        <>
          <CourseGrid courses={data.items} headingLevel="h2" />
          <ExplorePagination page={data.page} pageSize={data.pageSize} total={total} />
        </>
      ) : (
        <EmptyState
          icon={<SearchIcon size={28} />}
          title={filtered ? <Trans>No course matches your search</Trans> : <Trans>No courses are open yet</Trans>}
          description={
            filtered ? (
              <Trans>Try other words, or remove a filter.</Trans>
            ) : (
              <Trans>New live sessions are added every week. Come back soon.</Trans>
            )
          }
          action={
            filtered ? (
              <Link to="/courses" search={{}} className={buttonStyles({ variant: 'outline' })}>
                <Trans>Clear filters</Trans>
              </Link>
            ) : null
          }
        />
      )}
    </PageContainer>
  );
}
