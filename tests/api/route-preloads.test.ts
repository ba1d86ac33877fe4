import { describe, expect, it } from 'vitest';
import { routePreloadsOf, type ChunkFacts } from '../../scripts/vite-route-preload.js';

/**
 * The route scripts the build lists per page (scripts/vite-route-preload.ts, sent by the server as
 * modulepreload links): the route's component chunk and what it imports statically, never what
 * index.html loads already, nor the route's error or not-found component.
 */
const root = '/repo';
const chunk = (fileName: string, moduleIds: string[], imports: string[] = [], isEntry = false): ChunkFacts => ({
  fileName,
  moduleIds,
  imports,
  isEntry,
});

const bundle: ChunkFacts[] = [
  chunk(
    'assets/index-1.js',
    ['/repo/src/main.tsx', '/repo/src/routes/courses/$courseId.tsx', '/repo/src/routes/index.tsx'],
    ['assets/runtime-2.js'],
    true,
  ),
  chunk('assets/runtime-2.js', ['\0rolldown/runtime.js']),
  chunk(
    'assets/_courseId-3.js',
    ['/repo/src/routes/courses/$courseId.tsx?tsr-split=component', '/repo/src/features/courses/course-page.tsx'],
    ['assets/index-1.js', 'assets/runtime-2.js', 'assets/card-4.js', 'assets/schedule-5.js'],
  ),
  chunk('assets/card-4.js', ['/repo/src/components/ui/card.tsx'], ['assets/index-1.js']),
  chunk('assets/schedule-5.js', ['/repo/src/components/ui/schedule.tsx'], ['assets/card-4.js', 'assets/temporal-6.js']),
  chunk('assets/temporal-6.js', ['/repo/node_modules/temporal-polyfill/index.js']),
  chunk(
    'assets/_courseId-7.js',
    ['/repo/src/routes/courses/$courseId.tsx?tsr-split=errorComponent'],
    ['assets/index-1.js', 'assets/alert-8.js'],
  ),
  chunk('assets/alert-8.js', ['/repo/src/components/ui/alert.tsx']),
  chunk('assets/routes-9.js', ['/repo/src/routes/index.tsx?tsr-split=component---loader'], ['assets/card-4.js']),
];

describe('routePreloadsOf', () => {
  it("lists a route's component chunk and its static imports, less what index.html loads", () => {
    const preloads = routePreloadsOf(bundle, { '/courses/{id}': 'src/routes/courses/$courseId.tsx' }, root);
    expect(preloads['/courses/{id}']!.sort()).toEqual([
      '/assets/_courseId-3.js',
      '/assets/card-4.js',
      '/assets/schedule-5.js',
      '/assets/temporal-6.js',
    ]);
  });

  it("takes a split that groups the component with the loader, under the build's base", () => {
    expect(routePreloadsOf(bundle, { '/': 'src/routes/index.tsx' }, root, '/app/')).toEqual({
      '/': ['/app/assets/routes-9.js', '/app/assets/card-4.js'],
    });
  });

  it('gives an empty list to a route that is not split from the entry', () => {
    expect(routePreloadsOf(bundle, { '/login': 'src/main.tsx' }, root)).toEqual({ '/login': [] });
  });
});
