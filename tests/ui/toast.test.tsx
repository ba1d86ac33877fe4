import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { Toaster, toaster } from '@/components/ui/toast';
// Loaded with the first toast in the app: loaded beforehand here, so the toast shows at once.
import '@/components/ui/toaster-view';

beforeEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('toaster', () => {
  it('shows a created toast with its title, description and a labelled close button', async () => {
    render(
      <I18nProvider i18n={i18n}>
        <Toaster />
      </I18nProvider>,
    );
    act(() => {
      toaster.create({ title: 'Session Approved', description: 'Learners can enroll now.', type: 'success' });
    });
    expect(await screen.findByText('Session Approved')).toBeInTheDocument();
    expect(screen.getByText('Learners can enroll now.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });
});

describe('where toasts appear', () => {
  it('at the bottom of the page, clear of the header and its account menu', async () => {
    render(
      <I18nProvider i18n={i18n}>
        <Toaster />
      </I18nProvider>,
    );
    act(() => {
      toaster.create({ title: 'User Invited !', type: 'success' });
    });
    const title = await screen.findByText('User Invited !');
    expect(title.closest('[data-placement]')).toHaveAttribute('data-placement', 'bottom-end');
  });
});
