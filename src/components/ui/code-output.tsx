import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';

/**
 * What a program printed (a test's output): monospace, wrapped, always left to right (code does
 * not flip in Arabic). `className` adds its size and colours.
 */
export function CodeOutput({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <pre dir="ltr" className={cx(css({ fontFamily: 'mono', whiteSpace: 'pre-wrap', textAlign: 'left' }), className)}>
      {children}
    </pre>
  );
}
