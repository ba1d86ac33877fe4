/** Why a link address was refused (the link dialog says it in the user's language). */
export type LinkUrlIssue = 'empty' | 'scheme' | 'invalid';

const SCHEMES = new Set(['http:', 'https:', 'mailto:']);
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * The address a lesson link may point to (the server's lesson sanitiser keeps the same ones,
 * docs/decisions.md "Lesson editor"): http, https or mailto. Spaces around are ignored; an address
 * typed without a scheme (`example.com/page`) is taken as https.
 * @returns `{ url }` with the address to store, or `{ issue }`: `empty`, `scheme` (another scheme
 *   such as `javascript:`, `data:` or `ftp:`), `invalid` (no host, spaces inside, not a URL).
 */
export function checkLinkUrl(raw: string): { url: string } | { issue: LinkUrlIssue } {
  const text = raw.trim();
  if (text === '') return { issue: 'empty' };
  const candidate = HAS_SCHEME.test(text) ? text : `https://${text}`;
  let parsed: URL;
  try {
    parsed = new URL(candidate);
  } catch {
    return { issue: 'invalid' };
  }
  if (!SCHEMES.has(parsed.protocol)) return { issue: 'scheme' };
  if (/\s/.test(text)) return { issue: 'invalid' };
  if (parsed.protocol === 'mailto:')
    return /^mailto:[^@\s]+@[^@\s]+$/i.test(candidate) ? { url: candidate } : { issue: 'invalid' };
  if (!parsed.hostname || (!parsed.hostname.includes('.') && parsed.hostname !== 'localhost'))
    return { issue: 'invalid' };
  return { url: candidate };
}
