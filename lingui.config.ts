import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';

/**
 * Lingui: English source strings (the spec's texts), Arabic translation.
 * `npx lingui extract` merges new messages into src/locales/{en,ar}/messages.po (never drops
 * translations of messages still in use); the vite plugin compiles a catalog when it is imported.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ar'],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/node_modules/**', '<rootDir>/src/routeTree.gen.ts'],
    },
  ],
  // PO catalogs without line numbers: fewer merge conflicts between engineers.
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
