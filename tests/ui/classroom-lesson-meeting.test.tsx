import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster, toaster } from '@/components/ui/toast';
import { ClassroomLessonPage } from '@/features/classroom/lesson-page';
import { createApi } from '@/lib/api/client';
import type { components } from '@contract/schema';
import { json, mockFetch, type Handler } from '../machines/fetch-mock';
import { FakeXhr } from './course-editor-fakes';
import { at, classroom, detailOf, lessonOf, meetingOccurrence } from './classroom-fixtures';
import { renderWithRouter } from './render';

type Detail = components['schemas']['ClassroomLessonDetail'];
type Submission = components['schemas']['Submission'];

const VIEWER_ZONE = 'Asia/Riyadh';

afterEach(() => {
  vi.restoreAllMocks();
});

async function renderLesson(
  detail: Detail,
  routes: Record<string, Handler> = {},
  { now = at('2031-03-01T12:00:00Z'), data = classroom } = {},
) {
  const mock = mockFetch(routes);
  const api = createApi({
    baseUrl: 'http://localhost/api',
    fetch: mock.fetch,
    getAuth: () => ({ token: 'jwt-learner', federated: false }),
  });
  await renderWithRouter(
    <>
      <ClassroomLessonPage
        classroom={data}
        detail={detail}
        api={api}
        getAuth={() => ({ token: 'jwt-learner', federated: false })}
        now={now}
        viewerTimeZone={VIEWER_ZONE}
      />
      <Toaster />
    </>,
  );
  return mock;
}

const toastTitle = (text: string) => screen.findByText(text, { selector: '[data-part=title]' });

function submission(extra: Partial<Submission> = {}): Submission {
  return {
    id: 77,
    assignmentId: 504,
    sessionId: 41,
    kind: 'DOCUMENT',
    learner: { id: 21, name: 'Omar Haddad', pictureUrl: null },
    document: { url: '/uploads/submissions/77.pdf', fileName: 'todo-app-report.pdf' },
    code: null,
    results: null,
    status: 'SUBMITTED',
    grade: null,
    points: 100,
    late: false,
    comment: null,
    submittedAt: '2031-03-05T20:15:00Z',
    gradedAt: null,
    ...extra,
  };
}

const page = (items: Submission[]) => json(200, { data: { items, total: items.length, page: 1, pageSize: 100 } });

describe('lesson page: header and navigation', () => {
  it('shows the type, week, duration and links to the neighbouring lessons and the classroom', async () => {
    const lesson = classroom.weeks[0]!.sections[0]!.lessons[1]!;
    await renderLesson(detailOf(lesson, { contentHtml: '<h2>Lexical scope</h2><p>A closure keeps its scope.</p>' }), {
      'POST /api/sessions/41/lessons/502/progress': () =>
        json(200, { data: { lessonId: 502, sessionId: 41, status: 'IN_PROGRESS' } }),
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Closures explained');
    expect(screen.getByText('Reading · Week 1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'JavaScript from zero' })).toHaveAttribute('href', '/classroom/41');
    const nav = screen.getByRole('navigation', { name: 'Lessons' });
    expect(
      within(nav)
        .getByRole('link', { name: /Previous lesson\s*Welcome video/ })
        .getAttribute('href'),
    ).toBe('/classroom/41/lessons/501');
    expect(
      within(nav)
        .getByRole('link', { name: /Next lesson\s*Live class: code review/ })
        .getAttribute('href'),
    ).toBe('/classroom/41/lessons/510');
  });
});

describe('lesson page: meeting', () => {
  const lesson = classroom.weeks[0]!.sections[0]!.lessons[2]!;
  const later = {
    occurrenceDate: '2031-03-10',
    startsAt: '2031-03-10T23:00:00Z',
    endsAt: '2031-03-11T00:30:00Z',
    opensAt: '2031-03-10T22:50:00Z',
    attended: false,
  };
  const detail = detailOf(lesson, { occurrences: [later, meetingOccurrence] });

  it('before the join window: the slot in both zones, a countdown and a disabled join', async () => {
    await renderLesson(detail, {}, { now: at('2031-03-03T23:00:00Z') });
    expect(screen.getByText('Starts in 1 hour')).toBeInTheDocument();
    expect(screen.getByText('Your time:').parentElement!.textContent).toBe(
      'Your time: Tuesday, March, 4th 2031 · 03:00 AM – 04:30 AM',
    );
    expect(screen.getByText('New York time:').parentElement!.textContent).toBe(
      'New York time: Monday, March, 3rd 2031 · 07:00 PM – 08:30 PM',
    );
    expect(screen.getByRole('button', { name: /Join meeting/ })).toBeDisabled();
    const all = screen.getByRole('region', { name: 'All meetings' });
    expect(within(all).getAllByRole('listitem')).toHaveLength(2);
  });

  it('inside the window join is enabled; a 409 shows the server message', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    await renderLesson(
      detail,
      {
        'POST /api/sessions/41/lessons/510/join': () =>
          json(409, { message: 'The meeting opens at 2031-03-03T23:50:00Z' }),
      },
      { now: at('2031-03-03T23:51:00Z') },
    );
    const join = screen.getByRole('button', { name: /Join meeting/ }) as HTMLButtonElement;
    expect(join.disabled).toBe(false);
    fireEvent.click(join);
    expect(await toastTitle('The meeting opens at 2031-03-03T23:50:00Z')).toBeInTheDocument();
    expect(screen.getByRole('alert').textContent).toBe('The meeting opens at 2031-03-03T23:50:00Z');
    expect(open).not.toHaveBeenCalled();
  });

  it('after the last meeting: nothing left to join, past meetings show attendance', async () => {
    await renderLesson(
      detailOf(lesson, {
        occurrences: [{ ...meetingOccurrence, attended: true }],
        lesson: { ...lesson, nextOccurrence: null },
      }),
      {},
      {
        now: at('2031-04-30T00:00:00Z'),
      },
    );
    expect(screen.getByRole('heading', { name: 'No meetings left' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Join meeting/ })).not.toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'All meetings' })).getByText('Attended')).toBeInTheDocument();
  });
});

describe('lesson page: video and reading', () => {
  it('plays an uploaded video with captions, records the opening and "Mark as done"', async () => {
    const lesson = lessonOf(501, 'Welcome video', 'video');
    const mock = await renderLesson(
      detailOf(lesson, { videoUrl: '/uploads/videos/welcome.mp4', captionsUrl: '/uploads/videos/welcome.vtt' }),
      {
        'POST /api/sessions/41/lessons/501/progress': async (request) => {
          const { status } = (await request.json()) as { status: string };
          return json(200, { data: { lessonId: 501, sessionId: 41, status } });
        },
      },
    );
    const video = screen.getByLabelText('Video: Welcome video') as HTMLVideoElement;
    expect(video.tagName).toBe('VIDEO');
    expect(video).toHaveAttribute('src', '/uploads/videos/welcome.mp4');
    const track = video.querySelector('track')!;
    expect([track.getAttribute('kind'), track.getAttribute('src')]).toEqual([
      'captions',
      '/uploads/videos/welcome.vtt',
    ]);
    await waitFor(() => expect(screen.getByText('In progress')).toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Mark as done' }));
    expect(await screen.findByText('You finished this lesson.')).toBeInTheDocument();
    expect(screen.getByText('Done')).toBeInTheDocument();
    expect(mock.calls.map((c) => JSON.parse(c.body!).status)).toEqual(['IN_PROGRESS', 'DONE']);
  });

  it('links to a video hosted elsewhere instead of playing it', async () => {
    await renderLesson(
      detailOf(lessonOf(501, 'Welcome video', 'video', { status: 'DONE' }), {
        videoUrl: 'https://videos.example.org/watch?v=42',
      }),
    );
    expect(screen.getByRole('link', { name: 'Watch the video (opens in a new tab)' })).toHaveAttribute(
      'href',
      'https://videos.example.org/watch?v=42',
    );
    expect(screen.queryByText('Mark as done')).not.toBeInTheDocument();
  });

  it('renders the reading HTML and reports a failed "Mark as done"', async () => {
    const lesson = lessonOf(502, 'Closures explained', 'reading', { status: 'IN_PROGRESS' });
    await renderLesson(detailOf(lesson, { contentHtml: '<p>A <strong>closure</strong> keeps its scope.</p>' }), {
      'POST /api/sessions/41/lessons/502/progress': () => json(500, { message: 'Boom' }),
    });
    expect(screen.getByText('closure').tagName).toBe('STRONG');
    fireEvent.click(screen.getByRole('button', { name: 'Mark as done' }));
    expect(await toastTitle('Could not save your progress')).toBeInTheDocument();
    expect(screen.getByText('In progress')).toBeInTheDocument();
  });
});

/** How long a lazily loaded lesson player may take to appear (ms). */
const LAZY_CHUNK_MS = 10_000;

describe('lesson page: quiz', () => {
  it('mounts the quiz player (tests/ui/quiz-lesson.test.tsx) for quiz and learning-path lessons', async () => {
    const mock = await renderLesson(
      detailOf(lessonOf(503, 'Types and coercion', 'quiz', { points: 100 }), { questionCount: 5 }),
      {
        'GET /api/sessions/41/lessons/503/attempts': () => json(200, { data: [] }),
      },
    );
    // The quiz player is a lazily loaded chunk: its first import (a module transform under Vitest) may take seconds on a busy machine.
    const intro = await screen.findByRole('region', { name: 'About this quiz' }, { timeout: LAZY_CHUNK_MS });
    expect(within(intro).getByText('Questions').nextSibling!.textContent).toBe('5');
    expect(await screen.findByRole('button', { name: 'Start the quiz' })).toBeInTheDocument();
    expect(mock.calls.map((c) => c.path)).toEqual(['/api/sessions/41/lessons/503/attempts']);
  });

  it('a learning path gets the same player; educators see its overview only', async () => {
    const mock = await renderLesson(
      detailOf(lessonOf(506, 'Closures step by step', 'learningObjective'), { questionCount: 3 }),
      {},
      {
        data: { ...classroom, viewerRole: 'EDUCATOR' },
      },
    );
    expect(
      await screen.findByText('Learners follow this learning path here.', undefined, { timeout: LAZY_CHUNK_MS }),
    ).toBeInTheDocument();
    expect(mock.calls).toEqual([]);
  });
});

describe('lesson page: assignment (product.md#calls, #messages toasts)', () => {
  const lesson = lessonOf(504, 'Todo app report', 'assignment', { points: 100, deadline: '2031-03-10T04:00:00Z' });
  const detail = detailOf(lesson, { contentHtml: '<p>Write a report on your todo app.</p>' });
  const pdf = () => new File([new Uint8Array(4096)], 'report.pdf', { type: 'application/pdf' });

  beforeEach(() => {
    FakeXhr.last = null;
    FakeXhr.count = 0;
    (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
  });

  const choose = (file: File) =>
    fireEvent.change(screen.getByLabelText('Your document'), { target: { files: [file] } });

  it('shows the history with grade and comment, uploads with progress and toasts the success', async () => {
    const graded = submission({
      id: 70,
      status: 'DONE',
      grade: 92,
      comment: 'Well structured; add tests next time.',
      submittedAt: '2031-03-04T10:00:00Z',
    });
    const mock = await renderLesson(detail, { 'GET /api/assignments/504/submissions': () => page([graded]) });
    const history = await screen.findByRole('region', { name: 'Your submissions' });
    expect(await within(history).findByText('Grade: 92 / 100')).toBeInTheDocument();
    expect(within(history).getByText(/Well structured; add tests next time\./)).toBeInTheDocument();
    expect(mock.calls[0]!.path).toBe('/api/assignments/504/submissions?sessionId=41&page=1&pageSize=100');

    choose(pdf());
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/assignments/504/submissions']);
    expect(xhr.headers.Authorization).toBe('Bearer jwt-learner');
    expect(xhr.body!.get('sessionId')).toBe('41');
    expect((xhr.body!.get('document') as File).name).toBe('report.pdf');
    act(() => xhr.progress(1024, 4096));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');

    act(() =>
      xhr.respond(201, {
        data: submission({ id: 78, document: { url: '/uploads/submissions/78.pdf', fileName: 'report.pdf' } }),
      }),
    );
    expect(await toastTitle('Assignment submitted successfully')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    const items = within(history).getAllByTestId('submission');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'report.pdf' })).toBeInTheDocument();
    expect(within(items[0]!).getByText('Not graded yet')).toBeInTheDocument();
    expect(screen.getAllByText('Submitted').length).toBeGreaterThan(0);
  });

  it("a refusal with field errors toasts the first field error; without, 'Cannot submit assignment!'", async () => {
    await renderLesson(detail, { 'GET /api/assignments/504/submissions': () => page([]) });
    expect(await screen.findByText('Nothing submitted yet.')).toBeInTheDocument();

    choose(pdf());
    act(() =>
      FakeXhr.last!.respond(400, {
        message: 'Some fields are invalid',
        errors: [{ path: 'document', message: 'is an empty file' }],
      }),
    );
    expect(await toastTitle('document is an empty file')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('document is an empty file');

    act(() => toaster.remove());
    choose(pdf());
    act(() => FakeXhr.last!.respond(409, { message: 'The deadline for this lesson has passed' }));
    expect(await toastTitle('Cannot submit assignment!')).toBeInTheDocument();
    expect(screen.getByText('The deadline for this lesson has passed')).toBeInTheDocument();
    expect(screen.getByText('Nothing submitted yet.')).toBeInTheDocument();
  });

  it('refuses a file of the wrong type before sending it', async () => {
    await renderLesson(detail, { 'GET /api/assignments/504/submissions': () => page([]) });
    choose(new File(['x'], 'virus.exe'));
    expect(await toastTitle('Cannot submit assignment!')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('File type must be pdf, doc, docx, xls, xlsx, ppt, pptx, zip');
    expect(FakeXhr.count).toBe(0);
  });

  it("a failed history toasts 'Cannot get Submissions!' and offers to try again", async () => {
    let calls = 0;
    await renderLesson(detail, {
      'GET /api/assignments/504/submissions': () =>
        ++calls === 1 ? json(500, { message: 'Boom' }) : page([submission()]),
    });
    expect(await toastTitle('Cannot get Submissions!')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'todo-app-report.pdf' })).toBeInTheDocument();
  });

  it("educators see the session's submissions with learners' names, without the upload", async () => {
    await renderLesson(
      detail,
      { 'GET /api/assignments/504/submissions': () => page([submission()]) },
      { data: { ...classroom, viewerRole: 'EDUCATOR' } },
    );
    const list = await screen.findByRole('region', { name: 'Submissions' });
    expect(await within(list).findByText(/Omar Haddad/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Your document')).not.toBeInTheDocument();
  });
});

describe('lesson page: programming assignment', () => {
  // jsdom has no layout: CodeMirror measures text through Range rects.
  beforeEach(() => {
    const rect = { x: 0, y: 0, width: 0, height: 0, top: 0, left: 0, right: 0, bottom: 0, toJSON: () => ({}) };
    Object.assign(Range.prototype, {
      getClientRects: () => Object.assign([], { item: () => null }),
      getBoundingClientRect: () => rect,
    });
  });

  const lesson = lessonOf(505, 'FizzBuzz', 'programmingAssignment', { points: 100 });
  const detail = detailOf(lesson, {
    programming: {
      functionName: 'fizzBuzz',
      starterCode: 'function fizzBuzz(n) {\n  return String(n);\n}\n',
      tests: [
        { name: 'fizzBuzz(1)', args: [1] },
        { name: 'fizzBuzz(3)', args: [3] },
      ],
    },
  });

  it('loads the editor with the starter code, runs the tests and shows per-test results and the grade', async () => {
    const mock = await renderLesson(detail, {
      'GET /api/assignments/505/submissions': () => page([]),
      'POST /api/assignments/505/code': () =>
        json(201, {
          data: submission({
            id: 80,
            assignmentId: 505,
            kind: 'CODE',
            document: null,
            code: 'function fizzBuzz(n) {\n  return String(n);\n}\n',
            results: [
              { name: 'fizzBuzz(1)', passed: true, output: '' },
              { name: 'fizzBuzz(3)', passed: false, output: 'Expected "Fizz", got "3"' },
            ],
            status: 'AUTOGRADED',
            grade: 50,
          }),
        }),
    });
    // The code editor (CodeMirror) is a lazily loaded chunk too.
    const editor = await screen.findByTestId('code-editor', undefined, { timeout: LAZY_CHUNK_MS });
    await waitFor(() => expect(editor).toHaveTextContent('return String(n);'));
    expect(screen.getByRole('textbox', { name: 'Your code' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Run tests & submit' }));
    const results = await screen.findByRole('region', { name: 'Test results' });
    expect(within(results).getByRole('status').textContent).toBe('1 of 2 tests passed · Grade: 50 / 100');
    const [first, second] = within(results).getAllByTestId('test-result');
    expect(within(first!).getByText('Passed')).toBeInTheDocument();
    expect(within(second!).getByText('Failed')).toBeInTheDocument();
    expect(within(second!).getByText('Expected "Fizz", got "3"')).toBeInTheDocument();
    const post = mock.calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(post.body!)).toEqual({ sessionId: 41, code: 'function fizzBuzz(n) {\n  return String(n);\n}\n' });
    // The lesson header follows the new grade; the history lists the submission.
    expect(within(document.querySelector('header')!).getByText('Grade: 50 / 100')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Your submissions' })).getByText('1 of 2 tests passed'),
    ).toBeInTheDocument();
  });

  it('a refused run toasts the server message under the spec title', async () => {
    await renderLesson(detail, {
      'GET /api/assignments/505/submissions': () => page([]),
      'POST /api/assignments/505/code': () => json(409, { message: 'The deadline for this lesson has passed' }),
    });
    await screen.findByTestId('code-editor', undefined, { timeout: LAZY_CHUNK_MS });
    fireEvent.click(screen.getByRole('button', { name: 'Run tests & submit' }));
    expect(await toastTitle('Cannot submit assignment!')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Test results' })).not.toBeInTheDocument();
  });
});
