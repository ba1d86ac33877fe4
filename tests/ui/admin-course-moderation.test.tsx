import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { CourseModerationBoard, type ModeratedCourse } from '@/features/moderation/course-moderation';
import { ModerationPage } from '@/features/moderation/moderation-page';
import { type CoursesToTeachData, CoursesToTeachPage } from '@/features/educator/courses-to-teach-page';
import { createApi, ApiError } from '@/lib/api/client';
import type { ModerationSearch } from '@/lib/list-search';
import { json, mockFetch, type Handler } from '../machines/fetch-mock';
import { renderWithRouter } from './render';
import { aCourse } from '../fixtures';

/** Course moderation: the admins' course queue and the educator's view of a decision. */
const course: ModeratedCourse = {
  ...aCourse({
    id: 31,
    title: 'Compilers from Scratch',
    description: 'Write a small compiler.',
    pictureUrl: '/uploads/demo/course-31.svg',
    price: 129,
    numHours: 9,
    difficultyLevel: 'ADVANCED',
    category: { id: 6, name: 'Programming Fundamentals', nameAr: 'أساسيات البرمجة' },
    rating: { average: 0, count: 0 },
    status: 'PENDING',
  }),
  moderationMessage: null,
  submittedAt: '2030-02-01T09:00:00Z',
  pendingSessions: 0,
};

const toast = (text: string) => screen.findByText(text, { selector: '[data-part=title]' });

async function renderQueue(
  routes: Record<string, Handler>,
  search: ModerationSearch = {},
  items: ModeratedCourse[] = [course],
) {
  const mock = mockFetch({
    'GET /api/courses/moderation': () => json(200, { data: { items, total: items.length, page: 1, pageSize: 12 } }),
    ...routes,
  });
  const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
  await renderWithRouter(
    <>
      <CourseModerationBoard api={api} search={search} onSearch={() => {}} />
      <Toaster />
    </>,
  );
  await screen.findByRole('link', { name: course.title });
  return mock;
}

describe("the admins' course queue", () => {
  it('lists the courses sent for review (PENDING by default), sent without a session', async () => {
    const mock = await renderQueue({});
    expect(new URL(mock.calls[0]!.request.url).search).toBe('?status=PENDING&page=1&pageSize=12');
    const row = screen.getByTestId('course-row');
    expect(within(row).getByText('Pending').closest('[data-status]')).toHaveAttribute('data-tone', 'yellow');
    expect(within(row).getByText('Sent without a session.')).toBeInTheDocument();
    expect(within(row).getByText('Educator: Salma Idrissi')).toBeInTheDocument();
    const actions = within(row).getByRole('group', { name: 'Actions on the course Compilers from Scratch' });
    expect(
      within(actions)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Approve', 'Reject']);
  });

  it("approves with an optional note: 'Course Approved', and reloads the queue", async () => {
    const mock = await renderQueue({
      'POST /api/courses/31/approve': () => json(200, { data: { ...course, status: 'APPROVED' } }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this course?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await toast('Course Approved')).toBeInTheDocument();
    expect(JSON.parse(mock.calls.find((c) => c.method === 'POST')!.body!)).toEqual({});
    await waitFor(() => expect(mock.calls.filter((c) => c.method === 'GET')).toHaveLength(2));
  });

  it('rejects only with a message, sent to the server; a failure keeps the dialog open with the server message', async () => {
    let answer = 409;
    const mock = await renderQueue({
      'POST /api/courses/31/reject': () =>
        answer === 409
          ? json(409, { message: 'Only a course that is PENDING can be rejected' })
          : json(200, { data: { ...course, status: 'REJECTED' } }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject this course?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Write a message: it is sent to the person by e-mail.')).toBeInTheDocument();
    expect(mock.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.input(within(dialog).getByRole('textbox', { name: /Message to the educator/ }), {
      target: { value: 'Week 3 has no lessons.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await toast('Could not reject the course !')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog', { name: 'Reject this course?' })).toBeInTheDocument();
    answer = 200;
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reject' }));
    expect(await toast('Course Rejected')).toBeInTheDocument();
    const posts = mock.calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => JSON.parse(c.body!))).toEqual([
      { message: 'Week 3 has no lessons.' },
      { message: 'Week 3 has no lessons.' },
    ]);
  });

  it("unpublishes a published course with a message: 'Course unpublished'", async () => {
    const published = { ...course, status: 'PUBLISHED' as const, submittedAt: null, pendingSessions: 1 };
    const mock = await renderQueue(
      { 'POST /api/courses/31/unpublish': () => json(200, { data: { ...published, status: 'UNPUBLISHED' } }) },
      { courseStatus: 'PUBLISHED' },
      [published],
    );
    expect(new URL(mock.calls[0]!.request.url).searchParams.get('status')).toBe('PUBLISHED');
    expect(
      screen.getByText('1 session of this course also waits for approval: approving it publishes the course.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Unpublish' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Unpublish this course?' });
    fireEvent.input(within(dialog).getByRole('textbox', { name: /Message to the educator/ }), {
      target: { value: 'Outdated material' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unpublish' }));
    expect(await toast('Course unpublished')).toBeInTheDocument();
    expect(JSON.parse(mock.calls.find((c) => c.method === 'POST')!.body!)).toEqual({ message: 'Outdated material' });
  });
});

describe("the educator's courses page", () => {
  async function renderPage(items: CoursesToTeachData['courses'], routes: Record<string, Handler> = {}) {
    const mock = mockFetch(routes);
    const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
    let reloads = 0;
    await renderWithRouter(
      <>
        <CoursesToTeachPage
          data={{ courses: items, timezones: [] }}
          search={{}}
          api={api}
          onSearch={() => {}}
          onRetry={() => reloads++}
        />
        <Toaster />
      </>,
    );
    return { mock, reloads: () => reloads };
  }
  const page = (...list: ModeratedCourse[]) => ({
    ok: true as const,
    data: { items: list, total: list.length, page: 1, pageSize: 12 },
  });

  it("shows the admin's message on a rejected or unpublished course, and asks to send it again", async () => {
    await renderPage(
      page(
        { ...course, status: 'REJECTED', moderationMessage: 'Week 3 has no lessons.' },
        { ...course, id: 32, title: 'Old course', status: 'UNPUBLISHED', moderationMessage: 'Outdated material.' },
        { ...course, id: 33, title: 'Waiting course' },
      ),
    );
    expect(await screen.findByText('Week 3 has no lessons.')).toBeInTheDocument();
    expect(screen.getByText("Not approved. The admin's message:")).toBeInTheDocument();
    expect(screen.getByText('Outdated material.')).toBeInTheDocument();
    expect(screen.getByText('Unpublished by an admin. The message:')).toBeInTheDocument();
    expect(screen.getAllByText('Edit the course and send it for review again.')).toHaveLength(2);
    expect(screen.getByText("Waiting for an admin's review.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Publish/ })).not.toBeInTheDocument();
  });

  it("publishes an approved course: 'Course published' and the list reloads; a refusal shows the server's message", async () => {
    let status = 403;
    const { mock, reloads } = await renderPage(page({ ...course, status: 'APPROVED' }), {
      'POST /api/courses/31/publish': () =>
        status === 403
          ? json(403, { message: 'You can only publish your own courses' })
          : json(200, { data: { ...course, status: 'PUBLISHED' } }),
    });
    expect(screen.getByText('Approved: publish it to open it to learners.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Publish Compilers from Scratch' }));
    expect(await toast('Could not publish the course !')).toBeInTheDocument();
    expect(await screen.findByText('You can only publish your own courses')).toBeInTheDocument();
    expect(reloads()).toBe(0);
    status = 200;
    fireEvent.click(screen.getByRole('button', { name: 'Publish Compilers from Scratch' }));
    expect(await toast('Course published')).toBeInTheDocument();
    expect(reloads()).toBe(1);
    expect(mock.calls.filter((c) => c.method === 'POST').map((c) => c.body && JSON.parse(c.body))).toEqual([{}, {}]);
  });

  it('keeps the failure state of a failed load', async () => {
    await renderPage({ ok: false, error: new ApiError(500, { message: 'Boom' }) });
    expect(await screen.findByText('Boom')).toBeInTheDocument();
  });
});

describe('moderation queues: the tabs', () => {
  it('on Courses, only "Courses" is the current tab (not "Sessions" as well)', async () => {
    const mock = mockFetch({
      'GET /api/courses/moderation': () => json(200, { data: { items: [course], total: 1, page: 1, pageSize: 12 } }),
    });
    const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
    await renderWithRouter(
      <ModerationPage api={api} search={{ queue: 'courses' }} timezones={[]} onSearch={() => {}} />,
      {
        url: '/dashboard/moderation?queue=courses',
      },
    );
    const tabs = within(screen.getByRole('navigation', { name: 'Moderation queues' })).getAllByRole('link');
    expect(tabs.filter((l) => l.getAttribute('aria-current') === 'page').map((l) => l.textContent)).toEqual([
      'Courses',
    ]);
  });
});
