import type { PaymentLink } from '@/lib/payment-links';
import { BankIcon, CardIcon, PinIcon, WalletIcon } from '@/components/ui/icons';

/** The icon of a `paymentLinks(role)` entry (decorative). */
export function PaymentLinkIcon({ icon, size = 16 }: { icon: PaymentLink['icon']; size?: number }) {
  if (icon === 'wallet') return <WalletIcon size={size} />;
  if (icon === 'card') return <CardIcon size={size} />;
  if (icon === 'bank') return <BankIcon size={size} />;
  return <PinIcon size={size} />;
}
