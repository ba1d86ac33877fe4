import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { css, cx } from 'styled-system/css';
import { cardListItem } from 'styled-system/recipes';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { buttonStyles } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState, IconBubble } from '@/components/ui/empty-state';
import { formatMoney } from '@/components/ui/format';
import type { components } from '@contract/schema';
import { currentLocale, isLocale } from '@/lib/i18n';
import { TitledSection } from '@/components/ui/titled-section';
import { AccountPage } from './account-shell';
import { formatCents, formatInstant } from '@/lib/payment-format';
import { WalletIcon } from '@/components/ui/icons';

type Wallet = components['schemas']['Wallet'];
type WalletEntry = components['schemas']['WalletEntry'];

/** Names of the ledger reasons. */
export const reasonLabels: Record<WalletEntry['reason'], MessageDescriptor> = {
  TOP_UP: msg`Top-up`,
  PAYMENT: msg`Payment`,
  REFUND: msg`Refund`,
  CREDIT: msg`Credit`,
};

const reasonTones: Record<WalletEntry['reason'], BadgeTone> = {
  TOP_UP: 'blue',
  PAYMENT: 'gray',
  REFUND: 'green',
  CREDIT: 'green',
};

/**
 * `/account/wallet`: the balance (the sum of the ledger, decisions.md) and the newest movements
 * (`GET /payments/wallets/me`): date and time, reason, description, the session it concerns and
 * the signed amount. Empty ledger → an empty state. Loading and failure are the route's.
 */
export function WalletPage({ wallet }: { wallet: Wallet }) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : currentLocale();
  return (
    <AccountPage title={t`Wallet`} lead={<Trans>Your Halaqa balance and every movement on it.</Trans>}>
      <Card
        className={css({
          padding: { base: '5', tablet: '6' },
          display: 'flex',
          alignItems: 'center',
          gap: '4',
          flexWrap: 'wrap',
        })}
      >
        <IconBubble>
          <WalletIcon size={28} />
        </IconBubble>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '1' })}>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            <Trans>Current balance</Trans>
          </p>
          <p
            data-testid="wallet-balance"
            className={css({ fontSize: '3xl', fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' })}
          >
            {formatMoney(wallet.balance, locale)}
          </p>
        </div>
        <p
          className={css({
            fontSize: 'sm',
            color: 'fg.muted',
            maxWidth: '28rem',
            marginInlineStart: { tablet: 'auto' },
          })}
        >
          <Trans>Refunds and credits are added to your wallet; you can pay for sessions with it at checkout.</Trans>
        </p>
      </Card>

      <TitledSection titleId="wallet-movements" title={<Trans>Movements</Trans>}>
        {wallet.entries.length === 0 ? (
          <EmptyState
            icon={<WalletIcon size={28} />}
            title={<Trans>No movements yet</Trans>}
            description={<Trans>Payments from your wallet, refunds and credits will be listed here.</Trans>}
            action={
              <Link to="/courses" className={buttonStyles({})}>
                <Trans>Explore courses</Trans>
              </Link>
            }
          />
        ) : (
          <Card>
            <ul className={css({ listStyle: 'none', padding: 0, margin: 0 })}>
              {wallet.entries.map((entry) => (
                <li
                  key={entry.id}
                  className={cx(cardListItem(), css({ display: 'grid', gridTemplateColumns: '1fr auto', gap: '1 4' }))}
                >
                  <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: 0 })}>
                    <div className={css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap' })}>
                      <Badge tone={reasonTones[entry.reason]}>{t(reasonLabels[entry.reason])}</Badge>
                      <time dateTime={entry.createdAt} className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                        {formatInstant(entry.createdAt, locale)}
                      </time>
                    </div>
                    <p className={css({ fontSize: 'sm', overflowWrap: 'anywhere' })}>
                      <bdi>{entry.description}</bdi>
                    </p>
                    {entry.sessionId !== null ? (
                      <Link
                        to="/sessions/$sessionId"
                        params={{ sessionId: entry.sessionId }}
                        className={css({
                          fontSize: 'sm',
                          color: 'primary.strong',
                          _hover: { textDecoration: 'underline' },
                          width: 'fit-content',
                        })}
                      >
                        <Trans>View the session</Trans>
                      </Link>
                    ) : null}
                  </div>
                  <p
                    className={cx(
                      css({
                        fontWeight: 'bold',
                        fontVariantNumeric: 'tabular-nums',
                        whiteSpace: 'nowrap',
                        textAlign: 'end',
                      }),
                      entry.amount < 0 ? css({ color: 'fg.default' }) : css({ color: 'success.stronger' }),
                    )}
                  >
                    <span className={css({ srOnly: true })}>{entry.amount < 0 ? t`Debit` : t`Credit`} </span>
                    <span dir="ltr">{formatCents(entry.amount, locale, { signed: true })}</span>
                  </p>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </TitledSection>
    </AccountPage>
  );
}
