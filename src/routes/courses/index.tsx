import { createFileRoute } from '@tanstack/react-router';
import { PageContainer } from '@/components/ui/page';
import { CardGridSkeleton } from '@/components/ui/spinner';
import { ExplorePage } from '@/features/catalog/explore-page';
import { EXPLORE_PAGE_SIZE, exploreQueryOf, exploreSearchSchema } from '@/features/catalog/explore-search';
import { RouteError } from '@/features/layout/route-error';
import { settle, valueOr } from '@/lib/load';

/**
 * `/courses`: course explore with search, sort, filters (category, level, language, price, start
 * dates) and paging in the URL.
 */
export const Route = createFileRoute('/courses/')({
  validateSearch: exploreSearchSchema,
  loaderDeps: ({ search }) => ({ ...exploreQueryOf(search), page: search.page }),
  loader: async ({ context: { api }, deps }) => {
    const { page, ...filters } = deps;
    const [result, categories, languages] = await Promise.all([
      settle(
        api.GET('/courses/explore', {
          params: { query: { ...filters, page: page ?? 1, pageSize: EXPLORE_PAGE_SIZE } },
        }),
      ),
      settle(api.GET('/courses/categories')),
      settle(api.GET('/languages')),
    ]);
    // A failed explore keeps the page (search, filters) with its own message and retry.
    const empty = { items: [], total: 0, page: deps.page ?? 1, pageSize: EXPLORE_PAGE_SIZE };
    return {
      ...(result.ok ? result.data : empty),
      failure: result.ok ? null : result.error,
      categories: valueOr(categories, []),
      languages: valueOr(languages, []),
    };
  },
  pendingComponent: () => (
    <PageContainer>
      <CardGridSkeleton count={6} />
    </PageContainer>
  ),
  errorComponent: RouteError,
  component: function ExploreRoute() {
    return <ExplorePage data={Route.useLoaderData()} search={Route.useSearch()} />;
  },
});
