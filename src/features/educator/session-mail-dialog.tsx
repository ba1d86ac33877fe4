import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState, type FormEvent } from 'react';
import { TextareaField } from '@/components/ui/field';
import { MailIcon } from '@/components/ui/icons';
import { FormAlert } from '@/components/ui/alert';
import { AppDialog } from '@/components/ui/dialog';
import { DialogForm, DialogFormActions } from '@/components/ui/dialog-form';
import type { components } from '@contract/schema';

type SessionLearner = components['schemas']['SessionLearner'];

/** Most characters of a mail to learners. */
const MAIL_MAX = 5000;

/** The initials of a name (at most two letters, upper case). */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** The mail form (product.md#entities Mail): recipients summary and a required message. */
export function MailDialog({
  recipients,
  busy,
  sent,
  sentCount,
  failure,
  invalid,
  initialMessage,
  onSend,
  onClose,
}: {
  recipients: SessionLearner[];
  busy: boolean;
  sent: boolean;
  sentCount: number | null;
  failure: string | null;
  invalid: boolean;
  initialMessage: string;
  onSend: (message: string) => void;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const formId = useId();
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const [message, setMessage] = useState(initialMessage);
  const count = recipients.length;
  const names = recipients
    .slice(0, 5)
    .map((r) => r.name)
    .join(', ');
  const more = Math.max(0, count - 5);
  const sentTo = sentCount ?? count;

  function submit(event: FormEvent) {
    event.preventDefault();
    onSend(message);
    if (!message.trim()) queueMicrotask(() => fieldRef.current?.focus());
  }

  return (
    <AppDialog
      open
      onClose={onClose}
      busy={busy}
      title={<Trans>E-mail learners</Trans>}
      description={
        <>
          <Plural value={count} one="To # learner:" other="To # learners:" /> {names}
          {more > 0 ? <Plural value={more} one=" and # other" other=" and # others" /> : null}
        </>
      }
      initialFocus={() => fieldRef.current}
      footer={
        <DialogFormActions
          formId={formId}
          busy={busy}
          onCancel={onClose}
          cancelLabel={sent ? <Trans>Close</Trans> : undefined}
          submitLabel={<Trans>Send</Trans>}
          submitDisabled={sent}
          submitIcon={<MailIcon />}
        />
      }
    >
      <DialogForm id={formId} onSubmit={submit}>
        {sent ? (
          <FormAlert
            tone="success"
            title={<Plural value={sentTo} one="E-mail sent to # learner." other="E-mail sent to # learners." />}
          />
        ) : null}
        {failure ? <FormAlert title={<Trans>The e-mail was not sent.</Trans>}>{failure}</FormAlert> : null}
        <TextareaField
          ref={fieldRef}
          label={t`Message`}
          name="message"
          rows={6}
          required
          maxLength={MAIL_MAX}
          value={message}
          disabled={busy || sent}
          error={invalid ? t`Write a message.` : null}
          helperText={<Trans>Sent by e-mail from Halaqa; learners see your name.</Trans>}
          onChange={(e) => setMessage(e.target.value)}
        />
      </DialogForm>
    </AppDialog>
  );
}
