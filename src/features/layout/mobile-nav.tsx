import { useLingui } from '@lingui/react/macro';
import { Link, useLocation } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import { css, cx } from 'styled-system/css';
import { MenuIcon } from '@/components/ui/icons';
import { containerStyles } from '@/components/ui/page';
import type { LoginRecord } from '@machines/auth.machine';
import { isLearnerRole } from '@machines/auth.selectors';
import { roleLinks } from './role-links';

const itemLink = css({
  display: 'flex',
  alignItems: 'center',
  minHeight: '11',
  paddingInline: '3',
  borderRadius: 'lg',
  fontSize: 'md',
  fontWeight: 'semibold',
  color: 'fg.default',
  _hover: { bg: 'bg.subtle' },
  '&[aria-current=page]': { color: 'primary.strong', bg: 'primary.subtle' },
});

/**
 * The signed-in visitor's navigation below desktop width, where the header has no room for it: a
 * "Menu" button (a disclosure: `aria-expanded`, Escape closes it and gives the focus back) opening
 * a list under the header with My courses or Dashboard and the role's work areas (`roleLinks`).
 * It closes when the page changes. From desktop width up the header shows these links itself.
 */
export function MobileNav({ record }: { record: LoginRecord }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const pathname = useLocation({ select: (l) => l.pathname });
  useEffect(() => setOpen(false), [pathname]);

  const learner = isLearnerRole(record.user.role);
  const links = [
    { to: learner ? '/my-courses' : '/dashboard', label: learner ? t`My courses` : t`Dashboard` },
    ...roleLinks(record.user.role).map((l) => ({ to: l.to, label: t(l.label) })),
  ];

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={t`Menu`}
        onClick={() => setOpen((o) => !o)}
        className={css({
          display: { base: 'inline-flex', desktop: 'none' },
          alignItems: 'center',
          justifyContent: 'center',
          height: '10',
          width: '10',
          flexShrink: 0,
          borderRadius: 'lg',
          color: 'fg.default',
          cursor: 'pointer',
          _hover: { bg: 'bg.subtle' },
          _expanded: { bg: 'primary.subtle', color: 'primary.stronger' },
          _focusVisible: { outline: '3px solid {colors.primary.strong}', outlineOffset: '2px' },
        })}
      >
        <MenuIcon size={22} />
      </button>
      <nav
        id={panelId}
        aria-label={t`Menu`}
        hidden={!open}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          setOpen(false);
          button.current?.focus();
        }}
        className={css({
          position: 'absolute',
          insetInline: 0,
          insetBlockStart: '100%',
          bg: 'bg.surface',
          borderBlockEndWidth: '1px',
          borderColor: 'border.default',
          boxShadow: 'raised',
          hideFrom: 'desktop',
        })}
      >
        <ul className={cx(containerStyles, css({ listStyle: 'none', paddingBlock: '2', display: 'grid', gap: '1' }))}>
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to} activeOptions={{ exact: true }} className={itemLink}>
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
