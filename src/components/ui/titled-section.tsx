import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { sectionHeading } from 'styled-system/recipes';

/**
 * A page section named by its h2 (`titleId` ties them), its content stacked under the heading.
 * `className` adds to the column (e.g. a maximum width).
 */
export function TitledSection({
  titleId,
  title,
  className,
  children,
}: {
  titleId: string;
  title: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={titleId}
      className={cx(css({ display: 'flex', flexDirection: 'column', gap: '4' }), className)}
    >
      <h2 id={titleId} className={sectionHeading()}>
        {title}
      </h2>
      {children}
    </section>
  );
}
