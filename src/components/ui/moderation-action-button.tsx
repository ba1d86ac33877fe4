import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { css, cx } from 'styled-system/css';
import { dangerAction } from 'styled-system/recipes';
import { Button } from '@/components/ui/button';
import { BanIcon, CheckIcon, CopyIcon, TrashIcon } from '@/components/ui/icons';
import { quoteNote } from '@/components/ui/layout-styles';
import type { ModerationAction } from '@machines/moderation.machine';

/** How each moderation action looks in a row: approving and publishing stand out, removing ones are red. */
const LOOKS: Record<ModerationAction, { variant: 'secondary' | 'outline'; icon: ReactNode; danger?: boolean }> = {
  approve: { variant: 'secondary', icon: <CheckIcon /> },
  publish: { variant: 'secondary', icon: <CheckIcon /> },
  reject: { variant: 'outline', icon: <BanIcon /> },
  unpublish: { variant: 'outline', icon: <BanIcon />, danger: true },
  duplicate: { variant: 'outline', icon: <CopyIcon /> },
  delete: { variant: 'outline', icon: <TrashIcon />, danger: true },
};

function ActionLabel({ action }: { action: ModerationAction }) {
  switch (action) {
    case 'approve':
      return <Trans>Approve</Trans>;
    case 'publish':
      return <Trans>Publish</Trans>;
    case 'reject':
      return <Trans>Reject</Trans>;
    case 'unpublish':
      return <Trans>Unpublish</Trans>;
    case 'duplicate':
      return <Trans>Duplicate</Trans>;
    case 'delete':
      return <Trans>Delete</Trans>;
  }
}

/**
 * The small button of one moderation action in a board's row (users, courses, sessions): its label,
 * icon and look; disabled while the board is `busy`.
 */
export function ModerationActionButton({
  action,
  busy,
  onClick,
}: {
  action: ModerationAction;
  busy: boolean;
  onClick: () => void;
}) {
  const look = LOOKS[action];
  return (
    <Button
      size="sm"
      variant={look.variant}
      disabled={busy}
      startIcon={look.icon}
      onClick={onClick}
      {...(look.danger ? { className: dangerAction() } : {})}
    >
      <ActionLabel action={action} />
    </Button>
  );
}

/** The decision buttons of one row, in the order of `actions` (the ones its status allows). */
export function DecisionButtons({
  actions,
  busy,
  onAction,
}: {
  actions: readonly ModerationAction[];
  busy: boolean;
  onAction: (action: ModerationAction) => void;
}) {
  return actions.map((action) => (
    <ModerationActionButton key={action} action={action} busy={busy} onClick={() => onAction(action)} />
  ));
}

/**
 * The moderator's last message about an item (course or session), quoted under its details. `rejected`
 * tints the rule in the error colour.
 */
export function ModeratorNote({ message, rejected = false }: { message: string; rejected?: boolean }) {
  const { t } = useLingui();
  return (
    // The rule's own colour (a longhand) is emitted after quoteNote's `borderColor`, so it wins over it.
    <p className={cx(quoteNote, rejected ? css({ borderInlineStartColor: 'error.muted' }) : undefined)}>
      <span className={css({ fontWeight: 'semibold', color: 'fg.default' })}>{t`Moderator's note:`}</span>{' '}
      <span dir="auto">{message}</span>
    </p>
  );
}
