import { useSelector } from '@xstate/react';
import { useLayoutEffect } from 'react';
import type { AuthActor } from '@/lib/auth/auth-service';
import { selectTheme } from '@machines/auth.selectors';

const HEX = /^#[0-9a-fA-F]{6}$/;
const VARS = { primary: '--colors-primary', secondary: '--colors-secondary', tertiary: '--colors-tertiary' } as const;

/**
 * Applies a company theme `{primary, secondary, tertiary}` (hex colours) to the Panda semantic
 * tokens by setting `--colors-primary` etc. on `document.documentElement`; `null` (signed out, no
 * company, or theme load failed) removes them so the defaults of panda.config.ts apply again.
 * Invalid colours are ignored one by one. Derived shades (`primary.strong`…) follow through
 * `color-mix`. Pure DOM side effect; returns nothing.
 */
export function applyTheme(
  theme: { primary: string; secondary: string; tertiary: string } | null,
  root = document.documentElement,
) {
  for (const [key, cssVar] of Object.entries(VARS) as [keyof typeof VARS, string][]) {
    const value = theme?.[key];
    if (value && HEX.test(value)) root.style.setProperty(cssVar, value);
    else root.style.removeProperty(cssVar);
  }
}

/** Follows the auth actor's theme (selectTheme) and applies it. Renders nothing. */
export function ThemeApplier({ auth }: { auth: AuthActor }) {
  const theme = useSelector(
    auth,
    selectTheme,
    (a, b) =>
      a === b || (!!a && !!b && a.primary === b.primary && a.secondary === b.secondary && a.tertiary === b.tertiary),
  );
  useLayoutEffect(() => {
    applyTheme(theme);
  }, [theme]);
  return null;
}
