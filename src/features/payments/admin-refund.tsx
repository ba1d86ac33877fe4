import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { css } from 'styled-system/css';
import { FormAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { AppDialog } from '@/components/ui/dialog';
import { TextareaField } from '@/components/ui/field';
import { toaster } from '@/components/ui/toast';
import type { Api } from '@/lib/api/client';
import { currentLocale, isLocale } from '@/lib/i18n';
import { later } from '@/lib/later';
import { formatCents } from '@/lib/payment-format';
import { createAdminRefundActors } from '@machines/admin-refund.actors';
import { REFUND_MESSAGE_MAX, adminRefundMachine } from '@machines/admin-refund.machine';
import { errorOf, isDialogOpen, isRefunding, issueOf } from '@machines/admin-refund.selectors';

/**
 * An admin's "Refund" of one learner's enrollment (the session's learners page): a dialog asks for
 * the message the learner is mailed (kept in the audit log), then everything they paid goes back —
 * to the card that paid when it can, else the wallet — and the seat frees. The admin-refund machine
 * runs it; the page's data reloads once done.
 */
export function AdminRefund({
  api,
  sessionId,
  learnerId,
  learnerName,
}: {
  api: Api;
  sessionId: number;
  learnerId: number;
  learnerName: string;
}) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : currentLocale();
  const router = useRouter();
  const machine = useMemo(() => adminRefundMachine.provide({ actors: createAdminRefundActors(api) }), [api]);
  const [snapshot, send, actorRef] = useMachine(machine, { input: { sessionId, learnerId } });
  const [message, setMessage] = useState('');

  useEffect(() => {
    const subscriptions = [
      actorRef.on('refund.done', ({ refund }) => {
        const amount = formatCents(refund.amount, locale);
        const title =
          refund.destination === 'card'
            ? t`${learnerName} is refunded ${amount} to their card.`
            : t`${learnerName} is refunded ${amount} to their wallet.`;
        later(() => toaster.create({ title, type: 'success' }));
        later(() => void router.invalidate());
        send({ type: 'refund.closed' });
      }),
      actorRef.on('refund.failed', ({ error }) => {
        const description = error?.message;
        later(() =>
          toaster.create({
            title: t`Could not refund the learner`,
            ...(description ? { description } : {}),
            type: 'error',
          }),
        );
      }),
    ];
    return () => subscriptions.forEach((s) => s.unsubscribe());
  }, [actorRef, learnerName, locale, router, send, t]);

  const issue = issueOf(snapshot);
  const error = errorOf(snapshot);
  const busy = isRefunding(snapshot);
  const close = () => send({ type: 'refund.closed' });
  const formId = `refund-${sessionId}-${learnerId}`;

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => {
          setMessage('');
          send({ type: 'refund.opened' });
        }}
      >
        <Trans>Refund</Trans>
        <span className={css({ srOnly: true })}>: {learnerName}</span>
      </Button>
      <AppDialog
        open={isDialogOpen(snapshot)}
        onClose={close}
        busy={busy}
        role="alertdialog"
        size="sm"
        layout="compact"
        closeButton={false}
        closeOnOutsideClick={false}
        title={
          <Trans>
            Refund <bdi>{learnerName}</bdi>?
          </Trans>
        }
        description={
          <Trans>
            Their enrollment is cancelled and everything they paid goes back, to the card that paid when it can, else to
            their wallet. They are mailed your message; the audit log keeps it.
          </Trans>
        }
        footer={
          <div className={css({ display: 'flex', gap: '3', justifyContent: 'flex-end', flexWrap: 'wrap' })}>
            <Button variant="ghost" disabled={busy} onClick={close}>
              <Trans>Cancel</Trans>
            </Button>
            <Button variant="danger" type="submit" form={formId} loading={busy}>
              <Trans>Refund everything</Trans>
            </Button>
          </div>
        }
      >
        <form
          id={formId}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            send({ type: 'refund.submitted', message });
          }}
          className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}
        >
          <TextareaField
            label={<Trans>Message to the learner</Trans>}
            required
            rows={4}
            maxLength={REFUND_MESSAGE_MAX}
            value={message}
            disabled={busy}
            onChange={(e) => setMessage(e.target.value)}
            error={
              issue === 'message.required'
                ? t`Write the reason for the refund.`
                : issue === 'message.tooLong'
                  ? t`At most 2000 characters.`
                  : null
            }
          />
          {error ? <FormAlert title={<Trans>Could not refund the learner</Trans>}>{error.message}</FormAlert> : null}
        </form>
      </AppDialog>
    </>
  );
}
