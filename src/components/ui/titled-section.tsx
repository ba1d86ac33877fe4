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

/**
 * A part of a lesson in the classroom (your task, the test results, the submit box): a section
 * named by its h2 (`titleId`), smaller than a page section's, over its content; `roomy` spaces the
 * content further apart (a task with several blocks).
 */
export function LessonPart({
  titleId,
  title,
  roomy,
  children,
}: {
  titleId: string;
  title: ReactNode;
  roomy?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      aria-labelledby={titleId}
      className={cx(css({ display: 'flex', flexDirection: 'column' }), roomy ? css({ gap: '4' }) : css({ gap: '3' }))}
    >
      <h2 id={titleId} className={css({ fontSize: 'lg', fontWeight: 'bold' })}>
        {title}
      </h2>
      {children}
    </section>
  );
}
