import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@machines/support/api';
import { Toaster } from '@/components/ui/toast';
import { ExplorePage } from '@/features/catalog/explore-page';
import { LandingPage } from '@/features/catalog/landing-page';
import { renderWithRouter } from './render';

const failure = new ApiError(503, { message: '' });

function withToaster() {
  render(
    <I18nProvider i18n={i18n}>
      <Toaster />
    </I18nProvider>,
  );
}

describe('a failed catalog load', () => {
  it("on /courses toasts 'Exploring courses failed !' and keeps search, filters and a retry", async () => {
    await renderWithRouter(
      <ExplorePage data={{ items: [], total: 0, page: 1, pageSize: 12, categories: [], failure }} search={{}} />,
    );
    withToaster();
    await waitFor(() => expect(screen.getAllByText('Exploring courses failed !')).toHaveLength(2));
    expect(screen.getByText('System error please try later !')).toBeInTheDocument();
    expect(screen.getByRole('search', { name: 'Courses' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it('on the home page says so in Arabic where the upcoming courses would be, the rest of the page intact', async () => {
    await renderWithRouter(<LandingPage data={{ courses: [], total: 0, categories: [], failure }} />, {
      locale: 'ar',
    });
    withToaster();
    await waitFor(() => expect(screen.getAllByText('فشل استكشاف الدورات!')).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'حاول مرة أخرى' })).toBeEnabled();
  });
});
