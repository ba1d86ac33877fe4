import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { SignUpScreen } from '@/features/auth/signup-page';
import { createApi } from '@/lib/api/client';
import { json, mockFetch } from '../machines/fetch-mock';
import { renderWithRouter } from './render';
import { restoredAuth } from './auth-actor';

vi.mock('@/components/ui/captcha', () => import('./captcha-stand-in'));

const signedOut = () => restoredAuth(null);

const invitation = {
  email: 'hind@ncai.example.org',
  role: 'EDUCATOR',
  companyName: 'National Center for AI',
  companyAcronym: 'NCAI',
  status: 'PENDING',
  expiresAt: '2999-01-01T00:00:00Z',
  hasAccount: false,
};

async function renderScreen(
  routes: Parameters<typeof mockFetch>[0],
  invitationToken?: string,
  locale: 'en' | 'ar' = 'en',
) {
  const { fetch, calls } = mockFetch(routes);
  const api = createApi({ baseUrl: 'http://halaqa.test/api', fetch });
  const auth = await signedOut();
  await renderWithRouter(<SignUpScreen api={api} auth={auth} invitationToken={invitationToken} />, { locale });
  return { calls };
}

const fill = (label: RegExp, value: string) => fireEvent.input(screen.getByLabelText(label), { target: { value } });

describe('sign-up screen', () => {
  it('an invitation link says who invites, fixes the e-mail and the role, and sends the token with the solved captcha', async () => {
    let form: FormData | undefined;
    const { calls } = await renderScreen(
      {
        'GET /api/invitations/tok-1': () => json(200, { data: invitation }),
        'POST /api/auth/signup': async (req) => {
          form = await req.formData();
          return json(410, { message: 'This invitation has expired' });
        },
      },
      'tok-1',
    );
    await screen.findByText('You are invited to join National Center for AI as Educator');
    const email = screen.getByLabelText(/^E-mail/) as HTMLInputElement;
    expect(email.value).toBe('hind@ncai.example.org');
    expect(email.readOnly).toBe(true);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument(); // the invitation fixes the role
    fill(/^First name/, 'Hind');
    fill(/^Last name/, 'Invited');
    fill(/^Password/, 'Str0ng!pass');
    fireEvent.click(screen.getByRole('button', { name: 'solve captcha' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByText('This invitation has expired. Ask the person who invited you for a new one.');
    const post = calls.find((c) => c.method === 'POST')!;
    expect(new URLSearchParams(post.path.split('?')[1]).get('g-recaptcha-response')).toBe('solved-payload');
    expect(form!.get('invitationToken')).toBe('tok-1');
    expect(form!.get('email')).toBe('hind@ncai.example.org');
    expect(form!.get('language')).toBe('en');
  });

  it('does not send the form before the captcha is solved, and says so', async () => {
    const { calls } = await renderScreen({});
    fill(/^First name/, 'Lina');
    fill(/^Last name/, 'Kassem');
    fill(/^E-mail/, 'lina@example.org');
    fill(/^Password/, 'Str0ng!pass');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByText('Please complete the captcha');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('signs up an educator when Educator is chosen (in Arabic); a taken e-mail shows at the field', async () => {
    let form: FormData | undefined;
    await renderScreen(
      {
        'POST /api/auth/signup': async (req) => {
          form = await req.formData();
          return json(409, { message: 'An account with this email already exists' });
        },
      },
      undefined,
      'ar',
    );
    const radios = screen.getAllByRole('radio') as HTMLInputElement[];
    expect(radios.map((r) => r.value)).toEqual(['LEARNER', 'EDUCATOR']);
    expect(radios[0]!.checked).toBe(true);
    fireEvent.click(radios[1]!);
    await waitFor(() => expect((screen.getAllByRole('radio')[1] as HTMLInputElement).checked).toBe(true));
    for (const input of ['firstName', 'lastName'])
      fireEvent.input(document.querySelector(`input[name=${input}]`)!, { target: { value: 'كريم' } });
    fireEvent.input(document.querySelector('input[name=email]')!, { target: { value: 'karim@example.org' } });
    fireEvent.input(document.querySelector('input[name=password]')!, { target: { value: 'Str0ng!pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'solve captcha' }));
    fireEvent.click(document.querySelector('button[type=submit]')!);
    await screen.findByText('يوجد حساب بهذا البريد الإلكتروني بالفعل'); // the server's message, in the interface language
    expect(form!.get('role')).toBe('EDUCATOR');
    expect(form!.get('language')).toBe('ar');
  });
});
