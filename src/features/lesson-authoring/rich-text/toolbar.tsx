import { useLingui } from '@lingui/react/macro';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { css, cx } from 'styled-system/css';

/** One toolbar button: its accessible name, glyph, shortcut, state and action. */
interface ToolbarItem {
  key: string;
  label: string;
  glyph: ReactNode;
  /** A toggle's state (aria-pressed); absent on plain actions. */
  pressed?: boolean;
  /** Shown in the tooltip, e.g. "Ctrl+B". */
  shortcut?: string;
  /** `aria-keyshortcuts`, e.g. "Control+B". */
  keys?: string;
  disabled?: boolean;
  /** Starts a new group (a divider before it). */
  group?: boolean;
  /** Flipped in right-to-left (arrows). */
  mirror?: boolean;
  run: () => void;
}

const svg = (path: ReactNode) => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden
  >
    {path}
  </svg>
);

const glyphs = {
  bullets: svg(
    <>
      <path d="M9 6h11M9 12h11M9 18h11" />
      <circle cx="4.5" cy="6" r="1" fill="currentColor" />
      <circle cx="4.5" cy="12" r="1" fill="currentColor" />
      <circle cx="4.5" cy="18" r="1" fill="currentColor" />
    </>,
  ),
  numbers: svg(
    <>
      <path d="M10 6h10M10 12h10M10 18h10" />
      <path d="M4 5l1.5-1v5M3.5 14.5a1.5 1.5 0 1 1 2.5 1L3.5 19H6.5" strokeWidth="1.5" />
    </>,
  ),
  link: svg(
    <>
      <path d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />
      <path d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />
    </>,
  ),
  quote: svg(<path d="M7 7H4v6h3l-1 4M17 7h-3v6h3l-1 4" />),
  codeBlock: svg(
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M10 9l-3 3 3 3M14 9l3 3-3 3" />
    </>,
  ),
  image: svg(
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="1.8" />
      <path d="M21 17l-5-5-9 8" />
    </>,
  ),
  undo: svg(<path d="M9 7L4 12l5 5M4 12h11a5 5 0 0 1 0 10h-2" />),
  redo: svg(<path d="M15 7l5 5-5 5M20 12H9a5 5 0 0 0 0 10h2" />),
};

/**
 * A glyph of letters (H2, B, I, </>), drawn by CSS from `data-glyph`: it is a picture of the action,
 * not text, so the button's accessible name (its translated label) is all a screen reader or a
 * voice-control user meets.
 */
const text = (value: string, style?: string) => (
  <span
    aria-hidden
    data-glyph={value}
    className={cx(
      css({ fontSize: 'sm', lineHeight: '1', minWidth: '4', _before: { content: 'attr(data-glyph)' } }),
      style,
    )}
  />
);

const button = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  // 36 px on a phone (two rows at 360 px), 40 px from a tablet up.
  minWidth: { base: '9', tablet: '10' },
  height: { base: '9', tablet: '10' },
  paddingInline: '2',
  borderRadius: 'md',
  color: 'fg.default',
  cursor: 'pointer',
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { outline: '3px solid {colors.primary.strong}', outlineOffset: '-3px' },
  '&[aria-pressed=true]': { bg: 'primary.subtle', color: 'primary.strong' },
  '&[aria-disabled=true]': { opacity: 0.45, cursor: 'not-allowed', _hover: { bg: 'transparent' } },
});

const divider = css({
  width: '1px',
  alignSelf: 'stretch',
  bg: 'border.default',
  marginInline: { base: '0.5', tablet: '1' },
});

/** Whether `element` sits in right-to-left text (the page in Arabic). */
function isRtl(element: HTMLElement): boolean {
  return element.closest('[dir]')?.getAttribute('dir') === 'rtl';
}

/**
 * The lesson editor's formatting toolbar (WAI-ARIA toolbar pattern): one tab stop; the arrow keys
 * move between its buttons (mirrored in right-to-left), Home and End go to the first and last.
 * Toggles say their state with `aria-pressed`; each button has a translated name and, where there
 * is one, its shortcut (`aria-keyshortcuts` and the tooltip). Pressing a button formats and
 * returns to the text. It wraps onto more lines on a narrow screen instead of widening the page.
 * `onLink` and `onImage` open the link and image dialogs.
 */
export function EditorToolbar({
  editor,
  controls,
  disabled,
  onLink,
  onImage,
}: {
  editor: Editor;
  /** The id of the editable area. */
  controls: string;
  disabled: boolean;
  onLink: () => void;
  onImage: () => void;
}) {
  const { t } = useLingui();
  const ref = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      bullets: e.isActive('bulletList'),
      numbers: e.isActive('orderedList'),
      link: e.isActive('link'),
      code: e.isActive('code'),
      codeBlock: e.isActive('codeBlock'),
      quote: e.isActive('blockquote'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const mod = /Mac|iPhone|iPad/.test(globalThis.navigator?.platform ?? '') ? '⌘' : 'Ctrl';

  const items: ToolbarItem[] = [
    {
      key: 'h2',
      label: t`Heading 2`,
      glyph: text('H2', css({ fontWeight: 'bold' })),
      pressed: state.h2,
      run: () => chain().toggleHeading({ level: 2 }).run(),
    },
    {
      key: 'h3',
      label: t`Heading 3`,
      glyph: text('H3', css({ fontWeight: 'bold' })),
      pressed: state.h3,
      run: () => chain().toggleHeading({ level: 3 }).run(),
    },
    {
      key: 'bold',
      label: t`Bold`,
      glyph: text('B', css({ fontWeight: 'extrabold' })),
      pressed: state.bold,
      shortcut: `${mod}+B`,
      keys: 'Control+B',
      group: true,
      run: () => chain().toggleBold().run(),
    },
    {
      key: 'italic',
      label: t`Italic`,
      glyph: text('I', css({ fontStyle: 'italic', fontFamily: 'serif', fontWeight: 'semibold' })),
      pressed: state.italic,
      shortcut: `${mod}+I`,
      keys: 'Control+I',
      run: () => chain().toggleItalic().run(),
    },
    {
      key: 'code',
      label: t`Inline code`,
      glyph: text('</>', css({ fontFamily: 'mono', fontSize: 'xs' })),
      pressed: state.code,
      shortcut: `${mod}+E`,
      keys: 'Control+E',
      run: () => chain().toggleCode().run(),
    },
    {
      key: 'link',
      label: state.link ? t`Edit link` : t`Add link`,
      glyph: glyphs.link,
      pressed: state.link,
      shortcut: `${mod}+K`,
      keys: 'Control+K',
      run: onLink,
    },
    {
      key: 'bullets',
      label: t`Bulleted list`,
      glyph: glyphs.bullets,
      pressed: state.bullets,
      group: true,
      mirror: true,
      run: () => chain().toggleBulletList().run(),
    },
    {
      key: 'numbers',
      label: t`Numbered list`,
      glyph: glyphs.numbers,
      pressed: state.numbers,
      run: () => chain().toggleOrderedList().run(),
    },
    {
      key: 'quote',
      label: t`Quote`,
      glyph: glyphs.quote,
      pressed: state.quote,
      run: () => chain().toggleBlockquote().run(),
    },
    {
      key: 'codeBlock',
      label: t`Code block`,
      glyph: glyphs.codeBlock,
      pressed: state.codeBlock,
      run: () => chain().toggleCodeBlock().run(),
    },
    { key: 'image', label: t`Add image`, glyph: glyphs.image, group: true, run: onImage },
    {
      key: 'undo',
      label: t`Undo`,
      glyph: glyphs.undo,
      shortcut: `${mod}+Z`,
      keys: 'Control+Z',
      disabled: !state.canUndo,
      group: true,
      mirror: true,
      run: () => chain().undo().run(),
    },
    {
      key: 'redo',
      label: t`Redo`,
      glyph: glyphs.redo,
      shortcut: `${mod}+Shift+Z`,
      keys: 'Control+Shift+Z',
      disabled: !state.canRedo,
      mirror: true,
      run: () => chain().redo().run(),
    },
  ];

  const move = (to: number) => {
    const buttons = ref.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    const next = (to + buttons.length) % buttons.length;
    setActive(next);
    buttons[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const rtl = ref.current ? isRtl(ref.current) : false;
    const forward = rtl ? 'ArrowLeft' : 'ArrowRight';
    const backward = rtl ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === forward) move(active + 1);
    else if (event.key === backward) move(active - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(items.length - 1);
    else return;
    event.preventDefault();
  };

  return (
    <div
      ref={ref}
      role="toolbar"
      aria-label={t`Formatting`}
      aria-controls={controls}
      aria-disabled={disabled || undefined}
      onKeyDown={onKeyDown}
      className={css({
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: '0.5',
        padding: '1',
        borderBottomWidth: '1px',
        borderColor: 'border.default',
        bg: 'bg.canvas',
        borderTopRadius: 'lg',
      })}
    >
      {items.map((item, index) => (
        <span key={item.key} className={css({ display: 'contents' })}>
          {item.group ? <span aria-hidden className={divider} /> : null}
          <button
            type="button"
            className={button}
            tabIndex={index === active ? 0 : -1}
            aria-label={item.label}
            title={item.shortcut ? `${item.label} (${item.shortcut})` : item.label}
            {...(item.keys ? { 'aria-keyshortcuts': item.keys } : {})}
            {...(item.pressed !== undefined ? { 'aria-pressed': item.pressed } : {})}
            aria-disabled={disabled || item.disabled || undefined}
            // The editor keeps its selection and focus when a button is clicked.
            onMouseDown={(event) => event.preventDefault()}
            onFocus={() => setActive(index)}
            onClick={() => {
              if (!disabled && !item.disabled) item.run();
            }}
          >
            <span
              className={item.mirror ? css({ display: 'inline-flex', _rtl: { transform: 'scaleX(-1)' } }) : undefined}
            >
              {item.glyph}
            </span>
          </button>
        </span>
      ))}
    </div>
  );
}
