/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { fileURLToPath, URL } from 'node:url';
import { lingui } from '@lingui/vite-plugin';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compileHints } from './scripts/vite-compile-hints.ts';
import { earlyScript } from './scripts/vite-early-script.ts';
import { linguiInlineSource } from './scripts/babel-lingui-inline-source.ts';
import { linguiSplit } from './scripts/vite-lingui-split.ts';
import { precompress } from './scripts/vite-precompress.ts';
import { routePreload } from './scripts/vite-route-preload.ts';

/**
 * Vite: the SPA (src/) and the Vitest configuration.
 * - File-based routes in src/routes → src/routeTree.gen.ts (committed; also `npx tsr generate`).
 * - Lingui: macros compiled by Babel, English source messages kept compiled in the code; the Arabic
 *   `.po` catalog compiled on import (src/lib/i18n.ts).
 * - Dev server on :5173 proxies /api and /uploads to the Fastify server on :3000 (`npm start`;
 *   HALAQA_API_URL overrides the target).
 * - Build: every text file of dist/ also as .br and .gz (scripts/vite-precompress.ts).
 * - Tests: tests/ui/** run in jsdom, everything else under tests/ in node. tests/e2e/** (real
 *   Chromium against a built app) only when HALAQA_E2E=1.
 */
const e2e = process.env.HALAQA_E2E === '1';
const isVitest = process.env.VITEST !== undefined;
/** Where /api is proxied in dev and preview (the Fastify server, `npm start`). */
const apiTarget = process.env.HALAQA_API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [
    // The router plugin must come before react(). Under Vitest the route tree is not regenerated.
    ...(isVitest
      ? []
      : [
          tanstackRouter({
            target: 'react',
            autoCodeSplitting: true,
            routesDirectory: './src/routes',
            generatedRouteTree: './src/routeTree.gen.ts',
            quoteStyle: 'single',
          }),
        ]),
    // Outside Vitest, the English source messages stay in the code, compiled (no English catalog
    // to load: scripts/babel-lingui-inline-source.ts).
    react({
      // Babel (the Lingui macros, which only src/ uses) runs on src/ alone: under Vitest it would
      // otherwise also transform the server and the tests.
      include: /\/src\/.*\.[jt]sx?$/,
      babel: {
        plugins: isVitest
          ? ['@lingui/babel-plugin-lingui-macro']
          : [['@lingui/babel-plugin-lingui-macro', { descriptorFields: 'message' }], linguiInlineSource],
      },
    }),
    // The Arabic catalog in two chunks: what the explore pages show first, and the rest (src/lib/i18n.ts).
    // The build fails if the first load of those routes runs a file with messages outside `core`.
    linguiSplit({
      core: /^src\/(main\.tsx|app-services\.ts|components\/|lib\/|routes\/|features\/(layout|catalog)\/)/,
      firstLoadRoutes: ['src/routes/index.tsx', 'src/routes/courses/index.tsx'],
    }),
    lingui(),
    // The route chunks of the pages a visitor lands on, for the server to send as modulepreload
    // links with the page (dist/route-preloads.json, server/modules/pages).
    routePreload({
      '/': 'src/routes/index.tsx',
      '/courses': 'src/routes/courses/index.tsx',
      '/courses/{id}': 'src/routes/courses/$courseId.tsx',
    }),
    // The page's first Intl objects made while the entry still downloads (src/intl-warmup.ts).
    earlyScript('src/intl-warmup.ts'),
    // The entry chunk compiled eagerly, off the main thread (scripts/vite-compile-hints.ts).
    compileHints(['app']),
    // Build output: a .br and a .gz beside each text file, served by the server as they are.
    precompress(),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      { find: '@contract', replacement: fileURLToPath(new URL('./openapi', import.meta.url)) },
      { find: '@machines', replacement: fileURLToPath(new URL('./machines', import.meta.url)) },
      { find: 'styled-system', replacement: fileURLToPath(new URL('./styled-system', import.meta.url)) },
    ],
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      // Course pictures and other uploaded files are served by the server.
      '/uploads': { target: apiTarget, changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      // Course pictures and other uploaded files are served by the server.
      '/uploads': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      output: {
        // Fewer, larger files for the first load. Measured on the explore page
        // (bench/first-load.ts): 39 files → 6, and 176 → 163 kB gzip (one file compresses better
        // than thirty, and loses their import wrappers).
        codeSplitting: {
          groups: [
            // Everything the entry imports statically runs on every first load anyway: one chunk
            // instead of ~30 small shared ones, each a request. Without the recursive pull of
            // dependencies, so the modules that lazy chunks alone use (the toasts' view behind the
            // toast store, Ark UI behind a shared helper) stay lazy. The early script stays apart.
            { name: 'app', tags: ['$initial'], test: /^(?!.*intl-warmup)/, includeDependenciesRecursively: false },
            // The course card and its small parts (badge, rating, price, picture, dates), shared
            // by `/`, `/courses` and other lists: one chunk instead of eight.
            { name: 'course-card', test: /src[\\/]features[\\/]catalog[\\/]course-card/ },
          ],
        },
      },
    },
  },
  test: {
    // Room for a busy 2-core machine (CI runs test files in parallel; each API file starts its own
    // PGlite): a hook or test that needs longer is stuck, not slow. Not a speed check (see bench/).
    hookTimeout: 30_000,
    testTimeout: 15_000,
    // Speed of `npm test`, measured on the 2-core machine:
    // - one worker per core: Vitest's default (cores − 1) ran the files one at a time here (432 s → 297 s);
    //   a third worker was slower, and a timing test of the sandbox failed;
    // - files of a worker share its modules (no fresh module graph, Node process and environment per
    //   file): more than half the run was spent importing the server and React again for each of
    //   114 files. Every file still gets its own database and app (tests/api/harness.ts); shared
    //   module state is never test state.
    maxWorkers: availableParallelism(),
    isolate: false,
    // Each project inherits the options above (Vitest's default for inline projects).
    projects: [
      {
        // The ES module builds of packages (as the app's build picks them), not their CommonJS ones.
        resolve: { mainFields: ['module', 'main'], conditions: ['module', 'development|production'] },
        test: {
          name: 'ui',
          environment: 'jsdom',
          include: ['tests/ui/**/*.test.{ts,tsx}'],
          // jest-dom's matchers, and toasts and rendered trees cleared after each test.
          setupFiles: ['tests/ui/setup.ts'],
        },
      },
      {
        test: {
          name: 'node',
          environment: 'node',
          globalSetup: ['tests/api/template-setup.ts'],
          include: ['tests/**/*.test.{ts,tsx}'],
          exclude: ['tests/ui/**', ...(e2e ? [] : ['tests/e2e/**']), '**/node_modules/**'],
          // A journey's expect.poll waits for a real browser and server: 10 s, not Vitest's 1 s. On a
          // loaded CI machine (load average 7 with two shards), the partner's attendance page
          // showed its learners a little over 1 s after the sign-in's redirect.
          ...(e2e ? { expect: { poll: { timeout: 10_000 } } } : {}),
        },
      },
    ],
  },
});
