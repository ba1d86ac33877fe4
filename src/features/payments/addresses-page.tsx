import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ChangeEvent, type FormEvent, useCallback, useMemo, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { TextField } from '@/components/ui/field';
import { toaster } from '@/components/ui/toast';
import { later } from '@/lib/later';
import { FormAlert, useErrorReason } from '@/components/ui/alert';
import { type Api, ApiError, unwrap } from '@/lib/api/client';
import type { components } from '@contract/schema';
import { currentLocale, intlLocaleOf, isLocale, type Locale } from '@/lib/i18n';
import { TitledSection } from '@/components/ui/titled-section';
import { AccountPage, DefaultBadge, SavedItemIcon, SavedList } from './account-shell';
import { PinIcon } from '@/components/ui/icons';
import { useAction } from '@/lib/use-action';

type Address = components['schemas']['Address'];
type AddressInput = components['schemas']['AddressInput'];

type FormValues = {
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  isDefault: boolean;
};
const EMPTY: FormValues = { line1: '', line2: '', city: '', state: '', postalCode: '', country: '', isDefault: false };
type FieldName = Exclude<keyof FormValues, 'isDefault'>;

/** A country's name from its ISO 3166-1 alpha-2 code in `locale` ("MA" → "Morocco"); the code when unknown. */
export function countryName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames([intlLocaleOf(locale)], { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/**
 * The form's values checked on the client (the server checks again): line 1, city, postal code
 * required; country a two-letter ISO code. Returns field → message descriptor (translate with `t`).
 */
export function validateAddress(values: FormValues): Partial<Record<FieldName, MessageDescriptor>> {
  const errors: Partial<Record<FieldName, MessageDescriptor>> = {};
  if (!values.line1.trim()) errors.line1 = msg`Enter the street address.`;
  if (!values.city.trim()) errors.city = msg`Enter the city.`;
  if (!values.postalCode.trim()) errors.postalCode = msg`Enter the postal code.`;
  if (!/^[A-Za-z]{2}$/.test(values.country.trim()))
    errors.country = msg`Enter the two-letter country code, e.g. US or MA.`;
  return errors;
}

function toInput(values: FormValues): AddressInput {
  const optional = (v: string) => (v.trim() ? v.trim() : null);
  return {
    line1: values.line1.trim(),
    line2: optional(values.line2),
    city: values.city.trim(),
    state: optional(values.state),
    postalCode: values.postalCode.trim(),
    country: values.country.trim().toUpperCase(),
    isDefault: values.isDefault,
  };
}

/**
 * `/account/addresses` (any signed-in role): the caller's addresses (`GET /users/me/addresses`,
 * default first) and "Add an address" (`POST /users/me/addresses`): fields checked on the client,
 * the server's field errors shown on their fields, the form reset after success (product.md#states add
 * address reset) with a toast; the list is then reloaded (`onChanged`).
 */
export function AddressesPage({
  addresses,
  api,
  onChanged,
}: {
  addresses: Address[];
  api: Api;
  onChanged: () => void;
}) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : currentLocale();
  const reason = useErrorReason();
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const refs = {
    line1: useRef<HTMLInputElement>(null),
    line2: useRef<HTMLInputElement>(null),
    city: useRef<HTMLInputElement>(null),
    state: useRef<HTMLInputElement>(null),
    postalCode: useRef<HTMLInputElement>(null),
    country: useRef<HTMLInputElement>(null),
  };
  const sorted = useMemo(() => [...addresses].sort((a, b) => Number(b.isDefault) - Number(a.isDefault)), [addresses]);

  const add = useAction(
    useCallback(async (input: AddressInput) => unwrap(await api.POST('/users/me/addresses', { body: input })), [api]),
    {
      onSuccess: useCallback(() => {
        setValues(EMPTY); // product.md#states: the add-address state resets after success
        setErrors({});
        later(() => toaster.create({ title: t`Address added`, type: 'success' }));
        onChanged();
      }, [onChanged, t]),
      onError: useCallback((error: unknown) => {
        if (error instanceof ApiError && Object.keys(error.fieldErrors).length) {
          const fields = error.fieldErrors as Partial<Record<FieldName, string>>;
          setErrors(fields);
          const first = (Object.keys(refs) as FieldName[]).find((k) => fields[k]);
          if (first) refs[first].current?.focus();
        }
        // eslint-disable-next-line react-hooks/exhaustive-deps
      }, []),
    },
  );
  const failure = add.errorOf();
  const showFailure = failure && !(failure instanceof ApiError && Object.keys(failure.fieldErrors).length);

  const set = (name: keyof FormValues) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = name === 'isDefault' ? e.target.checked : e.target.value;
    setValues((v) => ({ ...v, [name]: value }));
    if (name !== 'isDefault' && errors[name]) setErrors((er) => ({ ...er, [name]: undefined }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const descriptors = validateAddress(values);
    const found = Object.fromEntries(Object.entries(descriptors).map(([k, d]) => [k, t(d)])) as Partial<
      Record<FieldName, string>
    >;
    setErrors(found);
    const first = (Object.keys(refs) as FieldName[]).find((k) => found[k]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    void add.start('add', toInput(values));
  };

  const busy = add.isPending();
  return (
    <AccountPage
      title={t`Addresses`}
      lead={<Trans>Your billing addresses. The default one is used on receipts.</Trans>}
    >
      <TitledSection titleId="my-addresses" title={<Trans>Saved addresses</Trans>}>
        {sorted.length === 0 ? (
          <EmptyState
            icon={<PinIcon size={28} />}
            title={<Trans>No addresses yet</Trans>}
            description={<Trans>Add your billing address with the form below.</Trans>}
          />
        ) : (
          <SavedList>
            {sorted.map((a) => (
              <li key={a.id}>
                <Card
                  as="article"
                  className={css({ padding: '4', display: 'flex', gap: '3', alignItems: 'flex-start', height: 'full' })}
                >
                  <SavedItemIcon>
                    <PinIcon size={20} />
                  </SavedItemIcon>
                  <address
                    className={css({
                      fontStyle: 'normal',
                      fontSize: 'sm',
                      display: 'flex',
                      flexDirection: 'column',
                      gap: '0.5',
                      flex: 1,
                      minWidth: 0,
                      overflowWrap: 'anywhere',
                    })}
                  >
                    {/* Lines as typed, isolated: "120 Main Street" keeps its order in an Arabic page. */}
                    <span className={css({ fontWeight: 'semibold' })}>
                      <bdi>{a.line1}</bdi>
                    </span>
                    {a.line2 ? (
                      <span>
                        <bdi>{a.line2}</bdi>
                      </span>
                    ) : null}
                    <span>
                      <bdi>{[a.city, a.state, a.postalCode].filter(Boolean).join(', ')}</bdi>
                    </span>
                    <span>{countryName(a.country, locale)}</span>
                  </address>
                  {a.isDefault ? <DefaultBadge /> : null}
                </Card>
              </li>
            ))}
          </SavedList>
        )}
      </TitledSection>

      <TitledSection titleId="add-address" title={<Trans>Add an address</Trans>} className={css({ maxWidth: '40rem' })}>
        <Card className={css({ padding: { base: '4', tablet: '6' } })}>
          <form
            noValidate
            onSubmit={submit}
            aria-labelledby="add-address"
            className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', tablet: '1fr 1fr' } })}
          >
            <TextField
              ref={refs.line1}
              className={css({ gridColumn: { tablet: 'span 2' } })}
              label={<Trans>Street address</Trans>}
              name="line1"
              autoComplete="address-line1"
              required
              value={values.line1}
              onChange={set('line1')}
              error={errors.line1 ?? null}
            />
            <TextField
              ref={refs.line2}
              className={css({ gridColumn: { tablet: 'span 2' } })}
              label={<Trans>Apartment, suite (optional)</Trans>}
              name="line2"
              autoComplete="address-line2"
              value={values.line2}
              onChange={set('line2')}
              error={errors.line2 ?? null}
            />
            <TextField
              ref={refs.city}
              label={<Trans>City</Trans>}
              name="city"
              autoComplete="address-level2"
              required
              value={values.city}
              onChange={set('city')}
              error={errors.city ?? null}
            />
            <TextField
              ref={refs.state}
              label={<Trans>State or region (optional)</Trans>}
              name="state"
              autoComplete="address-level1"
              value={values.state}
              onChange={set('state')}
              error={errors.state ?? null}
            />
            <TextField
              ref={refs.postalCode}
              label={<Trans>Postal code</Trans>}
              name="postalCode"
              autoComplete="postal-code"
              required
              value={values.postalCode}
              onChange={set('postalCode')}
              error={errors.postalCode ?? null}
            />
            <TextField
              ref={refs.country}
              label={<Trans>Country code</Trans>}
              name="country"
              autoComplete="country"
              required
              maxLength={2}
              dir="ltr"
              value={values.country}
              onChange={set('country')}
              error={errors.country ?? null}
              helperText={
                /^[A-Za-z]{2}$/.test(values.country.trim()) ? (
                  countryName(values.country, locale)
                ) : (
                  <Trans>Two letters, e.g. US, MA or QA.</Trans>
                )
              }
            />
            <label
              className={css({
                display: 'flex',
                alignItems: 'center',
                gap: '2',
                fontSize: 'sm',
                gridColumn: { tablet: 'span 2' },
                cursor: 'pointer',
              })}
            >
              <input
                type="checkbox"
                name="isDefault"
                checked={values.isDefault}
                onChange={set('isDefault')}
                className={css({ accentColor: 'primary.strong', width: '4', height: '4' })}
              />
              <Trans>Make this my default address</Trans>
            </label>
            {showFailure ? (
              <FormAlert
                className={css({ gridColumn: { tablet: 'span 2' } })}
                title={<Trans>The address could not be added</Trans>}
              >
                {reason(failure)}
              </FormAlert>
            ) : null}
            <div className={css({ gridColumn: { tablet: 'span 2' } })}>
              <Button type="submit" loading={busy}>
                <Trans>Add address</Trans>
              </Button>
            </div>
          </form>
        </Card>
      </TitledSection>
    </AccountPage>
  );
}
