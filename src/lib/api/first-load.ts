import { FIRST_LOAD_ELEMENT_ID, firstLoadKey } from '@contract/first-load';

/**
 * The API answers the server sent inside the page for its first load (openapi/first-load.ts,
 * server/modules/pages): read once at start-up, each taken at most once, by a guest's GET of the
 * same URL (src/lib/api/client.ts). A later call of that URL asks the server, as does every call
 * of a signed-in client (its answers may differ from a guest's: a company's private courses).
 */
export interface FirstLoad {
  /** The answer filed for `url` (an absolute URL), as a 200 JSON Response, removed from the store; null when there is none. */
  take(url: string): Response | null;
  /** Whether the page came with answers (some may have been taken since). */
  readonly sent: boolean;
}

/**
 * Reads the answers from the page's `<script type="application/json" id="halaqa-first-load">`,
 * and removes the element. A missing or unreadable element gives an empty store.
 */
export function readFirstLoad(doc: Document | undefined = globalThis.document): FirstLoad {
  const answers = new Map<string, unknown>();
  const element = doc?.getElementById(FIRST_LOAD_ELEMENT_ID);
  if (element) {
    try {
      const parsed = JSON.parse(element.textContent ?? '{}') as Record<string, unknown>;
      for (const [key, value] of Object.entries(parsed)) answers.set(key, value);
    } catch {
      // A page without usable answers loads as any other: the client asks.
    }
    element.remove();
  }
  return {
    sent: answers.size > 0,
    take(url) {
      const key = firstLoadKey(url);
      if (!answers.has(key)) return null;
      const body = answers.get(key);
      answers.delete(key);
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    },
  };
}
