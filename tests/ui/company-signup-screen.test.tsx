import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CompanySignUpScreen } from '@/features/auth/company-signup-page';
import { createApi } from '@/lib/api/client';
import { json, mockFetch } from '../machines/fetch-mock';
import { renderWithRouter } from './render';
import { restoredAuth } from './auth-actor';
import { gulfDataAcademySignUp } from '../fixtures';

vi.mock('@/components/ui/captcha', () => import('./captcha-stand-in'));

const signedOut = () => restoredAuth(null);

async function renderScreen(routes: Parameters<typeof mockFetch>[0], locale: 'en' | 'ar' = 'en') {
  const { fetch, calls } = mockFetch(routes);
  const api = createApi({ baseUrl: 'http://halaqa.test/api', fetch });
  await renderWithRouter(<CompanySignUpScreen api={api} auth={await signedOut()} />, { locale });
  return { calls };
}

const set = (name: string, value: string) =>
  fireEvent.input(document.querySelector(`[name=${name}]`)!, { target: { value } });
function fillValid() {
  set('companyName', 'Gulf Data Academy');
  set('acronym', 'gda');
  set('line1', '12 Corniche Road');
  set('city', 'Doha');
  set('postalCode', '00974');
  set('firstName', 'Mariam');
  set('lastName', 'Saleh');
  set('email', 'mariam@gda.example.org');
  set('password', 'Str0ng!pass');
}

describe('company sign-up screen', () => {
  it('checks the fields of product.md#validation on the client and sends nothing while they are wrong', async () => {
    const { calls } = await renderScreen({});
    fireEvent.click(screen.getByRole('button', { name: 'solve captcha' }));
    set('acronym', 'n c');
    set('email', 'not-an-email');
    set('password', 'weakpass');
    fireEvent.click(screen.getByRole('button', { name: 'Sign up the company' }));
    expect(await screen.findByText('Use 2 to 20 capital letters or digits, like NCAI.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid e-mail address, like name@example.com.')).toBeInTheDocument();
    expect(screen.getByText('Add an upper-case letter.')).toBeInTheDocument();
    expect(screen.getAllByText('This field is required.').length).toBeGreaterThanOrEqual(5); // name, address, city, postal code, names
    expect(calls).toEqual([]);
  });

  it('sends the company, its address and the account with the solved captcha; a taken acronym shows at its field (Arabic)', async () => {
    let body: unknown;
    const { calls } = await renderScreen(
      {
        'POST /api/auth/signup/company': async (req) => {
          body = await req.json();
          return json(409, { message: 'A company with this acronym already exists' });
        },
      },
      'ar',
    );
    fillValid();
    expect((document.querySelector('[name=acronym]') as HTMLInputElement).value).toBe('GDA'); // upper-cased as typed
    fireEvent.click(screen.getByRole('button', { name: 'solve captcha' }));
    fireEvent.click(document.querySelector('button[type=submit]')!);
    expect(await screen.findByText('توجد شركة بهذا الاختصار بالفعل')).toBeInTheDocument();
    expect(new URLSearchParams(calls[0]!.path.split('?')[1]).get('g-recaptcha-response')).toBe('solved-payload');
    expect(body).toEqual(gulfDataAcademySignUp());
  });

  it('asks for the captcha before sending', async () => {
    const { calls } = await renderScreen({});
    fillValid();
    fireEvent.click(screen.getByRole('button', { name: 'Sign up the company' }));
    expect(await screen.findByText('Please complete the captcha')).toBeInTheDocument();
    expect(calls).toEqual([]);
  });
});
