import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type LoginRecord } from '@machines/auth.machine';
import { selectTheme } from '@machines/auth.selectors';
import { ThemeEditorPage } from '@/features/company/theme-editor-page';
import { createApi } from '@/lib/api/client';
import { json, mockFetch } from '../machines/fetch-mock';
import { FakeXhr } from './course-editor-fakes';
import { renderWithRouter } from './render';
import { restoredAuth } from './auth-actor';

const partner: LoginRecord = {
  token: 'jwt',
  expiresAt: '2999-01-01T00:00:00.000Z',
  user: { id: 14, email: 'partner@qad.halaqa.test', name: 'Hamad Al-Kuwari', role: 'PARTNER' },
  company: { id: 3, name: 'Qatar Academy of Digital', acronym: 'QAD' },
  federationAuth: false,
};
const settings = {
  companyId: 3,
  style: { primaryColor: '#8A1538', secondaryColor: '#1B365D', tertiaryColor: '#C9A227' },
  links: { website: 'https://qad.halaqa.test' },
  logo: null,
};

const signedIn = (record: LoginRecord) => restoredAuth(record);

beforeEach(() => {
  FakeXhr.last = null;
  FakeXhr.count = 0;
  (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
});
async function renderPage(routes: Parameters<typeof mockFetch>[0] = {}, locale: 'en' | 'ar' = 'en') {
  const { fetch, calls } = mockFetch({
    'GET /api/companies/3/settings': () => json(200, { data: settings }),
    ...routes,
  });
  const api = createApi({ baseUrl: 'http://halaqa.test/api', fetch });
  const auth = await signedIn(partner);
  await renderWithRouter(
    <ThemeEditorPage api={api} auth={auth} companyId={3} companyName="Qatar Academy of Digital" />,
    { locale },
  );
  await screen.findByRole('heading', { name: locale === 'ar' ? 'الألوان' : 'Colours' });
  return { calls, auth };
}

const primaryInput = () => screen.getByRole('textbox', { name: 'Primary colour' }) as HTMLInputElement;

describe('theme editor', () => {
  it('warns about a yellow primary colour, refuses to save it, and updates the preview live', async () => {
    const { calls } = await renderPage();
    expect(primaryInput().value).toBe('#8A1538');
    const preview = screen.getByTestId('theme-preview');
    expect(preview.style.getPropertyValue('--colors-primary')).toBe('#8A1538');

    fireEvent.input(primaryInput(), { target: { value: '#FFFF00' } });
    expect(preview.style.getPropertyValue('--colors-primary')).toBe('#FFFF00');
    expect(preview.style.getPropertyValue('--colors-primary-strong')).toBe('color-mix(in srgb, #FFFF00 62%, #0b1220)');
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('This theme is not readable');
    expect(primaryInput()).toHaveAttribute('aria-invalid', 'true');
    expect(
      screen.getByText(/Text on this colour is hard to read: contrast 2\.65:1, at least 4\.50:1 is needed/),
    ).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Save theme' }));
    expect(await screen.findByText('The theme was not saved')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('saves a readable theme with its links and applies it to the partner at once', async () => {
    const saved = {
      ...settings,
      style: { ...settings.style, primaryColor: '#0F4C81' },
      links: { website: 'https://qad.halaqa.test', support: 'mailto:help@qad.halaqa.test' },
    };
    const { calls, auth } = await renderPage({ 'PUT /api/companies/3/settings': () => json(200, { data: saved }) });
    fireEvent.input(primaryInput(), { target: { value: '#0F4C81' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add a link' }));
    fireEvent.input(screen.getByRole('textbox', { name: 'Name of link 2' }), { target: { value: 'support' } });
    fireEvent.input(screen.getByLabelText('Address of link 2'), { target: { value: 'mailto:help@qad.halaqa.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save theme' }));
    expect(await screen.findByText('Brand settings saved')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(put.body!)).toEqual({ style: saved.style, links: saved.links });
    expect(selectTheme(auth.getSnapshot())).toEqual({
      primary: '#0F4C81',
      secondary: '#1B365D',
      tertiary: '#C9A227',
      logo: null,
      links: saved.links,
    });
  });

  it("shows the server's refusal naming the colour", async () => {
    await renderPage({
      'PUT /api/companies/3/settings': () =>
        json(400, {
          message: 'The theme is not readable',
          errors: [{ path: 'style.secondaryColor', message: 'Secondary colour #1B365D is not readable' }],
        }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save theme' }));
    expect(await screen.findByText('The theme is not readable')).toBeInTheDocument();
    expect(screen.getByText('Secondary colour #1B365D is not readable')).toBeInTheDocument();
  });

  it('uploads the logo with a progress bar and shows it in the preview', async () => {
    await renderPage();
    const input = screen.getByLabelText(/Company logo/, { selector: 'input[type=file]' });
    fireEvent.change(input, {
      target: { files: [new File([new Uint8Array(2048)], 'logo.png', { type: 'image/png' })] },
    });
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/companies/3/picture']);
    xhr.progress(1024, 2048);
    const bar = await screen.findByRole('progressbar');
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    xhr.respond(201, { data: { id: 90, url: '/uploads/company/3/logo.png', type: 'COMPANYLOGO' } });
    await waitFor(() =>
      expect(
        within(screen.getByTestId('preview-header')).getByRole('presentation', { hidden: true }).getAttribute('src'),
      ).toBe('/uploads/company/3/logo.png'),
    );
  });

  it('speaks Arabic', async () => {
    await renderPage({}, 'ar');
    expect(screen.getByRole('heading', { name: 'إعدادات الهوية' })).toBeInTheDocument();
    fireEvent.input(screen.getByRole('textbox', { name: 'اللون الأساسي' }), { target: { value: '#FFFF00' } });
    expect(screen.getByText('هذا المظهر غير مقروء')).toBeInTheDocument();
  });
});
