import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { UsersPage } from '@/features/admin/users-page';
import { withServerDetail } from '@/features/admin/user-messages';
import type { UsersSearch } from '../../src/lib/list-search';
import { createApi } from '@/lib/api/client';
import { json, mockFetch, type Handler } from '../machines/fetch-mock';
import { renderWithRouter } from './render';

const salma = {
  id: 7,
  email: 'salma.idrissi@example.org',
  name: 'Salma Idrissi',
  firstName: 'Salma',
  lastName: 'Idrissi',
  role: 'EDUCATOR',
  status: 'PENDING',
  companyId: null,
  pictureUrl: null,
  createdAt: '2025-01-14T09:30:00Z',
};

function page(items: unknown[]) {
  return json(200, { data: { items, total: items.length, page: 1, pageSize: 12 } });
}

async function renderUsers(routes: Record<string, Handler>, search: UsersSearch = {}, url = '/') {
  const mock = mockFetch({ 'GET /api/users/educators': () => page([salma]), ...routes });
  const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
  await renderWithRouter(
    <>
      <UsersPage api={api} search={search} onSearch={() => {}} />
      <Toaster />
    </>,
    { url },
  );
  await screen.findByRole('heading', { name: 'Salma Idrissi' });
  return mock;
}

function row() {
  return screen.getByTestId('user-row');
}

describe('admin users: approve (product.md#messages 400 rule)', () => {
  it('a 400 answer shows "Could not approve the user: <server message>"', async () => {
    const mock = await renderUsers({
      'PUT /api/users/7/approve': () => json(400, { message: 'The e-mail address is not verified' }),
    });
    fireEvent.click(within(row()).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Salma Idrissi?' });
    // Approving a user sends an empty body: no message field.
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText('Could not approve the user: The e-mail address is not verified', {
        selector: '[data-part=title]',
      }),
    ).toBeInTheDocument();
    const put = mock.calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/users/7/approve');
    expect(put?.body ?? '').toBe('');
    // The dialog stays open on the failure, with the same text.
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent(
      'Could not approve the user: The e-mail address is not verified',
    );
  });

  it('another failure status shows the text alone', async () => {
    await renderUsers({ 'PUT /api/users/7/approve': () => json(409, { message: 'User is not pending' }) });
    fireEvent.click(within(row()).getByRole('button', { name: 'Approve' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(
      await screen.findByText('Could not approve the user', { selector: '[data-part=title]' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByText(/Could not approve the user: /, { selector: '[data-part=title]' }),
    ).not.toBeInTheDocument();
  });

  it('a success shows "User approved!" and reloads the list', async () => {
    let listed = 0;
    const mock = await renderUsers({
      'GET /api/users/educators': () => page(listed++ === 0 ? [salma] : [{ ...salma, status: 'APPROVED' }]),
      'PUT /api/users/7/approve': () => json(200, { data: { ...salma, status: 'APPROVED' } }),
    });
    fireEvent.click(within(row()).getByRole('button', { name: 'Approve' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('User approved!')).toBeInTheDocument();
    await waitFor(() => expect(within(row()).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument());
    expect(mock.calls.filter((c) => c.path.startsWith('/api/users/educators'))).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('admin users: reject and delete need a message', () => {
  it('confirming a rejection without a message sends nothing and says why', async () => {
    const mock = await renderUsers({
      'PUT /api/users/7/reject': () => json(200, { data: { ...salma, status: 'REJECTED' } }),
    });
    fireEvent.click(within(row()).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Reject Salma Idrissi?' });
    const message = within(dialog).getByRole('textbox', { name: /Message to Salma Idrissi/ });
    expect(message.hasAttribute('required')).toBe(true);
    fireEvent.input(message, { target: { value: '   ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Write a message: it is sent to the person by e-mail.')).toBeInTheDocument();
    expect(message).toHaveAttribute('aria-invalid', 'true');
    expect(mock.calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.input(message, { target: { value: 'Please add a résumé.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('user rejected !')).toBeInTheDocument();
    const put = mock.calls.find((c) => c.method === 'PUT')!;
    expect(put.path).toBe('/api/users/7/reject');
    expect(JSON.parse(put.body!)).toEqual({ message: 'Please add a résumé.' });
  });

  it('a failed deletion shows "Could not delete the user!" and keeps the message for a retry', async () => {
    let attempt = 0;
    const mock = await renderUsers({
      'PUT /api/users/7/delete': () =>
        attempt++ === 0
          ? json(500, { message: 'Database unavailable' })
          : json(200, { data: { ...salma, status: 'DELETED' } }),
    });
    fireEvent.click(within(row()).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete the account of Salma Idrissi?' });
    fireEvent.input(within(dialog).getByRole('textbox'), { target: { value: 'Duplicate account.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Could not delete the user!', { selector: '[data-part=title]' }),
    ).toBeInTheDocument();
    expect((within(dialog).getByRole('textbox') as HTMLTextAreaElement).value).toBe('Duplicate account.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('user deleted !')).toBeInTheDocument();
    expect(mock.calls.filter((c) => c.method === 'PUT').map((c) => JSON.parse(c.body!))).toEqual([
      { message: 'Duplicate account.' },
      { message: 'Duplicate account.' },
    ]);
  });
});

describe('admin users: lists', () => {
  it('a failed list shows the spec toast of that list', async () => {
    const mock = mockFetch({ 'GET /api/users/partners': () => json(500, { message: 'Boom' }) });
    const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
    await renderWithRouter(
      <>
        <UsersPage api={api} search={{ list: 'partners' }} onSearch={() => {}} />
        <Toaster />
      </>,
    );
    expect(
      await screen.findByText('Could not get the partners !', { selector: '[data-part=title]' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('sends the search, status and page of the URL', async () => {
    const mock = await renderUsers({}, { query: 'salma', status: 'PENDING', page: 2 });
    const url = new URL(mock.calls[0]!.request.url);
    expect(url.pathname).toBe('/api/users/educators');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      query: 'salma',
      status: 'PENDING',
      page: '2',
      pageSize: '12',
    });
  });

  it('composes the 400 rule only for a 400 with a message', () => {
    expect(withServerDetail('Could not approve the user', { status: 400, message: 'Bad' })).toBe(
      'Could not approve the user: Bad',
    );
    expect(withServerDetail('Could not approve the user', { status: 400 })).toBe('Could not approve the user');
    expect(withServerDetail('Could not approve the user', { status: 422, message: 'Bad' })).toBe(
      'Could not approve the user',
    );
    expect(withServerDetail('Could not approve the user', null)).toBe('Could not approve the user');
  });
});

describe('admin users: the list tabs', () => {
  it('on Learners, only "Learners" is the current tab (not "Educators" as well)', async () => {
    await renderUsers(
      { 'GET /api/users/learners': () => page([{ ...salma, role: 'LEARNER' }]) },
      { list: 'learners' },
      '/dashboard/users?list=learners',
    );
    const current = screen.getAllByRole('link').filter((l) => l.getAttribute('aria-current') === 'page');
    expect(current.map((l) => l.textContent)).toEqual(['Learners']);
  });

  it('on Educators (no list in the URL), only "Educators" is current', async () => {
    await renderUsers({}, {}, '/dashboard/users');
    const current = screen.getAllByRole('link').filter((l) => l.getAttribute('aria-current') === 'page');
    expect(current.map((l) => l.textContent)).toEqual(['Educators']);
  });
});
