import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { PageContainer, PageHeader } from '@/components/ui/page';
import type { AuthActor } from '@/features/auth/auth-service';
import { selectRole } from '@/features/auth/auth.selectors';
import { FormAlert } from '@/features/auth/form-alert';
import { usePageTitle } from '@/features/layout/document-head';
import { ApiError } from '@/lib/api/client';
import { paymentLinks } from './links';
import { PaymentLinkIcon } from './payment-link-icon';

/** The account pages' own navigation (the links of `paymentLinks(role)`), current page marked. */
export function AccountNav() {
  const { t } = useLingui();
  // Without the app's router context (isolated renders) there is no auth actor: no navigation.
  const { auth } = useRouteContext({ from: '__root__' }) as { auth?: AuthActor };
  const role = useSelector(auth, (s) => (s ? selectRole(s) : null));
  const pathname = useLocation({ select: (l) => l.pathname });
  const links = role ? paymentLinks(role) : [];
  if (links.length < 2) return null;
  return (
    <nav aria-label={t`Account pages`} className={css({ marginBlockEnd: '6', overflowX: 'auto' })}>
      <ul className={css({ display: 'flex', gap: '2', listStyle: 'none', padding: 0, margin: 0 })}>
        {links.map((link) => {
          const current = pathname === link.to;
          return (
            <li key={link.to}>
              <Link
                to={link.to}
                aria-current={current ? 'page' : undefined}
                className={css({
                  display: 'inline-flex',
                  alignItems: 'center',
                  gap: '2',
                  height: '9',
                  paddingInline: '3',
                  borderRadius: 'full',
                  borderWidth: '1px',
                  borderColor: 'border.default',
                  fontSize: 'sm',
                  fontWeight: 'medium',
                  whiteSpace: 'nowrap',
                  color: 'fg.default',
                  bg: 'bg.surface',
                  _hover: { borderColor: 'primary.strong' },
                  '&[aria-current=page]': { bg: 'primary.strong', borderColor: 'primary.strong', color: 'white' },
                })}
              >
                <PaymentLinkIcon icon={link.icon} />
                {t(link.label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** An account page: its h1 (also the document title), lead, the account navigation, then the content. */
export function AccountPage({
  title,
  lead,
  actions,
  children,
}: {
  /** Translated text (also the document title). */
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <PageContainer>
      <PageHeader title={title} lead={lead} actions={actions} />
      <AccountNav />
      <div className={css({ display: 'flex', flexDirection: 'column', gap: { base: '6', tablet: '8' } })}>{children}</div>
    </PageContainer>
  );
}

/** Why a call failed, in words: the server's message, or what a network error means. */
export function useErrorReason() {
  const { t } = useLingui();
  return (error: unknown): string => {
    if (error instanceof ApiError) {
      if (error.serverMessage) return error.serverMessage;
      if (error.status === 0) return t`We could not reach the server. Check your connection and try again.`;
      if (error.status === 403) return t`You do not have access to this page`;
      return t`System error please try later !`;
    }
    return t`We could not reach the server. Check your connection and try again.`;
  };
}

/** A section's failure: the headline, the reason and a "Try again" that re-runs the loader. */
export function SectionError({ title, error, onRetry }: { title: ReactNode; error: unknown; onRetry: () => void }) {
  const reason = useErrorReason();
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3', alignItems: 'flex-start' })}>
      <FormAlert title={title} className={css({ width: 'full' })}>
        {reason(error)}
      </FormAlert>
      <button
        type="button"
        onClick={onRetry}
        className={css({ color: 'primary.strong', fontWeight: 'semibold', fontSize: 'sm', cursor: 'pointer', _hover: { textDecoration: 'underline' } })}
      >
        <Trans>Try again</Trans>
      </button>
    </div>
  );
}
