import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { TOP_UP_MAX_CENTS, TOP_UP_MIN_CENTS, TOP_UP_PRESETS_CENTS } from '@contract/top-up';
import { useMachine } from '@xstate/react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { FormAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { CardIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import type { Api } from '@/lib/api/client';
import { type Locale } from '@/lib/i18n';
import { formatCents } from '@/lib/payment-format';
import { createTopUpActors } from '@machines/top-up.actors';
import { type TopUpFailure, type TopUpResult, isTopUpAmount, topUpMachine } from '@machines/top-up.machine';
import {
  type TopUpSnapshot,
  selectAddingCard,
  selectCanTopUp,
  selectCardFailure,
  selectCharging,
  selectChosenCard,
  selectCredited,
  selectTopUpFailure,
  selectTopUpView,
  selectUnknownOutcome,
  selectVerifying,
} from '@machines/top-up.selectors';
import { CardEntry } from './card-entry';
import { MethodOption, column, muted } from './checkout-choosing';
import { ThreeDSecureDialog } from './three-d-secure-dialog';
import { useCardLabel } from './use-card-label';

/** "12", "12.5", "12,50" → cents; anything else → null. */
export function parseDollars(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  if (!/^[0-9]{1,7}(\.[0-9]{1,2})?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 100);
}

const failureTitles: Record<TopUpFailure['code'], MessageDescriptor> = {
  declined: msg`Your card was declined: nothing was added to your wallet`,
  refused: msg`The top-up was refused`,
  unknown: msg`We do not know yet whether your card was charged`,
  load: msg`We could not prepare the top-up`,
  card: msg`The card could not be added`,
};

const presetRow = css({
  display: 'grid',
  gridTemplateColumns: { base: 'repeat(2, minmax(0, 1fr))', tablet: 'repeat(4, minmax(0, 1fr))' },
  gap: '2',
});

/**
 * Topping up the wallet by card (the top-up machine): preset amounts or a custom one (from $1 to
 * $1,000, docs/decisions.md), a saved card or a new one (`CardEntry`), the 3-D Secure dialog, the
 * failures with "Try again" (the same Idempotency-Key when the outcome is unknown), and the
 * credited amount. `amount` (cents) proposes an amount (a checkout's shortfall); `onCredited` runs
 * once per credited top-up (reload the wallet, go back to a checkout). `keySeed` fixes the
 * Idempotency-Key prefix (tests).
 */
export function TopUpPanel({
  api,
  locale,
  amount,
  onCredited,
  keySeed,
  returnLabel,
}: {
  api: Api;
  locale: Locale;
  amount?: number | null;
  onCredited: (topUp: TopUpResult) => void;
  keySeed?: string;
  /** Shown under a credited top-up when the learner goes back somewhere (the checkout). */
  returnLabel?: ReactNode;
}) {
  const machine = useMemo(
    () =>
      topUpMachine.provide({
        actors: createTopUpActors(api),
        actions: { credited: (_, topUp: TopUpResult) => onCredited(topUp) },
      }),
    [api, onCredited],
  );
  const [snapshot, send] = useMachine(machine, { input: { amount: amount ?? null, ...(keySeed ? { keySeed } : {}) } });
  const view = selectTopUpView(snapshot);
  const { t } = useLingui();
  const failure = selectTopUpFailure(snapshot);

  if (view === 'preparing')
    return (
      <p role="status" className={cx(muted, css({ display: 'flex', alignItems: 'center', gap: '2' }))}>
        <Spinner size="sm" decorative />
        <Trans>Preparing the top-up…</Trans>
      </p>
    );

  if (view === 'loadFailed')
    return (
      <div className={column}>
        <FormAlert title={t(failureTitles.load)}>{failure?.message}</FormAlert>
        <Button onClick={() => send({ type: 'load.retried' })}>
          <Trans>Try again</Trans>
        </Button>
      </div>
    );

  const credited = selectCredited(snapshot);
  if (view === 'credited' && credited) {
    const added = formatCents(credited.amount, locale);
    return (
      <div className={column}>
        <FormAlert tone="success" title={<Trans>{added} was added to your wallet</Trans>}>
          {returnLabel ?? <Trans>A receipt is on its way to your mailbox.</Trans>}
        </FormAlert>
        <Button variant="outline" onClick={() => send({ type: 'topUp.restarted' })}>
          <Trans>Top up again</Trans>
        </Button>
      </div>
    );
  }

  if (view === 'failed' && failure) {
    const unknown = selectUnknownOutcome(snapshot);
    return (
      <div className={column}>
        <FormAlert title={t(failureTitles[failure.code])}>{failure.message}</FormAlert>
        <p className={muted}>
          {unknown ? (
            <Trans>Trying again is safe: your card will not be charged twice.</Trans>
          ) : (
            <Trans>Nothing was charged for this attempt.</Trans>
          )}
        </p>
        <Button onClick={() => send({ type: 'topUp.retried' })}>
          <Trans>Try again</Trans>
        </Button>
        {!unknown ? (
          <Button variant="outline" onClick={() => send({ type: 'topUp.restarted' })}>
            <Trans>Change the amount or the card</Trans>
          </Button>
        ) : null}
      </div>
    );
  }

  return <TopUpForm snapshot={snapshot} send={send} locale={locale} />;
}

type Send = ReturnType<typeof useMachine<typeof topUpMachine>>[1];

function TopUpForm({ snapshot, send, locale }: { snapshot: TopUpSnapshot; send: Send; locale: Locale }) {
  const { t } = useLingui();
  const name = useId();
  const cardLabel = useCardLabel();
  const { amount, cards, cardId, config, topUp } = snapshot.context;
  const [text, setText] = useState(() => (amount !== null ? (amount / 100).toFixed(2) : ''));
  const [touched, setTouched] = useState(false);
  const [newCard, setNewCard] = useState(cards.length === 0);
  const charging = selectCharging(snapshot);
  const adding = selectAddingCard(snapshot);
  const cardFailure = selectCardFailure(snapshot);
  const canTopUp = selectCanTopUp(snapshot);
  const chosen = selectChosenCard(snapshot);
  const view = selectTopUpView(snapshot);
  const min = formatCents(TOP_UP_MIN_CENTS, locale);
  const max = formatCents(TOP_UP_MAX_CENTS, locale);
  const amountError = touched && !isTopUpAmount(amount) ? t`Enter an amount from ${min} to ${max}.` : null;
  const setAmount = (cents: number | null, shown: string) => {
    setText(shown);
    send({ type: 'amount.changed', amount: cents });
  };
  const total = amount !== null && isTopUpAmount(amount) ? formatCents(amount, locale) : null;
  return (
    <form
      noValidate
      aria-label={t`Top up your wallet`}
      className={column}
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        send({ type: 'topUp.submitted' });
      }}
    >
      <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '2', minWidth: 0 })}>
        <legend className={css({ fontWeight: 'semibold', fontSize: 'sm', marginBlockEnd: '2' })}>
          <Trans>Amount</Trans>
        </legend>
        <div className={presetRow}>
          {TOP_UP_PRESETS_CENTS.map((cents) => (
            <Button
              key={cents}
              type="button"
              variant={amount === cents ? 'solid' : 'outline'}
              aria-pressed={amount === cents}
              disabled={charging}
              onClick={() => setAmount(cents, (cents / 100).toFixed(2))}
            >
              <span dir="ltr">{formatCents(cents, locale)}</span>
            </Button>
          ))}
        </div>
        <TextField
          label={<Trans>Other amount (US dollars)</Trans>}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          value={text}
          disabled={charging}
          onChange={(e) => setAmount(parseDollars(e.target.value), e.target.value)}
          onBlur={() => setTouched(true)}
          error={amountError}
          helperText={
            <Trans>
              From {min} to {max} per top-up.
            </Trans>
          }
        />
      </fieldset>
      <fieldset className={css({ display: 'flex', flexDirection: 'column', gap: '2', minWidth: 0 })}>
        <legend className={css({ fontWeight: 'semibold', fontSize: 'sm', marginBlockEnd: '2' })}>
          <Trans>Card</Trans>
        </legend>
        {cards.map((card) => (
          <MethodOption
            key={card.id}
            name={name}
            value={card.id}
            checked={!newCard && card.id === cardId}
            disabled={charging}
            onSelect={() => {
              setNewCard(false);
              send({ type: 'card.selected', cardId: card.id });
            }}
            icon={<CardIcon size={18} />}
            label={cardLabel(card)}
          />
        ))}
        <MethodOption
          name={name}
          value="newCard"
          checked={newCard}
          disabled={charging}
          onSelect={() => setNewCard(true)}
          icon={<CardIcon size={18} />}
          label={<Trans>New card</Trans>}
        />
      </fieldset>
      {newCard && config ? (
        <CardEntry
          config={config}
          busy={adding}
          onSubmit={(token) => {
            setNewCard(false);
            send({ type: 'card.submitted', token });
          }}
          error={cardFailure ? { title: t(failureTitles.card), reason: cardFailure.message } : null}
        />
      ) : null}
      {!newCard && cardFailure ? <FormAlert title={t(failureTitles.card)}>{cardFailure.message}</FormAlert> : null}
      {!newCard ? (
        <Button type="submit" size="lg" fullWidth loading={charging} disabled={!canTopUp && !charging}>
          {charging ? (
            <Trans>Charging your card…</Trans>
          ) : total ? (
            <Trans>Top up {total}</Trans>
          ) : (
            <Trans>Top up</Trans>
          )}
        </Button>
      ) : null}
      <ThreeDSecureDialog
        open={view === 'authenticating' && topUp !== null}
        busy={selectVerifying(snapshot)}
        amount={total ?? ''}
        cardLabel={chosen ? cardLabel(chosen) : null}
        onComplete={() => send({ type: 'authentication.submitted', result: 'succeed' })}
        onFail={() => send({ type: 'authentication.submitted', result: 'fail' })}
        onCancel={() => send({ type: 'authentication.cancelled' })}
      />
    </form>
  );
}
