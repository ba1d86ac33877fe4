import { Menu } from '@ark-ui/react/menu';
import { useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { css, cx } from 'styled-system/css';
import { hiddenOnPhones } from '@/components/ui/spinner';
import { disc } from 'styled-system/recipes';
import {
  BarChartIcon,
  BookIcon,
  CalendarIcon,
  ChevronDownIcon,
  InboxIcon,
  LayersIcon,
  LogOutIcon,
  MailIcon,
  PencilIcon,
  ReceiptIcon,
  ShieldIcon,
  UsersIcon,
} from '@/components/ui/icons';
import type { AuthActor } from '@/lib/auth/auth-service';
import { isLearnerRole } from '@machines/auth.selectors';
import { paymentLinks } from '@/lib/payment-links';
import { PaymentLinkIcon } from '@/components/ui/payment-link-icon';
import type { LoginRecord } from '@machines/auth.machine';
import { roleLabels } from '@/lib/auth/roles';
import { roleLinks, type RoleLink } from './role-links';

function RoleLinkIcon({ icon }: { icon: RoleLink['icon'] }) {
  if (icon === 'book') return <BookIcon size={16} />;
  if (icon === 'calendar') return <CalendarIcon size={16} />;
  if (icon === 'users') return <UsersIcon size={16} />;
  if (icon === 'brand') return <PencilIcon size={16} />;
  if (icon === 'mail') return <MailIcon size={16} />;
  if (icon === 'inbox') return <InboxIcon size={16} />;
  if (icon === 'shield') return <ShieldIcon size={16} />;
  if (icon === 'receipt') return <ReceiptIcon size={16} />;
  return <LayersIcon size={16} />;
}

const itemClass = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2.5',
  paddingInline: '3',
  paddingBlock: '2',
  borderRadius: 'md',
  fontSize: 'sm',
  color: 'fg.default',
  cursor: 'pointer',
  outline: 'none',
  _highlighted: { bg: 'primary.subtle', color: 'primary.stronger' },
});

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

/**
 * The signed-in user's menu: name and role, links by role (learners: My courses; others:
 * Dashboard; educators Courses to teach and My sessions; admins Moderation and Users; partners and
 * admins also Attendance), and Log out (sends `auth.logout` to the auth
 * actor; `SessionWatcher` then goes to /login, product.md#screens).
 */
export function AccountMenu({ record, auth }: { record: LoginRecord; auth: AuthActor }) {
  const { t } = useLingui();
  const { user } = record;
  const learner = isLearnerRole(user.role);
  const roleName = t(roleLabels[user.role]);
  const canSeeAnalytics = user.role === 'PARTNER' || user.role === 'ADMIN' || user.role === 'SUPER_ADMIN';

  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end', gutter: 8 }}
      onSelect={({ value }) => {
        // The session watcher of the shell then goes to /login (product.md#screens).
        if (value === 'logout') auth.send({ type: 'auth.logout' });
      }}
    >
      <Menu.Trigger
        className={css({
          display: 'inline-flex',
          alignItems: 'center',
          gap: '2',
          height: '10',
          paddingInlineStart: '1',
          paddingInlineEnd: '2',
          borderRadius: 'full',
          borderWidth: '1px',
          borderColor: 'border.default',
          bg: 'bg.surface',
          cursor: 'pointer',
          _hover: { borderColor: 'border.strong' },
        })}
      >
        <span aria-hidden className={cx(disc(), css({ fontSize: 'xs', fontWeight: 'bold' }))}>
          {initials(user.name)}
        </span>
        {/* Name and role: the trigger's accessible name; visually hidden on phones. */}
        <span
          className={css(hiddenOnPhones, {
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'flex-start',
            lineHeight: '1.15',
            maxWidth: '10rem',
          })}
        >
          <span className={css({ fontSize: 'sm', fontWeight: 'semibold', truncate: true, maxWidth: 'full' })}>
            {user.name}
          </span>
          <span className={css({ fontSize: 'xs', color: 'fg.muted' })}>{roleName}</span>
        </span>
        <ChevronDownIcon size={16} />
      </Menu.Trigger>
      <Menu.Positioner>
        <Menu.Content
          className={css({
            minWidth: '14rem',
            bg: 'bg.surface',
            borderRadius: 'xl',
            borderWidth: '1px',
            borderColor: 'border.default',
            boxShadow: 'raised',
            padding: '1.5',
            zIndex: 50,
            outline: 'none',
          })}
        >
          <div
            className={css({
              paddingInline: '3',
              paddingBlock: '2',
              borderBlockEndWidth: '1px',
              borderColor: 'border.default',
              marginBlockEnd: '1',
            })}
          >
            <p className={css({ fontWeight: 'semibold', fontSize: 'sm' })}>{user.name}</p>
            <p className={css({ fontSize: 'xs', color: 'fg.muted' })}>
              {roleName}
              {record.company ? ` · ${record.company.name}` : ''}
            </p>
          </div>
          {learner ? (
            <Menu.Item value="my-courses" asChild className={itemClass}>
              <Link to="/my-courses">
                <BookIcon size={16} />
                {t`My courses`}
              </Link>
            </Menu.Item>
          ) : (
            <Menu.Item value="dashboard" asChild className={itemClass}>
              <Link to="/dashboard">
                <LayersIcon size={16} />
                {t`Dashboard`}
              </Link>
            </Menu.Item>
          )}
          {roleLinks(user.role).map((link) => (
            <Menu.Item key={link.to} value={link.to} asChild className={itemClass}>
              <Link to={link.to}>
                <RoleLinkIcon icon={link.icon} />
                {t(link.label)}
              </Link>
            </Menu.Item>
          ))}
          {paymentLinks(user.role).map((link) => (
            <Menu.Item key={link.to} value={link.to} asChild className={itemClass}>
              <Link to={link.to}>
                <PaymentLinkIcon icon={link.icon} />
                {t(link.label)}
              </Link>
            </Menu.Item>
          ))}
          {user.role === 'EDUCATOR' || user.role === 'ADMIN' || user.role === 'SUPER_ADMIN' ? (
            <Menu.Item value="new-course" asChild className={itemClass}>
              <Link to="/courses/live/edit">
                <BookIcon size={16} />
                {t`New course`}
              </Link>
            </Menu.Item>
          ) : null}
          {canSeeAnalytics ? (
            <Menu.Item value="attendance" asChild className={itemClass}>
              <Link to="/dashboard/analytics/attendance">
                <BarChartIcon size={16} />
                {t`Attendance`}
              </Link>
            </Menu.Item>
          ) : null}
          <Menu.Separator className={css({ marginBlock: '1', borderColor: 'border.default' })} />
          <Menu.Item value="logout" className={itemClass}>
            <LogOutIcon size={16} />
            {t`Log out`}
          </Menu.Item>
        </Menu.Content>
      </Menu.Positioner>
    </Menu.Root>
  );
}
