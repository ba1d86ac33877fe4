import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { toolbar } from 'styled-system/recipes';

/** Centred page column: at most the spec's page width (1464 px) with responsive side padding. */
export const containerStyles = css({
  width: 'full',
  maxWidth: 'page',
  marginInline: 'auto',
  paddingInline: { base: '4', tablet: '6', desktop: '8' },
});

export function PageContainer({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div className={cx(containerStyles, css({ paddingBlock: { base: '6', tablet: '10' } }), className)}>{children}</div>
  );
}

/** The page's single h1 with an optional lead paragraph and actions. */
export function PageHeader({
  title,
  lead,
  actions,
  eyebrow,
}: {
  title: ReactNode;
  lead?: ReactNode;
  actions?: ReactNode;
  eyebrow?: ReactNode;
}) {
  return (
    <div className={cx(toolbar(), css({ marginBlockEnd: { base: '6', tablet: '8' } }))}>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '2', minWidth: 0 })}>
        {eyebrow ? (
          <p
            className={css({ fontSize: 'sm', fontWeight: 'semibold', color: 'primary.strong', letterSpacing: 'wide' })}
          >
            {eyebrow}
          </p>
        ) : null}
        <h1
          className={css({
            fontSize: { base: '2xl', tablet: '3xl' },
            fontWeight: 'bold',
            letterSpacing: 'tight',
            color: 'fg.default',
            lineHeight: '1.2',
          })}
        >
          {title}
        </h1>
        {lead ? (
          <p className={css({ color: 'fg.muted', fontSize: { base: 'md', tablet: 'lg' }, maxWidth: '48rem' })}>
            {lead}
          </p>
        ) : null}
      </div>
      {actions ? <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>{actions}</div> : null}
    </div>
  );
}

/** A section with an h2 heading. */
export function Section({
  title,
  children,
  actions,
  className,
  id,
}: {
  title: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
  className?: string;
  id?: string;
}) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section
      aria-labelledby={headingId}
      id={id}
      className={cx(css({ marginBlockEnd: { base: '10', tablet: '14' } }), className)}
    >
      <div
        className={css({
          display: 'flex',
          alignItems: 'baseline',
          justifyContent: 'space-between',
          gap: '3',
          marginBlockEnd: '5',
          flexWrap: 'wrap',
        })}
      >
        <h2
          id={headingId}
          className={css({ fontSize: { base: 'xl', tablet: '2xl' }, fontWeight: 'bold', letterSpacing: 'tight' })}
        >
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}
