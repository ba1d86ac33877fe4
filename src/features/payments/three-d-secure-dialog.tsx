import { Trans } from '@lingui/react/macro';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { ShieldIcon } from '@/components/ui/icons';
import { HeldAlertDialog } from '@/components/ui/dialog';

/**
 * The sandbox's 3-D Secure step (the intent answered `requires_action`, nextAction
 * `three_d_secure`): a dialog standing in for the bank's page, with "Complete authentication" and
 * "Fail authentication" (POST /payments/intents/{id}/authenticate {result}). Escape cancels the
 * payment (releasing the held seat) unless the answer is being sent.
 */
export function ThreeDSecureDialog({
  open,
  busy,
  amount,
  cardLabel,
  onComplete,
  onFail,
  onCancel,
}: {
  open: boolean;
  /** The answer is being sent. */
  busy: boolean;
  /** The formatted total being charged. */
  amount: string;
  /** "Visa ending in 3220", when known. */
  cardLabel: string | null;
  onComplete: () => void;
  onFail: () => void;
  onCancel: () => void;
}) {
  return (
    <HeldAlertDialog
      open={open}
      onClose={onCancel}
      busy={busy}
      title={<Trans>Confirm the payment with your bank</Trans>}
      description={
        cardLabel ? (
          <Trans>
            Your bank asks you to confirm the payment of {amount} with your {cardLabel} (3-D Secure).
          </Trans>
        ) : (
          <Trans>Your bank asks you to confirm the payment of {amount} (3-D Secure).</Trans>
        )
      }
      footer={
        <>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            <Trans>Cancel payment</Trans>
          </Button>
          <Button variant="outline" onClick={onFail} disabled={busy}>
            <Trans>Fail authentication</Trans>
          </Button>
          <Button onClick={onComplete} loading={busy}>
            <Trans>Complete authentication</Trans>
          </Button>
        </>
      }
    >
      <div
        className={css({
          display: 'flex',
          gap: '3',
          alignItems: 'flex-start',
          padding: '3',
          borderRadius: 'lg',
          bg: 'bg.subtle',
          fontSize: 'sm',
          color: 'fg.muted',
        })}
      >
        <span className={css({ color: 'primary.strong', flexShrink: 0 })}>
          <ShieldIcon size={22} />
        </span>
        <p>
          <Trans>
            Sandbox: this window simulates your bank's security check. Choose whether the bank confirms the payment or
            refuses it.
          </Trans>
        </p>
      </div>
      {busy ? (
        <p role="status" className={css({ fontSize: 'sm' })}>
          <Trans>Waiting for your bank…</Trans>
        </p>
      ) : null}
    </HeldAlertDialog>
  );
}
