import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import { BookIcon } from '@/components/ui/icons';

/**
 * A course picture (served by the server as `pictureUrl`) in a 16:9 frame; if it is missing or
 * fails to load, a tinted placeholder with a book icon takes its place. `alt` "" = decorative.
 * `eager`: loaded at once and with high priority (a picture of the first screen), else lazily.
 */
export function CoursePicture({
  src,
  alt,
  className,
  eager = false,
}: {
  src: string | null | undefined;
  alt: string;
  className?: string;
  eager?: boolean;
}) {
  const [failed, setFailed] = useState(false);
  const frame = cx(
    css({ position: 'relative', aspectRatio: '16 / 9', overflow: 'hidden', bg: 'primary.subtle', width: 'full' }),
    className,
  );
  if (!src || failed) {
    return (
      <div className={frame} role={alt ? 'img' : undefined} aria-label={alt || undefined}>
        <div
          aria-hidden
          className={css({
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: 'primary.strong',
            backgroundImage: 'linear-gradient(135deg, {colors.primary.subtle} 0%, {colors.secondary.subtle} 100%)',
          })}
        >
          <BookIcon size={40} />
        </div>
      </div>
    );
  }
  return (
    <div className={frame}>
      <img
        src={src}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
        onError={() => setFailed(true)}
        className={css({ position: 'absolute', inset: 0, width: 'full', height: 'full', objectFit: 'cover' })}
      />
    </div>
  );
}
