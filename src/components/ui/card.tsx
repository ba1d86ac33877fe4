import type { HTMLAttributes, ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { surface } from 'styled-system/recipes';

export const cardStyles = cx(surface(), css({ overflow: 'hidden' }));

/** A white surface with a border and a soft shadow. `as` picks the element (article, section, li…). */
export function Card({
  as: Tag = 'div',
  className,
  children,
  ...rest
}: HTMLAttributes<HTMLElement> & { as?: 'div' | 'article' | 'section' | 'li' | 'aside'; children?: ReactNode }) {
  return (
    <Tag className={cx(cardStyles, className)} {...rest}>
      {children}
    </Tag>
  );
}

export function CardBody({ className, children, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div className={cx(css({ padding: { base: '4', tablet: '6' } }), className)} {...rest}>
      {children}
    </div>
  );
}
