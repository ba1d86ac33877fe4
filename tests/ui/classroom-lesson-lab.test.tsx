import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EditorView } from '@codemirror/view';
import { beforeEach, describe, expect, it } from 'vitest';
import { json } from '../machines/fetch-mock';
import { detailOf, lessonOf } from './classroom-fixtures';
import {
  LAZY_CHUNK_MS,
  page,
  renderLesson,
  restoreMocksAfterEach,
  submission,
  toastTitle,
} from './classroom-lesson-shared';

/**
 * The lab screen (docs/classroom.md "Labs"): the draft wins over the starter code and is saved as
 * the learner types; Run shows the visible tests' results and submits nothing; Submit asks first;
 * past submissions show their code and can be restored into the editor (after a confirmation).
 */

restoreMocksAfterEach();

// jsdom has no layout: CodeMirror measures text through Range rects.
beforeEach(() => {
  const rect = { x: 0, y: 0, width: 0, height: 0, top: 0, left: 0, right: 0, bottom: 0, toJSON: () => ({}) };
  Object.assign(Range.prototype, {
    getClientRects: () => Object.assign([], { item: () => null }),
    getBoundingClientRect: () => rect,
  });
});

const STARTER = 'def pair_sum(a, b):\n    pass\n';
const DRAFT = 'def pair_sum(a, b):\n    return a - b\n';
const lesson = lessonOf(505, 'Pairs', 'programmingAssignment', { points: 100 });
const detail = detailOf(lesson, {
  programming: {
    language: 'python',
    functionName: 'pair_sum',
    starterCode: STARTER,
    tests: [
      { name: 'pair_sum(1, 2)', args: [1, 2] },
      { name: 'pair_sum(2, 2)', args: [2, 2] },
    ],
  },
});

const graded = submission({
  id: 80,
  assignmentId: 505,
  kind: 'CODE',
  document: null,
  code: 'def pair_sum(a, b):\n    return a + b\n',
  language: 'python',
  results: [
    { name: 'pair_sum(1, 2)', passed: true, output: '' },
    { name: 'hidden', passed: false, output: 'Hidden test: failed', hidden: true },
  ],
  status: 'AUTOGRADED',
  grade: 50,
});

async function editor() {
  const host = await screen.findByTestId('code-editor', undefined, { timeout: LAZY_CHUNK_MS });
  const view = EditorView.findFromDOM(host.querySelector('.cm-editor') as HTMLElement)!;
  return {
    host,
    view,
    type: (code: string) => act(() => view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: code } })),
  };
}

describe('lesson page: a Python lab', () => {
  it('shows the saved draft instead of the starter code, runs the visible tests and records nothing', async () => {
    const mock = await renderLesson(detail, {
      'GET /api/assignments/505/draft': () => json(200, { data: { code: DRAFT, savedAt: '2031-03-01T11:00:00Z' } }),
      'GET /api/assignments/505/submissions': () => page([]),
      'POST /api/assignments/505/run': () =>
        json(200, {
          data: {
            language: 'python',
            passed: 1,
            total: 2,
            results: [
              { name: 'pair_sum(1, 2)', passed: false, output: 'Wrong value: expected 3' },
              { name: 'pair_sum(2, 2)', passed: true, output: '' },
            ],
          },
        }),
    });
    const { host } = await editor();
    await waitFor(() => expect(host).toHaveTextContent('return a - b'));
    expect(screen.getByText('Python')).toBeInTheDocument();
    // Highlighted as Python: its keywords are tokens of their own (plain text has none).
    const tokens = [...host.querySelectorAll('.cm-line span')].map((span) => span.textContent);
    expect(tokens).toEqual(expect.arrayContaining(['def', 'return']));
    expect(screen.getByRole('textbox', { name: 'Your code' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Run' }));
    const results = await screen.findByRole('region', { name: 'Run results (not submitted)' });
    expect(within(results).getByRole('status').textContent).toBe('1 of 2 tests passed');
    expect(within(results).getByText('Wrong value: expected 3')).toBeInTheDocument();
    expect(JSON.parse(mock.calls.find((c) => c.path.endsWith('/run'))!.body!)).toEqual({ sessionId: 41, code: DRAFT });
    expect(mock.calls.some((c) => c.path.endsWith('/code'))).toBe(false);
  });

  it('saves the draft a moment after typing, with a quiet "Saving…" then "Saved"', async () => {
    const mock = await renderLesson(detail, {
      'GET /api/assignments/505/draft': () => json(200, { data: null }),
      'GET /api/assignments/505/submissions': () => page([]),
      'PUT /api/assignments/505/draft': async (request) => {
        const body = (await request.json()) as { code: string };
        return json(200, { data: { code: body.code, savedAt: '2031-03-01T12:00:01Z' } });
      },
    });
    const { host, type } = await editor();
    await waitFor(() => expect(host).toHaveTextContent('pass')); // no draft yet: the starter code
    type('def pair_sum(a, b):\n    return a + b\n');
    expect(screen.getByTestId('draft-status')).toHaveTextContent('Saving…');
    await waitFor(() => expect(screen.getByTestId('draft-status')).toHaveTextContent('Saved'), { timeout: 4000 });
    const puts = mock.calls.filter((c) => c.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(JSON.parse(puts[0]!.body!)).toEqual({ sessionId: 41, code: 'def pair_sum(a, b):\n    return a + b\n' });
  });

  it('submits only after confirming, shows the grade, and a past submission can be viewed and restored', async () => {
    const mock = await renderLesson(detail, {
      'GET /api/assignments/505/draft': () => json(200, { data: { code: DRAFT, savedAt: '2031-03-01T11:00:00Z' } }),
      'GET /api/assignments/505/submissions': () => page([]),
      'POST /api/assignments/505/code': () => json(201, { data: graded }),
      'PUT /api/assignments/505/draft': async (request) => {
        const body = (await request.json()) as { code: string };
        return json(200, { data: { code: body.code, savedAt: '2031-03-01T12:00:01Z' } });
      },
    });
    const { host } = await editor();
    await waitFor(() => expect(host).toHaveTextContent('return a - b'));
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Submit for grading?' });
    expect(mock.calls.some((c) => c.path.endsWith('/code'))).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Submit' }));
    const results = await screen.findByRole('region', { name: 'Submission results' });
    expect(within(results).getByRole('status').textContent).toBe('1 of 2 tests passed · Grade: 50 / 100');
    expect(within(results).getByText('Hidden test: failed')).toBeInTheDocument();

    const history = screen.getByRole('region', { name: 'Your submissions' });
    fireEvent.click(within(history).getByText('View code (Python)'));
    expect(within(history).getByRole('region', { name: 'Submitted code' })).toHaveTextContent('return a + b');
    fireEvent.click(within(history).getByRole('button', { name: 'Restore into the editor' }));
    const ask = await screen.findByRole('alertdialog', { name: "Restore this submission's code?" });
    fireEvent.click(within(ask).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(host).toHaveTextContent('return a + b'));
    await waitFor(() => expect(mock.calls.some((c) => c.method === 'PUT')).toBe(true), { timeout: 4000 });
  });

  it('a refused submission toasts the server message; a failed draft load offers to try again', async () => {
    let draftCalls = 0;
    await renderLesson(detail, {
      'GET /api/assignments/505/draft': () =>
        ++draftCalls === 1 ? json(503, { message: 'Service unavailable' }) : json(200, { data: null }),
      'GET /api/assignments/505/submissions': () => page([]),
      'POST /api/assignments/505/code': () => json(409, { message: 'The deadline for this lesson has passed' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }, { timeout: LAZY_CHUNK_MS }));
    await editor();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Submit' }));
    expect(await toastTitle('Cannot submit assignment!')).toBeInTheDocument();
    expect(await screen.findByText('The deadline for this lesson has passed')).toBeInTheDocument();
  });
});
