import { useLingui } from '@lingui/react/macro';
import { css, cx } from 'styled-system/css';

export const visuallyHidden = css({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: '0',
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  borderWidth: '0',
});

/**
 * The style object that hides a text on phones but keeps it for screen readers (a trigger's or a
 * logo's accessible name), shown from tablets up: compose it with `css(hiddenOnPhones, { … })`.
 */
export const hiddenOnPhones = css.raw({
  position: { base: 'absolute', tablet: 'static' },
  width: { base: '1px', tablet: 'auto' },
  height: { base: '1px', tablet: 'auto' },
  overflow: { base: 'hidden', tablet: 'visible' },
  clip: { base: 'rect(0, 0, 0, 0)', tablet: 'auto' },
});

const sizes = { sm: '1rem', md: '1.5rem', lg: '2.5rem' } as const;

/**
 * A spinning ring. Announces "Loading…" to screen readers (role=status) unless `decorative`
 * (e.g. inside a busy button, which already says aria-busy).
 */
export function Spinner({
  size = 'md',
  label,
  decorative = false,
  className,
}: {
  size?: keyof typeof sizes;
  label?: string;
  decorative?: boolean;
  className?: string;
}) {
  const { t } = useLingui();
  const ring = (
    <span
      aria-hidden
      className={cx(
        css({
          display: 'inline-block',
          borderRadius: 'full',
          borderWidth: '2px',
          borderStyle: 'solid',
          borderColor: 'currentColor',
          borderInlineEndColor: 'transparent',
          animation: 'spin 0.7s linear infinite',
          flexShrink: 0,
        }),
        className,
      )}
      style={{ width: sizes[size], height: sizes[size] }}
    />
  );
  if (decorative) return ring;
  return (
    <span role="status" className={css({ display: 'inline-flex', alignItems: 'center' })}>
      {ring}
      <span className={visuallyHidden}>{label ?? t`Loading…`}</span>
    </span>
  );
}

const shimmer = css({
  bg: 'bg.muted',
  backgroundImage:
    'linear-gradient(90deg, rgba(255,255,255,0) 0, rgba(255,255,255,0.55) 50%, rgba(255,255,255,0) 100%)',
  backgroundSize: '400px 100%',
  backgroundRepeat: 'no-repeat',
  animation: 'shimmer 1.3s ease-in-out infinite',
  borderRadius: 'md',
  '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
});

/** A grey placeholder block while content loads (decorative; pair with a status message). */
export function Skeleton({
  height = '1rem',
  width = '100%',
  className,
}: {
  height?: string;
  width?: string;
  className?: string;
}) {
  return <span aria-hidden className={cx(shimmer, css({ display: 'block' }), className)} style={{ height, width }} />;
}

/** Skeleton of a course card grid: `count` cards. Announces loading once. */
export function CardGridSkeleton({ count = 6 }: { count?: number }) {
  const { t } = useLingui();
  return (
    <div role="status" aria-live="polite">
      <span className={visuallyHidden}>{t`Loading…`}</span>
      <div
        className={css({
          display: 'grid',
          gap: '6',
          gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 17rem), 1fr))',
        })}
      >
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className={css({ bg: 'bg.surface', borderRadius: 'xl', overflow: 'hidden', boxShadow: 'card' })}>
            <Skeleton height="10rem" className={css({ borderRadius: '0' })} />
            <div className={css({ padding: '4', display: 'flex', flexDirection: 'column', gap: '3' })}>
              <Skeleton width="40%" height="0.75rem" />
              <Skeleton width="90%" height="1.1rem" />
              <Skeleton width="60%" height="0.85rem" />
              <Skeleton width="50%" height="0.85rem" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

/** Full-area loading state used as a route's `pendingComponent`. */
export function PagePending() {
  const { t } = useLingui();
  return (
    <div
      className={css({
        display: 'flex',
        justifyContent: 'center',
        alignItems: 'center',
        minHeight: '50vh',
        color: 'primary.strong',
      })}
    >
      <Spinner size="lg" label={t`Loading page…`} />
    </div>
  );
}
