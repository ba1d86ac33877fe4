import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { css } from 'styled-system/css';
import { inlineLink } from 'styled-system/recipes';
import { FormAlert } from '@/components/ui/alert';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { DataTable, dataCell, dataRow } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/field';
import { formatLongDate } from '@/components/ui/format';
import { MailIcon, TrashIcon, UsersIcon } from '@/components/ui/icons';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { Pager } from '@/components/ui/pager';
import { toaster } from '@/components/ui/toast';
import type { components } from '@contract/schema';
import { type Api, ApiError, unwrap } from '@/lib/api/client';
import type { XhrCredentials } from '@/lib/api/upload';
import { usePageTitle } from '@/lib/document-head';
import { useErrorToast } from '@/lib/use-toast-once';
import { isLocale, type Locale } from '@/lib/i18n';
import { INVITATION_STATUSES, type InvitationsSearch } from '@/lib/list-search';
import type { Settled } from '@/lib/load';
import { BulkInvite } from './bulk-invite';
import { inviteFailureText, inviteToasts } from './company-messages';
import { InviteForm } from './invite-form';
import { EmailAddress } from '@/components/ui/email-address';

type Invitation = components['schemas']['Invitation'];
type PagedInvitation = components['schemas']['PagedInvitation'];

const statusLabels: Record<Invitation['status'], MessageDescriptor> = {
  PENDING: msg`Pending`,
  ACCEPTED: msg`Accepted`,
  EXPIRED: msg`Expired`,
};
const statusTone: Record<Invitation['status'], BadgeTone> = { PENDING: 'yellow', ACCEPTED: 'green', EXPIRED: 'red' };
const roleLabels: Record<Invitation['role'], MessageDescriptor> = { LEARNER: msg`Learner`, EDUCATOR: msg`Educator` };

/**
 * The partner's invitations screen (`/dashboard/company/invitations`): invite one
 * person, invite from a file, and the company's invitations (status pending, accepted, expired;
 * filter and pages) with Withdraw behind a confirmation (`DELETE /users/{id}/deleteInvite`; toasts
 * 'user invite deleted !' / 'Could not delete invite to the user!') and, for a pending or expired
 * one, Resend (`POST /companies/{id}/invitations/{invitationId}/resend`: mailed again with a fresh
 * link, the old one dead; an expired one is renewed for 7 days; not destructive, so no confirmation). `reload` re-runs the route's loader.
 */
export function InvitationsPage({
  api,
  chosen,
  credentials,
  invitations,
  search,
  onSearch,
  reload,
}: {
  api: Api;
  /** The company an admin chose (id and name): invitations go into it; undefined for a partner. */
  chosen?: { id: number; name: string };
  credentials: XhrCredentials;
  invitations: Settled<PagedInvitation>;
  search: InvitationsSearch;
  onSearch: (search: InvitationsSearch) => void;
  reload: () => void;
}) {
  const { t, i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  usePageTitle(t`Invitations`);
  const [withdrawing, setWithdrawing] = useState<Invitation | null>(null);
  const [busy, setBusy] = useState(false);
  // product.md#messages: 'Could not get the invited users !' when the list cannot be loaded.
  useErrorToast(invitations.ok ? null : invitations.error, i18n._(inviteToasts.listFailed));

  const withdraw = async () => {
    if (!withdrawing) return;
    setBusy(true);
    try {
      unwrap(await api.DELETE('/users/{id}/deleteInvite', { params: { path: { id: withdrawing.id } } }));
      toaster.create({ title: i18n._(inviteToasts.withdrawn), type: 'success' });
      setWithdrawing(null);
      reload();
    } catch {
      toaster.create({ title: i18n._(inviteToasts.withdrawFailed), type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  // One request per click (docs/decisions.md "The SPA's rooms": a plain hook, no machine).
  const [resending, setResending] = useState<ReadonlySet<number>>(new Set());
  const resend = async (inv: Invitation) => {
    setResending((s) => new Set(s).add(inv.id));
    try {
      unwrap(
        await api.POST('/companies/{id}/invitations/{invitationId}/resend', {
          params: { path: { id: inv.companyId, invitationId: inv.id } },
        }),
      );
      toaster.create({ title: i18n._(inviteToasts.resent), type: 'success' });
      // A renewed (expired) invitation is pending again with new dates.
      if (inv.status === 'EXPIRED') reload();
    } catch (err) {
      toaster.create({
        title: inviteFailureText(i18n._(inviteToasts.resendFailed), err instanceof ApiError ? err : null),
        type: 'error',
      });
    } finally {
      setResending((s) => {
        const next = new Set(s);
        next.delete(inv.id);
        return next;
      });
    }
  };

  const withdrawnEmail = withdrawing?.email ?? '';
  return (
    <PageContainer>
      <PageHeader
        eyebrow={chosen ? <bdi>{chosen.name}</bdi> : <Trans>Your company</Trans>}
        title={<Trans>Invitations</Trans>}
        lead={
          <Trans>
            Invite learners and educators into your company. Each invitation is mailed with a link that works once, for
            7 days.
          </Trans>
        }
        actions={
          chosen ? (
            <Link to="/dashboard/company/invitations" className={inlineLink()}>
              <Trans>Choose another company</Trans>
            </Link>
          ) : (
            <Link to="/dashboard/company/members" className={inlineLink()}>
              <Trans>Members</Trans>
            </Link>
          )
        }
      />
      <div
        className={css({
          display: 'grid',
          gap: '6',
          gridTemplateColumns: { base: 'minmax(0, 1fr)', desktop: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
          marginBlockEnd: '8',
        })}
      >
        <InviteCard title={<Trans>Invite a person</Trans>}>
          <InviteForm api={api} companyId={chosen?.id} onInvited={reload} />
        </InviteCard>
        <InviteCard title={<Trans>Invite from a file</Trans>}>
          <BulkInvite credentials={credentials} companyId={chosen?.id} onInvited={reload} />
        </InviteCard>
      </div>

      <section
        aria-labelledby="invitations-list"
        className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}
      >
        <div
          className={css({
            display: 'flex',
            flexWrap: 'wrap',
            gap: '3',
            alignItems: 'end',
            justifyContent: 'space-between',
          })}
        >
          <h2 id="invitations-list" className={css({ fontSize: 'xl', fontWeight: 'bold' })}>
            <Trans>Invited people</Trans>
          </h2>
          <SelectField
            label={t`Status`}
            value={search.status ?? ''}
            onChange={(e) =>
              onSearch({
                ...search,
                status: (e.currentTarget.value || undefined) as InvitationsSearch['status'],
                page: undefined,
              })
            }
            className={css({ minWidth: '12rem' })}
          >
            <option value="">{t`All`}</option>
            {INVITATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {i18n._(statusLabels[s])}
              </option>
            ))}
          </SelectField>
        </div>
        {!invitations.ok ? (
          <FormAlert title={i18n._(inviteToasts.listFailed)}>{invitations.error.serverMessage ?? null}</FormAlert>
        ) : invitations.data.items.length === 0 ? (
          <EmptyState
            icon={<UsersIcon />}
            title={<Trans>No invitations yet</Trans>}
            description={<Trans>People you invite appear here.</Trans>}
          />
        ) : (
          <>
            <DataTable
              labelledBy="invitations-list"
              testId="invitations-table"
              columns={[t`E-mail`, t`Status`, t`Role`, t`Invited on`, t`Link valid until`]}
              actions
            >
              {invitations.data.items.map((inv) => (
                <tr key={inv.id} className={dataRow}>
                  <td className={dataCell}>
                    <EmailAddress email={inv.email} />
                  </td>
                  <td className={dataCell}>
                    <Badge tone={statusTone[inv.status]}>{i18n._(statusLabels[inv.status])}</Badge>
                  </td>
                  <td className={dataCell}>{i18n._(roleLabels[inv.role])}</td>
                  <td className={dataCell}>{formatLongDate(inv.createdAt.slice(0, 10), locale)}</td>
                  <td className={dataCell}>
                    {inv.status === 'ACCEPTED' ? '—' : formatLongDate(inv.expiresAt.slice(0, 10), locale)}
                  </td>
                  <td className={dataCell}>
                    <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
                      {inv.status !== 'ACCEPTED' ? (
                        <Button
                          size="sm"
                          variant="outline"
                          startIcon={<MailIcon size={16} />}
                          loading={resending.has(inv.id)}
                          onClick={() => void resend(inv)}
                          aria-label={t`Resend the invitation to ${inv.email}`}
                        >
                          <Trans>Resend</Trans>
                        </Button>
                      ) : null}
                      {inv.status !== 'ACCEPTED' ? (
                        <Button
                          size="sm"
                          variant="outline"
                          startIcon={<TrashIcon size={16} />}
                          onClick={() => setWithdrawing(inv)}
                          aria-label={t`Withdraw the invitation of ${inv.email}`}
                        >
                          <Trans>Withdraw</Trans>
                        </Button>
                      ) : null}
                    </div>
                  </td>
                </tr>
              ))}
            </DataTable>
            <Pager
              page={invitations.data.page}
              pageSize={invitations.data.pageSize}
              total={invitations.data.total}
              onChange={(page) => onSearch({ ...search, page })}
            />
          </>
        )}
      </section>

      <ConfirmDialog
        open={withdrawing !== null}
        onClose={() => setWithdrawing(null)}
        busy={busy}
        title={<Trans>Withdraw this invitation?</Trans>}
        description={
          <Trans>The link mailed to {withdrawnEmail} will stop working. You can invite them again later.</Trans>
        }
        cancelLabel={<Trans>Keep it</Trans>}
        confirmLabel={<Trans>Withdraw</Trans>}
        confirmIcon={<MailIcon size={16} />}
        onConfirm={() => void withdraw()}
      />
    </PageContainer>
  );
}

/** A card of the invitations page holding one way to invite (a form), under its h2. */
function InviteCard({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Card className={css({ padding: { base: '4', tablet: '6' }, display: 'flex', flexDirection: 'column', gap: '4' })}>
      <h2 className={css({ fontSize: 'lg', fontWeight: 'bold' })}>{title}</h2>
      {children}
    </Card>
  );
}
