import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { css, cx } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { formatDollars } from '@/components/ui/format';
import { Price } from '@/components/ui/price';
import { Spinner } from '@/components/ui/spinner';
import { toaster } from '@/components/ui/toast';
import { FormAlert } from '@/components/ui/alert';
import { later } from '@/lib/later';
import { currentLocale, isLocale } from '@/lib/i18n';
import {
  type CheckoutActor,
  isUnknownOutcome,
  selectCanChangeMethod,
  selectCheckoutView,
  selectChosenCard,
  selectVerifying,
} from '@machines/checkout.selectors';
import { checkoutFailureTitle, discountRefusalMessage, enrollmentFailed, systemError } from './payment-messages';
import { ThreeDSecureDialog } from './three-d-secure-dialog';
import { useCardLabel } from './use-card-label';
import { column, muted, sameText, FailureReason, Choosing } from './checkout-choosing';

/**
 * The checkout of a paid session (the checkout machine, child of the enrollment machine): fee
 * breakdown, method choice (saved cards, wallet, new card through `CardEntry`), payment progress,
 * the 3-D Secure dialog, failures with their reason and "Try again" / "Use another payment
 * method" / "Cancel". Double clicks are harmless: the machine accepts one submit per attempt and
 * the button is disabled while paying. Toasts (product.md#messages) are raised here, on state changes.
 */
export function CheckoutPanel({ actor, price }: { actor: CheckoutActor; price: number }) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : currentLocale();
  const snapshot = useSelector(actor, (s) => s);
  const view = selectCheckoutView(snapshot);
  const { error, quote, intent } = snapshot.context;
  const chosen = selectChosenCard(snapshot);
  const cardLabel = useCardLabel();
  const chosenLabel = chosen ? cardLabel(chosen) : null;

  // Toasts (product.md#messages) from the checkout's emitted failures: a failed load, a failed payment.
  useEffect(() => {
    const subscriptions = [
      actor.on('checkout.loadFailed', ({ error: failure }) => {
        if (!failure) return;
        const title = t(systemError);
        const reason = failure.message;
        later(() => toaster.create({ title, ...(reason ? { description: reason } : {}), type: 'error' }));
      }),
      actor.on('checkout.failed', ({ error: failure }) => {
        if (!failure) return;
        const title = t(enrollmentFailed);
        const headline = t(checkoutFailureTitle(failure));
        const codeError = failure.code === 'checkout.codeRefused' ? actor.getSnapshot().context.codeError : null;
        const reason = codeError ? t(discountRefusalMessage(codeError.reason)) : failure.message;
        const description = reason && !sameText(reason, headline) ? `${headline}: ${reason}` : headline;
        later(() => toaster.create({ title, description, type: 'error' }));
      }),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actor, t]);

  if (view === 'preparing' || view === 'closing' || view === 'done') {
    return (
      <div className={column}>
        <Price value={price} size="lg" />
        <p role="status" className={cx(muted, css({ display: 'flex', alignItems: 'center', gap: '2' }))}>
          <Spinner size="sm" decorative />
          {view === 'closing' ? <Trans>Releasing your seat…</Trans> : <Trans>Preparing your payment…</Trans>}
        </p>
      </div>
    );
  }

  if (view === 'loadFailed' && error) {
    return (
      <div className={column}>
        <Price value={price} size="lg" />
        <FormAlert title={t(checkoutFailureTitle(error))}>
          <FailureReason error={error} />
        </FormAlert>
        <Button size="lg" fullWidth onClick={() => actor.send({ type: 'checkout.retried' })}>
          <Trans>Try again</Trans>
        </Button>
        <Button variant="ghost" fullWidth onClick={() => actor.send({ type: 'checkout.cancelled' })}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    );
  }

  if (view === 'failed' && error) {
    const { codeError } = snapshot.context;
    const canChange = selectCanChangeMethod(snapshot);
    return (
      <div className={column}>
        {quote ? <Price value={quote.total} size="lg" /> : <Price value={price} size="lg" />}
        <FormAlert title={t(checkoutFailureTitle(error))}>
          <FailureReason error={error} codeError={codeError} />
          {chosenLabel && error.step === 'declined' ? (
            <p className={css({ marginBlockStart: '1' })}>
              <Trans>Card: {chosenLabel}</Trans>
            </p>
          ) : null}
        </FormAlert>
        <p className={muted}>
          {isUnknownOutcome(error) ? (
            <Trans>
              We do not know yet whether this payment went through. Trying again is safe: you will not be charged twice.
            </Trans>
          ) : (
            <Trans>You have not been enrolled, and nothing was charged for this attempt.</Trans>
          )}
        </p>
        <Button size="lg" fullWidth onClick={() => actor.send({ type: 'checkout.retried' })}>
          <Trans>Try again</Trans>
        </Button>
        {canChange ? (
          <Button variant="outline" fullWidth onClick={() => actor.send({ type: 'method.changed' })}>
            <Trans>Use another payment method</Trans>
          </Button>
        ) : null}
        <Button variant="ghost" fullWidth onClick={() => actor.send({ type: 'checkout.cancelled' })}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    );
  }

  const authenticating = view === 'authenticating';
  const verifying = selectVerifying(snapshot);
  const total = quote ? (formatDollars(quote.total, locale) ?? '') : (formatDollars(price, locale) ?? '');
  return (
    <>
      <Choosing snapshot={snapshot} actor={actor} locale={locale} />
      {view === 'paying' || authenticating ? (
        <p role="status" className={cx(muted, css({ display: 'flex', alignItems: 'center', gap: '2' }))}>
          <Spinner size="sm" decorative />
          {authenticating ? (
            <Trans>Waiting for your bank's confirmation…</Trans>
          ) : (
            <Trans>Processing your payment…</Trans>
          )}
        </p>
      ) : null}
      <ThreeDSecureDialog
        open={authenticating && intent !== null}
        busy={verifying}
        amount={total}
        cardLabel={chosenLabel}
        onComplete={() => actor.send({ type: 'authentication.submitted', result: 'succeed' })}
        onFail={() => actor.send({ type: 'authentication.submitted', result: 'fail' })}
        onCancel={() => actor.send({ type: 'checkout.cancelled' })}
      />
    </>
  );
}
