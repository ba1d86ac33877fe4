import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/field';
import {
  type CheckoutActor,
  type CheckoutSnapshot,
  selectApplyingCode,
  selectCanApplyCode,
  selectCanRemoveCode,
} from '@machines/checkout.selectors';
import { discountRefusalMessage } from './payment-messages';

/**
 * The checkout's discount code (product.md "Discount codes"): a field and "Apply" (the server prices it), or the
 * applied code with "Remove". Refusals are said in the learner's language from the server's reason. Disabled while
 * a card payment is open (its price is fixed) or a call runs.
 */
export function DiscountCodeField({ snapshot, actor }: { snapshot: CheckoutSnapshot; actor: CheckoutActor }) {
  const { t } = useLingui();
  const [code, setCode] = useState('');
  const { discount, codeError } = snapshot.context;
  const applying = selectApplyingCode(snapshot);
  const canApply = selectCanApplyCode(snapshot);
  if (discount) {
    const applied = discount.code;
    return (
      <div
        className={css({
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: '2',
          flexWrap: 'wrap',
          fontSize: 'sm',
        })}
      >
        <span role="status">
          <Trans>
            Code <strong>{applied}</strong> applied
          </Trans>
        </span>
        <Button
          size="sm"
          variant="ghost"
          disabled={!selectCanRemoveCode(snapshot)}
          onClick={() => {
            setCode('');
            actor.send({ type: 'code.removed' });
          }}
        >
          <Trans>Remove code</Trans>
        </Button>
      </div>
    );
  }
  const error = codeError
    ? codeError.reason === 'failed' && codeError.message
      ? codeError.message
      : t(discountRefusalMessage(codeError.reason))
    : null;
  return (
    <form
      noValidate
      className={css({ display: 'flex', alignItems: 'flex-start', gap: '2', minWidth: 0 })}
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'code.submitted', code });
      }}
    >
      <TextField
        label={<Trans>Discount code</Trans>}
        name="discountCode"
        value={code}
        maxLength={32}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        disabled={!canApply && !applying}
        error={error}
        onChange={(e) => setCode(e.target.value)}
        className={css({ flex: '1' })}
      />
      <Button
        type="submit"
        variant="outline"
        loading={applying}
        disabled={!canApply || code.trim() === ''}
        // Level with the input, below its label.
        className={css({ marginBlockStart: '6.5', flexShrink: 0 })}
      >
        <Trans>Apply</Trans>
      </Button>
    </form>
  );
}
