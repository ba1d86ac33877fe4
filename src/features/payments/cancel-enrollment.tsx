import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { css } from 'styled-system/css';
import { FormAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { AppDialog } from '@/components/ui/dialog';
import { formatLongDate } from '@/components/ui/format';
import { Spinner } from '@/components/ui/spinner';
import { toaster } from '@/components/ui/toast';
import type { Api } from '@/lib/api/client';
import { currentLocale, isLocale } from '@/lib/i18n';
import { later } from '@/lib/later';
import { brandName, formatCents } from '@/lib/payment-format';
import { createCancelEnrollmentActors } from '@machines/cancel-enrollment.actors';
import { cancelEnrollmentMachine, type RefundQuote } from '@machines/cancel-enrollment.machine';
import {
  canConfirm,
  destinationOf,
  errorOf,
  isBusy,
  isCancelling,
  isDialogOpen,
  isQuoting,
  quoteFailed,
  quoteOf,
  wasAlreadyCancelled,
} from '@machines/cancel-enrollment.selectors';
import { MethodOption } from './checkout-choosing';
import { CardIcon, WalletIcon } from '@/components/ui/icons';

const column = css({ display: 'flex', flexDirection: 'column', gap: '3' });
const muted = css({ fontSize: 'sm', color: 'fg.muted' });

/** What the policy's stage means for this quote, in the learner's words (decisions.md "Cancelling and refunds"). */
function StageText({ quote, locale }: { quote: RefundQuote; locale: 'en' | 'ar' }) {
  const until = quote.partialUntil ? formatLongDate(quote.partialUntil, locale) : '';
  const percent = quote.percent;
  const days = quote.policy.partialDays;
  if (quote.paid === 0) return <Trans>This session is free: there is nothing to refund.</Trans>;
  if (quote.stage === 'FULL')
    return <Trans>The session has not started yet: everything you paid comes back, the platform fee included.</Trans>;
  if (quote.stage === 'PARTIAL')
    return (
      <Trans>
        The session has started: {percent} % of the price comes back if you cancel by {until}. The platform fee is not
        refunded.
      </Trans>
    );
  return <Trans>The session started more than {days} days ago: nothing is refunded.</Trans>;
}

/**
 * "Cancel enrollment" on a learner's session (My courses, the session page): a confirmation dialog
 * that shows the server's quote — the amount by the one refund rule and where it goes (the wallet,
 * or the card that paid when the learner prefers) — before anything is cancelled; the cancel-enrollment
 * machine runs it. Once cancelled, a toast names the amount and the page's data reloads.
 */
export function CancelEnrollment({
  api,
  sessionId,
  courseTitle,
  size = 'sm',
}: {
  api: Api;
  sessionId: number;
  courseTitle: string;
  size?: 'sm' | 'md';
}) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : currentLocale();
  const router = useRouter();
  const machine = useMemo(() => cancelEnrollmentMachine.provide({ actors: createCancelEnrollmentActors(api) }), [api]);
  const [snapshot, send, actorRef] = useMachine(machine, { input: { sessionId } });

  useEffect(() => {
    const subscriptions = [
      actorRef.on('cancel.done', ({ refund }) => {
        const amount = formatCents(refund.amount, locale);
        const title =
          refund.amount === 0
            ? t`Your enrollment is cancelled.`
            : refund.destination === 'card'
              ? t`Your enrollment is cancelled. ${amount} goes back to your card.`
              : t`Your enrollment is cancelled. ${amount} is back in your wallet.`;
        later(() => toaster.create({ title, type: 'success' }));
        later(() => void router.invalidate());
      }),
      actorRef.on('cancel.failed', ({ error }) => {
        const description = error?.message;
        later(() =>
          toaster.create({
            title: t`Could not cancel the enrollment`,
            ...(description ? { description } : {}),
            type: 'error',
          }),
        );
      }),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actorRef, locale, router, t]);

  const quote = quoteOf(snapshot);
  const destination = destinationOf(snapshot);
  const error = errorOf(snapshot);
  const busy = isBusy(snapshot);
  const amount = quote ? formatCents(quote.amount, locale) : '';
  const close = () => {
    send({ type: 'cancel.closed' });
    if (wasAlreadyCancelled(snapshot)) void router.invalidate();
  };

  let body = null;
  let footer = null;
  if (isQuoting(snapshot)) {
    body = (
      <p role="status" className={css({ display: 'flex', alignItems: 'center', gap: '2' })}>
        <Spinner size="sm" decorative />
        <Trans>Working out your refund…</Trans>
      </p>
    );
  } else if (quoteFailed(snapshot)) {
    body = (
      <FormAlert title={<Trans>We could not work out your refund.</Trans>}>
        {error?.message ?? t`We could not reach the server. Check your connection and try again.`}
      </FormAlert>
    );
    footer = (
      <>
        <Button variant="ghost" onClick={close}>
          <Trans>Close</Trans>
        </Button>
        <Button onClick={() => send({ type: 'cancel.retried' })}>
          <Trans>Try again</Trans>
        </Button>
      </>
    );
  } else if (wasAlreadyCancelled(snapshot)) {
    body = (
      <FormAlert tone="info" title={<Trans>This enrollment is already cancelled.</Trans>}>
        {error?.message}
      </FormAlert>
    );
    footer = (
      <Button onClick={close}>
        <Trans>Close</Trans>
      </Button>
    );
  } else if (quote && (canConfirm(snapshot) || isCancelling(snapshot))) {
    const card = quote.card ? `${brandName(quote.card.brand)} ••${quote.card.last4}` : '';
    body = (
      <div className={column}>
        <p className={css({ fontSize: 'lg', fontWeight: 'bold' })} data-testid="refund-amount">
          {quote.amount > 0 ? <Trans>You get back {amount}</Trans> : <Trans>No refund</Trans>}
        </p>
        <p className={muted}>
          <StageText quote={quote} locale={locale} />
        </p>
        {quote.destinations.length > 1 ? (
          <fieldset className={column} disabled={busy}>
            <legend className={css({ fontSize: 'sm', fontWeight: 'semibold', marginBlockEnd: '2' })}>
              <Trans>Where should the refund go?</Trans>
            </legend>
            <MethodOption
              name={`refund-${sessionId}`}
              value="wallet"
              checked={destination === 'wallet'}
              onSelect={() => send({ type: 'cancel.destinationChosen', destination: 'wallet' })}
              icon={<WalletIcon size={18} />}
              label={<Trans>My Halaqa wallet</Trans>}
              hint={<Trans>At once, for your next enrollment.</Trans>}
            />
            <MethodOption
              name={`refund-${sessionId}`}
              value="card"
              checked={destination === 'card'}
              onSelect={() => send({ type: 'cancel.destinationChosen', destination: 'card' })}
              icon={<CardIcon size={18} />}
              label={<Trans>The card that paid, {card}</Trans>}
              hint={<Trans>Your bank shows it within a few days.</Trans>}
            />
          </fieldset>
        ) : quote.amount > 0 ? (
          <p className={muted}>
            <Trans>It goes to your Halaqa wallet at once.</Trans>
          </p>
        ) : null}
        <p className={muted}>
          <Trans>Your seat goes to someone else and you leave the classroom.</Trans>
        </p>
        {error ? (
          <FormAlert title={<Trans>Could not cancel the enrollment</Trans>}>
            {error.message ?? t`We could not reach the server. Check your connection and try again.`}
          </FormAlert>
        ) : null}
      </div>
    );
    footer = (
      <>
        <Button variant="ghost" disabled={busy} onClick={close}>
          <Trans>Keep my seat</Trans>
        </Button>
        <Button variant="danger" loading={isCancelling(snapshot)} onClick={() => send({ type: 'cancel.confirmed' })}>
          {quote.amount > 0 ? (
            destination === 'card' ? (
              <Trans>Cancel and refund {amount} to my card</Trans>
            ) : (
              <Trans>Cancel and refund {amount} to my wallet</Trans>
            )
          ) : (
            <Trans>Cancel my enrollment</Trans>
          )}
        </Button>
      </>
    );
  }

  return (
    <>
      <Button variant="ghost" size={size} onClick={() => send({ type: 'cancel.opened' })}>
        <Trans>Cancel enrollment</Trans>
        <span className={css({ srOnly: true })}>: {courseTitle}</span>
      </Button>
      <AppDialog
        open={isDialogOpen(snapshot)}
        onClose={close}
        busy={busy}
        role="alertdialog"
        size="sm"
        layout="compact"
        closeButton={false}
        closeOnOutsideClick={false}
        title={
          <Trans>
            Cancel your enrollment in <bdi>{courseTitle}</bdi>?
          </Trans>
        }
        footer={
          footer ? (
            <div className={css({ display: 'flex', gap: '3', justifyContent: 'flex-end', flexWrap: 'wrap' })}>
              {footer}
            </div>
          ) : undefined
        }
      >
        {body}
      </AppDialog>
    </>
  );
}
