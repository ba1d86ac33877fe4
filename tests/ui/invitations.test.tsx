import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { waitFor as waitForActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { reportCsv } from '@/features/company/company-messages';
import { InvitationPage, signupHref } from '@/features/invitation/invitation-page';
import { createApi } from '@/lib/api/client';
import { createAuthService } from '@/lib/auth/auth-service';
import type { Settled } from '@/lib/load';
import type { LoginRecord, Theme } from '@machines/auth.machine';
import { selectIsSettled } from '@machines/auth.selectors';
import { json, mockFetch, type Handler } from '../machines/fetch-mock';
import { renderWithRouter } from './render';

const TOKEN = 'AbC_d-123';
const preview = (over: Record<string, unknown> = {}) => ({
  ok: true as const,
  data: {
    email: 'lina@example.org',
    role: 'LEARNER' as const,
    companyName: 'National Center for AI',
    companyAcronym: 'NCAI',
    status: 'PENDING' as const,
    expiresAt: '2031-05-12T08:00:00Z',
    hasAccount: true,
    ...over,
  },
});

/** Lina's user record once she is a member of company 2, as the accept call and her profile answer it. */
const linaMember = {
  id: 4,
  email: 'lina@example.org',
  name: 'Lina Kassem',
  firstName: 'Lina',
  lastName: 'Kassem',
  role: 'LEARNER',
  status: 'APPROVED',
  companyId: 2,
  pictureUrl: null,
  createdAt: '2025-01-01T00:00:00Z',
};

const lina: LoginRecord = {
  token: 'jwt-lina',
  expiresAt: '2099-01-01T00:00:00Z',
  user: { id: 4, email: 'lina@example.org', name: 'Lina Kassem', role: 'LEARNER' },
  company: null,
  federationAuth: false,
};

async function renderPage(
  p: Settled<ReturnType<typeof preview>['data']>,
  routes: Record<string, Handler> = {},
  record: LoginRecord | null = null,
  locale: 'en' | 'ar' = 'en',
) {
  const mock = mockFetch(routes);
  const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
  let stored: { record: LoginRecord | null; theme: Theme | null } = { record, theme: null };
  const auth = createAuthService(api, {
    read: () => stored,
    write: (r, t) => (stored = { record: r, theme: t }),
    clear: () => (stored = { record: null, theme: null }),
  });
  await waitForActor(auth, selectIsSettled);
  await renderWithRouter(
    <>
      <InvitationPage api={api} auth={auth} token={TOKEN} preview={p} />
      <Toaster />
    </>,
    { locale },
  );
  return { mock, auth };
}

describe('the invitation link page', () => {
  it('sends a person without an account to sign up with the token', async () => {
    await renderPage(preview({ hasAccount: false }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Join National Center for AI on Halaqa');
    const link = screen.getByRole('link', { name: 'Create your account to join' });
    expect(link).toHaveAttribute('href', signupHref(TOKEN));
    expect(link).toHaveAttribute('href', '/signup?invitation=AbC_d-123');
  });

  it('asks someone with an account to sign in and come back', async () => {
    await renderPage(preview());
    const link = screen.getByRole('link', { name: 'Sign in to accept' });
    expect(decodeURIComponent(link.getAttribute('href')!)).toBe(`/login?redirect=/invitations/${TOKEN}`);
  });

  it('says plainly when the link expired or was used, and what to do', async () => {
    await renderPage(preview({ status: 'EXPIRED' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This invitation has expired');
    expect(screen.getByText(/Ask National Center for AI's partner to send you a new invitation/)).toBeInTheDocument();
    cleanup();
    await renderPage(preview({ status: 'ACCEPTED' }));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This invitation has already been used');
    cleanup();
    await renderPage({
      ok: false,
      error: Object.assign(new Error('nf'), {
        status: 404,
        serverMessage: 'Invitation not found',
        fieldErrors: {},
      }) as never,
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('This invitation link is not valid');
  });

  it('accepts for the invited account, then reloads the company (membership changed)', async () => {
    const company = {
      id: 2,
      name: 'National Center for AI',
      acronym: 'NCAI',
      settings: {
        companyId: 2,
        style: { primaryColor: '#112233', secondaryColor: '#445566', tertiaryColor: '#778899' },
        links: {},
        logo: null,
      },
    };
    const { mock, auth } = await renderPage(
      preview(),
      {
        [`POST /api/invitations/${TOKEN}/accept`]: () => json(200, { data: linaMember }),
        'GET /api/users/me/company': () => json(200, { data: company }),
        'GET /api/users/4': () => json(200, { data: linaMember }),
        'GET /api/companies/2/settings': () => json(200, { data: company.settings }),
      },
      lina,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Accept and join National Center for AI' }));
    await waitFor(() => expect(auth.getSnapshot().context.record?.company?.acronym).toBe('NCAI'));
    expect(auth.getSnapshot().context.theme?.primary).toBe('#112233');
    expect(mock.calls.map((c) => `${c.method} ${c.path}`)).toContain(`POST /api/invitations/${TOKEN}/accept`);
    // Then on to the landing page (the memory router's catch-all renders nothing).
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument());
  });

  it('tells someone signed in with another e-mail, in Arabic too', async () => {
    await renderPage(preview({ email: 'other@example.org' }), {}, lina, 'ar');
    expect(screen.queryByRole('button', { name: /اقبل وانضم/ })).not.toBeInTheDocument();
    expect(screen.getByText(/لكن هذه الدعوة موجّهة إلى/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'تسجيل الخروج' })).toBeInTheDocument();
  });
});

describe('the bulk report as CSV', () => {
  it('has a BOM, a header, one line per row, quotes what needs it and defuses formulas', () => {
    const csv = reportCsv(
      [
        { row: 2, email: 'a@example.org', role: 'LEARNER', outcome: 'INVITED', message: 'Invited' },
        { row: 3, email: '=cmd()', role: 'BOSS, big', outcome: 'UNKNOWN_ROLE', message: 'Unknown role' },
      ],
      (r) => (r.outcome === 'INVITED' ? 'تمت الدعوة' : 'دور غير معروف'),
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'row,email,role,outcome,message',
      '2,a@example.org,LEARNER,INVITED,تمت الدعوة',
      '3,\'=cmd(),"BOSS, big",UNKNOWN_ROLE,دور غير معروف',
      '',
    ]);
  });
});

describe('the invitations screen (product.md#messages toasts)', () => {
  const invitation = {
    id: 14,
    email: 'new.hire@example.org',
    role: 'LEARNER',
    companyId: 2,
    status: 'PENDING',
    invitedBy: { id: 3, name: 'Faisal', pictureUrl: null },
    createdAt: '2031-05-05T08:00:00Z',
    expiresAt: '2031-05-12T08:00:00Z',
  };
  const pageOf = (items: unknown[]) => ({
    ok: true as const,
    data: { items, total: items.length, page: 1, pageSize: 12 } as never,
  });

  async function renderInvitations(routes: Record<string, Handler>, list = pageOf([invitation])) {
    const { InvitationsPage } = await import('@/features/company/invitations-page');
    const mock = mockFetch(routes);
    const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
    const reloads: number[] = [];
    await renderWithRouter(
      <>
        <InvitationsPage
          api={api}
          credentials={{}}
          invitations={list}
          search={{}}
          onSearch={() => {}}
          reload={() => reloads.push(1)}
        />
        <Toaster />
      </>,
    );
    return { mock, reloads };
  }

  it("invites one person: 'User Invited !', and on a 400 'Could not invite the user: <server message>'", async () => {
    let n = 0;
    const { mock, reloads } = await renderInvitations({
      'POST /api/users/invite': () =>
        ++n === 1
          ? json(201, { data: invitation })
          : json(400, {
              message: 'Some fields are invalid',
              errors: [{ path: 'email', message: 'is not a valid e-mail' }],
            }),
    });
    fireEvent.input(screen.getByLabelText(/^E-mail/), { target: { value: 'new.hire@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await screen.findByText('User Invited !');
    expect(JSON.parse(mock.calls[0].body!)).toEqual({ email: 'new.hire@example.org', role: 'LEARNER' });
    expect(reloads).toHaveLength(1);
    fireEvent.input(screen.getByLabelText(/^E-mail/), { target: { value: 'x@example.org' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await screen.findByText('Could not invite the user: Some fields are invalid');
  });

  it('checks the e-mail before sending anything', async () => {
    const { mock } = await renderInvitations({});
    fireEvent.input(screen.getByLabelText(/^E-mail/), { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await screen.findByText('Enter a valid e-mail address');
    expect(mock.calls).toHaveLength(0);
  });

  it("withdraws after a confirmation: 'user invite deleted !'; a failure says 'Could not delete invite to the user!'", async () => {
    let n = 0;
    const { mock, reloads } = await renderInvitations({
      'DELETE /api/users/14/deleteInvite': () =>
        ++n === 1
          ? json(200, { data: { id: 14 } })
          : json(409, { message: 'An accepted invitation cannot be withdrawn' }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw the invitation of new.hire@example.org' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('new.hire@example.org');
    expect(mock.calls).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await screen.findByText('user invite deleted !');
    expect(reloads).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw the invitation of new.hire@example.org' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Withdraw' }));
    await screen.findByText('Could not delete invite to the user!');
  });

  it('resends a pending invitation: the button waits for the answer, then a toast; a refusal says why; no Resend for an accepted one', async () => {
    let answer!: (r: Response) => void;
    let n = 0;
    const accepted = { ...invitation, id: 15, email: 'joined@example.org', status: 'ACCEPTED' };
    const { mock } = await renderInvitations(
      {
        'POST /api/companies/2/invitations/14/resend': () =>
          ++n === 1
            ? new Promise<Response>((r) => (answer = r))
            : json(409, { message: 'This invitation has expired: invite the address again' }),
      },
      pageOf([invitation, accepted]),
    );
    expect(
      screen.queryByRole('button', { name: 'Resend the invitation to joined@example.org' }),
    ).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Resend the invitation to new.hire@example.org' });
    fireEvent.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    fireEvent.click(button); // ignored while sending
    expect(mock.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    answer(json(202, { data: invitation }));
    await screen.findByText('Invitation sent again');
    await waitFor(() => expect(button).not.toBeDisabled());
    fireEvent.click(button);
    await screen.findByText(
      'Could not send the invitation again: This invitation has expired: invite the address again',
    );
    expect(mock.calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/companies/2/invitations/14/resend',
      'POST /api/companies/2/invitations/14/resend',
    ]);
  });

  it('offers Resend for an expired invitation (a new link), beside Withdraw, and reloads the list after it', async () => {
    const expired = { ...invitation, id: 16, email: 'late@example.org', status: 'EXPIRED' };
    const { mock, reloads } = await renderInvitations(
      {
        'POST /api/companies/2/invitations/16/resend': () => json(202, { data: { ...expired, status: 'PENDING' } }),
      },
      pageOf([expired]),
    );
    expect(screen.getByRole('button', { name: 'Withdraw the invitation of late@example.org' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Resend the invitation to late@example.org' }));
    await screen.findByText('Invitation sent again');
    expect(mock.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/companies/2/invitations/16/resend']);
    await waitFor(() => expect(reloads.length).toBeGreaterThan(0));
  });

  it('resends in Arabic too', async () => {
    const { InvitationsPage } = await import('@/features/company/invitations-page');
    const mock = mockFetch({ 'POST /api/companies/2/invitations/14/resend': () => json(202, { data: invitation }) });
    const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
    await renderWithRouter(
      <>
        <InvitationsPage
          api={api}
          credentials={{}}
          invitations={pageOf([invitation])}
          search={{}}
          onSearch={() => {}}
          reload={() => {}}
        />
        <Toaster />
      </>,
      { locale: 'ar' },
    );
    fireEvent.click(screen.getByRole('button', { name: 'أعد إرسال الدعوة إلى new.hire@example.org' }));
    await screen.findByText('أُرسلت الدعوة مرة أخرى');
  });

  it("says 'Could not get the invited users !' when the list fails", async () => {
    await renderInvitations({}, {
      ok: false,
      error: Object.assign(new Error('x'), { status: 500, serverMessage: undefined, fieldErrors: {} }),
    } as never);
    expect((await screen.findAllByText('Could not get the invited users !')).length).toBeGreaterThan(0);
  });
});

describe('the members screen', () => {
  const noura = {
    id: 21,
    name: 'Noura Al-Harbi',
    email: 'learner@ncai.halaqa.test',
    role: 'LEARNER',
    pictureUrl: null,
    joinedAt: '2031-05-01T08:00:00Z',
    enrollments: 2,
    completedLessons: 3,
    totalLessons: 12,
  };

  it('shows enrollments and progress, and removes a member only after a confirmation', async () => {
    const { MembersPage } = await import('@/features/company/members-page');
    const mock = mockFetch({ 'DELETE /api/companies/2/members/21': () => json(200, { data: { id: 21 } }) });
    const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
    const reloads: number[] = [];
    await renderWithRouter(
      <>
        <MembersPage
          api={api}
          companyId={2}
          companyName="National Center for AI"
          members={{ ok: true, data: { items: [noura], total: 1, page: 1, pageSize: 12 } as never }}
          search={{}}
          onSearch={() => {}}
          reload={() => reloads.push(1)}
        />
        <Toaster />
      </>,
    );
    expect(screen.getByText('3 of 12 lessons')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Progress of Noura Al-Harbi' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove Noura Al-Harbi from the company' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(mock.calls).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await screen.findByText('Member removed from the company');
    expect(mock.calls.map((c) => `${c.method} ${c.path}`)).toEqual(['DELETE /api/companies/2/members/21']);
    expect(reloads).toHaveLength(1);
  });
});
