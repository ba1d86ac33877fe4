import { useLingui } from '@lingui/react/macro';
import { brandName } from '@/lib/payment-format';

/** Returns a function naming a card: "Visa ending in 4242" (translated; the brand is not). */
export function useCardLabel() {
  const { t } = useLingui();
  return (card: { brand: string; last4: string }) => {
    const brand = brandName(card.brand);
    const last4 = card.last4;
    return t`${brand} ending in ${last4}`;
  };
}
