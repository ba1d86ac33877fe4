import { useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/**
 * A same-origin link to a built href (e.g. `/courses/live/edit?id=12`, a route owned by another
 * area) that navigates inside the SPA on a plain click and behaves as a normal link otherwise
 * (new tab, copy link).
 */
export function HrefLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const router = useRouter();
  return (
    <a
      href={href}
      className={className}
      onClick={(event) => {
        if (
          event.defaultPrevented ||
          event.button !== 0 ||
          event.metaKey ||
          event.ctrlKey ||
          event.shiftKey ||
          event.altKey
        )
          return;
        event.preventDefault();
        void router.navigate({ href });
      }}
    >
      {children}
    </a>
  );
}

/** The course editor (another area's route, product.md#screens `/courses/live/edit?id={id}`); no id = a new course. */
export function courseEditorHref(courseId?: number): string {
  return courseId
    ? `/courses/live/edit?${new URLSearchParams({ id: String(courseId) }).toString()}`
    : '/courses/live/edit';
}
