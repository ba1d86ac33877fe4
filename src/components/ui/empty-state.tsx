import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { LayersIcon } from './icons';

/**
 * Shown when a list has nothing to show. `title` is the headline, `description` a hint, `action`
 * a button or link (e.g. "Clear filters").
 */
export function EmptyState({
  title,
  description,
  action,
  icon,
  className,
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  icon?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cx(
        css({
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          textAlign: 'center',
          gap: '3',
          paddingBlock: '12',
          paddingInline: '6',
          borderRadius: 'xl',
          borderWidth: '1px',
          borderStyle: 'dashed',
          borderColor: 'border.strong',
          bg: 'bg.surface',
        }),
        className,
      )}
    >
      <IconBubble>{icon ?? <LayersIcon size={28} />}</IconBubble>
      <p className={css({ fontSize: 'lg', fontWeight: 'semibold', color: 'fg.default' })}>{title}</p>
      {description ? <p className={css({ color: 'fg.muted', maxWidth: '32rem' })}>{description}</p> : null}
      {action ? <div className={css({ marginBlockStart: '2' })}>{action}</div> : null}
    </div>
  );
}

/** A large icon in a tinted circle: the picture of an empty state or of a page's key figure (decorative). */
export function IconBubble({ children }: { children: ReactNode }) {
  return (
    <span
      aria-hidden
      className={css({
        display: 'inline-flex',
        padding: '3',
        borderRadius: 'full',
        bg: 'primary.subtle',
        color: 'primary.strong',
      })}
    >
      {children}
    </span>
  );
}
