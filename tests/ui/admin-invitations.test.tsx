import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { CompanyPicker } from '@/features/company/company-picker';
import { InvitationsPage } from '@/features/company/invitations-page';
import { createApi } from '@/lib/api/client';
import { json, mockFetch } from '../machines/fetch-mock';
import { renderWithRouter } from './render';

const partner = {
  id: 3,
  email: 'partner@ncai.halaqa.test',
  name: 'Faisal Al-Qahtani',
  firstName: 'Faisal',
  lastName: 'Al-Qahtani',
  role: 'PARTNER',
  status: 'APPROVED',
  companyId: 2,
  pictureUrl: null,
  createdAt: '2025-01-14T09:30:00Z',
  company: { id: 2, name: 'National Center for AI', acronym: 'NCAI', status: 'APPROVED' },
};

const invitation = {
  id: 14,
  email: 'new.hire@example.org',
  role: 'LEARNER',
  companyId: 2,
  status: 'PENDING',
  invitedBy: { id: 1, name: 'Admin', pictureUrl: null },
  createdAt: '2031-05-05T08:00:00Z',
  expiresAt: '2031-05-12T08:00:00Z',
};

describe("an admin's invitations", () => {
  it('chooses the company by name, then the invite call carries its id', async () => {
    const mock = mockFetch({
      'GET /api/users/partners': () => json(200, { data: { items: [partner], total: 1, page: 1, pageSize: 100 } }),
      'POST /api/users/invite': () => json(201, { data: invitation }),
    });
    const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
    const picker = await renderWithRouter(<CompanyPicker api={api} staff for="invitations" />);
    expect(screen.getByText('Choose a company to invite people into.')).toBeInTheDocument();
    const link = within(await screen.findByRole('list', { name: 'Companies' })).getByRole('link');
    expect(link).toHaveTextContent('National Center for AI');
    const href = new URL(link.getAttribute('href')!, 'http://localhost');
    expect(href.pathname).toBe('/dashboard/company/invitations');
    const chosenId = Number(href.searchParams.get('company'));
    expect(chosenId).toBe(2);
    picker.unmount();

    await renderWithRouter(
      <>
        <InvitationsPage
          api={api}
          chosen={{ id: chosenId, name: 'National Center for AI' }}
          credentials={{}}
          invitations={{ ok: true, data: { items: [], total: 0, page: 1, pageSize: 12 } }}
          search={{}}
          onSearch={() => {}}
          reload={() => {}}
        />
        <Toaster />
      </>,
    );
    expect(screen.getByText('National Center for AI')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose another company' })).toBeInTheDocument();
    fireEvent.input(screen.getByLabelText(/^E-mail/), { target: { value: 'new.hire@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await screen.findByText('User Invited !');
    const invite = mock.calls.find((c) => c.method === 'POST' && c.path === '/api/users/invite');
    expect(JSON.parse(invite!.body!)).toEqual({ email: 'new.hire@example.org', role: 'LEARNER', companyId: 2 });
  });
});
