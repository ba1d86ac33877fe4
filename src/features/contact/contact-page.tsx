import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useMemo, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { FormAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CaptchaField } from '@/components/ui/captcha';
import { captchaStrings } from '@/components/ui/captcha-strings';
import { TextField, TextareaField } from '@/components/ui/field';
import { inputBinder } from '@/components/ui/form-binding';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { toaster } from '@/components/ui/toast';
import type { Api } from '@/lib/api/client';
import { usePageTitle } from '@/lib/document-head';
import { currentLocale, isLocale } from '@/lib/i18n';
import { unwrap } from '@machines/support/api';
import { CAPTCHA_PARAM, captchaRefused } from '@machines/support/captcha';
import { fieldErrorsOf, messageOf, statusOf } from '@machines/support/errors';
import { later } from '@/lib/later';

type Fields = { name: string; email: string; subject: string; message: string };
const EMPTY: Fields = { name: '', email: '', subject: '', message: '' };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * "Contact us" (product.md#screens contact us, #calls `POST /contact {fields}`, #messages 'Contact us
 * failed!'): name, e-mail, subject, message and the ALTCHA captcha (single use: after any answer
 * the widget starts again). One request, so local state rather than a statechart (docs/decisions.md
 * "plain hook or statechart"). Fields are checked before sending; the server's field errors are
 * shown under their fields, its message under the form and in the failure toast.
 */
export function ContactPage({ api }: { api: Api }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Contact us`);
  const language = isLocale(i18n.locale) ? i18n.locale : currentLocale();
  const [values, setValues] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields | 'captcha', string>>>({});
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const sentRef = useRef<HTMLDivElement>(null);
  const refs = {
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    subject: useRef<HTMLInputElement>(null),
    message: useRef<HTMLTextAreaElement>(null),
  };
  const fetchChallenge = useMemo(() => async () => unwrap(await api.GET('/auth/captcha/challenge')), [api]);

  const change = (key: keyof Fields) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [key]: e.target.value }));
  const field = inputBinder<'name' | 'email' | 'subject'>({
    values,
    change: (name, value) => setValues((v) => ({ ...v, [name]: value })),
    errorOf: (name) => errors[name],
    refs,
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: typeof errors = {};
    for (const key of ['name', 'email', 'subject', 'message'] as const)
      if (!values[key].trim()) found[key] = t`This field is required.`;
    if (values.email.trim() && !EMAIL.test(values.email.trim()))
      found.email = t`Enter a valid e-mail address, like name@example.com.`;
    if (!captcha) found.captcha = t`Please complete the captcha`;
    setErrors(found);
    setFailure(null);
    const first = (['name', 'email', 'subject', 'message'] as const).find((k) => found[k]);
    if (first) return refs[first].current?.focus();
    if (found.captcha) return;
    setSending(true);
    try {
      unwrap(
        await api.POST('/contact', {
          params: { query: { [CAPTCHA_PARAM]: captcha! } },
          body: {
            name: values.name.trim(),
            email: values.email.trim(),
            subject: values.subject.trim(),
            message: values.message.trim(),
          },
        }),
      );
      setSent(true);
      setValues(EMPTY);
      later(() => toaster.create({ title: t`Thank you, we will get back to you soon.`, type: 'success' }));
      later(() => sentRef.current?.focus());
    } catch (err) {
      const fields = fieldErrorsOf(err);
      const next: typeof errors = {};
      for (const key of ['name', 'email', 'subject', 'message'] as const) if (fields[key]) next[key] = fields[key];
      if (captchaRefused(fields)) next.captcha = t`The captcha was not accepted, please try again`;
      setErrors(next);
      const server =
        statusOf(err) === 429 ? messageOf(err) : messageOf(err) && !captchaRefused(fields) ? messageOf(err) : undefined;
      setFailure(server ?? t`System error please try later !`);
      later(() =>
        toaster.create({ title: t`Contact us failed!`, ...(server ? { description: server } : {}), type: 'error' }),
      );
    } finally {
      // The captcha was spent (or refused): a new one is needed.
      setCaptcha(null);
      setRound((r) => r + 1);
      setSending(false);
    }
  };

  return (
    <PageContainer className={css({ paddingBlock: { base: '8', tablet: '12' }, maxWidth: '44rem' })}>
      <PageHeader
        title={<Trans>Contact us</Trans>}
        lead={
          <Trans>
            A question about a course, a company account or your payments? Write to us and we answer by e-mail.
          </Trans>
        }
      />
      {sent ? (
        <div ref={sentRef} tabIndex={-1} className={css({ outline: 'none', marginBlockEnd: '6' })}>
          <FormAlert tone="success" title={<Trans>Your message was sent</Trans>}>
            <Trans>Thank you, we will get back to you soon.</Trans>
          </FormAlert>
        </div>
      ) : null}
      <form
        noValidate
        onSubmit={(e) => void submit(e)}
        className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
        aria-label={t`Contact us`}
      >
        <TextField
          label={t`Your name`}
          autoComplete="name"
          required
          maxLength={200}
          {...field('name')}
          disabled={sending}
        />
        <TextField
          label={t`Your e-mail address`}
          type="email"
          autoComplete="email"
          required
          {...field('email')}
          disabled={sending}
        />
        <TextField label={t`Subject`} required maxLength={200} {...field('subject')} disabled={sending} />
        <TextareaField
          ref={refs.message}
          label={t`Message`}
          name="message"
          required
          maxLength={5000}
          rows={6}
          value={values.message}
          onChange={change('message')}
          error={errors.message}
          disabled={sending}
        />
        <CaptchaField
          key={round}
          fetchChallenge={fetchChallenge}
          strings={captchaStrings(i18n)}
          language={language}
          onSolved={(payload) => {
            setCaptcha(payload);
            setErrors((e) => ({ ...e, captcha: undefined }));
          }}
          onReset={() => setCaptcha(null)}
          error={errors.captcha ?? null}
        />
        {failure ? <FormAlert title={<Trans>Contact us failed!</Trans>}>{failure}</FormAlert> : null}
        <Button type="submit" size="lg" loading={sending} className={css({ alignSelf: 'flex-start' })}>
          {sending ? <Trans>Sending…</Trans> : <Trans>Send the message</Trans>}
        </Button>
      </form>
    </PageContainer>
  );
}
