import { javascript } from '@codemirror/lang-javascript';
import { python } from '@codemirror/lang-python';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { basicSetup } from 'codemirror';
import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';

/** Props of the code editor. */
export interface CodeEditorProps {
  /** The code shown when the editor is created (later changes of the prop are not pushed in). */
  initialValue: string;
  /** Called with the whole document after each change. */
  onChange: (code: string) => void;
  /** Accessible name of the editing area. */
  label: string;
  /** Read-only while a submission runs. */
  readOnly?: boolean;
  /** The lab's language, highlighted and indented by its CodeMirror language package. */
  language?: 'javascript' | 'python';
  /**
   * The content to show instead of the current one whenever `revision` changes (a restored
   * submission, the starter code again, the draft once loaded); typing never changes `revision`.
   */
  replacement?: { code: string; revision: number };
}

/**
 * A code editor (CodeMirror 6: basic setup; JavaScript or Python highlighting and indentation). Loaded on demand by
 * the programming-assignment lesson (`React.lazy`), so CodeMirror stays out of the main bundle.
 * Code reads left to right in both UI directions; Tab is not captured (keyboard users can leave
 * the editor), indentation follows Enter.
 */
export default function CodeEditor({
  initialValue,
  onChange,
  label,
  readOnly = false,
  language = 'javascript',
  replacement,
}: CodeEditorProps) {
  const host = useRef<HTMLDivElement | null>(null);
  const view = useRef<EditorView | null>(null);
  const editable = useRef(new Compartment());
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: initialValue,
        extensions: [
          basicSetup,
          language === 'python' ? python() : javascript(),
          // tabindex: the editing area is focusable anyway (contenteditable), but axe only counts
          // elements with a tabindex as keyboard access to the scroller around it (WCAG 2.1.1):
          // without it, code wider than a phone's screen fails "scrollable-region-focusable".
          EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChangeRef.current(update.state.doc.toString());
          }),
          editable.current.of(EditorView.editable.of(!readOnly)),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
    // The editor is created once; `readOnly` is applied below without recreating it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = view.current;
    if (!editor) return;
    editor.dispatch({ effects: editable.current.reconfigure(EditorView.editable.of(!readOnly)) });
  }, [readOnly]);

  const revision = replacement?.revision;
  const replacementRef = useRef(replacement);
  replacementRef.current = replacement;
  useEffect(() => {
    const editor = view.current;
    const next = replacementRef.current;
    if (!editor || !next || editor.state.doc.toString() === next.code) return;
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: next.code } });
  }, [revision]);

  return (
    <div
      ref={host}
      dir="ltr"
      data-testid="code-editor"
      className={css({
        borderWidth: '1px',
        borderColor: 'border.strong',
        borderRadius: 'lg',
        overflow: 'hidden',
        fontSize: 'sm',
        textAlign: 'left',
        '& .cm-editor': { minHeight: '16rem', maxHeight: '70vh' },
        '& .cm-scroller': { fontFamily: 'mono' },
        '& .cm-editor.cm-focused': { outline: '3px solid {colors.primary.strong}', outlineOffset: '2px' },
      })}
    />
  );
}
