// The house rules that keep the layers apart (architecture.md), checked by `npm run lint` in `npm test`:
// - machines/ never import src/ (the feature screens provide their actors; machines stay pure);
// - a feature folder never imports another feature folder (shared pieces live in src/components/ui,
//   presentational, and src/lib, non-visual);
// - src/components and src/lib never import features (nor routes);
// - server modules never import the demo data (server/db/seed*); nothing under src/ or machines/
//   imports server/;
// plus a few typescript-eslint rules worth having everywhere. Import cycles, type imports included,
// are npm test's `cycles` check (scripts/import-cycles.mjs). The lint rules are the house rules:
// fix the code, not the rule.
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'coverage/**',
      'styled-system/**',
      'node_modules/**',
      'test-results/**',
      'public/**',
      'src/routeTree.gen.ts',
      'src/locales/**',
      'openapi/schema.d.ts',
    ],
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      parser: tseslint.parser,
      ecmaVersion: 'latest',
      sourceType: 'module',
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: {
      '@typescript-eslint': tseslint.plugin,
      boundaries,
      'react-hooks': reactHooks,
    },
    settings: {
      'import/resolver': { typescript: { project: './tsconfig.json' } },
      'boundaries/include': ['src/**', 'machines/**', 'server/**', 'tests/**', 'scripts/**', 'bench/**'],
      'boundaries/elements': [
        // Paths from the repository root ('full'), so that tests/machines is not taken for machines/.
        { type: 'machines', pattern: 'machines/**', partialMatch: false },
        { type: 'routes', pattern: 'src/routes/**', partialMatch: false },
        { type: 'feature', pattern: 'src/features/*/**', partialMatch: false, capture: ['feature'] },
        { type: 'ui', pattern: 'src/components/**', partialMatch: false },
        { type: 'lib', pattern: 'src/lib/**', partialMatch: false },
        { type: 'locales', pattern: 'src/locales/**', partialMatch: false },
        { type: 'app', pattern: 'src/*', partialMatch: false },
        { type: 'seed', pattern: 'server/db/seed/**', partialMatch: false },
        { type: 'server-module', pattern: 'server/modules/**', partialMatch: false },
        { type: 'server-platform', pattern: 'server/{platform,db}/**', partialMatch: false },
        { type: 'server', pattern: 'server/**', partialMatch: false },
        { type: 'tests', pattern: 'tests/**', partialMatch: false },
        { type: 'tools', pattern: '{scripts,bench}/**', partialMatch: false },
      ],
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'machines' } },
              disallow: {
                to: {
                  element: {
                    types: {
                      anyOf: [
                        'routes',
                        'feature',
                        'ui',
                        'lib',
                        'app',
                        'locales',
                        'server',
                        'server-module',
                        'server-platform',
                        'seed',
                      ],
                    },
                  },
                },
              },
              message:
                'machines/ never import src/ (or server/): move what they need beside the machine or to machines/support, or inject it',
            },
            {
              from: { element: { type: 'feature' } },
              disallow: {
                to: { element: { type: 'feature', captured: { feature: '!{{ from.element.captured.feature }}' } } },
              },
              message:
                'A feature never imports another feature: move the shared piece to src/components/ui or src/lib, or compose the two in the route',
            },
            {
              from: { element: { types: { anyOf: ['ui', 'lib'] } } },
              disallow: { to: { element: { types: { anyOf: ['feature', 'routes', 'app'] } } } },
              message: 'src/components and src/lib are below the features: they never import a feature or a route',
            },
            {
              from: { element: { types: { anyOf: ['routes', 'feature', 'ui', 'lib', 'app', 'machines'] } } },
              disallow: {
                to: { element: { types: { anyOf: ['server', 'server-module', 'server-platform', 'seed'] } } },
              },
              message: 'The SPA never imports server code: share through the contract (openapi/)',
            },
            {
              from: { element: { type: 'server-module' } },
              disallow: { to: { element: { type: 'seed' } } },
              message:
                'Server modules never import the demo data (server/db/seed): the start-up (server/main.ts) loads it',
            },
            {
              from: { element: { type: 'server-platform' } },
              disallow: { to: { element: { type: 'server-module' } } },
              message:
                'server/platform and server/db are below the modules: shared rules never import a module (app.ts and main.ts compose them)',
            },
          ],
        },
      ],
      'no-control-regex': 'error',
      '@typescript-eslint/ban-ts-comment': ['error', { 'ts-expect-error': 'allow-with-description' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
    },
  },
  {
    // The SPA, its machines and their tests: no `any` (the edges are typed from the contract), and
    // hooks by the rules.
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts', 'tests/ui/**/*.{ts,tsx}', 'tests/machines/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
);
