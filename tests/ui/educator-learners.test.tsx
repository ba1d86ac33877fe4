import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { SessionLearnersPage, type SessionLearnersData } from '@/features/educator/session-learners-page';
import { createApi } from '@/lib/api/client';
import { json, mockFetch, type Handler } from '../machines/fetch-mock';
import { session41 } from './educator-fixtures';
import { renderWithRouter } from './render';

const data: SessionLearnersData = {
  // Two learners enrolled so far (tests/ui/educator-fixtures.ts's session counts three).
  session: { ...session41, seatsTaken: 2, seatsLeft: 23 },
  learners: {
    ok: true,
    data: {
      items: [
        {
          enrollmentId: 301,
          userId: 21,
          name: 'Omar Haddad',
          email: 'omar@example.org',
          pictureUrl: null,
          enrolledAt: '2031-02-20T15:04:05Z',
          status: 'ACTIVE',
        },
        {
          enrollmentId: 302,
          userId: 22,
          name: 'Lina Amrani',
          email: 'lina@example.org',
          pictureUrl: null,
          enrolledAt: '2031-02-21T10:00:00Z',
          status: 'ACTIVE',
        },
      ],
      total: 2,
      page: 1,
      pageSize: 100,
    },
  },
};

async function renderPage(routes: Record<string, Handler>, pageData: SessionLearnersData = data) {
  const mock = mockFetch(routes);
  const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
  await renderWithRouter(
    <>
      <SessionLearnersPage data={pageData} api={api} onPage={() => {}} onRetry={() => {}} />
      <Toaster />
    </>,
  );
  return mock;
}

describe('session learners: mail (product.md#entities, #states, #messages)', () => {
  it('mails the selected learners, then the form resets 1 s after the success', async () => {
    const mock = await renderPage({ 'POST /api/mail/send': () => json(202, { data: { recipients: 1 } }) });
    fireEvent.click(screen.getByRole('checkbox', { name: /Lina Amrani/ }));
    fireEvent.click(screen.getByRole('button', { name: 'E-mail selected learners (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mail learners' });
    expect(within(dialog).getByText(/To 1 learner:/)).toHaveTextContent('Lina Amrani');
    const message = within(dialog).getByRole('textbox', { name: /Message/ });

    // An empty message is not sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText('Write a message.')).toBeInTheDocument();
    expect(mock.calls).toHaveLength(0);

    fireEvent.input(message, { target: { value: 'The meeting moves to 19:00.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('E-mail sent to 1 learner.', { selector: '[data-part=title]' })).toBeInTheDocument();
    expect(JSON.parse(mock.calls[0]!.body!)).toEqual({ message: 'The meeting moves to 19:00.', userIdsTo: [22] });
    // Still open right after the success, closed about a second later (product.md#limits: 1000 ms).
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument(), { timeout: 2500 });
  });

  it('shows the server message when the mail fails, and keeps the text', async () => {
    await renderPage({ 'POST /api/mail/send': () => json(403, { message: 'You may only mail your own learners' }) });
    fireEvent.click(screen.getByRole('button', { name: 'E-mail all learners' }));
    const dialog = await screen.findByRole('dialog', { name: 'E-mail learners' });
    fireEvent.input(within(dialog).getByRole('textbox'), { target: { value: 'Hello' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText('You may only mail your own learners', { selector: '[data-part=title]' }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('alert')).toHaveTextContent('You may only mail your own learners');
    expect((within(dialog).getByRole('textbox') as HTMLTextAreaElement).value).toBe('Hello');
  });
});

describe('session learners: load failure and syllabus reset', () => {
  it("a failed learners list shows 'Could not get the session learners !'", async () => {
    const { ApiError } = await import('@/lib/api/client');
    await renderPage({}, { ...data, learners: { ok: false, error: new ApiError(500, { message: 'Boom' }) } });
    expect(
      await screen.findByText('Could not get the session learners !', { selector: '[data-part=title]' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('resets the syllabus with an empty list after a confirmation', async () => {
    const mock = await renderPage({
      'PUT /api/sessions/41/content': () =>
        json(200, { data: { sessionId: 41, timezone: 'America/New_York', weeks: [] } }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reset syllabus' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reset the syllabus?' });
    expect(mock.calls).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset syllabus' }));
    expect(
      await screen.findByText("The session's syllabus is now a copy of the course's syllabus."),
    ).toBeInTheDocument();
    expect(mock.calls[0]!.method).toBe('PUT');
    expect(JSON.parse(mock.calls[0]!.body!)).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});
