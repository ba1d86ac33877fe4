import { Trans, useLingui } from '@lingui/react/macro';
import { useMachine } from '@xstate/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/field';
import { MailIcon } from '@/components/ui/icons';
import { toaster } from '@/components/ui/toast';
import type { Api } from '@/lib/api/client';
import { createInvitationActors } from '@machines/invitation.actors';
import { type InviteRole, invitationMachine } from '@machines/invitation.machine';
import { hasFailed, isSending, wasSent } from '@machines/invitation.selectors';
import { inviteFailureText, inviteToasts } from './company-messages';

const EMAIL = /^[^@\s]+@[^@\s]+\.[A-Za-z]{2,}$/;

/**
 * Invite one person (product.md#calls `POST /users/invite {email, role}`): e-mail and role
 * (learner or educator), checked here first, then the invitation machine sends it. Toasts of spec
 * #messages: 'User Invited !' / 'Could not invite the user' (': <server message>' on 400 and 409).
 * `onInvited` lets the list reload.
 */
export function InviteForm({
  api,
  companyId,
  onInvited,
}: {
  api: Api;
  /** The company an admin chose (sent as `companyId`); undefined for a partner (their own). */
  companyId?: number;
  onInvited: () => void;
}) {
  const { t, i18n } = useLingui();
  const [snapshot, send] = useMachine(invitationMachine.provide({ actors: createInvitationActors(api) }));
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InviteRole>('LEARNER');
  const [emailError, setEmailError] = useState<string | null>(null);
  const busy = isSending(snapshot);
  const announced = useRef<unknown>(null);

  useEffect(() => {
    if (wasSent(snapshot) && announced.current !== snapshot.context.result) {
      announced.current = snapshot.context.result;
      toaster.create({ title: i18n._(inviteToasts.invited), type: 'success' });
      setEmail('');
      onInvited();
    } else if (hasFailed(snapshot) && announced.current !== snapshot.context.error) {
      announced.current = snapshot.context.error;
      toaster.create({
        title: inviteFailureText(i18n._(inviteToasts.inviteFailed), snapshot.context.error),
        type: 'error',
      });
    }
  }, [snapshot, i18n, onInvited]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!EMAIL.test(value)) {
      setEmailError(value ? t`Enter a valid e-mail address` : t`E-mail is required`);
      return;
    }
    setEmailError(null);
    send({ type: 'invite.submitted', request: { email: value, role, ...(companyId ? { companyId } : {}) } });
  };

  const serverEmailError = snapshot.context.fieldErrors.email;
  return (
    <form
      onSubmit={submit}
      noValidate
      className={css({
        display: 'grid',
        gap: '3',
        gridTemplateColumns: { base: 'minmax(0, 1fr)', tablet: 'minmax(0, 2fr) minmax(0, 1fr) auto' },
        alignItems: 'end',
      })}
    >
      <TextField
        label={t`E-mail`}
        type="email"
        dir="ltr"
        autoComplete="off"
        required
        value={email}
        disabled={busy}
        error={emailError ?? (serverEmailError ? t`The server refused this e-mail` : undefined)}
        onChange={(e) => setEmail(e.currentTarget.value)}
      />
      <SelectField
        label={t`Role`}
        value={role}
        disabled={busy}
        onChange={(e) => setRole(e.currentTarget.value as InviteRole)}
      >
        <option value="LEARNER">{t`Learner`}</option>
        <option value="EDUCATOR">{t`Educator`}</option>
      </SelectField>
      <Button
        type="submit"
        loading={busy}
        startIcon={<MailIcon size={16} />}
        className={css({ marginBlockEnd: emailError ? '6' : '0' })}
      >
        <Trans>Send invitation</Trans>
      </Button>
    </form>
  );
}
