import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CompanyPicker } from '@/features/company/company-picker';
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

describe("the admin's brand picker", () => {
  it('names each company (name and acronym), not "Company N"', async () => {
    const mock = mockFetch({
      'GET /api/users/partners': () => json(200, { data: { items: [partner], total: 1, page: 1, pageSize: 100 } }),
    });
    const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
    await renderWithRouter(<CompanyPicker api={api} staff />);
    const list = await screen.findByRole('list', { name: 'Companies' });
    const link = within(list).getByRole('link');
    expect(link).toHaveTextContent('National Center for AI');
    expect(link).toHaveTextContent('NCAI');
    expect(link).not.toHaveTextContent('Company 2');
    expect(link).toHaveAttribute('href', '/dashboard/company/settings?company=2');
  });
});
