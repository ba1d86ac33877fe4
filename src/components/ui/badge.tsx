import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { cva, cx } from 'styled-system/css';

/** Colours of a badge. Status colours follow product.md#states. */
export type BadgeTone = 'green' | 'yellow' | 'red' | 'gray' | 'blue';

export const badgeStyles = cva({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    paddingInline: '2.5',
    paddingBlock: '0.5',
    borderRadius: 'full',
    fontSize: 'xs',
    fontWeight: 'semibold',
    lineHeight: '1.5',
    borderWidth: '1px',
    whiteSpace: 'nowrap',
  },
  variants: {
    tone: {
      green: { bg: 'status.green.bg', color: 'status.green.fg', borderColor: 'status.green.border' },
      yellow: { bg: 'status.yellow.bg', color: 'status.yellow.fg', borderColor: 'status.yellow.border' },
      red: { bg: 'status.red.bg', color: 'status.red.fg', borderColor: 'status.red.border' },
      gray: { bg: 'status.gray.bg', color: 'status.gray.fg', borderColor: 'status.gray.border' },
      blue: { bg: 'primary.subtle', color: 'primary.stronger', borderColor: 'primary.muted' },
    },
  },
  defaultVariants: { tone: 'gray' },
});

/** A small pill with a tone. */
export function Badge({
  tone = 'gray',
  children,
  className,
}: {
  tone?: BadgeTone;
  children: ReactNode;
  className?: string;
}) {
  return (
    <span className={cx(badgeStyles({ tone }), className)} data-tone={tone}>
      {children}
    </span>
  );
}

/**
 * product.md#states status colours: green for approved, active, published, autograded, done; yellow for
 * pending and submitted; red for rejected, expired, unpublished, draft. Others: blue for
 * in progress, grey otherwise (cancelled, deleted, unknown).
 */
export function statusTone(status: string): BadgeTone {
  switch (status.toUpperCase()) {
    case 'APPROVED':
    case 'ACTIVE':
    case 'PUBLISHED':
    case 'AUTOGRADED':
    case 'DONE':
      return 'green';
    case 'PENDING':
    case 'SUBMITTED':
      return 'yellow';
    case 'REJECTED':
    case 'EXPIRED':
    case 'UNPUBLISHED':
    case 'DRAFT':
      return 'red';
    case 'IN_PROGRESS':
      return 'blue';
    default:
      return 'gray';
  }
}

const statusLabels: Record<string, MessageDescriptor> = {
  DRAFT: msg`Draft`,
  PENDING: msg`Pending`,
  APPROVED: msg`Approved`,
  PUBLISHED: msg`Published`,
  UNPUBLISHED: msg`Unpublished`,
  REJECTED: msg`Rejected`,
  ACTIVE: msg`Active`,
  EXPIRED: msg`Expired`,
  SUBMITTED: msg`Submitted`,
  AUTOGRADED: msg`Autograded`,
  IN_PROGRESS: msg`In progress`,
  DONE: msg`Done`,
  CANCELLED: msg`Cancelled`,
  DELETED: msg`Deleted`,
};

/**
 * A status badge (`status` is one of the spec's statuses, e.g. 'APPROVED'); label translated,
 * colour per product.md#states. A dot before the label keeps the meaning visible without colour.
 */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  const { t } = useLingui();
  const key = status.toUpperCase();
  const descriptor = statusLabels[key];
  const tone = statusTone(key);
  return (
    <span className={cx(badgeStyles({ tone }), className)} data-tone={tone} data-status={key}>
      <span
        aria-hidden
        style={{ width: 6, height: 6, borderRadius: 9999, background: 'currentColor', display: 'inline-block' }}
      />
      {descriptor ? t(descriptor) : status}
    </span>
  );
}
