import { useLingui } from '@lingui/react/macro';
import { useLocation, useMatches } from '@tanstack/react-router';
import { useEffect, useLayoutEffect } from 'react';

import { PRODUCT_NAME } from '@contract/page-heads';

/**
 * Sets `document.title` to "<title> · Halaqa" while the calling page is shown (call it in every
 * page component; `title` is already translated). Sales pages set their own full title instead.
 */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
}

/**
 * The head of a sales page (a route flagged `staticData.salesPage`): its full `title` and
 * `description`, the very ones the server wrote into the page (openapi/page-heads.ts), so the
 * SPA keeps the server's head on a first load and sets the same one when it navigates there.
 */
export function useSalesPageHead({ title, description }: { title: string; description: string }) {
  useEffect(() => {
    document.title = title;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [title, description]);
}

/** True when the deepest matched route is flagged `staticData.salesPage`. */
export function useIsSalesPage(): boolean {
  return useMatches({ select: (matches) => matches.some((m) => m.staticData?.salesPage === true) });
}

/** True when any matched route is flagged `staticData.hideHeaderFooter`. */
export function useHideHeaderFooter(): boolean {
  return useMatches({ select: (matches) => matches.some((m) => m.staticData?.hideHeaderFooter === true) });
}

/**
 * Default head of non-sales pages: on each navigation the title falls back to "Halaqa" (a page's
 * `usePageTitle` then refines it: its effect runs after this layout effect) and the description
 * meta says the spec's sentence, translated. Sales pages get neither: their head is left as the
 * server wrote it, or as the page sets it (`useSalesPageHead`) (product.md#screens).
 */
export function DefaultHead() {
  const { t, i18n } = useLingui();
  const pathname = useLocation({ select: (l) => l.pathname });
  const sales = useIsSalesPage();
  const description = t`100% live, affordable, project-based courses taught by experts`;

  useLayoutEffect(() => {
    if (!sales) document.title = PRODUCT_NAME;
  }, [pathname, sales, i18n.locale]);

  useEffect(() => {
    if (sales) return;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [sales, description]);

  return null;
}
