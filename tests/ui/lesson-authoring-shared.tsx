// Shared setup of the lesson authoring screen tests: a quiz and a programming lesson, rendering, form helpers.
import { fireEvent, screen } from '@testing-library/react';
import { Link } from '@tanstack/react-router';
import { Toaster } from '@/components/ui/toast';
import { LessonAuthoringScreen } from '@/features/lesson-authoring/lesson-authoring-page';
import type { LessonAuthoring } from '@machines/lesson-authoring.form';
import { createApi } from '@/lib/api/client';
import { json, mockFetch, type Handler } from '../machines/fetch-mock';
import { renderWithRouter } from './render';
import { aLessonAuthoring } from '../fixtures';

/** A quiz lesson as the authoring API answers it. */
export const quiz: LessonAuthoring = aLessonAuthoring(
  { lessonId: 41, courseId: 12, courseTitle: 'React in practice', type: 'quiz', name: 'Hooks quiz' },
  {
    contentHtml: '<p>Answer calmly.</p>',
    points: 10,
    timeLimitMinutes: 15,
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
  },
);

/** A programming assignment as the authoring API answers it. */
export const programming: LessonAuthoring = {
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

/** Renders the screen for `authoring` (routes added to its GET) and waits for its heading; answers the fetch mock. */
export async function renderScreen(
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

/** The form field labelled `label`. */
export const field = (label: string | RegExp) =>
  screen.getByLabelText(label, { selector: 'input, select, textarea' }) as HTMLInputElement;
/** Types `value` into the field labelled `label`. */
export const type = (label: string | RegExp, value: string) => fireEvent.input(field(label), { target: { value } });
/** The PUT calls among `calls`. */
export const puts = (calls: ReturnType<typeof mockFetch>['calls']) => calls.filter((c) => c.method === 'PUT');
