import { screen, waitFor } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  authMachine,
  type FederatedReturnParams,
  type FederatedSignInResult,
  type RestoredSession,
} from '@machines/auth.machine';
import { SsoButtons } from '@/features/auth/sso-buttons';
import { SsoCallbackScreen } from '@/features/auth/sso-callback-page';
import type { AuthActor } from '@/lib/auth/auth-service';
import { renderWithRouter } from './render';

/** An auth actor, signed out, whose federated actors record what they were asked and never touch the network. */
function signedOutAuth(
  complete: (input: { params: FederatedReturnParams }) => Promise<never> = () => new Promise(() => {}),
) {
  const started: Array<{ provider: string; redirect?: string }> = [];
  const opened: string[] = [];
  const auth = createActor(
    authMachine.provide({
      actors: {
        restoreSession: fromPromise<RestoredSession, void>(async () => ({ record: null, theme: null })),
        startFederated: fromPromise(async ({ input }: { input: { provider: 'MA' | 'QA'; redirect?: string } }) => {
          started.push(input);
          return { authorizationUrl: `http://idp.test/${input.provider.toLowerCase()}/auth` };
        }),
        completeFederated: fromPromise<FederatedSignInResult, { provider: 'MA' | 'QA'; params: FederatedReturnParams }>(
          ({ input }) => complete(input),
        ),
      },
      actions: { openProvider: (_, params) => void opened.push(params.url) },
    }),
  ).start() as unknown as AuthActor;
  return { auth, started, opened };
}

describe('single sign-on on the login page', () => {
  it('offers "Sign in with MA" and "Sign in with QA" as links to the spec\'s ?sign-in-with-redirect=', async () => {
    const { auth } = signedOutAuth();
    await renderWithRouter(<SsoButtons auth={auth} redirect="/my-courses" />);
    const qa = await screen.findByRole('link', { name: 'Sign in with QA' });
    expect(qa).toHaveAttribute('href', '/login?sign-in-with-redirect=QA&redirect=%2Fmy-courses');
    expect(screen.getByRole('link', { name: 'Sign in with MA' }).getAttribute('href')).toContain(
      'sign-in-with-redirect=MA',
    );
  });

  it('with ?sign-in-with-redirect=QA starts the QA sign-in at once and sends the browser to the directory', async () => {
    const { auth, started, opened } = signedOutAuth();
    await renderWithRouter(<SsoButtons auth={auth} redirect="/sessions/7" startWith="QA" />);
    await waitFor(() => expect(opened).toEqual(['http://idp.test/qa/auth']));
    expect(started).toEqual([{ provider: 'QA', redirect: '/sessions/7', locale: 'en' }]);
  });

  it('shows them in Arabic too', async () => {
    const { auth } = signedOutAuth();
    await renderWithRouter(<SsoButtons auth={auth} />, { locale: 'ar' });
    expect(await screen.findByRole('link', { name: 'تسجيل الدخول عبر QA' })).toBeInTheDocument();
  });

  it('asks the directory for its pages in Arabic from an Arabic page', async () => {
    const { auth, started } = signedOutAuth();
    await renderWithRouter(<SsoButtons auth={auth} startWith="MA" />, { locale: 'ar' });
    await waitFor(() => expect(started).toEqual([{ provider: 'MA', locale: 'ar' }]));
  });
});

describe('only the directories the server offers', () => {
  it('shows no button for a directory that is not available, and no SSO part at all when none is', async () => {
    const { auth } = signedOutAuth();
    const { unmount } = await renderWithRouter(<SsoButtons auth={auth} available={['QA']} />);
    expect(await screen.findByRole('link', { name: 'Sign in with QA' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in with MA' })).not.toBeInTheDocument();
    unmount();
    await renderWithRouter(
      <div>
        <p>form</p>
        <SsoButtons auth={auth} available={[]} />
      </div>,
    );
    await screen.findByText('form');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByText("or use your organisation's account")).not.toBeInTheDocument();
  });

  it('/login?sign-in-with-redirect=MA for a directory not offered says so and starts nothing, in both languages', async () => {
    const { auth, started, opened } = signedOutAuth();
    const { unmount } = await renderWithRouter(<SsoButtons auth={auth} available={[]} startWith="MA" />);
    expect((await screen.findByRole('alert')).textContent).toBe('Sign-in with MA is not available on this server.');
    unmount();
    await renderWithRouter(<SsoButtons auth={auth} available={['QA']} startWith="MA" />, { locale: 'ar' });
    expect((await screen.findByRole('alert')).textContent).toBe('تسجيل الدخول عبر MA غير متاح على هذا الخادم.');
    expect(screen.getByRole('link', { name: 'تسجيل الدخول عبر QA' })).toBeInTheDocument();
    expect(started).toEqual([]);
    expect(opened).toEqual([]);
  });
});

describe('the /sso/{p} page', () => {
  it("hands the directory's answer over once and shows the server's refusal", async () => {
    const asked: FederatedReturnParams[] = [];
    const { auth } = signedOutAuth(async (input) => {
      asked.push(input.params);
      throw Object.assign(new Error('refused'), { status: 401, serverMessage: 'The sign-in was cancelled.' });
    });
    await renderWithRouter(
      <SsoCallbackScreen auth={auth} provider="QA" answer={{ state: 's1', error: 'access_denied' }} />,
    );
    expect(await screen.findByText('The sign-in was cancelled.')).toBeInTheDocument();
    expect(asked).toEqual([{ state: 's1', error: 'access_denied' }]);
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  });

  it('shows the refusal of a directory whose company is not approved, in both languages', async () => {
    const refused = 'Sign-in with MA is not open yet: its company is not approved on Halaqa. Please contact us.';
    const refuse = async () => {
      throw Object.assign(new Error('refused'), { status: 403, serverMessage: refused });
    };
    const en = signedOutAuth(refuse);
    const { unmount } = await renderWithRouter(
      <SsoCallbackScreen auth={en.auth} provider="MA" answer={{ state: 's1', code: 'c1' }} />,
    );
    expect(await screen.findByText(refused)).toBeInTheDocument();
    unmount();
    const ar = signedOutAuth(refuse);
    await renderWithRouter(<SsoCallbackScreen auth={ar.auth} provider="MA" answer={{ state: 's2', code: 'c2' }} />, {
      locale: 'ar',
    });
    expect(
      await screen.findByText('تسجيل الدخول عبر MA غير متاح بعد: شركتها لم تُعتمد على حلقة بعد. يُرجى التواصل معنا.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'العودة إلى تسجيل الدخول' })).toHaveAttribute('href', '/login');
  });
});
