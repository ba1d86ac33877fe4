import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { cardStyles } from '@/components/ui/card';

/** The centred card of the sign-in and sign-up pages: an h1, a lead and the form. */
export function AuthLayout({
  title,
  lead,
  children,
  footer,
}: {
  title: ReactNode;
  lead?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div
      className={css({
        display: 'flex',
        justifyContent: 'center',
        paddingInline: { base: '4', tablet: '6' },
        paddingBlock: { base: '8', tablet: '16' },
        backgroundImage: 'linear-gradient(180deg, {colors.primary.subtle} 0%, transparent 22rem)',
      })}
    >
      <div className={cx(cardStyles, css({ width: 'full', maxWidth: '30rem', padding: { base: '6', tablet: '8' } }))}>
        <h1
          className={css({
            fontSize: { base: '2xl', tablet: '3xl' },
            fontWeight: 'bold',
            letterSpacing: 'tight',
            lineHeight: '1.2',
          })}
        >
          {title}
        </h1>
        {lead ? <p className={css({ marginBlockStart: '2', color: 'fg.muted' })}>{lead}</p> : null}
        <div className={css({ marginBlockStart: '6' })}>{children}</div>
        {footer ? (
          <div
            className={css({
              marginBlockStart: '6',
              paddingBlockStart: '5',
              borderBlockStartWidth: '1px',
              borderColor: 'border.default',
              fontSize: 'sm',
              color: 'fg.muted',
              textAlign: 'center',
            })}
          >
            {footer}
          </div>
        ) : null}
      </div>
    </div>
  );
}

export const linkStyles = css({
  fontWeight: 'semibold',
  color: 'primary.strong',
  _hover: { textDecoration: 'underline' },
});
