import { Trans, useLingui } from '@lingui/react/macro';
import { css } from 'styled-system/css';
import { surface } from 'styled-system/recipes';
import { Button } from '@/components/ui/button';
import { HeldAlertDialog } from '@/components/ui/dialog';
import { intlLocaleOf } from '@/lib/i18n';
import { useUiLocale } from './meeting';

/**
 * A file size in the locale's digits and units ("4 kB", "1.5 MB"; Arabic "٤ ك.بايت"): bytes below
 * 1,000 as bytes, then kilobytes and megabytes (decimal units, one fraction digit at most).
 */
function useFileSize(bytes: number): string {
  const tag = intlLocaleOf(useUiLocale());
  const [value, unit] =
    bytes < 1000 ? [bytes, 'byte'] : bytes < 1_000_000 ? [bytes / 1000, 'kilobyte'] : [bytes / 1_000_000, 'megabyte'];
  return new Intl.NumberFormat(tag, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(
    value,
  );
}

/**
 * The document a learner chose, before anything is sent: its name, size and type, with Submit
 * (hands it in) and Cancel (drops the choice). A stray choice no longer submits by itself.
 */
export function ChosenFile({ file, onSubmit, onCancel }: { file: File; onSubmit: () => void; onCancel: () => void }) {
  const { t } = useLingui();
  const size = useFileSize(file.size);
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
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap' })}>
        <Button onClick={onSubmit}>
          <Trans>Submit</Trans>
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
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
