import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { hiddenOnPhones } from '@/components/ui/spinner';
import { buttonStyles } from '@/components/ui/button';
import { containerStyles } from '@/components/ui/page';
import { Toaster } from '@/components/ui/toast';
import { roleLinks } from './role-links';
import type { AuthActor } from '@/lib/auth/auth-service';
import { isLearnerRole, selectRecord, selectTheme } from '@machines/auth.selectors';
import type { LoginRecord, Theme } from '@machines/auth.machine';
import { DefaultHead, useHideHeaderFooter } from '@/lib/document-head';
import { LanguageSwitch } from './language-switch';
import { MobileNav } from './mobile-nav';
import { SessionWatcher } from './session-watcher';
import { ThemeApplier } from './theme-applier';

/**
 * The account menu (Ark UI menu, floating-ui: ~18 kB gzip) is loaded only for a signed-in visitor,
 * not on a visitor's first page.
 */
const AccountMenu = lazy(() => import('./account-menu').then((m) => ({ default: m.AccountMenu })));

/** Holds the account menu's place (same size) while its code loads: the header does not shift. */
function AccountMenuPlaceholder() {
  return (
    <span
      aria-hidden
      className={css({
        display: 'inline-block',
        height: '10',
        width: '16',
        borderRadius: 'full',
        borderWidth: '1px',
        borderColor: 'border.default',
        bg: 'bg.surface',
      })}
    />
  );
}

/**
 * The Halaqa wordmark: a ring ("halaqa" is a study circle) and the name. `compact`: the name is
 * only read by screen readers below tablet width (room for a company logo beside it).
 */
export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <span className={cx(css({ display: 'inline-flex', alignItems: 'center', gap: '2' }), className)}>
      <svg width="28" height="28" viewBox="0 0 64 64" aria-hidden focusable="false">
        <rect width="64" height="64" rx="16" fill="var(--colors-primary-strong)" />
        <circle cx="32" cy="33" r="15" fill="none" stroke="#fff" strokeWidth="6" />
        <circle cx="32" cy="16" r="6" fill="var(--colors-tertiary)" stroke="#fff" strokeWidth="2" />
      </svg>
      <span
        className={cx(
          css({
            fontSize: { base: 'lg', tablet: 'xl' },
            fontWeight: 'extrabold',
            letterSpacing: 'tight',
            color: 'fg.default',
          }),
          compact ? css(hiddenOnPhones, { whiteSpace: 'nowrap' }) : undefined,
        )}
      >
        Halaqa
      </span>
    </span>
  );
}

const navLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  height: '10',
  paddingInline: { base: '1.5', tablet: '3' },
  borderRadius: 'lg',
  fontSize: 'sm',
  fontWeight: 'semibold',
  whiteSpace: 'nowrap',
  color: 'fg.muted',
  _hover: { color: 'fg.default', bg: 'bg.subtle' },
  '&[data-status=active]': { color: 'primary.strong' },
});

/** Safe company logo URL: a same-site path or http(s) (the cookie's check, again at use). */
const LOGO_URL = /^(\/(?!\/)|https?:\/\/)[^\s]*$/;

/**
 * The company's logo beside the Halaqa mark, for its members:
 * from the session theme (GET /companies/{id}/settings at sign-in, or the theme editor's save).
 */
function CompanyLogo({ record, theme }: { record: LoginRecord | null; theme: Theme | null }) {
  const logo = theme?.logo;
  if (!record?.company || !logo || !LOGO_URL.test(logo)) return null;
  return (
    <img
      src={logo}
      alt={record.company.name}
      data-testid="company-logo"
      className={css({
        height: '8',
        width: 'auto',
        // 32 px on phones: beside the menu, language and account buttons the header has no more room at 360 px.
        maxWidth: { base: '8', tablet: '32' },
        objectFit: 'contain',
        paddingInlineStart: { base: '2', tablet: '3' },
        borderInlineStartWidth: '1px',
        borderColor: 'border.default',
      })}
    />
  );
}

function Header({ auth }: { auth: AuthActor }) {
  const { t } = useLingui();
  const record = useSelector(auth, selectRecord);
  const theme = useSelector(auth, selectTheme);
  const href = useLocation({ select: (l) => l.href });
  const onAuthPage = href.startsWith('/login') || href.startsWith('/signup');
  return (
    <header
      className={css({
        position: 'sticky',
        insetBlockStart: 0,
        zIndex: 40,
        bg: 'rgba(255,255,255,0.92)',
        backdropFilter: 'saturate(180%) blur(10px)',
        borderBlockEndWidth: '1px',
        borderColor: 'border.default',
      })}
    >
      {/* The page container's width, with a narrower margin on phones (the header's 360 px budget). */}
      <div
        className={css({
          width: 'full',
          maxWidth: 'page',
          marginInline: 'auto',
          paddingInline: { base: '3', tablet: '6', desktop: '8' },
          display: 'flex',
          alignItems: 'center',
          gap: { base: '1', tablet: '4' },
          height: '16',
        })}
      >
        <Link
          to="/"
          className={css({
            display: 'inline-flex',
            alignItems: 'center',
            gap: { base: '2', tablet: '3' },
            marginInlineEnd: { base: 'auto', tablet: '4' },
            flexShrink: 0,
          })}
        >
          {/* On phones the name is read, not shown: the header needs the room (360 px). */}
          <Logo compact />
          <CompanyLogo record={record} theme={theme} />
        </Link>
        <nav
          aria-label={t`Main`}
          className={css({ display: 'flex', alignItems: 'center', gap: '1', marginInlineEnd: { tablet: 'auto' } })}
        >
          <Link to="/courses" className={navLink}>
            <Trans>Explore</Trans>
          </Link>
          {record ? (
            <Link
              to={isLearnerRole(record.user.role) ? '/my-courses' : '/dashboard'}
              activeOptions={{ exact: true }}
              className={cx(navLink, css({ display: { base: 'none', tablet: 'inline-flex' } }))}
            >
              {isLearnerRole(record.user.role) ? t`My courses` : t`Dashboard`}
            </Link>
          ) : null}
          {record
            ? roleLinks(record.user.role)
                .filter((link) => !link.menuOnly)
                .map((link) => (
                  <Link
                    key={link.to}
                    to={link.to}
                    className={cx(navLink, css({ display: { base: 'none', desktop: 'inline-flex' } }))}
                  >
                    {t(link.label)}
                  </Link>
                ))
            : null}
        </nav>
        {record ? <MobileNav record={record} /> : null}
        <LanguageSwitch />
        {record ? (
          <Suspense fallback={<AccountMenuPlaceholder />}>
            <AccountMenu record={record} auth={auth} />
          </Suspense>
        ) : onAuthPage ? null : (
          <div className={css({ display: 'flex', alignItems: 'center', gap: { base: '1', tablet: '2' } })}>
            <Link to="/login" search={{ redirect: href }} className={navLink}>
              {t({ message: 'Sign in', context: 'header link' })}
            </Link>
            <Link
              to="/signup"
              className={cx(buttonStyles({ size: 'sm' }), css({ paddingInline: { base: '2', tablet: '3' } }))}
            >
              <Trans>Sign up</Trans>
            </Link>
          </div>
        )}
      </div>
    </header>
  );
}

const footerLink = css({ color: '#cbd5e1', _hover: { color: 'white', textDecoration: 'underline' } });

/** Footer names of the links a company may set (others are shown as named by the partner). */
const companyLinkLabels: Record<string, MessageDescriptor> = { website: msg`Website`, support: msg`Support` };
const LINK_URL = /^(https?:\/\/|mailto:)[^\s]+$/;

/** The company's links in the footer, for its members (set on the brand settings page). */
function CompanyLinks({ record, theme }: { record: LoginRecord | null; theme: Theme | null }) {
  const { i18n } = useLingui();
  const links = Object.entries(theme?.links ?? {}).filter(([, url]) => LINK_URL.test(url));
  if (!record?.company || links.length === 0) return null;
  return (
    <nav
      aria-labelledby="footer-company"
      data-testid="company-links"
      className={css({ display: 'flex', flexDirection: 'column', gap: '2', fontSize: 'sm' })}
    >
      <h2 id="footer-company" className={css({ fontWeight: 'semibold', color: 'white', fontSize: 'sm' })}>
        {record.company.name}
      </h2>
      {links.map(([name, url]) => (
        <a
          key={name}
          href={url}
          rel="noopener noreferrer"
          target={url.startsWith('mailto:') ? undefined : '_blank'}
          className={footerLink}
        >
          {companyLinkLabels[name] ? i18n._(companyLinkLabels[name]) : name}
        </a>
      ))}
    </nav>
  );
}

function Footer({ auth }: { auth: AuthActor }) {
  const year = new Date().getFullYear();
  const record = useSelector(auth, selectRecord);
  const theme = useSelector(auth, selectTheme);
  const hasCompanyLinks = Boolean(record?.company && theme?.links && Object.keys(theme.links).length > 0);
  return (
    <footer className={css({ bg: '#0f172a', color: '#e2e8f0', marginBlockStart: 'auto' })}>
      <div
        className={cx(
          containerStyles,
          css({
            display: 'grid',
            gap: '8',
            paddingBlock: '10',
            gridTemplateColumns: { base: '1fr', tablet: hasCompanyLinks ? '2fr 1fr 1fr 1fr' : '2fr 1fr 1fr' },
          }),
        )}
      >
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '3', maxWidth: '26rem' })}>
          <span className={css({ fontSize: 'xl', fontWeight: 'extrabold', color: 'white' })}>Halaqa</span>
          <p className={css({ color: '#cbd5e1', fontSize: 'sm' })}>
            <Trans>100% live, affordable, project-based courses taught by experts</Trans>
          </p>
        </div>
        <nav
          aria-labelledby="footer-learn"
          className={css({ display: 'flex', flexDirection: 'column', gap: '2', fontSize: 'sm' })}
        >
          <h2 id="footer-learn" className={css({ fontWeight: 'semibold', color: 'white', fontSize: 'sm' })}>
            <Trans>Learn</Trans>
          </h2>
          <Link
            to="/courses"
            className={css({ color: '#cbd5e1', _hover: { color: 'white', textDecoration: 'underline' } })}
          >
            <Trans>Explore courses</Trans>
          </Link>
          <Link to="/" className={css({ color: '#cbd5e1', _hover: { color: 'white', textDecoration: 'underline' } })}>
            <Trans>Home</Trans>
          </Link>
          <Link to="/contact" className={footerLink}>
            <Trans>Contact us</Trans>
          </Link>
        </nav>
        <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', fontSize: 'sm' })}>
          <h2 className={css({ fontWeight: 'semibold', color: 'white', fontSize: 'sm' })}>
            <Trans>Teach with us</Trans>
          </h2>
          <p className={css({ color: '#cbd5e1' })}>
            <Trans>Experts run live sessions for learners and companies.</Trans>
          </p>
        </div>
        <CompanyLinks record={record} theme={theme} />
      </div>
      <div className={css({ borderBlockStartWidth: '1px', borderColor: '#1e293b' })}>
        <p className={cx(containerStyles, css({ paddingBlock: '4', fontSize: 'xs', color: '#94a3b8' }))}>
          <Trans>© {year} Halaqa. All rights reserved.</Trans>
        </p>
      </div>
    </footer>
  );
}

function SkipLink() {
  return (
    <a
      href="#main"
      className={css({
        position: 'absolute',
        insetInlineStart: '4',
        insetBlockStart: '-20',
        zIndex: 100,
        bg: 'primary.strong',
        color: 'white',
        paddingInline: '4',
        paddingBlock: '2',
        borderRadius: 'md',
        fontWeight: 'semibold',
        _focus: { insetBlockStart: '4' },
      })}
    >
      <Trans>Skip to main content</Trans>
    </a>
  );
}

/**
 * The page wrapper (spec's "/_app" shell): skip link, header, main landmark, footer, toasts,
 * default head and the company theme. Header and footer are hidden on pages flagged
 * `staticData.hideHeaderFooter`.
 */
export function AppShell({ auth, children }: { auth: AuthActor; children: ReactNode }) {
  const hide = useHideHeaderFooter();
  return (
    <div className={css({ display: 'flex', flexDirection: 'column', minHeight: '100dvh' })}>
      <DefaultHead />
      <ThemeApplier auth={auth} />
      <SessionWatcher auth={auth} />
      <SkipLink />
      {hide ? null : <Header auth={auth} />}
      <main
        id="main"
        tabIndex={-1}
        className={css({ flex: '1', outline: 'none', display: 'flex', flexDirection: 'column' })}
      >
        {children}
      </main>
      {hide ? null : <Footer auth={auth} />}
      <Toaster />
    </div>
  );
}
