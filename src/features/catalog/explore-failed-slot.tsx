import { lazy, Suspense } from 'react';
import type { ApiError } from '@/lib/api/client';

const ExploreFailed = lazy(() => import('./explore-failed').then((m) => ({ default: m.ExploreFailed })));

/**
 * `ExploreFailed` (the catalog's failure toast and "Try again"), loaded only when a catalog page's
 * load has failed: its files are not part of the explore pages' first load, where each file costs
 * a phone a round trip.
 */
export function ExploreFailedSlot({ error }: { error: ApiError }) {
  return (
    <Suspense fallback={null}>
      <ExploreFailed error={error} />
    </Suspense>
  );
}
