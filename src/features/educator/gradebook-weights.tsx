import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { FormAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/field';
import { formatPoints } from '@/components/ui/format';
import { useItemKindLabel } from '@/components/ui/gradebook-parts';
import type { Locale } from '@/lib/i18n';
import {
  type DraftProblem,
  type Gradebook,
  type GradebookFailure,
  weightHundredths,
} from '@machines/gradebook.machine';

/**
 * The weights form of the gradebook: one percentage field per item, the live sum, why the weights
 * cannot be saved (not numbers 0–100 with two decimals, or not adding up to 100), the server's
 * refusal, Save, Cancel and "Use equal weights" (confirmed first: it replaces the weights set).
 */
export function GradebookWeightsForm({
  book,
  draft,
  sum,
  problem,
  saveError,
  saving,
  locale,
  onChange,
  onSave,
  onEqual,
  onCancel,
}: {
  book: Gradebook;
  draft: Record<number, string>;
  sum: number;
  problem: DraftProblem;
  saveError: GradebookFailure | null;
  saving: boolean;
  locale: Locale;
  onChange: (lessonId: number, value: string) => void;
  onSave: () => void;
  onEqual: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const kindLabel = useItemKindLabel();
  const [confirmEqual, setConfirmEqual] = useState(false);
  const total = formatPoints(sum, locale);
  return (
    <form
      noValidate
      aria-label={t`Weights`}
      className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
      onSubmit={(e) => {
        e.preventDefault();
        onSave();
      }}
    >
      <div
        className={css({
          display: 'grid',
          gridTemplateColumns: { base: '1fr', tablet: 'repeat(auto-fill, minmax(14rem, 1fr))' },
          gap: '3',
        })}
      >
        {book.items.map((item) => {
          const kind = kindLabel(item.kind);
          return (
            <TextField
              key={item.lessonId}
              label={
                <>
                  <bdi>{item.name}</bdi> ({kind}, %)
                </>
              }
              inputMode="decimal"
              value={draft[item.lessonId] ?? ''}
              disabled={saving}
              error={
                problem === 'weights.invalid' && weightHundredths(draft[item.lessonId] ?? '') === null
                  ? t`Enter a number from 0 to 100 (two decimals at most)`
                  : null
              }
              onChange={(e) => onChange(item.lessonId, e.target.value)}
            />
          );
        })}
      </div>
      <p role="status" className={css({ fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })}>
        {t`Sum: ${total} % of 100 %`}
      </p>
      {problem === 'weights.sum' ? <FormAlert>{t`The weights must add up to 100 %.`}</FormAlert> : null}
      {saveError ? <FormAlert>{saveError.message ?? t`Could not save the weights.`}</FormAlert> : null}
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3' })}>
        <Button type="submit" loading={saving}>
          <Trans>Save weights</Trans>
        </Button>
        <Button type="button" variant="ghost" disabled={saving} onClick={onCancel}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="button" variant="outline" disabled={saving} onClick={() => setConfirmEqual(true)}>
          <Trans>Use equal weights</Trans>
        </Button>
      </div>
      <ConfirmDialog
        open={confirmEqual}
        busy={false}
        onClose={() => setConfirmEqual(false)}
        title={<Trans>Use equal weights?</Trans>}
        description={<Trans>Every item will weigh the same; the weights set for this session are replaced.</Trans>}
        cancelLabel={<Trans>Keep my weights</Trans>}
        confirmLabel={<Trans>Use equal weights</Trans>}
        onConfirm={() => {
          setConfirmEqual(false);
          onEqual();
        }}
      />
    </form>
  );
}
