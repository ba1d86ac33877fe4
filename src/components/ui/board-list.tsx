import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { plainList, toolbar } from 'styled-system/recipes';
import { StatusBadge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';

/**
 * The list of a moderation board in its states: the load failed (its title, the server's message and
 * Try again), the first page is loading (a spinner with `loadingLabel`), nothing to show (`empty`, given
 * only when the page is empty), or the rows (`children`, dimmed and `aria-busy` while another page loads).
 */
export function BoardList({
  failedTitle,
  errorMessage,
  onRetry,
  loaded,
  loadingLabel,
  loading,
  empty,
  children,
}: {
  /** The title of the failure, or null when the load did not fail. */
  failedTitle: ReactNode | null;
  errorMessage: string | undefined;
  onRetry: () => void;
  /** True once a page has been loaded. */
  loaded: boolean;
  loadingLabel: string;
  /** True while another page loads. */
  loading: boolean;
  /** What shows when the loaded page is empty, else null. */
  empty: ReactNode | null;
  children: ReactNode;
}) {
  const { t } = useLingui();
  if (failedTitle !== null) {
    return (
      <EmptyState
        title={failedTitle}
        description={errorMessage ?? t`System error please try later !`}
        action={<Button onClick={onRetry}>{t`Try again`}</Button>}
      />
    );
  }
  if (!loaded) {
    return (
      <div className={css({ display: 'flex', justifyContent: 'center', paddingBlock: '16', color: 'primary.strong' })}>
        <Spinner size="lg" label={loadingLabel} />
      </div>
    );
  }
  if (empty !== null) return empty;
  return (
    <ul
      className={cx(plainList({ gap: '4' }), loading ? css({ opacity: 0.6 }) : undefined)}
      aria-busy={loading || undefined}
    >
      {children}
    </ul>
  );
}

/**
 * A board's live count above its list: a spinner and `loadingText` while a page loads, then `count`
 * (a `<Plural>`) once a page is loaded, said politely to screen readers.
 */
export function BoardCount({
  loading,
  loaded,
  loadingText,
  count,
  className,
}: {
  loading: boolean;
  loaded: boolean;
  loadingText: ReactNode;
  count: ReactNode;
  className?: string;
}) {
  return (
    <p
      className={cx(
        css({ fontSize: 'sm', color: 'fg.muted', display: 'flex', alignItems: 'center', gap: '2' }),
        className,
      )}
      aria-live="polite"
    >
      {loading ? (
        <>
          <Spinner size="sm" decorative />
          {loadingText}
        </>
      ) : loaded ? (
        count
      ) : null}
    </p>
  );
}

/** The bar above a board's list: its filters at the start and its count at the end, wrapping on small screens. */
export function BoardToolbar({ children }: { children: ReactNode }) {
  return <div className={cx(toolbar(), css({ marginBlockEnd: '5' }))}>{children}</div>;
}

/** The title line of a board row: its h2 (`children`, a link styled with layout-styles' `titleLink`) and its status badge. */
export function RowTitle({ status, children }: { status: string; children: ReactNode }) {
  return (
    <div className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2.5' })}>
      <h2 className={css({ fontSize: 'md', fontWeight: 'bold', lineHeight: '1.35' })}>{children}</h2>
      <StatusBadge status={status} />
    </div>
  );
}

/** The muted line of a board row's facts (category, price, dates, people), wrapping between facts. */
export const rowFacts = css({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  columnGap: '4',
  rowGap: '1',
  fontSize: 'sm',
  color: 'fg.muted',
});
