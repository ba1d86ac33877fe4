import { Trans, useLingui } from '@lingui/react/macro';
import { useRouteContext } from '@tanstack/react-router';
import { useMachine, useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { css } from 'styled-system/css';
import { FormAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import { toaster } from '@/components/ui/toast';
import type { Api } from '@/lib/api/client';
import { currentLocale, isLocale } from '@/lib/i18n';
import { later } from '@/lib/later';
import { selectRecord } from '@machines/auth.selectors';
import { createWaitlistActors } from '@machines/waitlist.actors';
import { waitlistMachine } from '@machines/waitlist.machine';
import { awaitsConfirmation, hasJoined, isBusy, joinFailed, showsForm } from '@machines/waitlist.selectors';

const column = css({ display: 'flex', flexDirection: 'column', gap: '3' });

/**
 * "Join the waitlist" of a course (product.md#messages 'You are now on the waitlist!' and the
 * server's message on failure), shown on a full session and on a course with no open session.
 * A signed-in user joins with their own address in one click; a guest types an address and is
 * mailed a confirmation link. Exported with its `api` for tests; pages use `WaitlistPanel`.
 */
export function WaitlistFlow({
  courseId,
  api,
  accountEmail,
}: {
  courseId: number;
  api: Api;
  accountEmail: string | null;
}) {
  const { t, i18n } = useLingui();
  const language = isLocale(i18n.locale) ? i18n.locale : currentLocale();
  const machine = useMemo(() => waitlistMachine.provide({ actors: createWaitlistActors(api) }), [api]);
  const [snapshot, send, actorRef] = useMachine(machine, { input: { courseId } });
  const [email, setEmail] = useState('');
  const busy = isBusy(snapshot);
  const joined = hasJoined(snapshot);
  const pending = awaitsConfirmation(snapshot);
  const failed = joinFailed(snapshot);
  const form = showsForm(snapshot);
  const { error, fieldErrors } = snapshot.context;
  const fieldId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const statusRef = useRef<HTMLDivElement>(null);

  // Toasts on the outcome (product.md#messages), from the machine's emitted facts.
  useEffect(() => {
    const subscriptions = [
      actorRef.on('waitlist.joined', () => {
        later(() => toaster.create({ title: t`You are now on the waitlist!`, type: 'success' }));
      }),
      actorRef.on('waitlist.joinFailed', (e) => {
        const description = e.error?.message ?? t`We could not reach the server. Check your connection and try again.`;
        later(() => toaster.create({ title: t`Could not join the waitlist`, description, type: 'error' }));
      }),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actorRef, t]);

  // Focus follows the panel on each change of state: to the outcome, or back to the address field.
  const previous = useRef(snapshot.value);
  useEffect(() => {
    if (previous.current === snapshot.value) return;
    previous.current = snapshot.value;
    if (joined || pending) statusRef.current?.focus();
    if (form && !busy) inputRef.current?.focus();
  }, [snapshot.value, joined, pending, form, busy]);

  if (joined) {
    return (
      <div ref={statusRef} tabIndex={-1} className={css({ outline: 'none' })}>
        <FormAlert tone="success" title={<Trans>You are now on the waitlist!</Trans>}>
          <Trans>We will e-mail you when a session of this course opens or a seat frees.</Trans>
        </FormAlert>
      </div>
    );
  }
  if (pending) {
    const address = snapshot.context.joined?.email ?? '';
    return (
      <div
        ref={statusRef}
        tabIndex={-1}
        className={css({ outline: 'none', display: 'flex', flexDirection: 'column', gap: '2' })}
      >
        <FormAlert tone="info" title={<Trans>Check your mailbox</Trans>}>
          <Trans>
            We sent a confirmation link to <bdi>{address}</bdi>. Open it within 72 hours to take your place on the
            waitlist.
          </Trans>
        </FormAlert>
        <Button variant="ghost" size="sm" onClick={() => send({ type: 'waitlist.cancelled' })}>
          <Trans>Use another address</Trans>
        </Button>
      </div>
    );
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    send({ type: 'waitlist.submitted', email, language });
  };

  if (accountEmail) {
    return (
      <div className={column}>
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          <Trans>
            Join the waitlist and we will e-mail <bdi>{accountEmail}</bdi> when a seat is free.
          </Trans>
        </p>
        {failed && error ? (
          <FormAlert title={<Trans>Could not join the waitlist</Trans>}>{error.message ?? null}</FormAlert>
        ) : null}
        <Button
          size="lg"
          fullWidth
          variant="outline"
          loading={busy}
          onClick={() => send({ type: 'waitlist.submitted', email: accountEmail, language })}
        >
          <Trans>Join the waitlist</Trans>
        </Button>
      </div>
    );
  }

  if (!form) {
    return (
      <div className={column}>
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          <Trans>Leave your e-mail address and we will write when a seat is free.</Trans>
        </p>
        <Button
          size="lg"
          fullWidth
          variant="outline"
          aria-controls={fieldId}
          onClick={() => send({ type: 'waitlist.opened' })}
        >
          <Trans>Join the waitlist</Trans>
        </Button>
      </div>
    );
  }

  return (
    <form id={fieldId} onSubmit={submit} noValidate className={column} aria-label={t`Join the waitlist`}>
      <TextField
        ref={inputRef}
        label={t`Your e-mail address`}
        name="email"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        disabled={busy}
        error={fieldErrors.email ? t`Enter a valid e-mail address, like name@example.com.` : undefined}
        helperText={t`We send a link to confirm it first.`}
      />
      {failed && error && !fieldErrors.email ? (
        <FormAlert title={<Trans>Could not join the waitlist</Trans>}>{error.message ?? null}</FormAlert>
      ) : null}
      <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
        <Button type="submit" loading={busy}>
          <Trans>Join the waitlist</Trans>
        </Button>
        <Button type="button" variant="ghost" disabled={busy} onClick={() => send({ type: 'waitlist.cancelled' })}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}

/**
 * The waitlist box of a course page or a full session's page: the signed-in user's own address,
 * or a guest's form. `heading` names the situation (a full session, no open session).
 */
export function WaitlistPanel({ courseId }: { courseId: number }) {
  const { api, auth } = useRouteContext({ from: '__root__' });
  const record = useSelector(auth, selectRecord);
  return (
    <WaitlistFlow
      key={record?.user.email ?? 'guest'}
      courseId={courseId}
      api={api}
      accountEmail={record?.user.email ?? null}
    />
  );
}
