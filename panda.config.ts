import { defineConfig } from '@pandacss/dev';

/**
 * Panda CSS configuration of the Halaqa SPA.
 *
 * Theme colours (product.md#limits): text/primary/info #6491D2, secondary/success #428D77,
 * tertiary/warning #DB5E3E, error #f44336. They are semantic tokens, so Panda emits them as CSS
 * variables (`--colors-primary`, `--colors-secondary`, `--colors-tertiary`, …) on `:root`; a
 * company's theme overrides them at run time by setting those variables on
 * `document.documentElement` (see src/features/layout/theme-applier.tsx). Every shade used in
 * the UI (`primary.strong`, `primary.subtle`, …) is derived from the variable with `color-mix`,
 * so it follows the override too. `*.strong` shades are dark enough for text and white-on-colour
 * buttons (WCAG AA ≥ 4.5:1 with the default colours).
 *
 * Breakpoints (product.md#limits, min-width): mobile 360, tablet 768, miniDesktop 980, desktop 1024,
 * largeDesktop 1600. Styles use logical properties only so `dir=rtl` mirrors the layout.
 */
const palette = (name: string, hex: string) => ({
  DEFAULT: { value: hex },
  /** Text and solid-background shade: 62% of the colour mixed with near-black. */
  strong: { value: `color-mix(in srgb, {colors.${name}} 62%, #0b1220)` },
  /** Hover shade of `strong`. */
  stronger: { value: `color-mix(in srgb, {colors.${name}} 50%, #0b1220)` },
  /** Tinted background for chips and badges. */
  subtle: { value: `color-mix(in srgb, {colors.${name}} 14%, white)` },
  muted: { value: `color-mix(in srgb, {colors.${name}} 35%, white)` },
});

export default defineConfig({
  preflight: true,
  include: ['./src/**/*.{ts,tsx}'],
  exclude: [],
  outdir: 'styled-system',
  jsxFramework: 'react',
  strictTokens: false,
  globalCss: {
    'html, body': {
      bg: 'bg.canvas',
      color: 'fg.default',
      fontFamily: 'body',
      lineHeight: '1.55',
      WebkitFontSmoothing: 'antialiased',
      textRendering: 'optimizeLegibility',
    },
    a: { color: 'inherit', textDecoration: 'none' },
    ':focus-visible': {
      outline: '3px solid {colors.primary.strong}',
      outlineOffset: '2px',
    },
    '::selection': { bg: 'primary.muted' },
  },
  theme: {
    breakpoints: {
      mobile: '360px',
      tablet: '768px',
      miniDesktop: '980px',
      desktop: '1024px',
      largeDesktop: '1600px',
    },
    extend: {
      tokens: {
        fonts: {
          body: {
            value:
              "'Inter', 'Segoe UI', system-ui, -apple-system, 'Noto Sans Arabic', 'Noto Naskh Arabic', Tahoma, 'Helvetica Neue', Arial, sans-serif",
          },
          heading: {
            value:
              "'Inter', 'Segoe UI', system-ui, -apple-system, 'Noto Sans Arabic', 'Noto Naskh Arabic', Tahoma, 'Helvetica Neue', Arial, sans-serif",
          },
        },
        sizes: {
          page: { value: '1464px' },
        },
      },
      semanticTokens: {
        colors: {
          primary: palette('primary', '#6491D2'),
          secondary: palette('secondary', '#428D77'),
          tertiary: palette('tertiary', '#DB5E3E'),
          info: palette('info', '#6491D2'),
          success: palette('success', '#428D77'),
          warning: palette('warning', '#DB5E3E'),
          error: palette('error', '#f44336'),
          /** Spec "text" theme colour (accent text; use `.strong` on white). */
          text: palette('text', '#6491D2'),
          fg: {
            default: { value: '#111827' },
            muted: { value: '#4b5563' },
            subtle: { value: '#5b6472' },
            inverted: { value: '#ffffff' },
          },
          bg: {
            canvas: { value: '#f7f8fb' },
            surface: { value: '#ffffff' },
            subtle: { value: '#f1f3f7' },
            muted: { value: '#e5e8ef' },
          },
          border: {
            default: { value: '#dde1e8' },
            strong: { value: '#aeb6c3' },
          },
          status: {
            green: { fg: { value: '#14532d' }, bg: { value: '#dcfce7' }, border: { value: '#86efac' } },
            yellow: { fg: { value: '#713f12' }, bg: { value: '#fef9c3' }, border: { value: '#fde047' } },
            red: { fg: { value: '#7f1d1d' }, bg: { value: '#fee2e2' }, border: { value: '#fca5a5' } },
            gray: { fg: { value: '#374151' }, bg: { value: '#f3f4f6' }, border: { value: '#d1d5db' } },
          },
        },
        shadows: {
          card: { value: '0 1px 2px rgba(16, 24, 40, 0.06), 0 1px 3px rgba(16, 24, 40, 0.08)' },
          raised: { value: '0 12px 24px -6px rgba(16, 24, 40, 0.14), 0 4px 8px -4px rgba(16, 24, 40, 0.08)' },
        },
      },
      // Style blocks the screens repeat (3 times or more), named once: the screens call them instead of
      // copying the same css({}) object.
      recipes: {
        /** A bar of a page or board: its parts at both ends, bottom-aligned, wrapping on small screens. */
        toolbar: {
          className: 'toolbar',
          base: {
            display: 'flex',
            flexWrap: 'wrap',
            alignItems: 'flex-end',
            justifyContent: 'space-between',
            gap: '4',
          },
        },
        /** A round marker with a centred number or initials, white on a solid colour (primary by default). */
        disc: {
          className: 'disc',
          base: {
            display: 'inline-flex',
            alignItems: 'center',
            justifyContent: 'center',
            borderRadius: 'full',
            bg: 'primary.strong',
            color: 'white',
          },
          variants: { size: { '7': { width: '7', height: '7' }, '8': { width: '8', height: '8' } } },
          defaultVariants: { size: '8' },
        },
        /** A list of cards without bullets, one a row on phones and two a row from tablet up. */
        cardGrid: {
          className: 'card-grid',
          base: {
            listStyle: 'none',
            padding: 0,
            margin: 0,
            display: 'grid',
            gap: '3',
            gridTemplateColumns: { base: '1fr', tablet: 'repeat(2, minmax(0, 1fr))' },
          },
        },
        /** A raised white box (cards, form sections, board rows); `padding` row or section sets its inner space. */
        surface: {
          className: 'surface',
          base: {
            bg: 'bg.surface',
            borderRadius: 'xl',
            borderWidth: '1px',
            borderColor: 'border.default',
            boxShadow: 'card',
          },
          variants: {
            padding: {
              none: {},
              row: { padding: { base: '4', tablet: '5' } },
              section: { padding: { base: '4', tablet: '6' } },
            },
          },
          defaultVariants: { padding: 'none' },
        },
        /** A data table's column header cell: small, muted, upper-case, on the subtle background; `dense` narrows it on phones. */
        tableHeader: {
          className: 'table-header',
          base: {
            textAlign: 'start',
            fontSize: 'xs',
            fontWeight: 'semibold',
            color: 'fg.muted',
            textTransform: 'uppercase',
            letterSpacing: 'wide',
            paddingInline: '4',
            paddingBlock: '3',
            whiteSpace: 'nowrap',
            bg: 'bg.subtle',
          },
          variants: { dense: { true: { paddingInline: { base: '3', tablet: '4' } }, false: {} } },
          defaultVariants: { dense: false },
        },
        /** An item of a list inside a card: padded to the card's edges, ruled below except the last. */
        cardListItem: {
          className: 'card-list-item',
          base: {
            paddingInline: { base: '4', tablet: '6' },
            paddingBlock: '4',
            borderBlockEndWidth: '1px',
            borderColor: 'border.default',
            _last: { borderBlockEndWidth: 0 },
          },
        },
        /** A list without bullets or padding, laid out as a column (or a wrapping row) with a gap. */
        plainList: {
          className: 'plain-list',
          base: { display: 'flex', listStyle: 'none', padding: 0 },
          variants: {
            direction: { column: { flexDirection: 'column' }, row: { flexWrap: 'wrap' } },
            gap: { '2': { gap: '2' }, '3': { gap: '3' }, '4': { gap: '4' }, '5': { gap: '5' } },
          },
          defaultVariants: { direction: 'column', gap: '3' },
        },
        /** The heading of a page section (larger from tablet up). */
        sectionHeading: {
          className: 'section-heading',
          base: { fontSize: { base: 'lg', tablet: 'xl' }, fontWeight: 'bold' },
        },
        /** A link inside running text: primary colour, underlined. */
        inlineLink: {
          className: 'inline-link',
          base: { color: 'primary.strong', fontWeight: 'semibold', textDecoration: 'underline' },
        },
        /** The error message under a field. */
        fieldError: {
          className: 'field-error',
          base: { fontSize: 'xs', fontWeight: 'medium', color: 'error.strong' },
        },
        /** The destructive (delete, reject) outline button of a row's actions. */
        dangerAction: {
          className: 'danger-action',
          base: { color: 'error.strong', _hover: { bg: 'error.subtle', borderColor: 'error.strong' } },
        },
        /** The track of a progress bar (its fill is a child with a width). */
        progressTrack: {
          className: 'progress-track',
          base: { flex: '1', height: '2.5', borderRadius: 'full', bg: 'bg.muted', overflow: 'hidden' },
        },
        /** A horizontally scrolling region around a wide table (focusable, so keyboards scroll it). */
        tableScroller: {
          className: 'table-scroller',
          base: {
            position: 'relative',
            overflowX: 'auto',
            _focusVisible: { outline: '3px solid {colors.primary.strong}', outlineOffset: '-3px' },
          },
        },
      },
      keyframes: {
        shimmer: {
          '0%': { backgroundPosition: '-400px 0' },
          '100%': { backgroundPosition: '400px 0' },
        },
        spin: { to: { transform: 'rotate(360deg)' } },
      },
    },
  },
});
