import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QuizLesson } from '@/features/classroom/quiz/quiz-lesson';
import { createApi } from '@/lib/api/client';
import type { components } from '@contract/schema';
import { json, mockFetch, type Handler } from '../machines/fetch-mock';
import { detailOf, lessonOf } from './classroom-fixtures';
import { answerList } from '@/features/classroom/quiz/quiz-parts';
import { renderWithRouter } from './render';
import { attemptOf, feedbackOn, question } from '../machines/quiz.machine-shared';

type QuizAttempt = components['schemas']['QuizAttempt'];
type QuizQuestion = components['schemas']['QuizQuestion'];
type Detail = components['schemas']['ClassroomLessonDetail'];

const questions: QuizQuestion[] = [
  question(31, 'TRUE_FALSE', { prompt: "typeof null is 'object'.", pictureUrl: '/uploads/questions/null.png' }),
  question(32, 'SINGLE', {
    prompt: 'What does [] + [] evaluate to?',
    options: [
      { id: 'a', text: 'An empty string' },
      { id: 'b', text: 'Zero' },
    ],
  }),
  question(33, 'MULTIPLE', {
    prompt: 'Which values are falsy?',
    options: [
      { id: 'a', text: 'The number 0' },
      { id: 'b', text: 'An empty array' },
      { id: 'c', text: 'NaN' },
    ],
  }),
  question(34, 'SHORT_ANSWER', { prompt: 'Which keyword declares a block-scoped constant?' }),
];

/** An attempt at these four questions, in progress without a deadline, with `patch`. */
const attempt = (patch: Partial<QuizAttempt> = {}): QuizAttempt =>
  attemptOf({ deadlineAt: null, maxScore: 4, questions, ...patch });

const graded = attempt({
  status: 'AUTOGRADED',
  submittedAt: '2031-03-05T10:04:00Z',
  score: 2,
  answers: { '31': true, '32': ['b'], '34': 'const' },
  feedback: [
    feedbackOn(31, true, true),
    feedbackOn(32, false, ['a'], 'Both arrays become empty strings.'),
    feedbackOn(33, false, ['a', 'c']),
    // Accepted texts of a short answer, one written twice: alternatives, each once.
    feedbackOn(34, true, ['const', 'Const ', 'a const declaration']),
  ],
});

const earlier = attempt({ id: 7, status: 'AUTOGRADED', submittedAt: '2031-03-04T09:00:00Z', score: 1.5, feedback: [] });

const quizDetail: Detail = detailOf(lessonOf(503, 'Types and coercion', 'quiz', { points: 100 }), {
  questionCount: 4,
  timeLimitMinutes: 10,
  contentHtml: '<p>Check what you know about coercion.</p>',
});

const route = {
  list: 'GET /api/sessions/41/lessons/503/attempts',
  start: 'POST /api/sessions/41/lessons/503/attempts',
  submit: 'POST /api/quiz-attempts/9/submit',
  save: (q: number) => `PUT /api/quiz-attempts/9/answers/${q}`,
};

/** Every PUT answers the attempt (the body is recorded by the mock). */
const saves = Object.fromEntries(questions.map((q) => [route.save(q.id), () => json(200, { data: attempt() })]));

async function renderQuiz(routes: Record<string, Handler>, { detail = quizDetail, learner = true } = {}) {
  const mock = mockFetch(routes);
  const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
  const onSubmitted = vi.fn();
  await renderWithRouter(
    <QuizLesson sessionId={41} lesson={detail} api={api} learner={learner} onSubmitted={onSubmitted} />,
  );
  return { mock, onSubmitted };
}

const heading = () => screen.getByRole('heading', { level: 2, name: /^(Question|Step) \d+ of \d+$/ });
const puts = (mock: ReturnType<typeof mockFetch>) =>
  mock.calls.filter((c) => c.method === 'PUT').map((c) => [c.path, JSON.parse(c.body!)]);

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('quiz lesson: intro and start', () => {
  it('shows the facts and the previous attempts, then starts at question 1', async () => {
    const { mock } = await renderQuiz({
      [route.list]: () => json(200, { data: [earlier] }),
      [route.start]: () => json(201, { data: attempt() }),
    });
    expect(screen.getByText('Check what you know about coercion.')).toBeInTheDocument();
    const intro = screen.getByRole('region', { name: 'About this quiz' });
    expect(within(intro).getByText('Questions').nextSibling!.textContent).toBe('4');
    expect(within(intro).getByText('Points').nextSibling!.textContent).toBe('100');
    expect(within(intro).getByText('Time limit').nextSibling!.textContent).toBe('10 minutes');
    const history = await screen.findByRole('region', { name: 'Your attempts' });
    expect(within(history).getByText('Score: 1.5 / 4')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Start a new attempt' }));
    expect((await screen.findByRole('heading', { name: 'Question 1 of 4' })).tagName).toBe('H2');
    expect(screen.getByRole('progressbar', { name: 'Quiz progress' })).toHaveAttribute('aria-valuenow', '1');
    expect(screen.getByRole('img', { name: 'Picture for question 1' })).toHaveAttribute(
      'src',
      '/uploads/questions/null.png',
    );
    expect(mock.calls.map((c) => `${c.method} ${c.path}`)).toEqual([route.list, route.start]);
    // No time limit on this attempt: no countdown.
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
  });

  it('offers to resume an open attempt', async () => {
    await renderQuiz({ [route.list]: () => json(200, { data: [attempt({ currentIndex: 1 })] }) });
    expect(await screen.findByRole('button', { name: 'Resume the quiz' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Your attempts' })).getByText('In progress')).toBeInTheDocument();
  });

  it("a start refused after the deadline shows the server's message", async () => {
    await renderQuiz({
      [route.list]: () => json(200, { data: [] }),
      [route.start]: () => json(409, { message: 'The deadline for this lesson has passed' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Start the quiz' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Cannot start the quiz');
    expect(alert).toHaveTextContent('The deadline for this lesson has passed');
  });

  it('educators see the overview without starting anything', async () => {
    const { mock } = await renderQuiz({}, { learner: false });
    expect(screen.getByText('Learners take this quiz here; it is graded when they submit it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Start/ })).not.toBeInTheDocument();
    expect(mock.calls).toEqual([]);
  });
});

describe('quiz lesson: answering', () => {
  it('answers each kind, saves in the background, navigates and remembers the position', async () => {
    const { mock } = await renderQuiz({
      [route.list]: () => json(200, { data: [] }),
      [route.start]: () => json(201, { data: attempt() }),
      ...saves,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Start the quiz' }));
    await screen.findByRole('heading', { name: 'Question 1 of 4' });

    const group = screen.getByRole('group', { name: "typeof null is 'object'." });
    fireEvent.click(within(group).getByRole('radio', { name: 'True' }));
    expect((within(group).getByRole('radio', { name: 'True' }) as HTMLInputElement).checked).toBe(true);
    await waitFor(
      () => expect(puts(mock)).toEqual([['/api/quiz-attempts/9/answers/31', { answer: true, currentIndex: 0 }]]),
      { timeout: 2000 },
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('All answers saved'));

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(heading().textContent).toBe('Question 2 of 4');
    expect(document.activeElement).toBe(heading());
    expect(JSON.parse(localStorage.getItem('halaqa.quiz.position')!)).toEqual({ '9': 1 });
    fireEvent.click(screen.getByRole('radio', { name: 'Zero' }));

    // Jump with the question list; the answered question is marked.
    const nav = screen.getByRole('navigation', { name: 'Questions' });
    expect(within(nav).getByRole('button', { name: 'Question 1, answered' })).toBeInTheDocument();
    fireEvent.click(within(nav).getByRole('button', { name: 'Question 3' }));
    expect(heading().textContent).toBe('Question 3 of 4');
    expect(within(nav).getByRole('button', { name: 'Question 3' })).toHaveAttribute('aria-current', 'step');
    expect(screen.getByText('Choose all that apply.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'The number 0' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'NaN' }));

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.input(screen.getByRole('textbox', { name: 'Your answer' }), { target: { value: 'const' } });
    fireEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(heading().textContent).toBe('Question 3 of 4');
    expect(JSON.parse(localStorage.getItem('halaqa.quiz.position')!)).toEqual({ '9': 2 });

    await waitFor(() => expect(puts(mock)).toHaveLength(4), { timeout: 2000 });
    expect(puts(mock).slice(1)).toEqual([
      ['/api/quiz-attempts/9/answers/32', { answer: ['b'], currentIndex: 2 }],
      ['/api/quiz-attempts/9/answers/33', { answer: ['a', 'c'], currentIndex: 2 }],
      ['/api/quiz-attempts/9/answers/34', { answer: 'const', currentIndex: 2 }],
    ]);
  });

  it('resumes at the position kept in localStorage', async () => {
    localStorage.setItem('halaqa.quiz.position', JSON.stringify({ 9: 2, 4: 1 }));
    const { mock } = await renderQuiz({
      [route.list]: () => json(200, { data: [attempt()] }),
      [route.start]: () => json(200, { data: attempt({ currentIndex: 0, answers: { '33': ['b'] } }) }),
      ...saves,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Resume the quiz' }));
    expect((await screen.findByRole('heading', { name: 'Question 3 of 4' })).tagName).toBe('H2');
    expect((screen.getByRole('checkbox', { name: 'An empty array' }) as HTMLInputElement).checked).toBe(true);
    // The server learns the restored position.
    await waitFor(() => expect(puts(mock)).toEqual([['/api/quiz-attempts/9/answers/33', { currentIndex: 2 }]]));
  });

  it('corrupt storage falls back to the server position', async () => {
    localStorage.setItem('halaqa.quiz.position', '{oops');
    await renderQuiz({
      [route.list]: () => json(200, { data: [] }),
      [route.start]: () => json(200, { data: attempt({ currentIndex: 1 }) }),
      ...saves,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Start the quiz' }));
    expect(await screen.findByRole('heading', { name: 'Question 2 of 4' })).toBeInTheDocument();
  });

  it('a failed save shows "not saved" with Retry', async () => {
    let fail = true;
    await renderQuiz({
      [route.list]: () => json(200, { data: [] }),
      [route.start]: () => json(201, { data: attempt() }),
      [route.save(31)]: () => (fail ? json(500, { message: 'Boom' }) : json(200, { data: attempt() })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Start the quiz' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'False' }));
    expect(await screen.findByText('Your answer is not saved yet.', {}, { timeout: 2000 })).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('All answers saved')).toBeInTheDocument();
  });
});

describe('quiz lesson: submitting and the result', () => {
  it('asks for confirmation with the unanswered count, then shows score and per-question feedback', async () => {
    const { mock, onSubmitted } = await renderQuiz({
      [route.list]: () => json(200, { data: [] }),
      [route.start]: () => json(201, { data: attempt({ answers: { '32': ['b'] } }) }),
      [route.submit]: () => json(200, { data: graded }),
      ...saves,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Start the quiz' }));
    fireEvent.click(await screen.findByRole('radio', { name: 'True' }));
    fireEvent.click(screen.getByRole('button', { name: 'Submit now' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Submit your answers?' });
    expect(dialog).toHaveTextContent('2 questions are not answered.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep answering' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(mock.calls.some((c) => c.path.endsWith('/submit'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Submit now' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Submit' }));
    const result = await screen.findByRole('region', { name: 'Your result' });
    expect(
      within(result)
        .getAllByRole('status')
        .map((s) => s.textContent),
    ).toContain('Score: 2 / 4');
    // The answer still waiting for its save is saved before grading.
    const tail = mock.calls.slice(-2).map((c) => `${c.method} ${c.path}`);
    expect(tail).toEqual([route.save(31), route.submit]);

    const items = within(result).getAllByTestId('quiz-feedback');
    expect(items).toHaveLength(4);
    expect(within(items[0]!).getByText('Correct')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Incorrect')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Your answer:').nextSibling!.textContent).toBe('Zero');
    expect(within(items[1]!).getByText('Correct answer:').nextSibling!.textContent).toBe('An empty string');
    expect(within(items[1]!).getByText(/Both arrays become empty strings\./)).toBeInTheDocument();
    expect(within(items[2]!).getByText('Your answer:').nextSibling!.textContent).toBe('No answer');
    expect(within(items[2]!).getByText('Correct answer:').nextSibling!.textContent).toBe('The number 0 and NaN');
    expect(within(items[3]!).getByText('Correct answer:').nextSibling!.textContent).toBe(
      'const or a const declaration',
    );
    expect(within(items[1]!).getByText('0 / 1 point')).toBeInTheDocument();
    expect(onSubmitted).toHaveBeenCalledWith(graded);
    expect(localStorage.getItem('halaqa.quiz.position')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Back to the quiz' }));
    expect(await screen.findByRole('region', { name: 'About this quiz' })).toBeInTheDocument();
  });

  it('a refused submission shows the server message and offers to try again', async () => {
    await renderQuiz({
      [route.list]: () => json(200, { data: [] }),
      [route.start]: () => json(201, { data: attempt() }),
      [route.submit]: () => json(409, { message: 'This attempt has already been submitted' }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Start the quiz' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Submit now' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Submit' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Cannot submit the quiz');
    expect(alert).toHaveTextContent('This attempt has already been submitted');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows a countdown and submits by itself when the time is up', async () => {
    vi.useFakeTimers({ now: new Date('2031-03-05T10:08:30Z'), shouldAdvanceTime: true });
    const { mock } = await renderQuiz({
      [route.list]: () => json(200, { data: [] }),
      [route.start]: () => json(200, { data: attempt({ deadlineAt: '2031-03-05T10:10:00Z' }) }),
      [route.submit]: () => json(200, { data: { ...graded, answers: {}, score: 0 } }),
      ...saves,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Start the quiz' }));
    const timer = await screen.findByRole('timer');
    expect(timer.textContent).toMatch(/^1:(30|29)$/);
    expect(screen.getByTestId('countdown-announcement').textContent).toBe('2 minutes left.');
    await act(() => vi.advanceTimersByTimeAsync(40_000));
    expect(screen.getByTestId('countdown-announcement').textContent).toBe('1 minute left.');
    await act(() => vi.advanceTimersByTimeAsync(51_000));
    const result = await screen.findByRole('region', { name: 'Your result' });
    expect(within(result).getByText('Time is up. Your saved answers were graded.')).toBeInTheDocument();
    expect(mock.calls.at(-1)!.path).toBe('/api/quiz-attempts/9/submit');
  });
});

describe('learning path', () => {
  const pathQuestions: QuizQuestion[] = [
    { id: 41, kind: 'STEP', prompt: 'Read the chapter on closures.', pictureUrl: null, points: 0, options: [] },
    { id: 42, kind: 'STEP', prompt: 'Rewrite the counter with a closure.', pictureUrl: null, points: 0, options: [] },
  ];
  const pathAttempt = attempt({ id: 12, lessonId: 506, kind: 'LEARNING_PATH', maxScore: 0, questions: pathQuestions });
  const detail = detailOf(lessonOf(506, 'Closures step by step', 'learningObjective'), { questionCount: 2 });

  it('shows the steps with previous / next and "Finish" (no confirmation), then DONE', async () => {
    const { mock, onSubmitted } = await renderQuiz(
      {
        'GET /api/sessions/41/lessons/506/attempts': () => json(200, { data: [] }),
        'POST /api/sessions/41/lessons/506/attempts': () => json(201, { data: pathAttempt }),
        'PUT /api/quiz-attempts/12/answers/42': () => json(200, { data: pathAttempt }),
        'POST /api/quiz-attempts/12/submit': () =>
          json(200, { data: { ...pathAttempt, status: 'DONE', submittedAt: '2031-03-05T10:20:00Z', feedback: [] } }),
      },
      { detail },
    );
    expect(screen.getByRole('region', { name: 'About this learning path' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Start the learning path' }));
    expect(await screen.findByRole('heading', { name: 'Step 1 of 2' })).toBeInTheDocument();
    expect(screen.getByText('Read the chapter on closures.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Finish' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(heading().textContent).toBe('Step 2 of 2');
    expect(JSON.parse(localStorage.getItem('halaqa.learningPath.position')!)).toEqual({ '12': 1 });
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(await screen.findByText('You finished this learning path.')).toBeInTheDocument();
    expect(mock.calls.at(-1)!.path).toBe('/api/quiz-attempts/12/submit');
    expect(onSubmitted).toHaveBeenCalledWith(expect.objectContaining({ status: 'DONE' }));
    expect(localStorage.getItem('halaqa.learningPath.position')).toBeNull();
  });
});

describe('quiz lesson: how answers and points read', () => {
  it('lists answers once each, options with "and", accepted texts with "or", in both languages', () => {
    expect(answerList(['load factor', 'the load factor', 'Load factor'], 'en', true)).toBe(
      'load factor or the load factor',
    );
    expect(answerList(['The number 0', 'NaN', 'NaN'], 'en', false)).toBe('The number 0 and NaN');
    expect(answerList(['صفر', 'لا شيء'], 'ar', true)).toBe('صفر أو لا شيء');
  });
});
