import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { toaster } from '@/components/ui/toast';
import { later } from '@/lib/later';
import { FormAlert, useErrorReason } from '@/components/ui/alert';
import { type Api, ApiError, unwrap } from '@/lib/api/client';
import type { components } from '@contract/schema';
import type { GatewayConfig } from '@machines/checkout.machine';
import { useAction } from '@/lib/use-action';

/** The bank account payouts go to (the contract's ExternalAccount). */
export type ExternalAccount = components['schemas']['ExternalAccount'];

/** The sandbox's verified US test bank account token. */
const SANDBOX_BANK_TOKEN = 'btok_us_verified';

/** The form adding (or replacing) the payout bank account from a gateway token (product.md#states add bank account). */
export function BankAccountForm({
  api,
  config,
  replacing,
  onSaved,
  onCancel,
}: {
  api: Api;
  config: GatewayConfig;
  replacing: boolean;
  onSaved: () => void;
  onCancel?: () => void;
}) {
  const { t } = useLingui();
  const reason = useErrorReason();
  const [token, setToken] = useState(config.gateway === 'sandbox' ? SANDBOX_BANK_TOKEN : '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const save = useAction(
    useCallback(
      async (value: string) =>
        unwrap(await api.POST('/payments/accounts/external-account', { body: { external_account: value } })),
      [api],
    ),
    {
      onSuccess: useCallback(
        (account: ExternalAccount) => {
          const bank = account.bankName;
          const last4 = account.last4;
          const label = t`${bank} ending in ${last4}`;
          later(() => toaster.create({ title: t`Bank account saved: ${label}`, type: 'success' }));
          onSaved();
        },
        [onSaved, t],
      ),
    },
  );
  const error = save.errorOf();
  const serverField = error instanceof ApiError ? error.fieldErrors.external_account : undefined;

  if (config.gateway === 'stripe') {
    return (
      <FormAlert tone="info" title={<Trans>Bank account entry is not available</Trans>}>
        <Trans>Bank accounts are entered with Stripe, which cannot be reached from this installation.</Trans>
      </FormAlert>
    );
  }

  return (
    <form
      noValidate
      aria-label={replacing ? t`Replace the bank account` : t`Add a bank account`}
      className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
      onSubmit={(e) => {
        e.preventDefault();
        const value = token.trim();
        if (!value) {
          setFieldError(t`Enter the bank account token.`);
          input.current?.focus();
          return;
        }
        setFieldError(null);
        void save.start(value, value);
      }}
    >
      <TextField
        ref={input}
        label={<Trans>Bank account token</Trans>}
        name="external_account"
        value={token}
        onChange={(e) => {
          setToken(e.target.value);
          if (save.state.status === 'failed') save.reset(); // product.md#states: the add-bank-account state resets
        }}
        required
        autoComplete="off"
        spellCheck={false}
        dir="ltr"
        error={fieldError ?? serverField ?? null}
        helperText={
          <Trans>Sandbox mode: {SANDBOX_BANK_TOKEN} is a verified US test account; no real bank is used.</Trans>
        }
      />
      {error && !serverField ? (
        <FormAlert
          title={
            error instanceof ApiError && error.status === 422 ? (
              <Trans>This bank account was refused</Trans>
            ) : (
              <Trans>The bank account could not be saved</Trans>
            )
          }
        >
          {reason(error)}
        </FormAlert>
      ) : null}
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
        <Button type="submit" loading={save.isPending()}>
          {replacing ? <Trans>Replace bank account</Trans> : <Trans>Save bank account</Trans>}
        </Button>
        {onCancel ? (
          <Button variant="ghost" onClick={onCancel} disabled={save.isPending()}>
            <Trans>Cancel</Trans>
          </Button>
        ) : null}
      </div>
    </form>
  );
}
