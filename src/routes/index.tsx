import { HOME_COURSES_PAGE_SIZE } from '@contract/first-load';
import { createFileRoute } from '@tanstack/react-router';
import { CardGridSkeleton } from '@/components/ui/spinner';
import { containerStyles } from '@/components/ui/page';
import { LandingPage } from '@/features/catalog/landing-page';
import { RouteError } from '@/features/layout/route-error';
import { loadData } from '@/lib/load';

/** `/`: public landing (hero, categories, upcoming courses). */
export const Route = createFileRoute('/')({
  loader: async ({ context: { api } }) => {
    const [page, categories] = await Promise.all([
      loadData(api.GET('/courses/explore', { params: { query: { page: 1, pageSize: HOME_COURSES_PAGE_SIZE } } })),
      loadData(api.GET('/courses/categories')),
    ]);
    return { courses: page.items, total: page.total, categories };
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
