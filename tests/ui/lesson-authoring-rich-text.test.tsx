import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LessonAuthoringScreen } from '@/features/lesson-authoring/lesson-authoring-page';
import { createApi } from '@/lib/api/client';
import type { LessonAuthoring } from '@machines/lesson-authoring.form';
import { json, mockFetch } from '../machines/fetch-mock';
import { aLessonAuthoring } from '../fixtures';
import { checkLinkUrl } from '@/features/lesson-authoring/rich-text/link-url';
import { FakeXhr } from './course-editor-fakes';
import { renderWithRouter } from './render';
import { puts, renderScreen } from './lesson-authoring-shared';
import './prosemirror-jsdom';

const reading: LessonAuthoring = aLessonAuthoring(
  { lessonId: 51, courseId: 12, courseTitle: 'Data structures', type: 'reading', name: 'Hash maps' },
  { contentHtml: null },
);

/** The editable area of the lesson's text (the editor's chunk loads on first use: the first may take a while). */
const editorBox = () => screen.findByRole('textbox', { name: 'Reading text' }, { timeout: 5000 });

/**
 * Types `text` at the end of `block` as a browser does: the text lands in the DOM, the caret after it,
 * and the editor reads the change (ProseMirror observes the DOM).
 */
async function typeAtEnd(block: Element, text: string) {
  await act(async () => {
    block.querySelector('br.ProseMirror-trailingBreak')?.remove();
    const last = block.lastChild;
    const node = last?.nodeType === Node.TEXT_NODE ? (last as Text) : block.appendChild(document.createTextNode(''));
    node.data += text;
    const selection = document.getSelection()!;
    selection.collapse(node, node.data.length);
    document.dispatchEvent(new Event('selectionchange'));
    await new Promise((resolve) => setTimeout(resolve, 30));
  });
}

/** Selects the text of `block` as a user dragging over it does. */
async function selectText(block: Element) {
  await act(async () => {
    const selection = document.getSelection()!;
    selection.setBaseAndExtent(block.firstChild!, 0, block.lastChild!, block.lastChild!.textContent!.length);
    document.dispatchEvent(new Event('selectionchange'));
    await new Promise((resolve) => setTimeout(resolve, 30));
  });
}

/** Presses `key` (with Ctrl when `ctrl`) in the editor. */
function press(box: HTMLElement, key: string, ctrl = false) {
  fireEvent.keyDown(box, { key, ctrlKey: ctrl });
}

const toolbarButton = (name: string) =>
  within(screen.getByRole('toolbar', { name: 'Formatting' })).getByRole('button', { name });

const body = (calls: ReturnType<typeof mockFetch>['calls']) =>
  JSON.parse(puts(calls).at(-1)!.body!) as { contentHtml: string | null };

describe('The rich-text editor of reading and notes lessons', () => {
  it('loads an existing lesson without losing its structure, and nothing is unsaved', async () => {
    const html =
      '<h3>Hashing cheat sheet</h3><table><thead><tr><th scope="col">Operation</th></tr></thead>' +
      '<tbody><tr><td>Insert</td></tr></tbody></table><p>Reach for a <code>Map</code>, see <a href="https://developer.mozilla.org/">MDN</a>.</p>' +
      '<pre><code class="language-js">new Map()</code></pre><blockquote><p>Quoted</p></blockquote><ol><li><p>one</p></li></ol>' +
      '<p><img src="/uploads/questionpicture/1-a.png" alt="A hash table"></p>';
    await renderScreen({ ...reading, contentHtml: html });
    const box = await editorBox();
    expect(within(box).getByRole('heading', { level: 3, name: 'Hashing cheat sheet' })).toBeInTheDocument();
    expect(within(box).getByRole('columnheader', { name: 'Operation' })).toBeInTheDocument();
    expect(within(box).getByRole('cell', { name: 'Insert' })).toBeInTheDocument();
    expect(within(box).getByRole('link', { name: 'MDN' })).toHaveAttribute('href', 'https://developer.mozilla.org/');
    expect(within(box).getByText('Map').tagName).toBe('CODE');
    expect(box.querySelector('pre code')).toHaveTextContent('new Map()');
    expect(box.querySelector('blockquote')).toHaveTextContent('Quoted');
    expect(within(box).getByRole('list')).toHaveTextContent('one');
    expect(within(box).getByRole('img', { name: 'A hash table' })).toHaveAttribute(
      'src',
      '/uploads/questionpicture/1-a.png',
    );
    // Every top-level block takes its own direction; a list's items follow the list.
    expect(box.querySelector('h3')).toHaveAttribute('dir', 'auto');
    expect(box.querySelector('ol')).toHaveAttribute('dir', 'auto');
    expect(box.querySelector('ol p')).not.toHaveAttribute('dir');
    expect(box.querySelector('table')).toHaveAttribute('dir', 'auto');
    expect(box.querySelector('td')).not.toHaveAttribute('dir');
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
    // The other lesson types keep the HTML field.
    expect(screen.queryByLabelText('Reading text (HTML)')).not.toBeInTheDocument();
  });

  it('writes a heading, a bold word and a list, and saves their HTML', async () => {
    const { calls } = await renderScreen(reading, {
      'PUT /api/lessons/51/authoring': async (request) =>
        json(200, { data: { ...reading, ...(JSON.parse(await request.text()) as object) } }),
    });
    const box = await editorBox();
    expect(box).toHaveAttribute('aria-multiline', 'true');
    await typeAtEnd(box.querySelector('p')!, 'Arrays');
    expect(await screen.findByText('Unsaved changes')).toBeInTheDocument();
    fireEvent.click(toolbarButton('Heading 2'));
    expect(within(box).getByRole('heading', { level: 2, name: 'Arrays' })).toBeInTheDocument();
    expect(toolbarButton('Heading 2')).toHaveAttribute('aria-pressed', 'true');
    expect(toolbarButton('Heading 3')).toHaveAttribute('aria-pressed', 'false');

    press(box, 'Enter');
    await typeAtEnd(box.querySelector('p')!, 'Constant time');
    await selectText(box.querySelector('p')!);
    press(box, 'b', true);
    expect(toolbarButton('Bold')).toHaveAttribute('aria-pressed', 'true');
    expect(box.querySelector('strong')).toHaveTextContent('Constant time');
    press(box, 'b', true);
    expect(box.querySelector('strong')).toBeNull();

    await typeAtEnd(box.querySelector('p')!, '.');
    fireEvent.click(toolbarButton('Bulleted list'));
    expect(toolbarButton('Bulleted list')).toHaveAttribute('aria-pressed', 'true');
    press(box, 'Enter');
    await typeAtEnd(box.querySelectorAll('li p')[1]!, 'Index from 0');

    fireEvent.click(screen.getByRole('button', { name: 'Save the lesson' }));
    await screen.findByText('Lesson saved', { selector: '[data-part=title]' });
    expect(body(calls).contentHtml).toBe(
      '<h2 dir="auto">Arrays</h2><ul dir="auto"><li><p>Constant time.</p></li><li><p>Index from 0</p></li></ul>',
    );
  });

  it('shows the lesson as the server saved it when the server changed it', async () => {
    await renderScreen(reading, {
      'PUT /api/lessons/51/authoring': () =>
        json(200, { data: { ...reading, contentHtml: '<p dir="auto">What the server kept</p>' } }),
    });
    const box = await editorBox();
    await typeAtEnd(box.querySelector('p')!, 'Typed');
    fireEvent.click(screen.getByRole('button', { name: 'Save the lesson' }));
    await screen.findByText('Lesson saved', { selector: '[data-part=title]' });
    await waitFor(() => expect(box).toHaveTextContent('What the server kept'));
    expect(box).not.toHaveTextContent('Typed');
    expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('adds a link with Ctrl+K, refuses an unsafe address, then edits and removes it', async () => {
    const { calls } = await renderScreen(reading, {
      'PUT /api/lessons/51/authoring': async (request) =>
        json(200, { data: { ...reading, ...(JSON.parse(await request.text()) as object) } }),
    });
    const box = await editorBox();
    await typeAtEnd(box.querySelector('p')!, 'Read ');
    press(box, 'k', true);
    let dialog = await screen.findByRole('dialog', { name: 'Add link' });
    const address = within(dialog).getByRole('textbox', { name: /^Link address/ });
    fireEvent.input(address, { target: { value: 'javascript:alert(1)' } });
    fireEvent.input(within(dialog).getByRole('textbox', { name: /^Text to show/ }), { target: { value: 'the guide' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add link' }));
    expect(
      await within(dialog).findByText('Only links starting with https://, http:// or mailto: are allowed.'),
    ).toBeInTheDocument();
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(within(box).queryByRole('link')).not.toBeInTheDocument();

    fireEvent.input(address, { target: { value: 'developer.mozilla.org/docs' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add link' }));
    const link = await within(box).findByRole('link', { name: 'the guide' });
    expect(link).toHaveAttribute('href', 'https://developer.mozilla.org/docs');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveAttribute('target', '_blank');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(screen.getByRole('button', { name: 'Save the lesson' }));
    await screen.findByText('Lesson saved', { selector: '[data-part=title]' });
    const saved = new DOMParser().parseFromString(body(calls).contentHtml!, 'text/html');
    expect(saved.body.querySelector('p')?.textContent).toBe('Read the guide');
    expect(saved.querySelector('a')?.getAttribute('href')).toBe('https://developer.mozilla.org/docs');

    await selectText(box.querySelector('a')!);
    expect(toolbarButton('Edit link')).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(toolbarButton('Edit link'));
    dialog = await screen.findByRole('dialog', { name: 'Edit link' });
    expect(within(dialog).getByRole('textbox', { name: /^Link address/ })).toHaveValue(
      'https://developer.mozilla.org/docs',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove link' }));
    await waitFor(() => expect(within(box).queryByRole('link')).not.toBeInTheDocument());
    expect(box.querySelector('p')).toHaveTextContent('Read the guide');
  });

  it('the toolbar is one tab stop that the arrow keys, Home and End move through', async () => {
    await renderScreen(reading);
    await editorBox();
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    const buttons = within(toolbar).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual([
      'Heading 2',
      'Heading 3',
      'Bold',
      'Italic',
      'Inline code',
      'Add link',
      'Bulleted list',
      'Numbered list',
      'Quote',
      'Code block',
      'Add image',
      'Undo',
      'Redo',
    ]);
    expect(buttons.filter((b) => b.tabIndex === 0)).toEqual([buttons[0]]);
    expect(toolbarButton('Bold')).toHaveAttribute('aria-keyshortcuts', 'Control+B');
    expect(toolbarButton('Undo')).toHaveAttribute('aria-disabled', 'true');
    buttons[0]!.focus();
    fireEvent.keyDown(toolbar, { key: 'ArrowRight' });
    expect(buttons[1]).toHaveFocus();
    expect(buttons[1]).toHaveAttribute('tabindex', '0');
    expect(buttons[0]).toHaveAttribute('tabindex', '-1');
    fireEvent.keyDown(toolbar, { key: 'End' });
    expect(toolbarButton('Redo')).toHaveFocus();
    fireEvent.keyDown(toolbar, { key: 'ArrowRight' });
    expect(buttons[0]).toHaveFocus();
    fireEvent.keyDown(toolbar, { key: 'ArrowLeft' });
    expect(toolbarButton('Redo')).toHaveFocus();
    fireEvent.keyDown(toolbar, { key: 'Home' });
    expect(buttons[0]).toHaveFocus();
  });

  it('in Arabic: translated names and state, and the arrow keys follow the right-to-left order', async () => {
    const { fetch } = mockFetch({
      'GET /api/lessons/52/authoring': () =>
        json(200, {
          data: { ...reading, lessonId: 52, type: 'notes', contentHtml: '<p>مرحبا <strong>Map</strong></p>' },
        }),
    });
    const api = createApi({ baseUrl: 'http://halaqa.test/api', fetch });
    await renderWithRouter(
      <div dir="rtl">
        <LessonAuthoringScreen api={api} lessonId={52} />
      </div>,
      { locale: 'ar' },
    );
    const box = await screen.findByRole('textbox', { name: 'ملاحظات' }, { timeout: 5000 });
    expect(box.querySelector('p')).toHaveAttribute('dir', 'auto');
    const toolbar = screen.getByRole('toolbar', { name: 'التنسيق' });
    const buttons = within(toolbar).getAllByRole('button');
    expect(within(toolbar).getByRole('button', { name: 'عريض' })).toHaveAttribute('aria-pressed', 'false');
    expect(within(toolbar).getByRole('button', { name: 'قائمة نقطية' })).toBeInTheDocument();
    buttons[0]!.focus();
    fireEvent.keyDown(toolbar, { key: 'ArrowLeft' });
    expect(buttons[1]).toHaveFocus();
    fireEvent.keyDown(toolbar, { key: 'ArrowRight' });
    expect(buttons[0]).toHaveFocus();
    // The link dialog reads right to left too.
    press(box, 'k', true);
    expect(await screen.findByRole('dialog', { name: 'إضافة رابط' })).toHaveAttribute('dir', 'rtl');
  });

  it('adds an uploaded image with its alt text; no save while it uploads, and no image without a description', async () => {
    const realXhr = globalThis.XMLHttpRequest;
    FakeXhr.last = null;
    (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
    try {
      const { calls } = await renderScreen(reading, {
        'PUT /api/lessons/51/authoring': async (request) =>
          json(200, { data: { ...reading, ...(JSON.parse(await request.text()) as object) } }),
      });
      const box = await editorBox();
      await typeAtEnd(box.querySelector('p')!, 'A bucket array:');
      fireEvent.click(toolbarButton('Add image'));
      const dialog = await screen.findByRole('dialog', { name: 'Add image' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add image' }));
      expect(await within(dialog).findByText('Choose a picture to upload.')).toBeInTheDocument();

      fireEvent.change(within(dialog).getByLabelText(/^Picture/), {
        target: { files: [new File([new Uint8Array(2048)], 'buckets.png', { type: 'image/png' })] },
      });
      const xhr = FakeXhr.last!;
      expect([xhr.method, xhr.url]).toEqual(['POST', '/api/v2/questions/upload/picture']);
      act(() => xhr.progress(1024, 2048));
      expect(within(dialog).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
      expect(screen.getByText('Wait for the upload to finish to save.')).toBeInTheDocument();
      // (Behind the modal dialog, the page is hidden from assistive technology.)
      expect(screen.getByRole('button', { name: 'Save the lesson', hidden: true })).toBeDisabled();
      act(() =>
        xhr.respond(201, { data: { id: 9, url: '/uploads/questionpicture/9-b.png', type: 'QUESTIONPICTURE' } }),
      );

      expect(await within(dialog).findByRole('img', { name: 'Preview of 9-b.png' })).toBeInTheDocument();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add image' }));
      expect(await within(dialog).findByText('Describe the picture in a few words.')).toBeInTheDocument();
      fireEvent.input(within(dialog).getByRole('textbox', { name: /^Alt text/ }), {
        target: { value: 'Eight buckets, two of them chained' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add image' }));
      const image = await within(box).findByRole('img', { name: 'Eight buckets, two of them chained' });
      expect(image).toHaveAttribute('src', '/uploads/questionpicture/9-b.png');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

      fireEvent.click(screen.getByRole('button', { name: 'Save the lesson' }));
      await screen.findByText('Lesson saved', { selector: '[data-part=title]' });
      expect(body(calls).contentHtml).toContain(
        '<img src="/uploads/questionpicture/9-b.png" alt="Eight buckets, two of them chained">',
      );
    } finally {
      (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = realXhr;
    }
  });
});

describe('checkLinkUrl (the link dialog and pasted links)', () => {
  it('takes http, https and mailto, an address without a scheme as https, and refuses the rest', () => {
    expect(checkLinkUrl(' https://a.example/x?y=1 ')).toEqual({ url: 'https://a.example/x?y=1' });
    expect(checkLinkUrl('http://a.example')).toEqual({ url: 'http://a.example' });
    expect(checkLinkUrl('mailto:me@a.example')).toEqual({ url: 'mailto:me@a.example' });
    expect(checkLinkUrl('a.example/page')).toEqual({ url: 'https://a.example/page' });
    expect(checkLinkUrl('   ')).toEqual({ issue: 'empty' });
    for (const url of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'data:text/html,x',
      'ftp://a.example',
      'vbscript:x',
    ])
      expect(checkLinkUrl(url), url).toEqual({ issue: 'scheme' });
    for (const url of ['https://', 'not a link', 'mailto:nobody', 'https://a b.example'])
      expect(checkLinkUrl(url), url).toEqual({ issue: 'invalid' });
  });
});
