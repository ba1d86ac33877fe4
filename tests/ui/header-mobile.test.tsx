import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LoginRecord } from '@machines/auth.machine';
import { AppShell } from '@/features/layout/app-shell';
import { restoredAuth } from './auth-actor';
import { renderWithRouter } from './render';

const admin: LoginRecord = {
  token: 't',
  expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
  user: { id: 1, email: 'admin@halaqa.test', name: 'Amina Admin', role: 'ADMIN' },
  company: null,
  federationAuth: false,
};

/** Panda's atomic class for `display: none` at the base (phone) width. */
const hiddenOnPhone = /(^|\s)d_none(\s|$)/;

describe('the header on a phone (360 px)', () => {
  it('offers guests "Sign up" beside "Sign in" (not hidden below tablet width)', async () => {
    const auth = await restoredAuth(null);
    await renderWithRouter(<AppShell auth={auth}>page</AppShell>, { url: '/courses' });
    const signUp = await screen.findByRole('link', { name: 'Sign up' });
    expect(signUp.className).not.toMatch(hiddenOnPhone);
    expect(screen.getByRole('link', { name: 'Sign in' }).className).not.toMatch(hiddenOnPhone);
  });

  it("opens a Menu with the role's work areas, and Escape closes it", async () => {
    const auth = await restoredAuth(admin);
    await renderWithRouter(<AppShell auth={auth}>page</AppShell>, { url: '/courses' });
    const button = await screen.findByRole('button', { name: 'Menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('navigation', { name: 'Menu' })).not.toBeInTheDocument();
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Menu' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Dashboard', 'Moderation', 'Users', 'Inbox', 'Invitations', 'Brand', 'Discount codes']);
    fireEvent.keyDown(within(menu).getByRole('link', { name: 'Users' }), { key: 'Escape' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
  });
});
