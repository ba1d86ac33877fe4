import { Fragment } from 'react';
import { css } from 'styled-system/css';

const address = css({ overflowWrap: 'break-word', wordBreak: 'normal' });

/**
 * An e-mail address that wraps where a reader expects it to: after the `@` and before each dot
 * (`<wbr>` break opportunities), and inside a part only when that part alone is wider than the
 * line. Always left to right (`dir="ltr"`), also in an Arabic page; it reads and copies as typed.
 * @param email the address as stored, e.g. `first.last@company.example`
 */
export function EmailAddress({ email }: { email: string }) {
  // "first.last@company.example" → ["first", ".last@", "company", ".example"]
  const at = email.lastIndexOf('@');
  const local = at >= 0 ? email.slice(0, at + 1) : email;
  const domain = at >= 0 ? email.slice(at + 1) : '';
  const pieces = [...dotted(local), ...(domain ? dotted(domain) : [])];
  return (
    <span dir="ltr" className={address}>
      {pieces.map((piece, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the address's pieces in order; they never move
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {piece}
        </Fragment>
      ))}
    </span>
  );
}

/** `a.b.c` → `['a', '.b', '.c']`: each dot starts the piece after it. */
function dotted(text: string): string[] {
  return text.split(/(?=\.)/);
}
