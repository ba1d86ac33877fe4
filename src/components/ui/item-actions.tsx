import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { iconButton } from './form-controls';
import { CloseIcon, MoveArrowIcon } from './icons';

/**
 * Move up / move down / remove buttons of one item of an ordered list (a syllabus's section or
 * lesson, a lesson's question); their labels name the item for screen readers. The move buttons
 * have the ids `move-{itemKey}-up` and `move-{itemKey}-down`, which focus returns to after a move.
 */
export function ItemActions({
  itemKey,
  canUp,
  canDown,
  onUp,
  onDown,
  onRemove,
  upLabel,
  downLabel,
  removeLabel,
  disabled,
}: {
  itemKey: string;
  canUp: boolean;
  canDown: boolean;
  onUp: () => void;
  onDown: () => void;
  onRemove: () => void;
  upLabel: string;
  downLabel: string;
  removeLabel: string;
  disabled?: boolean | undefined;
}) {
  return (
    <div className={css({ display: 'flex', gap: '1', flexShrink: 0 })}>
      <IconButton id={`move-${itemKey}-up`} label={upLabel} disabled={disabled || !canUp} onClick={onUp}>
        <MoveArrowIcon up />
      </IconButton>
      <IconButton id={`move-${itemKey}-down`} label={downLabel} disabled={disabled || !canDown} onClick={onDown}>
        <MoveArrowIcon up={false} />
      </IconButton>
      <RemoveButton label={removeLabel} disabled={disabled} onClick={onRemove} />
    </div>
  );
}

/** A square button showing only an icon, named by `label` (its accessible name and its tooltip). */
export function IconButton({
  label,
  onClick,
  disabled,
  id,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean | undefined;
  id?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      id={id}
      className={iconButton}
      disabled={disabled}
      onClick={onClick}
      aria-label={label}
      title={label}
    >
      {children}
    </button>
  );
}

/** An {@link IconButton} with a cross, removing an item of a list (`label` names the item: "Remove test 2"). */
export function RemoveButton(props: { label: string; onClick: () => void; disabled?: boolean | undefined }) {
  return (
    <IconButton {...props}>
      <CloseIcon size={16} />
    </IconButton>
  );
}
