import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { TextareaField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/alert';
import type { ModerationAction, ModerationFailure } from '@machines/moderation.machine';
import { AppDialog } from '@/components/ui/dialog';
import { DialogForm } from '@/components/ui/dialog-form';

/** Most characters of a moderation message (it is mailed). */
export const MODERATION_MESSAGE_MAX = 2000;

/**
 * The confirmation dialog shown before approve / reject / delete (a session or a user). Reject and
 * delete need a message (mailed to the person): the textarea is required and the machine refuses
 * an empty one (`moderation.messageRequired`, shown under the field). Approve takes an optional
 * note (`messageLabel` null = no field, e.g. users: empty body). A failure of the call keeps the
 * dialog open with `failureText`; confirming again retries.
 */
export function ModerationDialog({
  open,
  action,
  title,
  description,
  messageLabel,
  messageHelp,
  initialMessage,
  confirmLabel,
  busy,
  error,
  failureText,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  action: ModerationAction;
  title: ReactNode;
  description?: ReactNode;
  /** Label of the message field; null = the action takes no message. */
  messageLabel: string | null;
  messageHelp?: ReactNode;
  initialMessage: string;
  confirmLabel: ReactNode;
  busy: boolean;
  error: ModerationFailure | null;
  /** Text of a failed call (spec toast text, with the server's detail where the spec says so). */
  failureText: string | null;
  onConfirm: (message: string) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const formId = useId();
  const [message, setMessage] = useState(initialMessage);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const required = action === 'reject' || action === 'delete' || action === 'unpublish';
  const destructive = required;
  const messageError =
    error?.code === 'moderation.messageRequired' ? t`Write a message: it is sent to the person by e-mail.` : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    onConfirm(messageLabel === null ? '' : message);
    if (required && !message.trim()) queueMicrotask(() => fieldRef.current?.focus());
  }

  return (
    <AppDialog
      open={open}
      onClose={onCancel}
      title={title}
      description={description}
      busy={busy}
      role={destructive ? 'alertdialog' : 'dialog'}
      size="md"
      initialFocus={messageLabel === null ? undefined : () => fieldRef.current}
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={busy}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form={formId} variant={destructive ? 'danger' : 'solid'} loading={busy}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <DialogForm id={formId} onSubmit={submit}>
        {failureText && error && error.code !== 'moderation.messageRequired' ? (
          <FormAlert title={failureText}>
            {error.message && !failureText.includes(error.message) ? error.message : null}
          </FormAlert>
        ) : null}
        {messageLabel !== null ? (
          <TextareaField
            ref={fieldRef}
            label={messageLabel}
            name="message"
            rows={4}
            required={required}
            maxLength={MODERATION_MESSAGE_MAX}
            value={message}
            disabled={busy}
            error={messageError}
            helperText={messageHelp}
            onChange={(e) => setMessage(e.target.value)}
          />
        ) : null}
      </DialogForm>
    </AppDialog>
  );
}
