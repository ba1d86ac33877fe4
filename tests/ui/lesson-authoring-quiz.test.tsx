import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link } from '@tanstack/react-router';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { LessonAuthoringScreen } from '@/features/lesson-authoring/lesson-authoring-page';
import type { LessonAuthoring } from '@machines/lesson-authoring.form';
import { createApi } from '@/lib/api/client';
import { json, mockFetch, type Handler } from '../machines/fetch-mock';
import { FakeXhr } from './course-editor-fakes';
import { renderWithRouter } from './render';

const quiz: LessonAuthoring = {
  lessonId: 41,
  courseId: 12,
  courseTitle: 'React in practice',
  type: 'quiz',
  name: 'Hooks quiz',
  contentHtml: '<p>Answer calmly.</p>',
  videoUrl: null,
  captionsUrl: null,
  link: null,
  day: null,
  startTime: null,
  points: 10,
  allowLate: false,
  timeLimitMinutes: 15,
  programming: null,
  questions: [
    {
      id: 1,
      kind: 'SINGLE',
      prompt: 'Which hook holds state?',
      pictureUrl: null,
      points: 2,
      explanation: null,
      options: [
        { id: 'a', text: 'useState' },
        { id: 'b', text: 'useEffect' },
      ],
      answer: ['a'],
    },
    {
      id: 2,
      kind: 'TRUE_FALSE',
      prompt: 'Hooks run in order.',
      pictureUrl: null,
      points: 1,
      explanation: 'Always.',
      options: [],
      answer: true,
    },
  ],
};

const programming: LessonAuthoring = {
  ...quiz,
  lessonId: 42,
  type: 'programmingAssignment',
  name: 'Sum two numbers',
  contentHtml: null,
  timeLimitMinutes: null,
  questions: [],
  programming: {
    functionName: 'sum',
    starterCode: 'function sum(a, b) {\n}',
    tests: [{ name: 'adds', args: [1, 2], expected: 3 }],
  },
};

async function renderScreen(
  authoring: LessonAuthoring,
  routes: Record<string, Handler> = {},
  { headerLink = false } = {},
) {
  const mock = mockFetch({
    [`GET /api/lessons/${authoring.lessonId}/authoring`]: () => json(200, { data: authoring }),
    ...routes,
  });
  const api = createApi({ baseUrl: 'http://halaqa.test/api', fetch: mock.fetch });
  await renderWithRouter(
    <>
      <Toaster />
      {headerLink ? <Link to="/dashboard/courses">My courses</Link> : null}
      <LessonAuthoringScreen api={api} lessonId={authoring.lessonId} />
    </>,
  );
  await screen.findByRole('heading', { level: 1, name: authoring.name });
  return mock;
}

const field = (label: string | RegExp) =>
  screen.getByLabelText(label, { selector: 'input, select, textarea' }) as HTMLInputElement;
const type = (label: string | RegExp, value: string) => fireEvent.input(field(label), { target: { value } });
const puts = (calls: ReturnType<typeof mockFetch>['calls']) => calls.filter((c) => c.method === 'PUT');

describe('LessonAuthoringScreen', () => {
  it('loads a quiz: its header and only the parts a quiz has', async () => {
    await renderScreen(quiz);
    expect(screen.getByText('Lesson content · Quiz')).toBeInTheDocument();
    // The course is named in the header and in the way back.
    expect(screen.getByText(/Lesson of the course/).textContent).toBe(
      'Lesson of the course React in practice. Changes are kept when you save the lesson.',
    );
    expect(screen.getByRole('link', { name: /Back to React in practice/ })).toHaveAttribute(
      'href',
      '/courses/live/edit?id=12',
    );
    expect(field('Content (HTML)').value).toBe('<p>Answer calmly.</p>');
    expect(field(/^Points\*?$/).value).toBe('10');
    expect(field('Time limit (minutes)').value).toBe('15');
    expect(field(/^Prompt of question 1/).value).toBe('Which hook holds state?');
    expect(
      (screen.getByRole('radio', { name: /Correct \(option 1 of question 1\)/ }) as HTMLInputElement).checked,
    ).toBe(true);
    expect((screen.getByRole('radio', { name: 'True' }) as HTMLInputElement).checked).toBe(true);
    for (const heading of ['Content', 'Grading', 'Questions'])
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    for (const heading of ['Video', 'Meeting', 'Programming'])
      expect(screen.queryByRole('heading', { level: 2, name: heading })).not.toBeInTheDocument();
  });

  it('edits and adds questions, refuses a broken form without sending it, then saves the expected body', async () => {
    const { calls } = await renderScreen(quiz, {
      'PUT /api/lessons/41/authoring': async (request) => {
        const body = (await request.clone().json()) as { questions: object[] };
        return json(200, { data: { ...quiz, questions: body.questions.map((q, i) => ({ id: 100 + i, ...q })) } });
      },
    });
    type(/^Prompt of question 1/, 'Which hook keeps state between renders?');
    fireEvent.click(screen.getByRole('radio', { name: /Correct \(option 2 of question 1\)/ }));
    fireEvent.change(field('Kind of the new question'), { target: { value: 'SHORT_ANSWER' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    expect(screen.getAllByTestId('authoring-question')).toHaveLength(3);
    expect(screen.getByTestId('questions-announcer').textContent).toBe('Question 3 added.');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Save the lesson' }));
    const prompt3 = field(/^Prompt of question 3/);
    expect(prompt3).toHaveAttribute('aria-invalid', 'true');
    const third = screen.getAllByTestId('authoring-question')[2]!;
    expect(within(third).getByText('This field is required.')).toBeInTheDocument();
    expect(within(third).getByText('Give at least one accepted answer.')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(prompt3));
    expect(puts(calls)).toHaveLength(0);

    type(/^Prompt of question 3/, 'Name the state hook.');
    expect(field(/^Prompt of question 3/)).not.toHaveAttribute('aria-invalid');
    type(/^Accepted answer 1 of question 3/, 'useState');
    type(/^Points of question 3/, '3');
    // Reorder: the new question moves up, before the true/false one.
    fireEvent.click(screen.getByRole('button', { name: 'Move question 3 up' }));
    expect(screen.getByTestId('questions-announcer').textContent).toBe('Question 3 moved to position 2 of 3.');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move question 2 up' })),
    );
    type('Time limit (minutes)', '');

    fireEvent.click(screen.getByRole('button', { name: 'Save the lesson' }));
    expect(await screen.findByText('Lesson saved', { selector: '[data-part=title]' })).toBeInTheDocument();
    const put = puts(calls)[0]!;
    expect(put.path).toBe('/api/lessons/41/authoring');
    expect(JSON.parse(put.body!)).toEqual({
      contentHtml: '<p>Answer calmly.</p>',
      points: 10,
      allowLate: false,
      timeLimitMinutes: null,
      questions: [
        {
          id: 1,
          kind: 'SINGLE',
          prompt: 'Which hook keeps state between renders?',
          pictureUrl: null,
          points: 2,
          explanation: null,
          options: [
            { id: 'a', text: 'useState' },
            { id: 'b', text: 'useEffect' },
          ],
          answer: ['b'],
        },
        {
          kind: 'SHORT_ANSWER',
          prompt: 'Name the state hook.',
          pictureUrl: null,
          points: 3,
          explanation: null,
          options: [],
          answer: ['useState'],
        },
        {
          id: 2,
          kind: 'TRUE_FALSE',
          prompt: 'Hooks run in order.',
          pictureUrl: null,
          points: 1,
          explanation: 'Always.',
          options: [],
          answer: true,
        },
      ],
    });
    await waitFor(() => expect(screen.queryByText('Unsaved changes')).not.toBeInTheDocument());
  });

  it('a refused save shows the server field errors next to their fields, and a toast', async () => {
    await renderScreen(quiz, {
      'PUT /api/lessons/41/authoring': () =>
        json(400, {
          message: 'Validation failed',
          errors: [
            { path: 'questions.1.prompt', message: 'This prompt is used twice' },
            { path: 'points', message: 'Too many points for this course' },
          ],
        }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save the lesson' }));
    expect(await screen.findByText('This prompt is used twice')).toBeInTheDocument();
    expect(field(/^Prompt of question 2/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Too many points for this course')).toBeInTheDocument();
    expect(field(/^Points\*?$/)).toHaveAttribute('aria-invalid', 'true');
    expect(
      await screen.findByText('The lesson could not be saved, try again !', { selector: '[data-part=title]' }),
    ).toBeInTheDocument();
    // Editing the field drops its server error.
    type(/^Prompt of question 2/, 'Hooks always run in the same order.');
    expect(screen.queryByText('This prompt is used twice')).not.toBeInTheDocument();
    expect(screen.getByText('Too many points for this course')).toBeInTheDocument();
  });

  it("uploads a question's picture with progress, previews it, saves its url; removing it saves null", async () => {
    const realXhr = globalThis.XMLHttpRequest;
    FakeXhr.last = null;
    FakeXhr.count = 0;
    (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
    try {
      const { calls } = await renderScreen(quiz, {
        'PUT /api/lessons/41/authoring': async (request) => {
          const body = (await request.clone().json()) as { questions: object[] };
          return json(200, { data: { ...quiz, questions: body.questions } });
        },
      });
      const input = screen.getByLabelText('Picture of question 2') as HTMLInputElement;
      expect(input.type).toBe('file');
      expect(input.accept).toContain('image/png');
      expect(screen.queryByRole('button', { name: /Remove picture/ })).not.toBeInTheDocument();

      // A file of the wrong type is refused next to the field, nothing is sent.
      fireEvent.change(input, { target: { files: [new File(['x'], 'diagram.gif', { type: 'image/gif' })] } });
      expect(await screen.findByText('File type must be png, jpeg')).toBeInTheDocument();
      expect(FakeXhr.count).toBe(0);

      fireEvent.change(input, {
        target: { files: [new File([new Uint8Array(4096)], 'hooks.png', { type: 'image/png' })] },
      });
      const xhr = FakeXhr.last!;
      expect([xhr.method, xhr.url]).toEqual(['POST', '/api/v2/questions/upload/picture']);
      expect((xhr.body!.get('picture') as File).name).toBe('hooks.png');
      expect(screen.queryByText('File type must be png, jpeg')).not.toBeInTheDocument();
      act(() => xhr.progress(1024, 4096));
      const bar = screen.getByRole('progressbar', { name: 'Uploading hooks.png' });
      expect(bar).toHaveAttribute('aria-valuenow', '25');
      // No save while a picture uploads.
      expect(screen.getByText('Wait for the upload to finish to save.')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Save the lesson' })).toBeDisabled();
      // An edit made during the upload is kept when the picture arrives.
      type(/^Prompt of question 2/, 'Hooks always run in the same order.');
      act(() => xhr.respond(201, { data: { id: 77, url: '/uploads/77.png', type: 'QUESTIONPICTURE' } }));

      const preview = await screen.findByRole('img', { name: 'Preview of 77.png' });
      expect(preview).toHaveAttribute('src', '/uploads/77.png');
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      await waitFor(() => expect(screen.getByRole('button', { name: 'Save the lesson' })).not.toBeDisabled());
      expect(screen.queryByText('Wait for the upload to finish to save.')).not.toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Save the lesson' }));
      await screen.findByText('Lesson saved', { selector: '[data-part=title]' });
      const saved = JSON.parse(puts(calls)[0]!.body!) as { questions: { prompt: string; pictureUrl: string | null }[] };
      expect(saved.questions.map((q) => [q.prompt, q.pictureUrl])).toEqual([
        ['Which hook holds state?', null],
        ['Hooks always run in the same order.', '/uploads/77.png'],
      ]);

      fireEvent.click(screen.getByRole('button', { name: 'Remove picture of question 2' }));
      expect(screen.queryByRole('img', { name: /Preview of/ })).not.toBeInTheDocument();
      expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
      fireEvent.click(screen.getByRole('button', { name: 'Save the lesson' }));
      await vi.waitFor(() => expect(puts(calls)).toHaveLength(2));
      const cleared = JSON.parse(puts(calls)[1]!.body!) as { questions: { pictureUrl: string | null }[] };
      expect(cleared.questions.map((q) => q.pictureUrl)).toEqual([null, null]);
    } finally {
      (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = realXhr;
    }
  });

  it('a picture the server refuses shows its error next to the picture field', async () => {
    await renderScreen(
      { ...quiz, questions: [{ ...quiz.questions[0]!, pictureUrl: '/uploads/old.png' }] },
      {
        'PUT /api/lessons/41/authoring': () =>
          json(400, {
            message: 'Some fields are invalid',
            errors: [
              { path: 'questions.0.pictureUrl', message: 'must be a picture uploaded for a question (/uploads/…)' },
            ],
          }),
      },
    );
    expect(screen.getByRole('img', { name: 'Preview of old.png' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save the lesson' }));
    expect(await screen.findByText('must be a picture uploaded for a question (/uploads/…)')).toBeInTheDocument();
    expect(screen.getByLabelText('Picture of question 1') as HTMLInputElement).toHaveAttribute('aria-invalid', 'true');
  });

  it('removing a question asks first', async () => {
    await renderScreen(quiz);
    fireEvent.click(screen.getByRole('button', { name: 'Remove question 1' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove question 1?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getAllByTestId('authoring-question')).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Remove question 1' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.getAllByTestId('authoring-question')).toHaveLength(1));
    expect(field(/^Prompt of question 1/).value).toBe('Hooks run in order.');
  });

  it('leaving with unsaved changes asks to confirm; staying keeps the edits, leaving goes back to the course', async () => {
    await renderScreen(quiz);
    type('Content (HTML)', '<p>Changed</p>');
    const back = screen.getByRole('link', { name: /Back to React in practice/ });
    expect(back).toHaveAttribute('href', '/courses/live/edit?id=12');
    fireEvent.click(back);
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(field('Content (HTML)').value).toBe('<p>Changed</p>');
    fireEvent.click(screen.getByRole('link', { name: /Back to React in practice/ }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave without saving' }),
    );
    // The router left the screen for the course editor.
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 1, name: 'Hooks quiz' })).not.toBeInTheDocument(),
    );
  });

  it('any other link (e.g. in the header) asks too with unsaved changes, and not at all without', async () => {
    await renderScreen(quiz, {}, { headerLink: true });
    type('Content (HTML)', '<p>Changed</p>');
    fireEvent.click(screen.getByRole('link', { name: 'My courses' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(field('Content (HTML)').value).toBe('<p>Changed</p>');
    fireEvent.click(screen.getByRole('link', { name: 'My courses' }));
    fireEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave without saving' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 1, name: 'Hooks quiz' })).not.toBeInTheDocument(),
    );

    cleanup();
    await renderScreen(quiz, {}, { headerLink: true });
    fireEvent.click(screen.getByRole('link', { name: 'My courses' }));
    await waitFor(() =>
      expect(screen.queryByRole('heading', { level: 1, name: 'Hooks quiz' })).not.toBeInTheDocument(),
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('a programming assignment shows only its parts, and edits its tests', async () => {
    const { calls } = await renderScreen(programming, {
      'PUT /api/lessons/42/authoring': () => json(200, { data: programming }),
    });
    expect(screen.getByText('Lesson content · Programming assignment')).toBeInTheDocument();
    for (const heading of ['Content', 'Grading', 'Programming'])
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    for (const heading of ['Questions', 'Video', 'Meeting'])
      expect(screen.queryByRole('heading', { level: 2, name: heading })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Time limit (minutes)')).not.toBeInTheDocument();
    expect(field(/^Function name/).value).toBe('sum');
    expect(field(/^Arguments of test 1/).value).toBe('[1,2]');

    fireEvent.click(screen.getByRole('button', { name: 'Add a test' }));
    type(/^Name of test 2/, 'negatives');
    type(/^Arguments of test 2/, '-1, -2');
    type(/^Expected result of test 2/, '-3');
    fireEvent.click(screen.getByRole('button', { name: 'Save the lesson' }));
    expect(screen.getByText('Enter a JSON list, for example [1, "a"].')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);
    type(/^Arguments of test 2/, '[-1, -2]');
    fireEvent.click(screen.getByRole('button', { name: 'Save the lesson' }));
    await screen.findByText('Lesson saved', { selector: '[data-part=title]' });
    expect(JSON.parse(puts(calls)[0]!.body!)).toEqual({
      contentHtml: null,
      points: 10,
      allowLate: false,
      programming: {
        functionName: 'sum',
        starterCode: 'function sum(a, b) {\n}',
        tests: [
          { name: 'adds', args: [1, 2], expected: 3 },
          { name: 'negatives', args: [-1, -2], expected: -3 },
        ],
      },
    });
  });

  it('a meeting shows its link, day and time only', async () => {
    await renderScreen({
      ...quiz,
      lessonId: 43,
      type: 'meeting',
      name: 'Weekly call',
      link: 'https://meet.example/x',
      day: 'monday',
      startTime: '18:30:00',
      questions: [],
    });
    expect(field('Meeting link').value).toBe('https://meet.example/x');
    expect((field('Day') as unknown as HTMLSelectElement).value).toBe('monday');
    expect(field('Start time').value).toBe('18:30');
    for (const heading of ['Questions', 'Grading', 'Programming', 'Video'])
      expect(screen.queryByRole('heading', { level: 2, name: heading })).not.toBeInTheDocument();
  });

  it('a failed load offers to try again', async () => {
    await renderWithRouter(<div />);
    cleanup();
    const { fetch } = mockFetch({
      'GET /api/lessons/41/authoring': (_request, call) =>
        call === 1 ? json(500, { message: 'Database down' }) : json(200, { data: quiz }),
    });
    const api = createApi({ baseUrl: 'http://halaqa.test/api', fetch });
    await renderWithRouter(<LessonAuthoringScreen api={api} lessonId={41} />);
    expect(await screen.findByText('The lesson could not be loaded')).toBeInTheDocument();
    expect(screen.getByText('Database down')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Hooks quiz' })).toBeInTheDocument();
  });
});
