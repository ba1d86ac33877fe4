import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { css, cx } from 'styled-system/css';
import { gridList } from '@/components/ui/layout-styles';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { formatLongDate } from '@/components/ui/format';
import { FormAlert, useErrorReason } from '@/components/ui/alert';
import { formatCents, formatInstant } from '@/lib/payment-format';
import type { Settled } from '@/lib/load';
import { CardIcon, ReceiptIcon, WalletIcon } from '@/components/ui/icons';
import type { components } from '@contract/schema';
import { currentLocale, isLocale } from '@/lib/i18n';

type Enrollment = components['schemas']['Enrollment'];
type Wallet = components['schemas']['Wallet'];

/** How a session was paid: from the wallet, by card, or not known (the wallet could not be read). */
export type PaidWith = 'wallet' | 'card' | 'unknown';

export interface Receipt {
  enrollment: Enrollment;
  /** Integer cents. */
  amount: number;
  /** ISO instant of the payment (the enrollment it created). */
  paidAt: string;
  paidWith: PaidWith;
}

/**
 * The receipts of paid enrollments, newest first. How each was paid comes from the wallet ledger:
 * a PAYMENT entry for the session means the wallet; none means a card, unless the wallet could not
 * be read or its list (the 50 newest entries) may not reach back to that payment ('unknown').
 */
export function receiptsOf(enrollments: Enrollment[], wallet: Settled<Wallet>): Receipt[] {
  const paid = enrollments.filter((e) => e.paidAmount > 0);
  const walletSessions = new Set(
    wallet.ok
      ? wallet.data.entries.filter((e) => e.reason === 'PAYMENT' && e.sessionId !== null).map((e) => e.sessionId)
      : [],
  );
  const oldestEntry = wallet.ok && wallet.data.entries.length >= 50 ? wallet.data.entries.at(-1)!.createdAt : null;
  return paid
    .map((enrollment): Receipt => {
      let paidWith: PaidWith = 'unknown';
      if (wallet.ok) {
        if (walletSessions.has(enrollment.sessionId)) paidWith = 'wallet';
        else if (oldestEntry === null || enrollment.enrolledAt >= oldestEntry) paidWith = 'card';
      }
      return { enrollment, amount: enrollment.paidAmount, paidAt: enrollment.enrolledAt, paidWith };
    })
    .sort((a, b) => b.paidAt.localeCompare(a.paidAt));
}

function PaidWithText({ paidWith }: { paidWith: PaidWith }) {
  if (paidWith === 'wallet') {
    return (
      <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' })}>
        <WalletIcon size={16} />
        <Trans>Wallet</Trans>
      </span>
    );
  }
  if (paidWith === 'card') {
    return (
      <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '1.5' })}>
        <CardIcon size={16} />
        <Trans>Card</Trans>
      </span>
    );
  }
  return <Trans>Not available</Trans>;
}

const term = css({ fontSize: 'xs', color: 'fg.muted' });
const value = css({ fontSize: 'sm', fontWeight: 'medium' });

/**
 * My courses' receipts: for each paid enrollment what was paid (course, session dates, amount
 * including the platform fee), when, and how (wallet or card). Nothing paid → the section says so.
 * When the wallet could not be read, the method shows "Not available" with the reason.
 */
export function Receipts({ enrollments, wallet }: { enrollments: Enrollment[]; wallet: Settled<Wallet> }) {
  const { i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : currentLocale();
  const reason = useErrorReason();
  const receipts = useMemo(() => receiptsOf(enrollments, wallet), [enrollments, wallet]);

  return (
    <section
      aria-labelledby="receipts"
      className={css({
        display: 'flex',
        flexDirection: 'column',
        gap: '4',
        marginBlockStart: { base: '10', tablet: '14' },
      })}
    >
      <h2
        id="receipts"
        className={css({
          fontSize: { base: 'xl', tablet: '2xl' },
          fontWeight: 'bold',
          display: 'flex',
          alignItems: 'center',
          gap: '2',
        })}
      >
        <ReceiptIcon size={22} className={css({ color: 'primary.strong' })} />
        <Trans>Receipts</Trans>
      </h2>
      {!wallet.ok && receipts.length > 0 ? (
        <FormAlert tone="warning" title={<Trans>How you paid could not be loaded</Trans>}>
          {reason(wallet.error)}
        </FormAlert>
      ) : null}
      {receipts.length === 0 ? (
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>
          <Trans>No payments yet: receipts of the sessions you pay for appear here.</Trans>
        </p>
      ) : (
        <ul
          className={cx(
            gridList,
            css({ gap: '3', gridTemplateColumns: { base: '1fr', desktop: 'repeat(2, minmax(0, 1fr))' } }),
          )}
        >
          {receipts.map((r) => {
            const { session, course } = r.enrollment;
            const start = formatLongDate(session.startDate, locale);
            const end = formatLongDate(session.endDate, locale);
            return (
              <li key={r.enrollment.id}>
                <Card
                  as="article"
                  aria-labelledby={`receipt-${r.enrollment.id}`}
                  className={css({ padding: '4', display: 'flex', flexDirection: 'column', gap: '3', height: 'full' })}
                >
                  <div
                    className={css({
                      display: 'flex',
                      justifyContent: 'space-between',
                      alignItems: 'flex-start',
                      gap: '3',
                    })}
                  >
                    <div className={css({ display: 'flex', flexDirection: 'column', gap: '0.5', minWidth: 0 })}>
                      <h3 id={`receipt-${r.enrollment.id}`} className={css({ fontWeight: 'semibold' })}>
                        <Link
                          to="/sessions/$sessionId"
                          params={{ sessionId: session.id }}
                          className={css({ _hover: { textDecoration: 'underline' } })}
                        >
                          {course.title}
                        </Link>
                      </h3>
                      <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                        <Trans>
                          Session {start} to {end}
                        </Trans>
                      </p>
                    </div>
                    {r.enrollment.status === 'CANCELLED' ? (
                      <Badge tone="red">
                        <Trans>Cancelled</Trans>
                      </Badge>
                    ) : (
                      <Badge tone="green">
                        <Trans>Paid</Trans>
                      </Badge>
                    )}
                  </div>
                  <dl className={css({ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: '3' })}>
                    <div>
                      <dt className={term}>
                        <Trans>Amount</Trans>
                      </dt>
                      <dd className={value}>{formatCents(r.amount, locale)}</dd>
                    </div>
                    <div>
                      <dt className={term}>
                        <Trans>Paid on</Trans>
                      </dt>
                      <dd className={value}>
                        <time dateTime={r.paidAt}>{formatInstant(r.paidAt, locale)}</time>
                      </dd>
                    </div>
                    <div>
                      <dt className={term}>
                        <Trans>Paid with</Trans>
                      </dt>
                      <dd className={value}>
                        <PaidWithText paidWith={r.paidWith} />
                      </dd>
                    </div>
                  </dl>
                  <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>
                    <Trans>The amount includes the platform fee.</Trans>
                  </p>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
