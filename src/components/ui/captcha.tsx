import 'altcha/external';
import 'altcha/altcha.css';
import workerUrl from 'altcha/worker?url&no-inline';
import { useEffect, useRef } from 'react';
import { css } from 'styled-system/css';

/** The widget's texts (ALTCHA `strings`), translated by the screen that shows it. */
export interface CaptchaStrings {
  label: string;
  verifying: string;
  verified: string;
  error: string;
  expired: string;
  waitAlert: string;
  ariaLinkLabel: string;
  footer: string;
}

/** A challenge as GET /auth/captcha/challenge answers it (the `data`). */
export interface CaptchaChallengeData {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/**
 * The self-hosted proof-of-work captcha (ALTCHA widget, CSP-friendly build: external worker and
 * stylesheet). It asks `fetchChallenge` for a challenge as soon as it is shown (`auto="onload"`),
 * solves it in a worker (about 50,000 SHA-256 at most: well under a second) and reports the
 * solved payload (base64) with `onSolved`; `onReset` when the solution is gone (expired — a new
 * challenge is fetched —, failed, or reset). Rebuild it (React `key`) to start again after a
 * payload was spent. `error` is shown under it and marks it invalid.
 */
export function CaptchaField({
  fetchChallenge,
  strings,
  onSolved,
  onReset,
  error,
  language,
}: {
  fetchChallenge: () => Promise<CaptchaChallengeData>;
  strings: CaptchaStrings;
  onSolved: (payload: string) => void;
  onReset: () => void;
  error?: string | null | undefined;
  /** `ar` or `en`: the widget's text direction follows the page. */
  language: string;
}) {
  const ref = useRef<HTMLElement>(null);
  const handlers = useRef({ onSolved, onReset, fetchChallenge });
  handlers.current = { onSolved, onReset, fetchChallenge };

  useEffect(() => {
    const el = ref.current as (HTMLElement & { customfetch?: (url: string) => Promise<Response> }) | null;
    if (!el) return;
    // The client unwraps `{ data }`; the widget wants the bare challenge.
    el.customfetch = async () => {
      const data = await handlers.current.fetchChallenge();
      return new Response(JSON.stringify(data), { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const onState = (ev: Event) => {
      const detail = (ev as CustomEvent<{ state: string; payload?: string }>).detail;
      if (detail.state === 'verified' && detail.payload) handlers.current.onSolved(detail.payload);
      else if (detail.state !== 'verifying') handlers.current.onReset();
    };
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
  }, []);

  return (
    <div
      className={css({
        display: 'flex',
        flexDirection: 'column',
        gap: '1',
        '& altcha-widget': { display: 'block' },
        '--altcha-max-width': '100%',
        '--altcha-border-radius': '8px',
      })}
      data-testid="captcha"
      lang={language}
    >
      <altcha-widget
        ref={ref}
        challengeurl="/api/auth/captcha/challenge"
        workerurl={workerUrl}
        auto="onload"
        hidelogo
        hidefooter
        name="captcha"
        strings={JSON.stringify(strings)}
      />
      {error ? (
        <p role="alert" className={css({ fontSize: 'sm', color: 'error.strong' })}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
