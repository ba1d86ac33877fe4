import { Trans, useLingui } from '@lingui/react/macro';
import { IBAN_COUNTRIES, checkedIban, isValidRoutingNumber } from '@contract/bank-details';
import { useCallback, useMemo, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { toaster } from '@/components/ui/toast';
import { later } from '@/lib/later';
import { FormAlert, useErrorReason } from '@/components/ui/alert';
import { type Api, ApiError, unwrap } from '@/lib/api/client';
import type { components } from '@contract/schema';
import type { GatewayConfig } from '@machines/checkout.machine';
import { intlLocaleOf, isLocale, currentLocale } from '@/lib/i18n';
import { useAction } from '@/lib/use-action';

/** The bank account payouts go to (the contract's ExternalAccount). */
export type ExternalAccount = components['schemas']['ExternalAccount'];
type BankAccountRequest = components['schemas']['BankAccountRequest'];
type Field = 'accountHolderName' | 'country' | 'iban' | 'routingNumber' | 'accountNumber';

/** The countries offered: the US (routing + account number) and every IBAN country. */
const COUNTRIES = ['US', ...IBAN_COUNTRIES];

/** The request of the form's values: an IBAN, or for the US the routing and account numbers. */
function toRequest(v: Record<Field, string>): BankAccountRequest {
  const base = { accountHolderName: v.accountHolderName.trim(), country: v.country };
  return v.country === 'US'
    ? { ...base, routingNumber: v.routingNumber.trim(), accountNumber: v.accountNumber.trim() }
    : { ...base, iban: v.iban.trim() };
}

/**
 * The form adding (or replacing) the payout bank account from the educator's bank details, as
 * Stripe's own forms ask them (product.md#states add bank account): account holder name, country,
 * and the IBAN, or for the US the routing number and account number. Checked here as the server
 * checks them (IBAN checksum and country, ABA checksum: `@contract/bank-details`); the server's
 * refusal of a field is shown under it. Only the last four digits come back.
 */
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
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : currentLocale();
  const reason = useErrorReason();
  const [values, setValues] = useState<Record<Field, string>>({
    accountHolderName: '',
    country: 'US',
    iban: '',
    routingNumber: '',
    accountNumber: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const form = useRef<HTMLFormElement>(null);
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([intlLocaleOf(locale)], { type: 'region' });
    return COUNTRIES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      a.code === 'US' ? -1 : b.code === 'US' ? 1 : a.name.localeCompare(b.name, intlLocaleOf(locale)),
    );
  }, [locale]);
  const save = useAction(
    useCallback(
      async (body: BankAccountRequest) => unwrap(await api.POST('/payments/accounts/external-account', { body })),
      [api],
    ),
    {
      onSuccess: useCallback(
        (account: ExternalAccount) => {
          const last4 = account.last4;
          later(() => toaster.create({ title: t`Bank account saved: ending in ${last4}`, type: 'success' }));
          onSaved();
        },
        [onSaved, t],
      ),
    },
  );
  const error = save.errorOf();
  const serverFields = error instanceof ApiError ? error.fieldErrors : {};
  const us = values.country === 'US';
  const set = (field: Field) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((v) => ({ ...v, [field]: undefined }));
    if (save.state.status === 'failed') save.reset(); // product.md#states: the add-bank-account state resets
  };
  const fieldError = (field: Field) => errors[field] ?? serverFields[field] ?? null;
  const shownServerField = (['accountHolderName', 'country', 'iban', 'routingNumber', 'accountNumber'] as const).some(
    (f) => serverFields[f],
  );

  /** The form's own checks, the server's rules: the first wrong field, with its message. */
  const check = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    if (!values.accountHolderName.trim()) found.accountHolderName = t`Enter the account holder's name.`;
    if (us) {
      if (!isValidRoutingNumber(values.routingNumber.trim()))
        found.routingNumber = t`Enter a valid 9-digit US routing number.`;
      if (!/^[0-9]{4,17}$/.test(values.accountNumber.trim()))
        found.accountNumber = t`Enter the account number (4 to 17 digits).`;
    } else if (!checkedIban(values.iban, values.country)) {
      found.iban = t`Enter a valid IBAN of the chosen country.`;
    }
    return found;
  };

  return (
    <form
      ref={form}
      noValidate
      aria-label={replacing ? t`Replace the bank account` : t`Add a bank account`}
      className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
      onSubmit={(e) => {
        e.preventDefault();
        const found = check();
        setErrors(found);
        const first = Object.keys(found)[0];
        if (first) {
          form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
          return;
        }
        const body = toRequest(values);
        void save.start('bank-account', body);
      }}
    >
      <TextField
        label={<Trans>Account holder name</Trans>}
        name="accountHolderName"
        value={values.accountHolderName}
        onChange={set('accountHolderName')}
        required
        autoComplete="name"
        error={fieldError('accountHolderName')}
      />
      <SelectField
        label={<Trans>Bank country</Trans>}
        name="country"
        value={values.country}
        onChange={set('country')}
        required
        error={fieldError('country')}
      >
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </SelectField>
      {us ? (
        <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', tablet: '1fr 1fr' } })}>
          <TextField
            label={<Trans>Routing number</Trans>}
            name="routingNumber"
            value={values.routingNumber}
            onChange={set('routingNumber')}
            required
            inputMode="numeric"
            autoComplete="off"
            dir="ltr"
            error={fieldError('routingNumber')}
            helperText={<Trans>9 digits (ABA)</Trans>}
          />
          <TextField
            label={<Trans>Account number</Trans>}
            name="accountNumber"
            value={values.accountNumber}
            onChange={set('accountNumber')}
            required
            inputMode="numeric"
            autoComplete="off"
            dir="ltr"
            error={fieldError('accountNumber')}
          />
        </div>
      ) : (
        <TextField
          label={<Trans>IBAN</Trans>}
          name="iban"
          value={values.iban}
          onChange={set('iban')}
          required
          autoComplete="off"
          spellCheck={false}
          dir="ltr"
          error={fieldError('iban')}
        />
      )}
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        {config.gateway === 'sandbox' ? (
          <Trans>
            Sandbox mode: no real bank is used. Test numbers: IBAN DE89 3704 0044 0532 0130 00, or US routing number
            110000000 with account number 000123456789.
          </Trans>
        ) : (
          <Trans>Payouts are sent in US dollars. Only the last four digits of the account are kept.</Trans>
        )}
      </p>
      {error && !shownServerField ? (
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
