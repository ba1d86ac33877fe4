import type { FormEvent, ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { css } from 'styled-system/css';
import { Button } from './button';

/**
 * The footer of a dialog that holds a form: a cancel button (disabled while `busy`) and the
 * form's submit button (by `formId`, spinning while `busy`). `cancelLabel` defaults to "Cancel".
 */
export function DialogFormActions({
  formId,
  busy,
  onCancel,
  cancelLabel,
  submitLabel,
  submitDisabled,
  submitIcon,
}: {
  formId: string;
  busy: boolean;
  onCancel: () => void;
  cancelLabel?: ReactNode;
  submitLabel: ReactNode;
  submitDisabled?: boolean;
  submitIcon?: ReactNode;
}) {
  return (
    <>
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        {cancelLabel ?? <Trans>Cancel</Trans>}
      </Button>
      <Button type="submit" form={formId} loading={busy} disabled={submitDisabled} startIcon={submitIcon}>
        {submitLabel}
      </Button>
    </>
  );
}

/** The form inside a dialog (its submit button is in the footer, tied by `id`): fields stacked, the browser's checks off. */
export function DialogForm({
  id,
  onSubmit,
  busy,
  children,
}: {
  id: string;
  onSubmit: (event: FormEvent) => void;
  /** Marks the form busy for assistive technology while it is saved. */
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <form
      id={id}
      noValidate
      onSubmit={onSubmit}
      aria-busy={busy || undefined}
      className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
    >
      {children}
    </form>
  );
}
