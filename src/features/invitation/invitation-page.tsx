import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { inlineLink } from 'styled-system/recipes';
import { waitFor } from 'xstate';
import { FormAlert } from '@/components/ui/alert';
import { Button, buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { formatLongDate } from '@/components/ui/format';
import { CheckIcon, LogOutIcon, MailIcon } from '@/components/ui/icons';
import { PageContainer } from '@/components/ui/page';
import { toaster } from '@/components/ui/toast';
import type { components } from '@contract/schema';
import { type Api, ApiError, unwrap } from '@/lib/api/client';
import type { AuthActor } from '@/lib/auth/auth-service';
import { loginHref } from '@/lib/auth/guards';
import { usePageTitle } from '@/lib/document-head';
import { isLocale, type Locale } from '@/lib/i18n';
import type { Settled } from '@/lib/load';
import { landingFor, selectIsSettled, selectRecord } from '@machines/auth.selectors';

type Preview = components['schemas']['InvitationPreview'];

const roleLabels: Record<Preview['role'], MessageDescriptor> = { LEARNER: msg`a learner`, EDUCATOR: msg`an educator` };

/** `/signup?invitation=<token>`: the sign-up screen reads the invitation from there (onboard work). */
export const signupHref = (token: string) => `/signup?${new URLSearchParams({ invitation: token }).toString()}`;

/**
 * The page of an invitation link (`/invitations/$token`), from GET
 * /invitations/{token}:
 * - not found (404): the link is not valid; EXPIRED (older than 7 days or withdrawn) / ACCEPTED:
 *   said plainly, with what to do (ask the partner for a new invitation; sign in);
 * - PENDING, no account with the e-mail: on to `/signup?invitation=<token>`;
 * - PENDING, an account: sign in (`/login?redirect=` back here), then Accept (POST
 *   /invitations/{token}/accept); the auth actor then reloads company, role and theme
 *   (`auth.membershipChanged`) and the user goes to their landing page. Signed in with another
 *   e-mail: told so, with Log out.
 */
export function InvitationPage({
  api,
  auth,
  token,
  preview,
}: {
  api: Api;
  auth: AuthActor;
  token: string;
  preview: Settled<Preview>;
}) {
  const { t, i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  usePageTitle(t`Invitation`);
  const record = useSelector(auth, selectRecord);
  const navigate = useNavigate();
  const [accepting, setAccepting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const here = `/invitations/${encodeURIComponent(token)}`;

  const accept = async () => {
    setAccepting(true);
    setFailure(null);
    try {
      unwrap(await api.POST('/invitations/{token}/accept', { params: { path: { token } } }));
      auth.send({ type: 'auth.membershipChanged' });
      const settled = await waitFor(auth, selectIsSettled);
      toaster.create({ title: t`Welcome to ${companyName}!`, type: 'success' });
      void navigate({ href: landingFor(selectRecord(settled)) });
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.serverMessage
          ? error.serverMessage
          : t`The invitation could not be accepted. Try again later.`,
      );
      setAccepting(false);
    }
  };

  const link = inlineLink();
  const companyName = preview.ok ? preview.data.companyName : '';
  let body;
  if (!preview.ok) {
    body =
      preview.error.status === 404 ? (
        <>
          <h1 className={titleClass}>
            <Trans>This invitation link is not valid</Trans>
          </h1>
          <p>
            <Trans>
              Check that you opened the whole link from the mail. If it still does not work, ask your company's partner
              for a new invitation.
            </Trans>
          </p>
        </>
      ) : (
        <FormAlert title={t`The invitation could not be read`}>{t`Try again in a moment.`}</FormAlert>
      );
  } else {
    const p = preview.data;
    const role = i18n._(roleLabels[p.role]);
    const until = formatLongDate(p.expiresAt.slice(0, 10), locale);
    const mine = record && record.user.email.toLowerCase() === p.email.toLowerCase();
    if (p.status === 'EXPIRED') {
      body = (
        <>
          <h1 className={titleClass}>
            <Trans>This invitation has expired</Trans>
          </h1>
          <p>
            <Trans>
              The invitation to join {p.companyName} is older than 7 days or was withdrawn. Ask {p.companyName}'s
              partner to send you a new invitation.
            </Trans>
          </p>
        </>
      );
    } else if (p.status === 'ACCEPTED') {
      body = (
        <>
          <h1 className={titleClass}>
            <Trans>This invitation has already been used</Trans>
          </h1>
          <p>
            <Trans>
              {p.email} has already joined {p.companyName} with this link. Sign in with that account; if that was not
              you, ask the partner for a new invitation.
            </Trans>
          </p>
          {record ? null : (
            <Link to="/login" className={link}>
              <Trans>Sign in</Trans>
            </Link>
          )}
        </>
      );
    } else {
      body = (
        <>
          <h1 className={titleClass}>
            <Trans>Join {p.companyName} on Halaqa</Trans>
          </h1>
          <p>
            <Trans>
              <span dir="ltr">{p.email}</span> is invited to join {p.companyName} ({p.companyAcronym}) as {role}. The
              link works once, until {until}.
            </Trans>
          </p>
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          {!p.hasAccount && !record ? (
            <a href={signupHref(token)} className={buttonStyles({ size: 'lg' })}>
              <Trans>Create your account to join</Trans>
            </a>
          ) : !record ? (
            <a href={loginHref(here)} className={buttonStyles({ size: 'lg' })}>
              <Trans>Sign in to accept</Trans>
            </a>
          ) : mine ? (
            <Button size="lg" loading={accepting} startIcon={<CheckIcon size={18} />} onClick={() => void accept()}>
              <Trans>Accept and join {p.companyName}</Trans>
            </Button>
          ) : (
            <>
              <FormAlert tone="warning">
                <Trans>
                  You are signed in as <span dir="ltr">{record.user.email}</span>, but this invitation is for{' '}
                  <span dir="ltr">{p.email}</span>. Log out and sign in with the invited account.
                </Trans>
              </FormAlert>
              <Button
                variant="outline"
                startIcon={<LogOutIcon size={16} />}
                onClick={() => auth.send({ type: 'auth.logout' })}
              >
                <Trans>Log out</Trans>
              </Button>
            </>
          )}
        </>
      );
    }
  }
  return (
    <PageContainer>
      <Card
        className={css({
          maxWidth: '40rem',
          marginInline: 'auto',
          padding: { base: '5', tablet: '8' },
          display: 'flex',
          flexDirection: 'column',
          gap: '4',
          alignItems: 'flex-start',
        })}
      >
        <span aria-hidden className={css({ color: 'primary.strong' })}>
          <MailIcon size={32} />
        </span>
        {body}
      </Card>
    </PageContainer>
  );
}

const titleClass = css({ fontSize: { base: '2xl', tablet: '3xl' }, fontWeight: 'bold', lineHeight: '1.2' });
