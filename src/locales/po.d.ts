/** Lingui catalogs compiled by @lingui/vite-plugin when imported (see src/lib/i18n.ts). */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
