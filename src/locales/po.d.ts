/** Lingui catalogs compiled by @lingui/vite-plugin when imported (see src/lib/i18n.ts). */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

/** One part of a catalog (`?part=core|rest`), compiled by scripts/vite-lingui-split.ts. */
declare module '*.po?part=core' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
declare module '*.po?part=rest' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
