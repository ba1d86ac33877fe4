import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { useCallback, useState } from 'react';
import { css } from 'styled-system/css';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { toaster } from '@/components/ui/toast';
import { later } from '@/lib/later';
import { FormAlert, SectionError, useErrorReason } from '@/components/ui/alert';
import { type Api, ApiError, unwrap } from '@/lib/api/client';
import type { components } from '@contract/schema';
import type { GatewayConfig } from '@machines/checkout.machine';
import { TitledSection } from '@/components/ui/titled-section';
import { AccountPage, DefaultBadge, SavedItemIcon, SavedList } from './account-shell';
import { CardEntry } from './card-entry';
import { cardExpiry } from '@/lib/payment-format';
import type { Settled } from '@/lib/load';
import { CardIcon } from '@/components/ui/icons';
import { HeldAlertDialog } from '@/components/ui/dialog';
import { useAction } from '@/lib/use-action';
import { useCardLabel } from './use-card-label';

type ApiCard = components['schemas']['Card'];

export interface PaymentMethodsData {
  cards: ApiCard[];
  config: Settled<GatewayConfig>;
}

/**
 * `/account/payment-methods` (learners): the saved cards (`GET /payments/cards`, default first)
 * with "Make default" (`PUT /payments/cards/{id}/default`) and "Remove" (`DELETE
 * /payments/cards/{id}`, confirmed in a dialog), and "Add a card" (`POST /payments/cards
 * {source}`) through `CardEntry` (sandbox test cards; Stripe Elements boundary). Each action shows
 * its progress, its failure with the reason, and a success toast; the list is then reloaded
 * (`onChanged`).
 */
export function PaymentMethodsPage({
  data,
  api,
  onChanged,
}: {
  data: PaymentMethodsData;
  api: Api;
  onChanged: () => void;
}) {
  const { t } = useLingui();
  const router = useRouter();
  const reason = useErrorReason();
  const cardLabel = useCardLabel();
  const cards = [...data.cards].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  const [removing, setRemoving] = useState<ApiCard | null>(null);
  const removingLabel = removing ? cardLabel(removing) : null;

  const add = useAction(
    useCallback(async (token: string) => unwrap(await api.POST('/payments/cards', { body: { source: token } })), [api]),
    {
      onSuccess: useCallback(
        (card: ApiCard) => {
          const label = cardLabel(card);
          later(() => toaster.create({ title: t`Card added: ${label}`, type: 'success' }));
          onChanged();
        },
        // eslint-disable-next-line react-hooks/exhaustive-deps
        [onChanged, t],
      ),
    },
  );
  const makeDefault = useAction(
    useCallback(
      async (id: string) => unwrap(await api.PUT('/payments/cards/{id}/default', { params: { path: { id } } })),
      [api],
    ),
    {
      onSuccess: useCallback(() => {
        later(() => toaster.create({ title: t`Default card changed`, type: 'success' }));
        onChanged();
      }, [onChanged, t]),
    },
  );
  const remove = useAction(
    useCallback(
      async (id: string) => unwrap(await api.DELETE('/payments/cards/{id}', { params: { path: { id } } })),
      [api],
    ),
    {
      onSuccess: useCallback(() => {
        setRemoving(null);
        later(() => toaster.create({ title: t`Card removed`, type: 'success' }));
        onChanged();
      }, [onChanged, t]),
    },
  );

  const addError = add.errorOf();
  const listError = makeDefault.errorOf();

  return (
    <AccountPage
      title={t`Payment methods`}
      lead={<Trans>The cards you pay for sessions with. The default card is offered first at checkout.</Trans>}
    >
      <TitledSection titleId="saved-cards" title={<Trans>Saved cards</Trans>}>
        {listError ? (
          <FormAlert title={<Trans>The default card could not be changed</Trans>}>{reason(listError)}</FormAlert>
        ) : null}
        {cards.length === 0 ? (
          <EmptyState
            icon={<CardIcon size={28} />}
            title={<Trans>No saved cards yet</Trans>}
            description={<Trans>Add a card below to pay for sessions in one step.</Trans>}
          />
        ) : (
          <SavedList>
            {cards.map((card) => {
              const label = cardLabel(card);
              const expiry = cardExpiry(card.expMonth, card.expYear);
              return (
                <li key={card.id}>
                  <Card
                    as="article"
                    aria-label={label}
                    className={css({
                      padding: '4',
                      display: 'flex',
                      flexDirection: 'column',
                      gap: '3',
                      height: 'full',
                    })}
                  >
                    <div className={css({ display: 'flex', alignItems: 'flex-start', gap: '3' })}>
                      <SavedItemIcon>
                        <CardIcon size={22} />
                      </SavedItemIcon>
                      <div
                        className={css({ display: 'flex', flexDirection: 'column', gap: '0.5', flex: 1, minWidth: 0 })}
                      >
                        <p className={css({ fontWeight: 'semibold' })}>{label}</p>
                        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
                          <Trans>Expires {expiry}</Trans>
                        </p>
                      </div>
                      {card.isDefault ? <DefaultBadge /> : null}
                    </div>
                    <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', marginBlockStart: 'auto' })}>
                      {!card.isDefault ? (
                        <Button
                          size="sm"
                          variant="outline"
                          loading={makeDefault.isPending(card.id)}
                          disabled={makeDefault.isPending() || remove.isPending()}
                          onClick={() => void makeDefault.start(card.id, card.id)}
                        >
                          <Trans>Make default</Trans>
                          <span className={css({ srOnly: true })}>: {label}</span>
                        </Button>
                      ) : null}
                      <Button
                        size="sm"
                        variant="ghost"
                        disabled={makeDefault.isPending() || remove.isPending()}
                        onClick={() => {
                          remove.reset();
                          setRemoving(card);
                        }}
                      >
                        <Trans>Remove</Trans>
                        <span className={css({ srOnly: true })}>: {label}</span>
                      </Button>
                    </div>
                  </Card>
                </li>
              );
            })}
          </SavedList>
        )}
      </TitledSection>

      <TitledSection titleId="add-card" title={<Trans>Add a card</Trans>} className={css({ maxWidth: '36rem' })}>
        <Card className={css({ padding: { base: '4', tablet: '6' } })}>
          {data.config.ok ? (
            <CardEntry
              config={data.config.data}
              busy={add.isPending()}
              onSubmit={(token) => void add.start(token, token)}
              error={
                addError
                  ? {
                      title:
                        addError instanceof ApiError && addError.status === 422 ? (
                          <Trans>This card was refused</Trans>
                        ) : (
                          <Trans>The card could not be added</Trans>
                        ),
                      reason: reason(addError),
                    }
                  : null
              }
            />
          ) : (
            <SectionError
              title={<Trans>The card form could not be loaded</Trans>}
              error={data.config.error}
              onRetry={() => void router.invalidate()}
            />
          )}
        </Card>
      </TitledSection>

      <HeldAlertDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        busy={remove.isPending()}
        title={<Trans>Remove this card?</Trans>}
        description={removingLabel ? <Trans>{removingLabel} will no longer be offered at checkout.</Trans> : null}
        footer={
          <>
            <Button variant="ghost" onClick={() => setRemoving(null)} disabled={remove.isPending()}>
              <Trans>Keep card</Trans>
            </Button>
            <Button
              variant="danger"
              loading={remove.isPending()}
              onClick={() => removing && void remove.start(removing.id, removing.id)}
            >
              <Trans>Remove card</Trans>
            </Button>
          </>
        }
      >
        {remove.errorOf() ? (
          <FormAlert title={<Trans>The card could not be removed</Trans>}>{reason(remove.errorOf())}</FormAlert>
        ) : null}
      </HeldAlertDialog>
    </AccountPage>
  );
}
