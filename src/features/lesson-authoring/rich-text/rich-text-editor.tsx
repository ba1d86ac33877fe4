import { createDocument, getHTMLFromFragment } from '@tiptap/core';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useId, useRef, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { fieldError } from 'styled-system/recipes';
import { richText } from '@/components/ui/rich-text';
import { type XhrCredentials } from '@/lib/api/upload';
import { lessonExtensions } from './extensions';
import { ImageDialog } from './image-dialog';
import { LinkDialog } from './link-dialog';
import { EditorToolbar } from './toolbar';

/** Props of {@link RichTextEditor}. */
export interface RichTextEditorProps {
  /** The visible label, also the editable area's accessible name. */
  label: string;
  /** Lesson HTML as loaded or saved; '' when empty. */
  value: string;
  /** Called with the new HTML on every edit ('' when the text is empty). */
  onChange: (html: string) => void;
  helperText?: string | undefined;
  error?: string | undefined;
  disabled?: boolean | undefined;
  credentials?: XhrCredentials | undefined;
  /** Whether an image upload runs (the lesson cannot be saved meanwhile). */
  onUploadingChange: (busy: boolean) => void;
}

const frame = css({
  borderWidth: '1px',
  borderColor: 'border.strong',
  borderRadius: 'lg',
  bg: 'bg.surface',
  minWidth: 0,
  _focusWithin: { borderColor: 'primary.strong', boxShadow: '0 0 0 3px {colors.primary.muted}' },
  '&[data-invalid]': { borderColor: 'error.strong' },
});

const area = css({
  minHeight: '60',
  maxHeight: '70vh',
  overflowY: 'auto',
  paddingInline: { base: '3', tablet: '4' },
  paddingBlock: '3',
  outline: 'none',
  // What ProseMirror needs (its own stylesheet is not injected).
  whiteSpace: 'pre-wrap',
  fontVariantLigatures: 'none',
  '& pre': { whiteSpace: 'pre-wrap' },
  '& img.ProseMirror-selectednode': { outline: '3px solid {colors.primary.strong}' },
  '& .ProseMirror-gapcursor': { display: 'none', pointerEvents: 'none', position: 'absolute' },
  '&.ProseMirror-focused .ProseMirror-gapcursor': { display: 'block' },
  '& .ProseMirror-gapcursor:after': {
    content: '""',
    display: 'block',
    position: 'absolute',
    top: '-2px',
    width: '20px',
    borderTop: '1px solid black',
  },
});

/**
 * The rich-text editor of reading and notes lessons (TipTap; loaded only by the lesson-authoring
 * screen, in its own chunk): a labelled editable area (`role=textbox`, multi-line) under a
 * formatting toolbar ({@link EditorToolbar}), with the link and image dialogs. The HTML it writes is
 * what the server's sanitiser keeps ({@link lessonExtensions}); every top-level block carries `dir="auto"`, so
 * Arabic and English paragraphs each read in their own direction. The form value is the HTML:
 * `onChange` gets it on every edit; a new `value` from outside (the lesson as saved, when the server
 * changed it) replaces the text.
 */
export default function RichTextEditor({
  label,
  value,
  onChange,
  helperText,
  error,
  disabled = false,
  credentials,
  onUploadingChange,
}: RichTextEditorProps) {
  const id = useId();
  const areaId = `${id}-area`;
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [dialog, setDialog] = useState<'link' | 'image' | null>(null);
  // The HTML last sent up: a `value` equal to it is our own edit coming back.
  const sent = useRef(value);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  const editor = useEditor({
    extensions: lessonExtensions({ onLink: () => setDialog('link') }),
    content: value,
    injectCSS: false,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty ? '' : e.getHTML();
      sent.current = html;
      onChangeRef.current(html);
    },
  });

  // The editable area's name, description and state (ProseMirror owns the element).
  const describedBy = [error ? errorId : null, helperText ? hintId : null].filter(Boolean).join(' ');
  useEffect(() => {
    editor.setOptions({
      editorProps: {
        attributes: {
          id: areaId,
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': labelId,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
          ...(error ? { 'aria-invalid': 'true' } : {}),
          ...(disabled ? { 'aria-disabled': 'true' } : {}),
          class: cx(richText, area),
          // ProseMirror checks it on the element itself (also where no stylesheet is loaded).
          style: 'white-space: pre-wrap',
        },
      },
    });
  }, [editor, areaId, labelId, describedBy, error, disabled]);

  useEffect(() => {
    editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    // The lesson as saved usually says the same in the server's spelling (attribute order): then the
    // text, the caret and the undo history stay as they are.
    const incoming = getHTMLFromFragment(createDocument(value, editor.schema).content, editor.schema);
    if (incoming !== editor.getHTML()) editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1.5', minWidth: 0 })}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a click on the label focuses the text, as a <label> would */}
      <span
        id={labelId}
        onClick={() => editor.commands.focus()}
        className={css({ fontSize: 'sm', fontWeight: 'medium', cursor: 'default' })}
      >
        {label}
      </span>
      {helperText ? (
        <span id={hintId} className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {helperText}
        </span>
      ) : null}
      <div className={frame} data-invalid={error ? '' : undefined}>
        <EditorToolbar
          editor={editor}
          controls={areaId}
          disabled={disabled}
          onLink={() => setDialog('link')}
          onImage={() => setDialog('image')}
        />
        <EditorContent editor={editor} />
      </div>
      {error ? (
        <p id={errorId} className={fieldError()}>
          {error}
        </p>
      ) : null}
      {dialog === 'link' ? <LinkDialog editor={editor} onClose={() => setDialog(null)} /> : null}
      {dialog === 'image' ? (
        <ImageDialog
          editor={editor}
          credentials={credentials}
          onUploading={onUploadingChange}
          onClose={() => setDialog(null)}
        />
      ) : null}
    </div>
  );
}
