import type { PaymentLink } from '@/lib/payment-links';
import { BankIcon, BookIcon, CardIcon, PinIcon, ShieldIcon, UsersIcon, WalletIcon } from '@/components/ui/icons';

/** The icon of a `paymentLinks(role)` entry (decorative). */
export function PaymentLinkIcon({ icon, size = 16 }: { icon: PaymentLink['icon']; size?: number }) {
  if (icon === 'profile') return <UsersIcon size={size} />;
  if (icon === 'password') return <ShieldIcon size={size} />;
  if (icon === 'wallet') return <WalletIcon size={size} />;
  if (icon === 'card') return <CardIcon size={size} />;
  if (icon === 'bank') return <BankIcon size={size} />;
  if (icon === 'goal') return <BookIcon size={size} />;
  return <PinIcon size={size} />;
}
