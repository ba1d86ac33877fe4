import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import { css, cx } from 'styled-system/css';
import { inlineLink } from 'styled-system/recipes';
import { FormAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { DataTable, dataCell, dataRow } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/empty-state';
import { TextField } from '@/components/ui/field';
import { formatCount, formatLongDate } from '@/components/ui/format';
import { SearchIcon, TrashIcon, UsersIcon } from '@/components/ui/icons';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { Pager } from '@/components/ui/pager';
import { toaster } from '@/components/ui/toast';
import type { components } from '@contract/schema';
import { type Api, unwrap } from '@/lib/api/client';
import { usePageTitle } from '@/lib/document-head';
import { isLocale, type Locale } from '@/lib/i18n';
import type { MembersSearch } from '@/lib/list-search';
import type { Settled } from '@/lib/load';
import { EmailAddress } from '@/components/ui/email-address';

type Member = components['schemas']['CompanyMember'];
type PagedMember = components['schemas']['PagedCompanyMember'];

const roleLabels: Partial<Record<Member['role'], MessageDescriptor>> = {
  USER: msg`User`,
  LEARNER: msg`Learner`,
  EDUCATOR: msg`Educator`,
};
/**
 * The partner's members screen (`/dashboard/company/members`): the company's
 * learners and educators with e-mail, role, date joined, enrollments and progress (lessons done /
 * lessons of their sessions), searchable and paged; Remove (behind a confirmation) takes them out
 * of the company: they keep their account but no longer see its private courses.
 */
export function MembersPage({
  api,
  companyId,
  companyName,
  members,
  search,
  onSearch,
  reload,
}: {
  api: Api;
  companyId: number;
  companyName: string;
  members: Settled<PagedMember>;
  search: MembersSearch;
  onSearch: (search: MembersSearch) => void;
  reload: () => void;
}) {
  const { t, i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  usePageTitle(t`Members`);
  const [query, setQuery] = useState(search.query ?? '');
  const [removing, setRemoving] = useState<Member | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch({ query: query.trim() || undefined, page: undefined });
  };

  const remove = async () => {
    if (!removing) return;
    setBusy(true);
    try {
      unwrap(
        await api.DELETE('/companies/{id}/members/{userId}', {
          params: { path: { id: companyId, userId: removing.id } },
        }),
      );
      toaster.create({ title: t`Member removed from the company`, type: 'success' });
      setRemoving(null);
      reload();
    } catch {
      toaster.create({ title: t`Could not remove the member`, type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const removingName = removing?.name ?? '';
  return (
    <PageContainer>
      <PageHeader
        eyebrow={companyName}
        title={<Trans>Members</Trans>}
        lead={<Trans>The learners and educators of your company, their enrollments and progress.</Trans>}
        actions={
          <Link to="/dashboard/company/invitations" className={inlineLink()}>
            <Trans>Invitations</Trans>
          </Link>
        }
      />
      <form
        role="search"
        onSubmit={submit}
        className={css({ display: 'flex', gap: '3', alignItems: 'end', flexWrap: 'wrap', marginBlockEnd: '6' })}
      >
        <TextField
          label={t`Search by name or e-mail`}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          className={css({ flex: '1', minWidth: '14rem' })}
        />
        <Button type="submit" variant="outline" startIcon={<SearchIcon size={16} />}>
          <Trans>Search</Trans>
        </Button>
      </form>
      {!members.ok ? (
        <FormAlert title={t`Could not get the members`}>{members.error.serverMessage ?? null}</FormAlert>
      ) : members.data.items.length === 0 ? (
        <EmptyState
          icon={<UsersIcon />}
          title={<Trans>No members found</Trans>}
          description={<Trans>Invite people from the Invitations page.</Trans>}
        />
      ) : (
        <>
          <DataTable
            label={t`Members`}
            testId="members-table"
            columns={[t`Name`, t`E-mail`, t`Role`, t`Joined`, t`Enrollments`, t`Progress`]}
            actions
          >
            {members.data.items.map((m) => {
              const percent = m.totalLessons > 0 ? Math.round((m.completedLessons / m.totalLessons) * 100) : 0;
              const done = formatCount(m.completedLessons, locale);
              const total = formatCount(m.totalLessons, locale);
              const role = roleLabels[m.role];
              return (
                <tr key={m.id} className={dataRow}>
                  <td className={cx(dataCell, css({ fontWeight: 'semibold' }))}>{m.name}</td>
                  <td className={dataCell}>
                    <EmailAddress email={m.email} />
                  </td>
                  <td className={dataCell}>{role ? i18n._(role) : m.role}</td>
                  <td className={dataCell}>{formatLongDate(m.joinedAt.slice(0, 10), locale)}</td>
                  <td className={dataCell}>{formatCount(m.enrollments, locale)}</td>
                  <td className={dataCell}>
                    <div className={css({ display: 'flex', flexDirection: 'column', gap: '1', minWidth: '8rem' })}>
                      <span>
                        <Trans>
                          {done} of {total} lessons
                        </Trans>
                      </span>
                      <div
                        role="progressbar"
                        aria-label={t`Progress of ${m.name}`}
                        aria-valuemin={0}
                        aria-valuemax={100}
                        aria-valuenow={percent}
                        className={css({
                          height: '1.5',
                          borderRadius: 'full',
                          bg: 'bg.subtle',
                          overflow: 'hidden',
                        })}
                      >
                        <div
                          className={css({ height: 'full', bg: 'secondary.strong' })}
                          style={{ width: `${percent}%` }}
                        />
                      </div>
                    </div>
                  </td>
                  <td className={dataCell}>
                    <Button
                      size="sm"
                      variant="outline"
                      startIcon={<TrashIcon size={16} />}
                      onClick={() => setRemoving(m)}
                      aria-label={t`Remove ${m.name} from the company`}
                    >
                      <Trans>Remove</Trans>
                    </Button>
                  </td>
                </tr>
              );
            })}
          </DataTable>
          <Pager
            page={members.data.page}
            pageSize={members.data.pageSize}
            total={members.data.total}
            onChange={(page) => onSearch({ ...search, page })}
          />
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        onClose={() => setRemoving(null)}
        busy={busy}
        title={<Trans>Remove {removingName} from the company?</Trans>}
        description={
          <Trans>They keep their account and enrollments but lose access to the company's private courses.</Trans>
        }
        cancelLabel={<Trans>Cancel</Trans>}
        confirmLabel={<Trans>Remove</Trans>}
        onConfirm={() => void remove()}
      />
    </PageContainer>
  );
}
