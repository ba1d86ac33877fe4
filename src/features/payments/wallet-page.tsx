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
import { formatLongDate, formatMoney } from '@/components/ui/format';
import type { components } from '@contract/schema';
import { currentLocale, isLocale, type Locale } from '@/lib/i18n';
import type { Api } from '@/lib/api/client';
import { TitledSection } from '@/components/ui/titled-section';
import { AccountPage } from './account-shell';
import { formatCents, formatInstant } from '@/lib/payment-format';
import { WalletIcon } from '@/components/ui/icons';
import { TopUpPanel } from './top-up-panel';

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

/** What the wallet page's top-up needs: the client, the proposed amount (cents), and what to do once credited. */
export interface WalletTopUp {
  api: Api;
  amount: number | null;
  /** The learner came from a checkout and goes back to it once credited. */
  returning: boolean;
  onCredited: () => void;
}

/** A movement's words: the course and the session's dates when it concerns one, else the server's description. */
function MovementText({ entry, locale }: { entry: WalletEntry; locale: Locale }) {
  if (!entry.session) return <bdi>{entry.description}</bdi>;
  const title = entry.session.courseTitle;
  const start = formatLongDate(entry.session.startDate, locale);
  const end = formatLongDate(entry.session.endDate, locale);
  return (
    <Trans>
      <bdi>{title}</bdi>, session from {start} to {end}
    </Trans>
  );
}

/**
 * `/account/wallet`: the balance (the sum of the ledger, decisions.md), the top-up by card (when
 * `topUp` is given: the route's client; a checkout's shortfall proposed) and the newest movements
 * (`GET /payments/wallets/me`): date and time, reason, the course and session it concerns (or its
 * description) and the signed amount. Empty ledger → an empty state. Loading and failure are the route's.
 */
export function WalletPage({ wallet, topUp }: { wallet: Wallet; topUp?: WalletTopUp }) {
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
          <Trans>
            Top-ups, refunds and credits are added to your wallet; you can pay for sessions with it at checkout.
          </Trans>
        </p>
      </Card>

      {topUp ? (
        <TitledSection titleId="wallet-top-up" title={<Trans>Top up your wallet</Trans>}>
          <Card className={css({ padding: { base: '4', tablet: '6' } })}>
            {topUp.returning ? (
              <p className={css({ fontSize: 'sm', color: 'fg.muted', marginBlockEnd: '4' })}>
                <Trans>Once your wallet is topped up you go back to your checkout to pay.</Trans>
              </p>
            ) : null}
            <TopUpPanel
              api={topUp.api}
              locale={locale}
              amount={topUp.amount}
              onCredited={topUp.onCredited}
              returnLabel={topUp.returning ? <Trans>Taking you back to your checkout…</Trans> : undefined}
            />
          </Card>
        </TitledSection>
      ) : null}

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
                      <MovementText entry={entry} locale={locale} />
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
