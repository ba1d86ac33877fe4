/**
 * Stands in for the proof-of-work captcha widget, which needs a real browser (Web Crypto in a
 * worker; tests/e2e solves it for real): a button that reports a solved payload, as the widget does,
 * and the widget's error. Used as `vi.mock('@/components/ui/captcha', () => import('./captcha-stand-in'))`.
 */
export function CaptchaField({ onSolved, error }: { onSolved: (p: string) => void; error?: string | null }) {
  return (
    <div>
      <button type="button" onClick={() => onSolved('solved-payload')}>
        solve captcha
      </button>
      {error ? <p role="alert">{error}</p> : null}
    </div>
  );
}
