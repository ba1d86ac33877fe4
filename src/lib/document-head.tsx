import { useLingui } from '@lingui/react/macro';
import { useLocation, useMatches } from '@tanstack/react-router';
import { useEffect, useLayoutEffect } from 'react';

/** Product name used in every title ("<page> · Halaqa"). */
export const PRODUCT_NAME = 'Halaqa';

/**
 * Sets `document.title` to "<title> · Halaqa" while the calling page is shown (call it in every
 * page component; `title` is already translated). Sales pages set their own full title instead.
 */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} · ${PRODUCT_NAME}`;
  }, [title]);
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
 * meta says the spec's sentence, translated. Sales pages get neither (product.md#screens).
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
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (sales) {
      meta?.remove();
      return;
    }
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [sales, description]);

  return null;
}
