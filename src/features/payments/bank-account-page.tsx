import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { cardListItem } from 'styled-system/recipes';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { formatMoney } from '@/components/ui/format';
import { toaster } from '@/components/ui/toast';
import { later } from '@/lib/later';
import { FormAlert, SectionError, useErrorReason } from '@/components/ui/alert';
import { type Api } from '@/lib/api/client';
import type { components } from '@contract/schema';
import { currentLocale, isLocale } from '@/lib/i18n';
import type { GatewayConfig } from '@machines/checkout.machine';
import { createPayoutActors } from '@machines/payout.actors';
import { type PayoutResult, payoutMachine } from '@machines/payout.machine';
import { isPayingOut, payoutFailure } from '@machines/payout.selectors';
import { TitledSection } from '@/components/ui/titled-section';
import { AccountPage } from './account-shell';
import { formatCents, formatInstant } from '@/lib/payment-format';
import type { Settled } from '@/lib/load';
import { BankIcon, ReceiptIcon } from '@/components/ui/icons';
import { newIdempotencyKey } from '@/lib/use-action';
import { type ExternalAccount, BankAccountForm } from './bank-account-form';

type Earnings = components['schemas']['Earnings'];
type Payout = components['schemas']['Payout'];

export interface BankAccountData {
  /** null: no bank account yet (404). */
  account: Settled<ExternalAccount | null>;
  earnings: Settled<Earnings>;
  config: Settled<GatewayConfig>;
}

const accountStatusLabels: Record<ExternalAccount['status'], MessageDescriptor> = {
  new: msg`New`,
  validated: msg`Validated`,
  verified: msg`Verified`,
  verification_failed: msg`Verification failed`,
  errored: msg`Errored`,
};
const accountStatusTones: Record<ExternalAccount['status'], BadgeTone> = {
  new: 'yellow',
  validated: 'blue',
  verified: 'green',
  verification_failed: 'red',
  errored: 'red',
};
const payoutStatusLabels: Record<Payout['status'], MessageDescriptor> = {
  pending: msg`Pending`,
  paid: msg`Paid`,
  failed: msg`Failed`,
};
const payoutStatusTones: Record<Payout['status'], BadgeTone> = { pending: 'yellow', paid: 'green', failed: 'red' };

function Amount({ label, value, hint }: { label: ReactNode; value: string; hint: ReactNode }) {
  return (
    <div
      className={css({
        display: 'flex',
        flexDirection: 'column',
        gap: '1',
        padding: '4',
        borderRadius: 'lg',
        bg: 'bg.subtle',
      })}
    >
      <dt className={css({ fontSize: 'sm', color: 'fg.muted' })}>{label}</dt>
      <dd className={css({ fontSize: '2xl', fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' })}>{value}</dd>
      <dd className={css({ fontSize: 'xs', color: 'fg.muted' })}>{hint}</dd>
    </div>
  );
}

/**
 * `/account/bank-account` (educators): the payout bank account (`GET/POST
 * /payments/accounts/external-account`, sandbox token `btok_us_verified`), the earnings (`GET
 * /payments/earnings`: pending, payable, paid out) with "Pay out" (the payout machine: `POST
 * /payments/payouts`, one Idempotency-Key per attempt, resent when an attempt whose outcome is
 * unknown is retried) and the payouts. Each section shows its own loading failure with the reason and "Try again".
 */
export function BankAccountPage({ data, api, onChanged }: { data: BankAccountData; api: Api; onChanged: () => void }) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : currentLocale();
  const router = useRouter();
  const reason = useErrorReason();
  const [replacing, setReplacing] = useState(false);
  const account = data.account.ok ? data.account.data : null;
  const bank = account?.bankName ?? '';
  const last4 = account?.last4 ?? '';
  const bankLabel = t`${bank} ending in ${last4}`;
  const payable = data.earnings.ok ? formatMoney(data.earnings.data.payable, locale) : '';

  const saved = useCallback(() => {
    setReplacing(false);
    onChanged();
  }, [onChanged]);

  const machine = useMemo(
    () =>
      payoutMachine.provide({
        actors: createPayoutActors(api),
        actions: {
          payoutSent: (_, result: PayoutResult) => {
            const amount = formatCents(result.amount, locale);
            later(() => toaster.create({ title: t`Payout sent: ${amount}`, type: 'success' }));
            later(onChanged);
          },
        },
      }),
    [api, locale, t, onChanged],
  );
  const [payout, sendPayout] = useMachine(machine);
  const payoutError = payoutFailure(payout);

  return (
    <AccountPage
      title={t`Bank account and payouts`}
      lead={<Trans>Where your earnings are paid after your sessions are delivered.</Trans>}
    >
      <TitledSection
        titleId="bank-account"
        title={<Trans>Payout bank account</Trans>}
        className={css({ maxWidth: '40rem' })}
      >
        <Card
          className={css({ padding: { base: '4', tablet: '6' }, display: 'flex', flexDirection: 'column', gap: '4' })}
        >
          {!data.account.ok ? (
            <SectionError
              title={<Trans>Your bank account could not be loaded</Trans>}
              error={data.account.error}
              onRetry={() => void router.invalidate()}
            />
          ) : account ? (
            <div className={css({ display: 'flex', alignItems: 'flex-start', gap: '3', flexWrap: 'wrap' })}>
              <span aria-hidden className={css({ color: 'primary.strong', marginBlockStart: '0.5' })}>
                <BankIcon size={24} />
              </span>
              <div
                className={css({ display: 'flex', flexDirection: 'column', gap: '0.5', flex: 1, minWidth: '12rem' })}
              >
                <p className={css({ fontWeight: 'semibold' })}>{bankLabel}</p>
                <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                  {account.country} · {account.currency}
                </p>
              </div>
              <Badge tone={accountStatusTones[account.status]}>{t(accountStatusLabels[account.status])}</Badge>
            </div>
          ) : (
            <EmptyState
              icon={<BankIcon size={28} />}
              title={<Trans>No bank account yet</Trans>}
              description={<Trans>Add the bank account your earnings are paid out to.</Trans>}
            />
          )}
          {data.account.ok && data.config.ok && (!account || replacing) ? (
            <BankAccountForm
              api={api}
              config={data.config.data}
              replacing={Boolean(account)}
              onSaved={saved}
              {...(account ? { onCancel: () => setReplacing(false) } : {})}
            />
          ) : null}
          {data.account.ok && !data.config.ok ? (
            <SectionError
              title={<Trans>The bank account form could not be loaded</Trans>}
              error={data.config.error}
              onRetry={() => void router.invalidate()}
            />
          ) : null}
          {account && !replacing ? (
            <div>
              <Button variant="outline" onClick={() => setReplacing(true)}>
                <Trans>Replace bank account</Trans>
              </Button>
            </div>
          ) : null}
        </Card>
      </TitledSection>

      <TitledSection titleId="earnings" title={<Trans>Earnings</Trans>}>
        {!data.earnings.ok ? (
          <SectionError
            title={<Trans>Your earnings could not be loaded</Trans>}
            error={data.earnings.error}
            onRetry={() => void router.invalidate()}
          />
        ) : (
          <>
            <dl
              className={css({
                display: 'grid',
                gap: '3',
                gridTemplateColumns: { base: '1fr', tablet: 'repeat(3, minmax(0, 1fr))' },
              })}
            >
              <Amount
                label={<Trans>Pending</Trans>}
                value={formatMoney(data.earnings.data.pending, locale)}
                hint={<Trans>From sessions that have not ended yet.</Trans>}
              />
              <Amount
                label={<Trans>Ready to pay out</Trans>}
                value={formatMoney(data.earnings.data.payable, locale)}
                hint={<Trans>From delivered sessions.</Trans>}
              />
              <Amount
                label={<Trans>Paid out</Trans>}
                value={formatMoney(data.earnings.data.paidOut, locale)}
                hint={<Trans>In total, to your bank account.</Trans>}
              />
            </dl>
            {payoutError ? (
              <FormAlert title={<Trans>The payout did not go through</Trans>}>{reason(payoutError)}</FormAlert>
            ) : null}
            <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
              <Button
                loading={isPayingOut(payout)}
                disabled={data.earnings.data.payable <= 0 || !account}
                onClick={() => sendPayout({ type: 'payout.requested', key: newIdempotencyKey() })}
              >
                {data.earnings.data.payable > 0 ? <Trans>Pay out {payable}</Trans> : <Trans>Pay out</Trans>}
              </Button>
              {!account ? (
                <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                  <Trans>Add a bank account to receive payouts.</Trans>
                </p>
              ) : data.earnings.data.payable <= 0 ? (
                <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                  <Trans>Nothing is ready to pay out yet.</Trans>
                </p>
              ) : null}
            </div>
          </>
        )}
      </TitledSection>

      {data.earnings.ok ? (
        <TitledSection titleId="payouts" title={<Trans>Payouts</Trans>}>
          {data.earnings.data.payouts.length === 0 ? (
            <EmptyState
              icon={<ReceiptIcon size={28} />}
              title={<Trans>No payouts yet</Trans>}
              description={<Trans>Payouts to your bank account will be listed here.</Trans>}
            />
          ) : (
            <Card>
              <ul className={css({ listStyle: 'none', padding: 0, margin: 0 })}>
                {data.earnings.data.payouts.map((p) => (
                  <li
                    key={p.id}
                    className={cx(
                      cardListItem(),
                      css({
                        display: 'flex',
                        alignItems: 'center',
                        justifyContent: 'space-between',
                        gap: '3',
                        flexWrap: 'wrap',
                      }),
                    )}
                  >
                    <div className={css({ display: 'flex', flexDirection: 'column', gap: '0.5' })}>
                      <time dateTime={p.createdAt} className={css({ fontWeight: 'medium' })}>
                        {formatInstant(p.createdAt, locale)}
                      </time>
                      <span className={css({ fontSize: 'xs', color: 'fg.muted' })} dir="ltr">
                        {p.id}
                      </span>
                    </div>
                    <div className={css({ display: 'flex', alignItems: 'center', gap: '3' })}>
                      <Badge tone={payoutStatusTones[p.status]}>{t(payoutStatusLabels[p.status])}</Badge>
                      <span className={css({ fontWeight: 'bold', fontVariantNumeric: 'tabular-nums' })}>
                        {formatCents(p.amount, locale)}
                      </span>
                    </div>
                  </li>
                ))}
              </ul>
            </Card>
          )}
        </TitledSection>
      ) : null}
    </AccountPage>
  );
}
