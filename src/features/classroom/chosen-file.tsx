import { Trans, useLingui } from '@lingui/react/macro';
import { css } from 'styled-system/css';
import { surface } from 'styled-system/recipes';
import { Button } from '@/components/ui/button';
import { HeldAlertDialog } from '@/components/ui/dialog';
import { formatFileSize } from '@/components/ui/format';
import { useUiLocale } from './meeting';

/**
 * The document a learner chose, before anything is sent: its name, size and type, with Submit
 * (hands it in) and Cancel (drops the choice). A stray choice no longer submits by itself.
 * `checking`: the learner's earlier submissions are still loading, so whether Submit must ask to
 * confirm a new version is not known yet; Submit waits (disabled, with a note) until it is.
 */
export function ChosenFile({
  file,
  checking = false,
  onSubmit,
  onCancel,
}: {
  file: File;
  checking?: boolean;
  onSubmit: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const size = formatFileSize(file.size, useUiLocale());
  const type = file.type || t`Unknown type`;
  return (
    <section
      aria-label={t`Chosen file`}
      className={css({ display: 'flex', flexDirection: 'column', gap: '3', marginBlockStart: '3' })}
      data-testid="chosen-file"
    >
      <div className={surface({ padding: 'row' })}>
        <p dir="auto" className={css({ fontWeight: 'semibold', overflowWrap: 'anywhere' })}>
          {file.name}
        </p>
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          <Trans>
            {size} · {type}
          </Trans>
        </p>
      </div>
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'center' })}>
        <Button onClick={onSubmit} disabled={checking} aria-describedby={checking ? 'chosen-file-checking' : undefined}>
          <Trans>Submit</Trans>
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        {checking ? (
          <p id="chosen-file-checking" role="status" className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            <Trans>Checking your earlier submissions…</Trans>
          </p>
        ) : null}
      </div>
    </section>
  );
}

/**
 * Asks a learner who has handed in before to confirm a new version: it becomes their latest
 * submission, and the earlier ones stay in their history with their grades.
 */
export function ResubmitDialog({
  open,
  onClose,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <HeldAlertDialog
      open={open}
      onClose={onClose}
      title={<Trans>Hand in a new version?</Trans>}
      description={
        <Trans>
          It becomes your latest submission, the one your educator sees first. Your earlier submissions stay in your
          history.
        </Trans>
      }
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            <Trans>Keep my earlier submission</Trans>
          </Button>
          <Button onClick={onConfirm}>
            <Trans>Submit the new version</Trans>
          </Button>
        </>
      }
    />
  );
}
