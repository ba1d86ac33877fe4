import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import { css, cx } from 'styled-system/css';
import { Link } from '@tanstack/react-router';
import { topUpFor } from '@contract/top-up';
import { Button, buttonStyles } from '@/components/ui/button';
import { formatDollars, formatMoney } from '@/components/ui/format';
import { Price } from '@/components/ui/price';
import { FormAlert } from '@/components/ui/alert';
import { type Locale } from '@/lib/i18n';
import type { CheckoutFailure, CheckoutMethod, CodeError, SavedCard } from '@machines/checkout.machine';
import { CardEntry } from './card-entry';
import { DiscountCodeField } from './discount-code-field';
import {
  type CheckoutActor,
  type CheckoutSnapshot,
  selectAddingCard,
  selectBusy,
  selectCanPay,
  selectFreeWithCode,
  selectHeldUntil,
  selectPaying,
  selectWalletShortfall,
} from '@machines/checkout.selectors';
import { checkoutFailureTitle, discountRefusalMessage } from './payment-messages';
import { cardExpiry, formatCents, formatClock } from '@/lib/payment-format';
import { CardIcon, WalletIcon } from '@/components/ui/icons';
import { useCardLabel } from './use-card-label';

export const column = css({ display: 'flex', flexDirection: 'column', gap: '3' });

export const muted = css({ fontSize: 'sm', color: 'fg.muted' });

function Row({ label, children, strong = false }: { label: ReactNode; children: ReactNode; strong?: boolean }) {
  return (
    <div
      className={cx(
        css({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: '3', fontSize: 'sm' }),
        strong
          ? css({
              paddingBlockStart: '2',
              borderBlockStartWidth: '1px',
              borderColor: 'border.default',
              fontWeight: 'bold',
            })
          : undefined,
      )}
    >
      <dt className={strong ? undefined : css({ color: 'fg.muted' })}>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** True when two texts say the same (case, spaces and final punctuation aside): "Your card was declined" ≈ "Your card was declined.". */
export function sameText(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .trim()
      .toLowerCase()
      .replace(/[.!\s]+$/u, '');
  return norm(a) === norm(b);
}

/** The reason under a failure's headline: the server's message (unless it repeats the headline), or what "no answer" means. */
export function FailureReason({ error, codeError }: { error: CheckoutFailure; codeError?: CodeError | null }) {
  const { t } = useLingui();
  // A refused discount code: its reason in the learner's language (the server's message is English).
  if (error.code === 'checkout.codeRefused' && codeError)
    return (
      <>
        {t(discountRefusalMessage(codeError.reason))}{' '}
        <Trans>The code was removed and the full price applies again.</Trans>
      </>
    );
  if (error.message) return sameText(error.message, t(checkoutFailureTitle(error))) ? null : <>{error.message}</>;
  if (error.status === 0 || error.status === undefined) {
    return <Trans>We could not reach the server. Check your connection and try again.</Trans>;
  }
  return null;
}

export function MethodOption({
  name,
  value,
  checked,
  onSelect,
  icon,
  label,
  hint,
  disabled = false,
}: {
  name: string;
  value: string;
  checked: boolean;
  onSelect: () => void;
  icon: ReactNode;
  label: ReactNode;
  hint?: ReactNode;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div
      className={css({
        position: 'relative',
        display: 'flex',
        alignItems: 'flex-start',
        gap: '2.5',
        paddingInline: '3',
        paddingBlock: '2.5',
        borderRadius: 'lg',
        borderWidth: '1px',
        borderColor: 'border.default',
        bg: 'bg.surface',
        '&:has(input:checked)': { borderColor: 'primary.strong', bg: 'primary.subtle' },
        '&:has(input:focus-visible)': { outline: '3px solid {colors.primary.strong}', outlineOffset: '1px' },
      })}
    >
      <input
        id={id}
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onSelect}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={css({
          marginBlockStart: '1',
          accentColor: 'primary.strong',
          flexShrink: 0,
          position: 'relative',
          zIndex: 1,
        })}
      />
      <span aria-hidden className={css({ color: 'fg.muted', flexShrink: 0, marginBlockStart: '0.5' })}>
        {icon}
      </span>
      <span className={css({ display: 'flex', flexDirection: 'column', minWidth: 0 })}>
        {/* The label covers the whole option (a larger target). */}
        <label
          htmlFor={id}
          className={css({
            fontSize: 'sm',
            fontWeight: 'medium',
            cursor: 'pointer',
            _after: { content: '""', position: 'absolute', inset: 0 },
          })}
        >
          {label}
        </label>
        {hint ? (
          <span id={`${id}-hint`} className={css({ fontSize: 'xs', color: 'fg.muted' })}>
            {hint}
          </span>
        ) : null}
      </span>
    </div>
  );
}

function CardHint({ card }: { card: SavedCard }) {
  const expiry = cardExpiry(card.expMonth, card.expYear);
  return card.isDefault ? <Trans>Expires {expiry} · Default</Trans> : <Trans>Expires {expiry}</Trans>;
}

/** The method choice, the new-card entry, the seat hold and the Pay button. */
export function Choosing({
  snapshot,
  actor,
  locale,
}: {
  snapshot: CheckoutSnapshot;
  actor: CheckoutActor;
  locale: Locale;
}) {
  const { t } = useLingui();
  const cardLabel = useCardLabel();
  const { quote, cards, wallet, config, method, cardError, discount } = snapshot.context;
  const free = selectFreeWithCode(snapshot);
  const name = useId();
  const busy = selectBusy(snapshot);
  const paying = selectPaying(snapshot);
  const adding = selectAddingCard(snapshot);
  const canPay = selectCanPay(snapshot);
  const shortfall = selectWalletShortfall(snapshot);
  const heldUntil = selectHeldUntil(snapshot);
  if (!quote || !wallet || !config || !method) return null;
  const total = formatDollars(quote.total, locale) ?? t`Free`;
  const select = (m: CheckoutMethod) => actor.send({ type: 'method.selected', method: m });
  const walletShort = shortfall !== null && shortfall < 0;
  const missing = walletShort ? (formatDollars(-shortfall, locale) ?? '') : '';
  // The top-up proposed: the shortfall, raised to the smallest top-up (docs/decisions.md).
  const topUpCents = walletShort ? topUpFor(-Math.round(shortfall * 100)) : 0;
  const topUpLabel = formatCents(topUpCents, locale);
  const balance = formatMoney(wallet.balance, locale);
  const heldTime = heldUntil ? formatClock(heldUntil, locale) : null;

  return (
    <div className={column}>
      <dl className={css({ display: 'flex', flexDirection: 'column', gap: '2' })}>
        {discount ? (
          <>
            <Row label={<Trans>Session price</Trans>}>
              <Price value={discount.listPrice} size="sm" />
            </Row>
            <Row label={<Trans>Discount ({discount.code})</Trans>}>
              <span dir="ltr">−{formatDollars(discount.discount, locale) ?? ''}</span>
            </Row>
            <Row label={<Trans>Price after discount</Trans>}>
              <Price value={quote.price} size="sm" />
            </Row>
          </>
        ) : (
          <Row label={<Trans>Session price</Trans>}>
            <Price value={quote.price} size="sm" />
          </Row>
        )}
        <Row label={<Trans>Platform fee</Trans>}>
          <Price value={quote.fee} size="sm" />
        </Row>
        <Row label={<Trans>Total</Trans>} strong>
          <Price value={quote.total} size="sm" />
        </Row>
      </dl>

      <DiscountCodeField snapshot={snapshot} actor={actor} />

      {free ? (
        <p className={muted}>
          <Trans>Your code covers the whole price: no payment is needed.</Trans>
        </p>
      ) : (
        <fieldset disabled={busy} className={css({ display: 'flex', flexDirection: 'column', gap: '2', minWidth: 0 })}>
          <legend className={css({ fontSize: 'sm', fontWeight: 'semibold', marginBlockEnd: '2' })}>
            <Trans>Payment method</Trans>
          </legend>
          {cards.map((card) => (
            <MethodOption
              key={card.id}
              name={name}
              value={card.id}
              checked={method.kind === 'card' && method.cardId === card.id}
              onSelect={() => select({ kind: 'card', cardId: card.id })}
              icon={<CardIcon size={18} />}
              label={cardLabel(card)}
              hint={<CardHint card={card} />}
            />
          ))}
          <MethodOption
            name={name}
            value="wallet"
            checked={method.kind === 'wallet'}
            onSelect={() => select({ kind: 'wallet' })}
            icon={<WalletIcon size={18} />}
            label={<Trans>Wallet</Trans>}
            hint={<Trans>Balance {balance}</Trans>}
          />
          <MethodOption
            name={name}
            value="newCard"
            checked={method.kind === 'newCard'}
            onSelect={() => select({ kind: 'newCard' })}
            icon={<CardIcon size={18} />}
            label={<Trans>New card</Trans>}
          />
        </fieldset>
      )}

      {method.kind === 'newCard' && !free ? (
        <CardEntry
          config={config}
          busy={adding}
          onSubmit={(token) => actor.send({ type: 'card.submitted', token })}
          error={
            cardError
              ? { title: t(checkoutFailureTitle(cardError)), reason: <FailureReason error={cardError} /> }
              : null
          }
        />
      ) : null}

      {method.kind === 'wallet' && walletShort && !free ? (
        <FormAlert tone="warning" title={<Trans>Your wallet balance is too low</Trans>}>
          <Trans>You need {missing} more to pay for this session.</Trans>
          <Link
            to="/account/wallet"
            search={{ topUp: topUpCents, session: snapshot.context.sessionId }}
            className={cx(
              buttonStyles({ size: 'sm', variant: 'outline' }),
              css({ display: 'flex', width: 'fit-content', marginBlockStart: '2' }),
            )}
          >
            <Trans>Top up {topUpLabel}</Trans>
          </Link>
        </FormAlert>
      ) : null}

      {heldTime ? (
        <p className={muted}>
          <Trans>Your seat is held for you until {heldTime}.</Trans>
        </p>
      ) : null}

      {method.kind !== 'newCard' || free ? (
        <Button
          size="lg"
          fullWidth
          disabled={!canPay && !paying}
          loading={paying}
          onClick={() => actor.send({ type: 'payment.submitted' })}
        >
          {paying ? (
            <Trans>Paying…</Trans>
          ) : free ? (
            <Trans>Enroll for free</Trans>
          ) : method.kind === 'wallet' ? (
            <Trans>Pay {total} from wallet</Trans>
          ) : (
            <Trans>Pay {total} by card</Trans>
          )}
        </Button>
      ) : null}
      <Button variant="ghost" fullWidth disabled={busy} onClick={() => actor.send({ type: 'checkout.cancelled' })}>
        <Trans>Cancel</Trans>
      </Button>
    </div>
  );
}
