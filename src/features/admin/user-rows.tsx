import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { DecisionButtons } from '@/components/ui/moderation-action-button';
import { Trans, useLingui } from '@lingui/react/macro';
import { css, cx } from 'styled-system/css';
import { surface } from 'styled-system/recipes';
import { Badge, type BadgeTone, StatusBadge } from '@/components/ui/badge';
import { formatLongDate } from '@/components/ui/format';
import { INVITATION_STATUSES, USER_STATUSES } from '@/lib/list-search';
import { roleLabels } from '@/lib/auth/roles';
import type { components } from '@contract/schema';
import { type Locale } from '@/lib/i18n';
import { type ModerationAction } from '@machines/moderation.machine';
import { EmailAddress } from '@/components/ui/email-address';

/** A user as the admin list shows it (the contract's User). */
export type User = components['schemas']['User'];

/** A pending or past invitation (the contract's Invitation). */
export type Invitation = components['schemas']['Invitation'];

export const userStatusLabels: Record<(typeof USER_STATUSES)[number], MessageDescriptor> = {
  PENDING: msg`Pending`,
  APPROVED: msg`Approved`,
  REJECTED: msg`Rejected`,
  DELETED: msg`Deleted`,
};

export const invitationStatusLabels: Record<(typeof INVITATION_STATUSES)[number], MessageDescriptor> = {
  PENDING: msg`Pending`,
  ACCEPTED: msg`Accepted`,
  EXPIRED: msg`Expired`,
};

const invitationTone: Record<(typeof INVITATION_STATUSES)[number], BadgeTone> = {
  PENDING: 'yellow',
  ACCEPTED: 'green',
  EXPIRED: 'red',
};

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

const rowClass = cx(
  surface({ padding: 'row' }),
  css({
    display: 'grid',
    gridTemplateColumns: { base: 'auto minmax(0, 1fr)', desktop: 'auto minmax(0, 1fr) auto' },
    alignItems: 'center',
    columnGap: '3',
    rowGap: '3',
  }),
);

const avatarClass = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '10',
  height: '10',
  borderRadius: 'full',
  bg: 'primary.subtle',
  color: 'primary.stronger',
  fontSize: 'sm',
  fontWeight: 'bold',
  alignSelf: 'start',
});

/** A partner's company in the partners list: name, acronym and its status (PENDING until the partner is approved). */
function CompanyLine({ company }: { company: NonNullable<User['company']> }) {
  const { name, acronym } = company;
  return (
    <span
      data-testid="user-company"
      className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', fontSize: 'sm' })}
    >
      <span>
        <Trans>
          Company: {name} (<bdi>{acronym}</bdi>)
        </Trans>
      </span>
      <StatusBadge status={company.status} />
    </span>
  );
}

/** The decisions on a user, in their order on the row (approve and reject only while the user is pending). */
const USER_DECISIONS: readonly ModerationAction[] = ['approve', 'reject', 'delete'];

/** One user of the admin list: avatar, name, role, company, status and the moderation actions of the list. */
export function UserRow({
  user,
  locale,
  actions,
  busy,
  onAction,
}: {
  user: User;
  locale: Locale;
  actions: readonly ModerationAction[];
  busy: boolean;
  onAction: (action: ModerationAction, user: User) => void;
}) {
  const { t } = useLingui();
  const joined = formatLongDate(user.createdAt.slice(0, 10), locale);
  const pending = user.status === 'PENDING';
  const name = user.name;
  return (
    <li className={rowClass} data-testid="user-row">
      <span aria-hidden className={avatarClass}>
        {initials(user.name)}
      </span>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: 0 })}>
        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
          <h2 className={css({ fontSize: 'md', fontWeight: 'semibold' })}>{user.name}</h2>
          <StatusBadge status={user.status} />
        </div>
        <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          <EmailAddress email={user.email} />
        </span>
        <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>
          {t(roleLabels[user.role])} · {t`Joined ${joined}`}
        </span>
        {user.company ? <CompanyLine company={user.company} /> : null}
      </div>
      {actions.length > 0 && user.status !== 'DELETED' ? (
        <div
          role="group"
          aria-label={t`Actions on ${name}`}
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            gap: '2',
            gridColumn: { base: '1 / -1', desktop: 'auto' },
          })}
        >
          <DecisionButtons
            actions={USER_DECISIONS.filter((a) => actions.includes(a) && (a === 'delete' || pending))}
            busy={busy}
            onAction={(a) => onAction(a, user)}
          />
        </div>
      ) : null}
    </li>
  );
}

/** One invitation of the admin list: e-mail, status, role, who invited and when, and its expiry. */
export function InvitationRow({ invitation, locale }: { invitation: Invitation; locale: Locale }) {
  const { t } = useLingui();
  const sent = formatLongDate(invitation.createdAt.slice(0, 10), locale);
  const expires = formatLongDate(invitation.expiresAt.slice(0, 10), locale);
  const by = invitation.invitedBy.name;
  return (
    <li className={rowClass} data-testid="invitation-row">
      <span aria-hidden className={avatarClass}>
        @
      </span>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: 0 })}>
        <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2' })}>
          <h2 className={css({ fontSize: 'md', fontWeight: 'semibold', minWidth: 0 })}>
            <EmailAddress email={invitation.email} />
          </h2>
          <Badge tone={invitationTone[invitation.status]}>{t(invitationStatusLabels[invitation.status])}</Badge>
        </div>
        <span className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          {t(roleLabels[invitation.role])} · {t`Invited by ${by} on ${sent}`}
        </span>
        {invitation.status === 'PENDING' ? (
          <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{t`Expires on ${expires}`}</span>
        ) : null}
      </div>
    </li>
  );
}
