import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { plainList } from 'styled-system/recipes';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField, TextField } from '@/components/ui/field';
import { ReceiptIcon } from '@/components/ui/icons';
import { FormAlert, useErrorReason } from '@/components/ui/alert';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { toaster } from '@/components/ui/toast';
import { formatDollars, formatInstantDate } from '@/components/ui/format';
import { type Api, ApiError, unwrap } from '@/lib/api/client';
import { usePageTitle } from '@/lib/document-head';
import { currentLocale, isLocale } from '@/lib/i18n';
import { later } from '@/lib/later';
import { useAction } from '@/lib/use-action';
import type { Role } from '@/lib/auth/roles';
import type { components } from '@contract/schema';

type DiscountCode = components['schemas']['DiscountCode'];
type DiscountCodeRequest = components['schemas']['DiscountCodeRequest'];
/** A course the caller may pick for a code: its id and title. */
export interface CourseOption {
  id: number;
  title: string;
}
type Field = 'code' | 'value' | 'courseId' | 'validFrom' | 'validTo' | 'maxUses' | 'maxUsesPerLearner';

const today = () => new Date().toISOString().slice(0, 10);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * /dashboard/discount-codes (product.md "Discount codes"): the codes the caller manages with their uses — an
 * educator those of their courses, a partner their company's (for its members only), an admin every code — and a
 * form to create one for a course (optionally one of its open sessions). The server decides what the caller may
 * discount; its refusals are shown with the form.
 */
export function DiscountCodesPage({
  api,
  role,
  codes,
  courses,
  reload,
}: {
  api: Api;
  role: Role;
  codes: DiscountCode[];
  courses: CourseOption[];
  reload: () => void;
}) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Discount codes`);
  const locale = isLocale(i18n.locale) ? i18n.locale : currentLocale();
  const lead =
    role === 'PARTNER' ? (
      <Trans>Codes for your company's members only. Each code is for one course, or one session of it.</Trans>
    ) : role === 'EDUCATOR' ? (
      <Trans>Codes for your own courses. Each code is for one course, or one session of it.</Trans>
    ) : (
      <Trans>Every code of every course. Each code is for one course, or one session of it.</Trans>
    );
  return (
    <PageContainer className={css({ paddingBlock: { base: '6', tablet: '10' } })}>
      <PageHeader title={<Trans>Discount codes</Trans>} lead={lead} />
      <div
        className={css({
          display: 'grid',
          gap: '6',
          gridTemplateColumns: { base: '1fr', desktop: 'minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'start',
        })}
      >
        <section
          aria-labelledby="codes-heading"
          className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
        >
          <h2 id="codes-heading" className={css({ fontSize: 'lg', fontWeight: 'semibold' })}>
            <Trans>Your codes</Trans>
          </h2>
          {codes.length === 0 ? (
            <EmptyState
              icon={<ReceiptIcon size={28} />}
              title={<Trans>No discount code yet</Trans>}
              description={<Trans>Create one with the form.</Trans>}
            />
          ) : (
            <ul className={plainList({ gap: '3' })}>
              {codes.map((c) => (
                <li key={c.id}>
                  <CodeCard code={c} locale={locale} />
                </li>
              ))}
            </ul>
          )}
        </section>
        <Card as="section" aria-labelledby="new-code-heading" className={css({ padding: '5' })}>
          <h2 id="new-code-heading" className={css({ fontSize: 'lg', fontWeight: 'semibold', marginBlockEnd: '3' })}>
            <Trans>New code</Trans>
          </h2>
          <NewCodeForm api={api} courses={courses} onCreated={reload} />
        </Card>
      </div>
    </PageContainer>
  );
}

function CodeCard({ code: c, locale }: { code: DiscountCode; locale: ReturnType<typeof currentLocale> }) {
  const off = c.kind === 'percent' ? `${c.percentOff ?? 0} %` : (formatDollars((c.amountOff ?? 0) / 100, locale) ?? '');
  const from = formatInstantDate(c.validFrom, locale);
  const to = formatInstantDate(c.validTo, locale);
  const uses = c.uses;
  const max = c.maxUses;
  const perLearner = c.maxUsesPerLearner;
  const session = c.sessionId;
  return (
    <Card
      as="article"
      aria-labelledby={`code-${c.id}`}
      className={css({ padding: '4', display: 'flex', flexDirection: 'column', gap: '2' })}
    >
      <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '3', flexWrap: 'wrap' })}>
        <h3 id={`code-${c.id}`} dir="ltr" className={css({ fontFamily: 'mono', fontWeight: 'bold', fontSize: 'md' })}>
          {c.code}
        </h3>
        <span className={css({ fontWeight: 'semibold' })}>
          <Trans>{off} off</Trans>
        </span>
      </div>
      <p className={css({ fontSize: 'sm' })}>
        {session !== null ? (
          <Trans>
            {c.courseTitle}, session #{session}
          </Trans>
        ) : (
          c.courseTitle
        )}
      </p>
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        <Trans>
          Valid {from} to {to} · used {uses} of {max} times · {perLearner} per learner
        </Trans>
      </p>
      {c.recentUses.length > 0 ? (
        <details>
          <summary className={css({ fontSize: 'sm', cursor: 'pointer' })}>
            <Trans>Recent uses</Trans>
          </summary>
          <ul className={plainList({ gap: '2' })}>
            {c.recentUses.map((u, i) => {
              const when = formatInstantDate(u.usedAt, locale);
              const saved = formatDollars(u.discount / 100, locale) ?? '';
              const name = u.learnerName;
              return (
                <li key={i} className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                  <Trans>
                    {name}, {when}: {saved} off
                  </Trans>
                </li>
              );
            })}
          </ul>
        </details>
      ) : null}
    </Card>
  );
}

function NewCodeForm({ api, courses, onCreated }: { api: Api; courses: CourseOption[]; onCreated: () => void }) {
  const { t } = useLingui();
  const reason = useErrorReason();
  const [values, setValues] = useState({
    code: '',
    kind: 'percent' as 'percent' | 'fixed',
    value: '',
    courseId: courses[0] ? String(courses[0].id) : '',
    sessionId: '',
    validFrom: today(),
    validTo: inDays(30),
    maxUses: '100',
    maxUsesPerLearner: '1',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [sessions, setSessions] = useState<{ id: number; startDate: string }[]>([]);
  // The open sessions of the chosen course (a code may be for one of them only).
  useEffect(() => {
    const id = Number(values.courseId);
    setSessions([]);
    if (!id) return;
    let live = true;
    void api
      .GET('/courses/{id}/sessions/active', { params: { path: { id } } })
      .then((r) => {
        if (live && r.data) setSessions(r.data.data.map((s) => ({ id: s.id, startDate: s.startDate })));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [api, values.courseId]);
  const create = useAction(
    useCallback(
      async (body: DiscountCodeRequest) => unwrap(await api.POST('/payments/discount-codes', { body })),
      [api],
    ),
    {
      onSuccess: useCallback(
        (created: DiscountCode) => {
          const code = created.code;
          later(() => toaster.create({ title: t`Discount code ${code} created`, type: 'success' }));
          setValues((v) => ({ ...v, code: '', value: '' }));
          onCreated();
        },
        [onCreated, t],
      ),
    },
  );
  const failure = create.errorOf();
  const serverFields = failure instanceof ApiError ? failure.fieldErrors : {};
  const set = (field: keyof typeof values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value, ...(field === 'courseId' ? { sessionId: '' } : {}) }));
    setErrors((v) => ({ ...v, [field]: undefined }));
    if (create.state.status === 'failed') create.reset();
  };
  const fieldError = (field: Field) => errors[field] ?? serverFields[field] ?? null;

  /** The server's rules, checked first here: the wrong fields with their messages. */
  const check = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    if (!/^[A-Za-z0-9_-]{3,32}$/.test(values.code.trim()))
      found.code = t`Use 3 to 32 letters, digits, dashes or underscores.`;
    const value = Number(values.value);
    if (values.kind === 'percent' && !(Number.isInteger(value) && value >= 1 && value <= 100))
      found.value = t`Enter a whole percent from 1 to 100.`;
    if (values.kind === 'fixed' && !(value > 0 && Math.round(value * 100) === value * 100))
      found.value = t`Enter an amount in dollars, with at most two decimals.`;
    if (!values.courseId) found.courseId = t`Choose a course.`;
    if (!values.validFrom) found.validFrom = t`Choose the first day.`;
    if (!values.validTo || values.validTo < values.validFrom)
      found.validTo = t`The last day must not be before the first.`;
    const max = Number(values.maxUses);
    if (!(Number.isInteger(max) && max >= 1 && max <= 1_000_000))
      found.maxUses = t`Enter a whole number from 1 to 1,000,000.`;
    const per = Number(values.maxUsesPerLearner);
    if (!(Number.isInteger(per) && per >= 1 && per <= 1000))
      found.maxUsesPerLearner = t`Enter a whole number from 1 to 1,000.`;
    return found;
  };

  const submit = () => {
    const found = check();
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    const value = Number(values.value);
    // The window runs from the first day's start to the last day's end, in the creator's time zone.
    const from = new Date(`${values.validFrom}T00:00:00`);
    const to = new Date(`${values.validTo}T23:59:59`);
    void create.start('create', {
      code: values.code.trim(),
      kind: values.kind,
      ...(values.kind === 'percent' ? { percentOff: value } : { amountOff: Math.round(value * 100) }),
      courseId: Number(values.courseId),
      ...(values.sessionId ? { sessionId: Number(values.sessionId) } : {}),
      validFrom: from.toISOString(),
      validTo: to.toISOString(),
      maxUses: Number(values.maxUses),
      maxUsesPerLearner: Number(values.maxUsesPerLearner),
    });
  };

  if (courses.length === 0)
    return (
      <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
        <Trans>There is no course you can create a code for yet.</Trans>
      </p>
    );
  return (
    <form
      noValidate
      className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {failure && !Object.keys(serverFields).length ? (
        <FormAlert title={<Trans>The code was not created</Trans>}>{reason(failure)}</FormAlert>
      ) : null}
      <TextField
        label={<Trans>Code</Trans>}
        name="code"
        value={values.code}
        onChange={set('code')}
        maxLength={32}
        autoComplete="off"
        spellCheck={false}
        required
        error={fieldError('code')}
        helperText={<Trans>Learners type it at checkout; letters are not case-sensitive.</Trans>}
      />
      <SelectField label={<Trans>Discount</Trans>} name="kind" value={values.kind} onChange={set('kind')}>
        <option value="percent">{t`Percent of the price`}</option>
        <option value="fixed">{t`Fixed amount (US dollars)`}</option>
      </SelectField>
      <TextField
        label={values.kind === 'percent' ? <Trans>Percent off</Trans> : <Trans>Amount off (US dollars)</Trans>}
        name="value"
        inputMode="decimal"
        value={values.value}
        onChange={set('value')}
        required
        error={fieldError('value') ?? serverFields.percentOff ?? serverFields.amountOff ?? null}
      />
      <SelectField
        label={<Trans>Course</Trans>}
        name="courseId"
        value={values.courseId}
        onChange={set('courseId')}
        required
        error={fieldError('courseId')}
      >
        {courses.map((c) => (
          <option key={c.id} value={c.id}>
            {c.title}
          </option>
        ))}
      </SelectField>
      <SelectField label={<Trans>Session</Trans>} name="sessionId" value={values.sessionId} onChange={set('sessionId')}>
        <option value="">{t`Every session of the course`}</option>
        {sessions.map((s) => {
          const start = s.startDate;
          return (
            <option key={s.id} value={s.id}>
              {t`Session #${s.id}, starting ${start}`}
            </option>
          );
        })}
      </SelectField>
      <div className={css({ display: 'grid', gap: '3', gridTemplateColumns: { base: '1fr', tablet: '1fr 1fr' } })}>
        <TextField
          label={<Trans>First day</Trans>}
          name="validFrom"
          type="date"
          value={values.validFrom}
          onChange={set('validFrom')}
          required
          error={fieldError('validFrom')}
        />
        <TextField
          label={<Trans>Last day</Trans>}
          name="validTo"
          type="date"
          value={values.validTo}
          onChange={set('validTo')}
          required
          error={fieldError('validTo')}
        />
        <TextField
          label={<Trans>Uses in all</Trans>}
          name="maxUses"
          inputMode="numeric"
          value={values.maxUses}
          onChange={set('maxUses')}
          required
          error={fieldError('maxUses')}
        />
        <TextField
          label={<Trans>Uses per learner</Trans>}
          name="maxUsesPerLearner"
          inputMode="numeric"
          value={values.maxUsesPerLearner}
          onChange={set('maxUsesPerLearner')}
          required
          error={fieldError('maxUsesPerLearner')}
        />
      </div>
      <Button type="submit" loading={create.isPending()}>
        <Trans>Create code</Trans>
      </Button>
    </form>
  );
}
