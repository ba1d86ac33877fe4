import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { ClassroomPage } from '@/features/classroom/classroom-page';
import { SessionGradebookPage } from '@/features/educator/session-gradebook-page';
import { SessionQuizzesPage } from '@/features/educator/session-quizzes-page';
import { createApi } from '@/lib/api/client';
import type { components } from '@contract/schema';
import { json, mockFetch, type Handler } from '../machines/fetch-mock';
import { at, classroom, learnerApi } from './classroom-fixtures';
import { session41 } from './educator-fixtures';
import { renderWithRouter } from './render';

type Gradebook = components['schemas']['Gradebook'];

const book: Gradebook = {
  sessionId: 41,
  weighting: 'EQUAL',
  items: [
    {
      lessonId: 1,
      name: 'Types quiz',
      kind: 'QUIZ',
      week: 1,
      points: 4,
      deadline: '2031-03-10T04:00:00.000Z',
      weight: 50,
    },
    {
      lessonId: 2,
      name: 'Essay',
      kind: 'ASSIGNMENT',
      week: 1,
      points: 20,
      deadline: '2031-03-10T04:00:00.000Z',
      weight: 50,
    },
  ],
  rows: [
    {
      learner: { id: 7, name: 'Lina Amrani', pictureUrl: null },
      cells: [
        { lessonId: 1, status: 'GRADED', score: 2, late: false },
        { lessonId: 2, status: 'GRADED', score: 15, late: true },
      ],
      total: 62.5,
    },
    {
      learner: { id: 8, name: 'Omar Haddad', pictureUrl: null },
      cells: [
        { lessonId: 1, status: 'MISSING', score: null, late: false },
        { lessonId: 2, status: 'PENDING', score: null, late: false },
      ],
      total: 0,
    },
  ],
};

afterEach(() => vi.restoreAllMocks());

async function renderGradebook(routes: Record<string, Handler>, locale: 'en' | 'ar' = 'en') {
  const mock = mockFetch(routes);
  const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
  await renderWithRouter(
    <>
      <SessionGradebookPage session={session41} api={api} />
      <Toaster />
    </>,
    { locale },
  );
  return mock;
}

describe('session gradebook (docs/classroom.md "Gradebook")', () => {
  it('shows the grading rule, one row per learner with scores, late, missing and pending marks, and the totals', async () => {
    await renderGradebook({ 'GET /api/sessions/41/gradebook': () => json(200, { data: book }) });
    const rows = await screen.findAllByTestId('gradebook-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('rowheader').textContent).toBe('Lina Amrani');
    expect(within(rows[0]!).getByText('2 / 4')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('15 / 20')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Late')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('62.5 %')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Missing')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Pending')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('0 %')).toBeInTheDocument();
    const rule = screen.getByRole('list', { name: 'Weights' });
    expect(
      within(rule)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Types quiz Quiz · week 1 · 4 points50 %', 'Essay Assignment · week 1 · 20 points50 %']);
    expect(screen.getByText(/Every item weighs the same/)).toBeInTheDocument();
  });

  it('refuses weights that do not add up to 100 without calling the server, then saves valid ones', async () => {
    const mock = await renderGradebook({
      'GET /api/sessions/41/gradebook': () => json(200, { data: book }),
      'PUT /api/sessions/41/gradebook/weights': () =>
        json(200, {
          data: {
            ...book,
            weighting: 'CUSTOM',
            items: book.items.map((i, n) => ({ ...i, weight: n === 0 ? 30 : 70 })),
          },
        }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit weights' }));
    const quiz = screen.getByRole('textbox', { name: /Types quiz/ });
    const essay = screen.getByRole('textbox', { name: /Essay/ });
    fireEvent.change(quiz, { target: { value: '30' } });
    expect(screen.getByRole('status').textContent).toBe('Sum: 80 % of 100 %');
    fireEvent.click(screen.getByRole('button', { name: 'Save weights' }));
    expect(await screen.findByText('The weights must add up to 100 %.')).toBeInTheDocument();
    expect(mock.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    fireEvent.change(essay, { target: { value: '70' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save weights' }));
    expect(await screen.findByText('Weights saved', { selector: '[data-part=title]' })).toBeInTheDocument();
    const put = mock.calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(put.body!)).toEqual({
      weights: [
        { lessonId: 1, weight: 30 },
        { lessonId: 2, weight: 70 },
      ],
    });
    expect(await screen.findByText(/Weights set by the educator\./)).toBeInTheDocument();
  });

  it('asks before going back to equal weights, and sends an empty list', async () => {
    const mock = await renderGradebook({
      'GET /api/sessions/41/gradebook': () => json(200, { data: { ...book, weighting: 'CUSTOM' } }),
      'PUT /api/sessions/41/gradebook/weights': () => json(200, { data: book }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit weights' }));
    fireEvent.click(screen.getByRole('button', { name: 'Use equal weights' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Use equal weights' }));
    await waitFor(() => expect(mock.calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(JSON.parse(mock.calls.find((c) => c.method === 'PUT')!.body!)).toEqual({ weights: [] });
  });

  it("downloads the server's CSV in the reader's language", async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:gradebook'), revokeObjectURL: vi.fn() });
    const csv = '\uFEFFالمتعلّم,البريد الإلكتروني\r\n';
    const mock = await renderGradebook(
      {
        'GET /api/sessions/41/gradebook': () => json(200, { data: book }),
        'GET /api/sessions/41/gradebook.csv': () => new Response(csv, { headers: { 'content-type': 'text/csv' } }),
      },
      'ar',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'تصدير CSV' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(mock.calls.find((c) => c.path.startsWith('/api/sessions/41/gradebook.csv'))!.path).toBe(
      '/api/sessions/41/gradebook.csv?lang=ar',
    );
    const blob = (URL.createObjectURL as unknown as { mock: { calls: [Blob][] } }).mock.calls[0]![0];
    // The bytes as sent: the UTF-8 byte-order mark (EF BB BF) that Excel needs is kept (text() would hide it).
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await blob.text()).toBe(csv.slice(1));
  });

  it('shows the failure with a retry', async () => {
    await renderGradebook({
      'GET /api/sessions/41/gradebook': (_, n) =>
        n === 1 ? json(500, { message: 'Boom' }) : json(200, { data: book }),
    });
    expect(await screen.findByText('Could not get the gradebook')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('gradebook-row')).toHaveLength(2);
  });
});

describe('session quiz results (docs/classroom.md "Quiz results")', () => {
  it('lists each attempt with score, time taken, late mark and the answers right or wrong', async () => {
    await renderWithRouter(
      <SessionQuizzesPage
        data={{
          session: session41,
          attempts: {
            ok: true,
            data: {
              items: [
                {
                  id: 9,
                  lessonId: 1,
                  lessonName: 'Types quiz',
                  sessionId: 41,
                  learner: { id: 7, name: 'Lina Amrani', pictureUrl: null },
                  status: 'AUTOGRADED',
                  startedAt: '2031-03-04T15:00:00.000Z',
                  submittedAt: '2031-03-04T15:04:30.000Z',
                  durationSeconds: 270,
                  late: true,
                  score: 2,
                  maxScore: 4,
                  answers: [
                    {
                      questionId: 31,
                      kind: 'SINGLE',
                      prompt: 'What is [] + []?',
                      options: [
                        { id: 'a', text: "''" },
                        { id: 'b', text: '0' },
                      ],
                      answer: ['b'],
                      correct: false,
                      pointsAwarded: 0,
                      points: 2,
                      correctAnswer: ['a'],
                    },
                    {
                      questionId: 32,
                      kind: 'TRUE_FALSE',
                      prompt: "typeof null is 'object'",
                      options: [],
                      answer: true,
                      correct: true,
                      pointsAwarded: 2,
                      points: 2,
                      correctAnswer: true,
                    },
                  ],
                },
              ],
              total: 1,
              page: 1,
              pageSize: 20,
            },
          },
        }}
        onPage={() => {}}
        onRetry={() => {}}
      />,
    );
    const [row] = screen.getAllByTestId('quiz-attempt-row');
    expect(within(row!).getByRole('rowheader').textContent).toBe('Lina Amrani');
    expect(within(row!).getByText('2 / 4')).toBeInTheDocument();
    expect(within(row!).getByText('Late')).toBeInTheDocument();
    expect(within(row!).getByText('4 min 30 s')).toBeInTheDocument();
    expect(within(row!).getByText('1 of 2 right')).toBeInTheDocument();
    expect(within(row!).getByText('Wrong')).toBeInTheDocument();
    expect(within(row!).getByText('Right')).toBeInTheDocument();
    expect(within(row!).getByText('0')).toBeInTheDocument();
    expect(within(row!).getByText("''")).toBeInTheDocument();
  });
});

describe("the learner's own grades in the classroom", () => {
  it('shows their total and each item with its weight, from their own row only', async () => {
    const own: Gradebook = { ...book, rows: [book.rows[0]!] };
    const { mock, api } = learnerApi({ 'GET /api/sessions/41/gradebook/mine': () => json(200, { data: own }) });
    await renderWithRouter(<ClassroomPage classroom={classroom} api={api} now={at('2031-03-01T12:00:00Z')} />);
    const section = await screen.findByRole('region', { name: 'My grades' });
    expect(await within(section).findByTestId('my-total')).toHaveTextContent('Total 62.5 %');
    const items = within(section).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Types quiz Quiz · 50 %2 / 4',
      'Essay Assignment · 50 %15 / 20Late',
    ]);
    expect(mock.calls.some((c) => c.path === '/api/sessions/41/gradebook/mine')).toBe(true);
    expect(screen.queryByText('Omar Haddad')).not.toBeInTheDocument();
  });
});
