import { HOME_COURSES_PAGE_SIZE } from '@contract/first-load';
import { createFileRoute } from '@tanstack/react-router';
import { CardGridSkeleton } from '@/components/ui/spinner';
import { containerStyles } from '@/components/ui/page';
import { LandingPage } from '@/features/catalog/landing-page';
import { RouteError } from '@/features/layout/route-error';
import { settle, valueOr } from '@/lib/load';

/** `/`: public landing (hero, categories, upcoming courses). */
export const Route = createFileRoute('/')({
  loader: async ({ context: { api } }) => {
    const [page, categories] = await Promise.all([
      settle(api.GET('/courses/explore', { params: { query: { page: 1, pageSize: HOME_COURSES_PAGE_SIZE } } })),
      settle(api.GET('/courses/categories')),
    ]);
    // A failed explore keeps the page with its own message and retry (product.md#messages).
    return {
      courses: page.ok ? page.data.items : [],
      total: page.ok ? page.data.total : 0,
      failure: page.ok ? null : page.error,
      categories: valueOr(categories, []),
    };
  },
  pendingComponent: () => (
    <div className={containerStyles} style={{ paddingBlock: '3rem' }}>
      <CardGridSkeleton count={8} />
    </div>
  ),
  errorComponent: RouteError,
  component: function LandingRoute() {
    return <LandingPage data={Route.useLoaderData()} />;
  },
});
