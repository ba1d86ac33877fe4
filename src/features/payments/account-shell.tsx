import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { cardGrid } from 'styled-system/recipes';
import { Badge } from '@/components/ui/badge';
import { PageContainer, PageHeader } from '@/components/ui/page';
import type { AuthActor } from '@/lib/auth/auth-service';
import { selectRole } from '@machines/auth.selectors';
import { usePageTitle } from '@/lib/document-head';
import { paymentLinks } from '@/lib/payment-links';
import { PaymentLinkIcon } from '@/components/ui/payment-link-icon';

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
      <div className={css({ display: 'flex', flexDirection: 'column', gap: { base: '6', tablet: '8' } })}>
        {children}
      </div>
    </PageContainer>
  );
}

/** The saved addresses or cards: a list of cards, two a row from tablet up (the children are its `<li>`s). */
export function SavedList({ children }: { children: ReactNode }) {
  return <ul className={cardGrid()}>{children}</ul>;
}

/** The icon at the start of a saved item's card (decorative: the text says what it is). */
export function SavedItemIcon({ children }: { children: ReactNode }) {
  return (
    <span aria-hidden className={css({ color: 'primary.strong', marginBlockStart: '0.5' })}>
      {children}
    </span>
  );
}

/** The 'Default' badge of the saved item used first. */
export function DefaultBadge() {
  return (
    <Badge tone="green">
      <Trans>Default</Trans>
    </Badge>
  );
}
