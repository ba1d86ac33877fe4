import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PasswordForm } from '@/features/account/password-form';
import { ForgotPasswordScreen } from '@/features/auth/forgot-password-page';
import { ResetPasswordScreen } from '@/features/auth/reset-password-page';
import { createApi } from '@/lib/api/client';
import type { AuthActor } from '@/lib/auth/auth-service';
import { json, mockFetch, type Handler } from '../machines/fetch-mock';
import { renderWithRouter } from './render';

/** The password screens in jsdom: what the user sees for each answer of the server. */
function apiWith(routes: Record<string, Handler>) {
  const mock = mockFetch(routes);
  return { mock, api: createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch }) };
}
const bodiesOf = (mock: ReturnType<typeof mockFetch>, key: string) =>
  mock.calls.filter((c) => `${c.method} ${c.path}` === key).map((c) => JSON.parse(c.body ?? 'null'));

describe('forgot password screen', () => {
  it('sends the address and the interface language, then says a link is on its way (whatever the address)', async () => {
    const { mock, api } = apiWith({
      'POST /api/account/reset-password/request': () =>
        json(202, { data: { message: 'If the address has an account, a reset link is on its way.' } }),
    });
    await renderWithRouter(<ForgotPasswordScreen api={api} initialEmail="omar@example.org" />);
    fireEvent.click(screen.getByRole('button', { name: 'Send the reset link' }));
    await screen.findByRole('heading', { name: 'Check your mailbox' });
    expect(screen.getByText(/has a Halaqa account, we have sent it a link/)).toBeInTheDocument();
    expect(bodiesOf(mock, 'POST /api/account/reset-password/request')).toEqual([
      { email: 'omar@example.org', language: 'en' },
    ]);
  });

  it('checks the address before sending anything', async () => {
    const { mock, api } = apiWith({});
    await renderWithRouter(<ForgotPasswordScreen api={api} />);
    fireEvent.input(screen.getByLabelText(/E-mail/), { target: { value: 'not-an-address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send the reset link' }));
    await screen.findByText('Enter a valid e-mail address, like name@example.com.');
    expect(mock.calls).toHaveLength(0);
  });

  it('says how long to wait after a 429, in English and in Arabic', async () => {
    for (const locale of ['en', 'ar'] as const) {
      const { api } = apiWith({
        'POST /api/account/reset-password/request': () =>
          json(429, { message: 'Too many attempts. Please try again in 42 seconds.' }, { 'Retry-After': '42' }),
      });
      await renderWithRouter(<ForgotPasswordScreen api={api} initialEmail="omar@example.org" />, { locale });
      fireEvent.click(
        screen.getByRole('button', { name: locale === 'en' ? 'Send the reset link' : 'أرسل رابط إعادة التعيين' }),
      );
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain(
        locale === 'en'
          ? 'Too many attempts. Please try again in 42 seconds.'
          : 'محاولات كثيرة جدًا. يُرجى المحاولة مجددًا بعد 42 ثانية.',
      );
      cleanup();
    }
  });
});

describe('reset password screen', () => {
  it('refuses a weak or unconfirmed password on the page, without a call', async () => {
    const { mock, api } = apiWith({});
    await renderWithRouter(<ResetPasswordScreen api={api} email="omar@example.org" token="tok" />);
    fireEvent.input(screen.getByLabelText(/^New password/), { target: { value: 'alllowercase1!' } });
    fireEvent.input(screen.getByLabelText(/^Confirm the new password/), { target: { value: 'other' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset my password' }));
    await screen.findByText('Add an upper-case letter.');
    expect(screen.getByText('The two passwords are not the same.')).toBeInTheDocument();
    expect(mock.calls).toHaveLength(0);
  });

  it.each([
    ['used', 'This reset link has already been used. Each link works once: ask for a new one.'],
    ['expired', 'This reset link has expired: links work for one hour. Ask for a new one.'],
    [
      'invalid',
      'This reset link is not valid. Check that you opened the whole link from the mail, or ask for a new one.',
    ],
  ])('says the link is %s and offers a new one', async (problem, text) => {
    const { mock, api } = apiWith({
      'POST /api/account/reset-password': () =>
        json(422, { message: 'x', errors: [{ path: 'token', message: problem }] }),
    });
    await renderWithRouter(<ResetPasswordScreen api={api} email="omar@example.org" token="tok-1" />);
    fireEvent.input(screen.getByLabelText(/^New password/), { target: { value: 'N3w!passw0rd' } });
    fireEvent.input(screen.getByLabelText(/^Confirm the new password/), { target: { value: 'N3w!passw0rd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reset my password' }));
    await screen.findByText(text);
    expect(screen.getByRole('link', { name: 'Ask for a new link' })).toBeInTheDocument();
    expect(bodiesOf(mock, 'POST /api/account/reset-password')).toEqual([
      { email: 'omar@example.org', token: 'tok-1', password: 'N3w!passw0rd', confirmPassword: 'N3w!passw0rd' },
    ]);
  });

  it('a link without its token is not valid from the start', async () => {
    const { api } = apiWith({});
    await renderWithRouter(<ResetPasswordScreen api={api} email="" token="" />);
    expect(await screen.findByRole('heading', { name: 'This link cannot be used' })).toBeInTheDocument();
  });
});

describe('change password form', () => {
  const fill = (oldPassword: string, newPassword: string) => {
    fireEvent.input(screen.getByLabelText(/^Current password/), { target: { value: oldPassword } });
    fireEvent.input(screen.getByLabelText(/^New password/), { target: { value: newPassword } });
    fireEvent.input(screen.getByLabelText(/^Confirm the new password/), { target: { value: newPassword } });
    fireEvent.click(screen.getByRole('button', { name: 'Change the password' }));
  };

  it('hands the fresh token to the auth actor and says "password changed !"', async () => {
    const { mock, api } = apiWith({
      'PUT /api/account/password': () =>
        json(200, {
          data: { message: 'password changed !', token: 'tok-fresh', expiresAt: '2999-01-01T00:00:00.000Z' },
        }),
    });
    const send = vi.fn();
    await renderWithRouter(<PasswordForm api={api} auth={{ send } as unknown as AuthActor} />);
    fill('Old-passw0rd!', 'N3w!passw0rd');
    await screen.findByText(/Your other devices are signed out/);
    expect(send).toHaveBeenCalledWith({
      type: 'auth.tokenReplaced',
      token: 'tok-fresh',
      expiresAt: '2999-01-01T00:00:00.000Z',
    });
    expect(bodiesOf(mock, 'PUT /api/account/password')).toEqual([
      { oldPassword: 'Old-passw0rd!', newPassword: 'N3w!passw0rd' },
    ]);
    await waitFor(() => expect((screen.getByLabelText(/^Current password/) as HTMLInputElement).value).toBe(''));
  });

  it('shows a wrong current password at its field, and keeps the session as it is', async () => {
    const { api } = apiWith({
      'PUT /api/account/password': () =>
        json(400, {
          message: 'Your current password is not correct',
          errors: [{ path: 'oldPassword', message: 'is not correct' }],
        }),
    });
    const send = vi.fn();
    await renderWithRouter(<PasswordForm api={api} auth={{ send } as unknown as AuthActor} />);
    fill('Wrong-passw0rd!', 'N3w!passw0rd');
    await screen.findByText('Your current password is not correct.');
    expect(send).not.toHaveBeenCalled();
  });
});

describe('profile section', () => {
  it("says 'Could not get the account information' when the account could not be read", async () => {
    const { ProfileSection } = await import('@/features/account/profile-page');
    const { ApiError } = await import('@/lib/api/client');
    const { api } = apiWith({});
    const retry = vi.fn();
    await renderWithRouter(
      <ProfileSection
        api={api}
        auth={{ send: vi.fn() } as unknown as AuthActor}
        user={null}
        error={new ApiError(500, { message: 'boom' })}
        onRetry={retry}
      />,
    );
    expect(await screen.findByText('Could not get the account information')).toBeInTheDocument();
  });

  it('saves trimmed names and the mail language in one request', async () => {
    const { ProfileSection } = await import('@/features/account/profile-page');
    const user = {
      id: 21,
      email: 'omar@example.org',
      name: 'Omar Haddad',
      firstName: 'Omar',
      lastName: 'Haddad',
      role: 'LEARNER' as const,
      status: 'APPROVED' as const,
      companyId: null,
      pictureUrl: null,
      language: 'en' as const,
      createdAt: '2025-01-14T09:30:00Z',
    };
    const { mock, api } = apiWith({
      'PUT /api/account/profile': () =>
        json(200, { data: { ...user, firstName: 'Layla', name: 'Layla Haddad', language: 'ar' } }),
    });
    await renderWithRouter(
      <ProfileSection
        api={api}
        auth={{ send: vi.fn() } as unknown as AuthActor}
        user={user}
        error={null}
        onRetry={() => {}}
      />,
    );
    fireEvent.input(screen.getByLabelText(/^First name/), { target: { value: '  Layla ' } });
    fireEvent.change(screen.getByLabelText(/^Language of your e-mails/), { target: { value: 'ar' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the profile' }));
    await waitFor(() =>
      expect(bodiesOf(mock, 'PUT /api/account/profile')).toEqual([
        { firstName: 'Layla', lastName: 'Haddad', language: 'ar' },
      ]),
    );
  });
});
