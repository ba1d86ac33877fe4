import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { SessionBoard, type SessionListItem } from '@/features/moderation/session-moderation';
import { createApi } from '@/lib/api/client';
import type { ModerationAction } from '@machines/moderation.machine';
import { json, mockFetch, type Handler } from '../machines/fetch-mock';
import { aSessionSummary } from '../fixtures';
import { renderWithRouter } from './render';

const session: SessionListItem = {
  ...aSessionSummary({ startDate: '2030-03-04', endDate: '2030-04-26', seatsTaken: 0, status: 'PENDING' }),
  course: { id: 12, title: 'Modern web apps with React', pictureUrl: '/uploads/courses/12.jpg' },
  moderationMessage: null,
  createdAt: '2030-02-01T11:00:00Z',
};

const ADMIN: ModerationAction[] = ['approve', 'reject', 'delete', 'duplicate'];

async function renderBoard(
  routes: Record<string, Handler>,
  actions: ModerationAction[] = ADMIN,
  mode: 'moderation' | 'sessions' = 'moderation',
) {
  const mock = mockFetch({
    'GET /api/sessions': () => json(200, { data: { items: [session], total: 1, page: 1, pageSize: 12 } }),
    ...routes,
  });
  const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
  await renderWithRouter(
    <>
      <SessionBoard
        api={api}
        mode={mode}
        actions={actions}
        search={{}}
        onSearch={() => {}}
        timezones={[{ id: 'America/New_York', name: 'Eastern Time', offset: '-05:00' }]}
        showEducator
      />
      <Toaster />
    </>,
  );
  await screen.findByRole('link', { name: 'Modern web apps with React' });
  return mock;
}

const toast = (text: string) => screen.findByText(text, { selector: '[data-part=title]' });

describe('session moderation (product.md#states, #messages)', () => {
  it('lists the pending queue by default with status badges', async () => {
    const mock = await renderBoard({});
    expect(new URL(mock.calls[0]!.request.url).search).toBe('?status=PENDING&page=1&pageSize=12');
    const row = screen.getByTestId('session-row');
    expect(within(row).getByText('Pending').closest('[data-status]')).toHaveAttribute('data-tone', 'yellow');
    expect(within(row).getByText('Educator: Salma Idrissi')).toBeInTheDocument();
  });

  it("approves with an optional note: 'Session Approved'", async () => {
    const mock = await renderBoard({
      'POST /api/sessions/41/approve': () => json(200, { data: { ...session, status: 'APPROVED' } }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this session?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await toast('Session Approved')).toBeInTheDocument();
    const post = mock.calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(post.body!)).toEqual({});
    await waitFor(() => expect(mock.calls.filter((c) => c.method === 'GET')).toHaveLength(2));
  });

  it("an approval failure shows the spec's text 'Could not get the super admin courses !'", async () => {
    await renderBoard({ 'POST /api/sessions/41/approve': () => json(409, { message: 'Session is not pending' }) });
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.input(within(dialog).getByRole('textbox'), { target: { value: 'Great course' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await toast('Could not get the super admin courses !')).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Session is not pending');
  });

  it("rejects only with a message: 'Session Rejected' / 'Could not reject the session !'", async () => {
    let attempt = 0;
    const mock = await renderBoard({
      'POST /api/sessions/41/reject': () =>
        attempt++ === 0
          ? json(500, { message: 'Mailer down' })
          : json(200, { data: { ...session, status: 'REJECTED' } }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject this session?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Write a message: it is sent to the person by e-mail.')).toBeInTheDocument();
    expect(mock.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.input(within(dialog).getByRole('textbox'), { target: { value: 'Pick other days.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await toast('Could not reject the session !')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await toast('Session Rejected')).toBeInTheDocument();
    expect(mock.calls.filter((c) => c.method === 'POST').map((c) => JSON.parse(c.body!))).toEqual([
      { message: 'Pick other days.' },
      { message: 'Pick other days.' },
    ]);
  });

  it("deletes with a message: 'Session deleted successfully' / 'Session deletion failed, try again !'", async () => {
    let attempt = 0;
    await renderBoard({
      'POST /api/sessions/41/delete': () =>
        attempt++ === 0 ? json(409, { message: 'Has enrollments' }) : json(200, { data: { id: 41 } }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete this session?' });
    fireEvent.input(within(dialog).getByRole('textbox'), { target: { value: 'Course retired.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await toast('Session deletion failed, try again !')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await toast('Session deleted successfully')).toBeInTheDocument();
  });

  it('duplicates through the request form prefilled from the session (POST /sessions)', async () => {
    const mock = await renderBoard({
      'POST /api/sessions': () => json(201, { data: { ...session, id: 57, status: 'PENDING' } }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate the session' });
    expect((within(dialog).getByRole('spinbutton', { name: /Seats/ }) as HTMLInputElement).value).toBe('25');
    expect((within(dialog).getByRole('combobox', { name: /Time zone/ }) as HTMLSelectElement).value).toBe(
      'America/New_York',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit the request' }));
    expect(await toast('Request submitted successfully!')).toBeInTheDocument();
    const body = JSON.parse(mock.calls.find((c) => c.method === 'POST')!.body!);
    expect(body).toMatchObject({
      courseId: 12,
      timezone: 'America/New_York',
      maxSeats: 25,
      price: 149,
      schedule: session.schedule,
    });
    // Same weekday, moved ahead: the copy never starts in the past.
    expect(new Date(`${body.startDate}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(body.startDate > new Date().toISOString().slice(0, 10)).toBe(true);
  });

  it("a failed duplicate shows 'Error while creating Session !' and the server's field errors", async () => {
    await renderBoard({
      'POST /api/sessions': () =>
        json(400, {
          message: 'Invalid request',
          errors: [{ path: '/maxSeats', message: 'Too many seats for this course' }],
        }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Duplicate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Duplicate the session' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit the request' }));
    expect(await toast('Error while creating Session !')).toBeInTheDocument();
    expect(await within(dialog).findByText('Too many seats for this course')).toBeInTheDocument();
  });

  it('an educator sees duplicate and delete, never approve or reject', async () => {
    await renderBoard({}, ['duplicate', 'delete'], 'sessions');
    const row = screen.getByTestId('session-row');
    expect(within(row).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Duplicate' })).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Learners' })).toHaveAttribute('href', '/dashboard/sessions/41');
  });
});
