import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/alert';
import type { GatewayConfig, TestCard } from '@machines/checkout.machine';
import { brandName } from '@/lib/payment-format';

const muted = css({ fontSize: 'xs', color: 'fg.muted' });

/** What a sandbox test card does when charged (its label under the card). */
function OutcomeText({ outcome }: { outcome: TestCard['outcome'] }) {
  if (outcome === 'succeeds') return <Trans>payment succeeds</Trans>;
  if (outcome === 'declined') return <Trans>card is declined</Trans>;
  if (outcome === 'insufficient_funds') return <Trans>declined for insufficient funds</Trans>;
  return <Trans>asks for 3-D Secure</Trans>;
}

export interface CardEntryProps {
  config: GatewayConfig;
  /** Called with the gateway token (sandbox `tok_…`; Stripe a `pm_…` id) to POST /payments/cards. */
  onSubmit: (token: string) => void;
  /** A card is being added: the controls are disabled and the button shows a spinner. */
  busy?: boolean;
  /** Why the last card was refused, already translated (title + reason). */
  error?: { title: ReactNode; reason?: ReactNode } | null;
  /** The submit button's label; default "Add card". */
  submitLabel?: ReactNode;
}

/**
 * Card entry: the one place where a card's details are turned into a gateway token.
 *
 * - `gateway: 'sandbox'` (the embedded default): the learner picks one of the sandbox's test
 *   cards (`GET /payments/config` → testCards: tok_visa succeeds, tok_chargeDeclined is declined,
 *   tok_chargeDeclinedInsufficientFunds fails for funds, tok_threeDSecure2Required asks for 3-D
 *   Secure) and its token is submitted.
 * - `gateway: 'stripe'`: `StripeCardElement` below is the boundary where Stripe Elements mounts.
 *   Not available offline, so it only says so.
 */
export function CardEntry(props: CardEntryProps) {
  if (props.config.gateway === 'stripe') return <StripeCardElement {...props} />;
  return <SandboxCardEntry {...props} />;
}

function SandboxCardEntry({ config, onSubmit, busy = false, error, submitLabel }: CardEntryProps) {
  const { t } = useLingui();
  const id = useId();
  const cards = config.testCards;
  const [token, setToken] = useState<string>(cards[0]?.token ?? '');
  if (cards.length === 0) {
    return (
      <FormAlert tone="warning" title={<Trans>No test cards are available</Trans>}>
        <Trans>The payment sandbox offers no test card right now.</Trans>
      </FormAlert>
    );
  }
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <fieldset disabled={busy} className={css({ display: 'flex', flexDirection: 'column', gap: '2', minWidth: 0 })}>
        <legend className={css({ fontSize: 'sm', fontWeight: 'semibold', marginBlockEnd: '1' })}>
          <Trans>Choose a test card</Trans>
        </legend>
        {cards.map((card) => {
          const inputId = `${id}-${card.token}`;
          const brand = brandName(card.brand);
          const last4 = card.last4;
          return (
            <label
              key={card.token}
              htmlFor={inputId}
              className={cx(
                css({
                  display: 'flex',
                  alignItems: 'flex-start',
                  gap: '2.5',
                  paddingInline: '3',
                  paddingBlock: '2',
                  borderRadius: 'lg',
                  borderWidth: '1px',
                  borderColor: 'border.default',
                  cursor: 'pointer',
                  fontSize: 'sm',
                  _hover: { borderColor: 'border.strong' },
                  '&:has(input:checked)': { borderColor: 'primary.strong', bg: 'primary.subtle' },
                }),
              )}
            >
              <input
                id={inputId}
                type="radio"
                name={`${id}-test-card`}
                value={card.token}
                checked={token === card.token}
                onChange={() => setToken(card.token)}
                className={css({ marginBlockStart: '1', accentColor: 'primary.strong' })}
              />
              <span className={css({ display: 'flex', flexDirection: 'column' })}>
                <span className={css({ fontWeight: 'medium' })}>
                  <Trans>
                    {brand} ending in {last4}
                  </Trans>
                </span>
                <span className={muted}>
                  <OutcomeText outcome={card.outcome} /> · <span dir="ltr">{card.token}</span>
                </span>
              </span>
            </label>
          );
        })}
      </fieldset>
      <p className={muted}>
        <Trans>Sandbox mode: these are test cards, no real money moves.</Trans>
      </p>
      {error ? <FormAlert title={error.title}>{error.reason}</FormAlert> : null}
      <Button variant="outline" onClick={() => token && onSubmit(token)} loading={busy} disabled={!token}>
        {submitLabel ?? <Trans>Add card</Trans>}
      </Button>
      <span className={css({ srOnly: true })} aria-live="polite">
        {busy ? t`Adding the card…` : ''}
      </span>
    </div>
  );
}

/**
 * Boundary for Stripe Elements (gateway `stripe`). To enable it: load `@stripe/stripe-js` with
 * `config.publishableKey`, mount a Payment/Card Element inside this component, and on submit call
 * `stripe.createPaymentMethod({ elements })` and pass the resulting `pm_…` id to `onSubmit`
 * (`POST /payments/cards` accepts `pm_…` as `source`). 3-D Secure then runs in Stripe.js
 * (`stripe.handleNextAction`) instead of the sandbox dialog. Offline there is no Stripe.js, so the
 * component explains that cards cannot be added here.
 */
export function StripeCardElement(_props: CardEntryProps) {
  return (
    <FormAlert tone="info" title={<Trans>Card entry is not available</Trans>}>
      <Trans>
        Cards are entered with Stripe, which cannot be reached from this installation. Use your wallet or a saved card.
      </Trans>
    </FormAlert>
  );
}
