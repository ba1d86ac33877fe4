import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import type { CourseSummary } from '@/features/educator/courses-to-teach-page';
import {
  type CoursesToTeachData,
  CoursesToTeachPage,
  initialTimezone,
} from '@/features/educator/courses-to-teach-page';
import { ApiError, createApi } from '@/lib/api/client';
import { json, mockFetch, type Handler } from '../machines/fetch-mock';
import { aCourse } from '../fixtures';
import { renderWithRouter } from './render';

const course: CourseSummary = {
  ...aCourse({ status: 'DRAFT' }),
  moderationMessage: null,
  submittedAt: null,
  pendingSessions: 0,
};
const timezones = [
  { id: 'America/Chicago', name: 'Central Time', offset: '-06:00' },
  { id: 'America/New_York', name: 'Eastern Time', offset: '-05:00' },
];

async function renderPage(routes: Record<string, Handler>, ok = true) {
  const mock = mockFetch(routes);
  const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
  const courses: CoursesToTeachData['courses'] = ok
    ? { ok: true, data: { items: [course], total: 1, page: 1, pageSize: 12 } }
    : { ok: false, error: new ApiError(500, { message: 'Boom' }) };
  await renderWithRouter(
    <>
      <CoursesToTeachPage data={{ courses, timezones }} search={{}} api={api} onSearch={() => {}} onRetry={() => {}} />
      <Toaster />
    </>,
  );
  return mock;
}

describe('courses to teach', () => {
  it('links each course to the course editor, and "New course" to a blank editor', async () => {
    await renderPage({});
    expect(screen.getByRole('link', { name: /Edit/ })).toHaveAttribute('href', '/courses/live/edit?id=12');
    expect(screen.getAllByRole('link', { name: 'New course' })[0]!).toHaveAttribute('href', '/courses/live/edit');
    // The course status badge uses the spec colours (draft = red).
    expect(screen.getByText('Draft').closest('[data-tone]')).toHaveAttribute('data-tone', 'red');
  });

  it("requests a session: POST /sessions, 'Request submitted successfully!', the dialog closes", async () => {
    const mock = await renderPage({
      'POST /api/sessions': () => json(201, { data: { id: 57, courseId: 12, status: 'PENDING' } }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Request a session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request a session' });
    fireEvent.input(within(dialog).getByRole('spinbutton', { name: /Seats/ }), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit the request' }));
    expect(
      await screen.findByText('Request submitted successfully!', { selector: '[data-part=title]' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = JSON.parse(mock.calls[0]!.body!);
    expect(body).toMatchObject({ courseId: 12, maxSeats: 12, price: 149, timezone: initialTimezone(timezones) });
    expect(Object.keys(body.schedule)).toEqual([
      'sunday',
      'monday',
      'tuesday',
      'wednesday',
      'thursday',
      'friday',
      'saturday',
    ]);
  });

  it("a refused request shows 'Error while creating Session !' with the server's message, and keeps the form", async () => {
    await renderPage({ 'POST /api/sessions': () => json(422, { message: 'endDate is before startDate' }) });
    fireEvent.click(screen.getByRole('button', { name: 'Request a session' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit the request' }));
    expect(
      await screen.findByText('Error while creating Session !', { selector: '[data-part=title]' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('endDate is before startDate');
  });

  it('an invalid form is not sent', async () => {
    const mock = await renderPage({});
    fireEvent.click(screen.getByRole('button', { name: 'Request a session' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Monday/ }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Wednesday/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit the request' }));
    expect(await within(dialog).findByText('Choose at least one meeting day.')).toBeInTheDocument();
    expect(mock.calls).toHaveLength(0);
  });

  it("a failed list shows the spec's toast 'Exploring courses to teach faild !'", async () => {
    await renderPage({}, false);
    expect(
      await screen.findByText('Exploring courses to teach faild !', { selector: '[data-part=title]' }),
    ).toBeInTheDocument();
  });

  it('starts the form in the browser time zone when offered, else New York', () => {
    expect(initialTimezone(timezones, 'America/Chicago')).toBe('America/Chicago');
    expect(initialTimezone(timezones, 'UTC')).toBe('America/New_York');
    expect(initialTimezone([], 'Africa/Casablanca')).toBe('Africa/Casablanca');
  });
});
