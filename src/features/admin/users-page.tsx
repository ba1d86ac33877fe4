import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { tabActiveOptions } from '@/components/ui/tab-link';
import { css, cx } from 'styled-system/css';
import { plainList } from 'styled-system/recipes';
import { BoardCount } from '@/components/ui/board-list';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SelectField } from '@/components/ui/field';
import { SearchField } from '@/components/ui/search-field';
import { SearchIcon, UsersIcon } from '@/components/ui/icons';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { Spinner } from '@/components/ui/spinner';
import {
  DASHBOARD_PAGE_SIZE,
  INVITATION_STATUSES,
  USER_LISTS,
  USER_STATUSES,
  type UsersSearch,
} from '@/lib/list-search';
import { usePageTitle } from '@/lib/document-head';
import { roleLabels } from '@/lib/auth/roles';
import type { Api } from '@/lib/api/client';
import { isLocale, type Locale } from '@/lib/i18n';
import { confirmFailed, isBusy, isConfirming, isLoading, loadFailed } from '@machines/moderation.selectors';
import { createUserModerationActors, type UserList } from '@machines/moderation.actors';
import type { ModerationAction, ModerationFilter, ModerationItem } from '@machines/moderation.machine';
import { BoardPager, DecisionDialog, errorToast, useModerationBoard } from '@/components/ui/moderation-board';
import { listFailed, userFailed, userSucceeded, withServerDetail } from './user-messages';
import {
  type User,
  type Invitation,
  userStatusLabels,
  invitationStatusLabels,
  UserRow,
  InvitationRow,
} from './user-rows';

const listLabels: Record<UserList, MessageDescriptor> = {
  educators: msg`Educators`,
  learners: msg`Learners`,
  partners: msg`Partners`,
  invitations: msg`Invited users`,
};

/** Actions an admin may take on a list (invitations are listed only). */
export function userActionsFor(list: UserList): ModerationAction[] {
  return list === 'invitations' ? [] : ['approve', 'reject', 'delete'];
}

/** One list (educators, learners, partners or invitations) with its moderation machine. */
function UserBoard({
  api,
  list,
  search,
  onSearch,
}: {
  api: Api;
  list: UserList;
  search: UsersSearch;
  onSearch: (s: UsersSearch) => void;
}) {
  const { t, i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const actions = useMemo(() => userActionsFor(list), [list]);
  const filter = useMemo<ModerationFilter>(
    () => ({
      list,
      query: list === 'invitations' ? undefined : search.query,
      status: search.status,
      page: search.page ?? 1,
      pageSize: DASHBOARD_PAGE_SIZE,
    }),
    [list, search.query, search.status, search.page],
  );
  // The spec's toasts (#messages), including the 400 rule of 'Could not approve the user'.
  const board = useModerationBoard({
    api,
    createActors: createUserModerationActors,
    filter,
    actions,
    toasts: {
      succeeded: (a) => (userSucceeded[a] ? t(userSucceeded[a]) : null),
      failed: (a, e) => {
        const text = userFailed[a];
        if (!text) return null;
        return a === 'approve' ? { title: withServerDetail(t(text), e) } : errorToast(t(text), e);
      },
      listFailed: t(listFailed[list]),
    },
  });
  const { snapshot, send } = board;
  const { items, total, target, action, error, loaded } = snapshot.context;
  const [query, setQuery] = useState(search.query ?? '');
  useEffect(() => setQuery(search.query ?? ''), [search.query]);

  const busy = isBusy(snapshot);
  const loading = isLoading(snapshot);
  const users = items as unknown as User[];
  const invitations = items as unknown as Invitation[];
  const targetUser = target ? ((users.find((u) => u.id === target.id) ?? target) as User) : null;
  const statuses = list === 'invitations' ? INVITATION_STATUSES : USER_STATUSES;
  const statusLabel = (s: string) =>
    t(
      list === 'invitations'
        ? invitationStatusLabels[s as keyof typeof invitationStatusLabels]
        : userStatusLabels[s as keyof typeof userStatusLabels],
    );
  const targetName = targetUser?.name ?? '';
  const targetRole = targetUser ? t(roleLabels[targetUser.role]) : '';
  // A partner's PENDING company is decided with them (server: decideUser).
  const targetCompany = targetUser?.company?.status === 'PENDING' ? targetUser.company.name : null;
  const failureText =
    error && action && confirmFailed(snapshot)
      ? action === 'approve'
        ? withServerDetail(t(userFailed.approve!), error)
        : t(userFailed[action]!)
      : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = query.trim();
    onSearch({ ...search, query: q || undefined, page: undefined });
  }

  const dialog =
    isConfirming(snapshot) && targetUser && (action === 'approve' || action === 'reject' || action === 'delete')
      ? {
          approve: {
            title: t`Approve ${targetName}?`,
            description: targetCompany
              ? t`They can then use Halaqa as ${targetRole}. Their company, ${targetCompany}, is approved with them.`
              : t`They can then use Halaqa as ${targetRole}.`,
            label: null,
            help: undefined,
            confirm: t`Approve`,
          },
          reject: {
            title: t`Reject ${targetName}?`,
            description: targetCompany
              ? t`Their account stays closed, and their company, ${targetCompany}, is rejected with them. The message is sent to them by e-mail.`
              : t`Their account stays closed. The message is sent to them by e-mail.`,
            label: t`Message to ${targetName}`,
            help: t`Say why, and what they can do.`,
            confirm: t`Reject`,
          },
          delete: {
            title: t`Delete the account of ${targetName}?`,
            description: t`They can no longer sign in. The message is sent to them by e-mail.`,
            label: t`Message to ${targetName}`,
            help: t`Say why the account is closed.`,
            confirm: t`Delete`,
          },
        }[action]
      : null;

  return (
    <div>
      <form
        role="search"
        aria-label={t(listLabels[list])}
        onSubmit={submit}
        className={css({
          display: 'grid',
          gap: '3',
          gridTemplateColumns: { base: '1fr', tablet: list === 'invitations' ? '16rem' : '1fr 14rem auto' },
          alignItems: 'end',
          marginBlockEnd: '5',
        })}
      >
        {list !== 'invitations' ? (
          <SearchField value={query} onSearch={setQuery} placeholder={t`Name or e-mail`} />
        ) : null}
        <SelectField
          label={t`Status`}
          value={search.status && (statuses as readonly string[]).includes(search.status) ? search.status : ''}
          onChange={(e) =>
            onSearch({ ...search, status: (e.target.value || undefined) as UsersSearch['status'], page: undefined })
          }
        >
          <option value="">{t`All statuses`}</option>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {statusLabel(s)}
            </option>
          ))}
        </SelectField>
        {list !== 'invitations' ? (
          <Button type="submit" variant="outline" startIcon={<SearchIcon size={16} />}>
            <Trans>Search</Trans>
          </Button>
        ) : null}
      </form>

      <BoardCount
        loading={loading}
        loaded={loaded}
        loadingText={<Trans>Loading…</Trans>}
        count={
          list === 'invitations' ? (
            <Plural value={total} one="# invitation" other="# invitations" />
          ) : (
            <Plural value={total} one="# user" other="# users" />
          )
        }
        className={css({ marginBlockEnd: '3' })}
      />

      {loadFailed(snapshot) ? (
        <EmptyState
          title={t(listFailed[list])}
          description={error?.message ?? t`System error please try later !`}
          action={<Button onClick={() => send({ type: 'queue.reloaded' })}>{t`Try again`}</Button>}
        />
      ) : !loaded ? (
        <div
          className={css({ display: 'flex', justifyContent: 'center', paddingBlock: '16', color: 'primary.strong' })}
        >
          <Spinner size="lg" />
        </div>
      ) : items.length === 0 ? (
        <EmptyState
          icon={<UsersIcon size={28} />}
          title={<Trans>Nobody to show</Trans>}
          description={search.query || search.status ? <Trans>Try another search or status.</Trans> : undefined}
        />
      ) : (
        <ul
          className={cx(plainList({ gap: '3' }), loading ? css({ opacity: 0.6 }) : undefined)}
          aria-busy={loading || undefined}
        >
          {list === 'invitations'
            ? invitations.map((invitation) => (
                <InvitationRow key={invitation.id} invitation={invitation} locale={locale} />
              ))
            : users.map((user) => (
                <UserRow
                  key={user.id}
                  user={user}
                  locale={locale}
                  actions={actions}
                  busy={busy || loading}
                  onAction={(a, u) => board.request(a, u as ModerationItem)}
                />
              ))}
        </ul>
      )}
      <BoardPager board={board} search={search} onSearch={onSearch} />
      {dialog && action && action !== 'duplicate' && targetUser ? (
        <DecisionDialog
          board={board}
          action={action}
          itemId={targetUser.id}
          copy={dialog}
          description={dialog.description}
          failureText={failureText}
        />
      ) : null}
    </div>
  );
}

/**
 * /dashboard/users (admins): the lists of educators, learners, partners and invited users
 * (GET /users/<list>?query&status&page, all in the URL), with status badges, and approve /
 * reject / delete behind a confirmation dialog (reject and delete need a message).
 */
export function UsersPage({
  api,
  search,
  onSearch,
}: {
  api: Api;
  search: UsersSearch;
  onSearch: (s: UsersSearch) => void;
}) {
  const { t } = useLingui();
  usePageTitle(t`Users`);
  const list: UserList = search.list ?? 'educators';
  return (
    <PageContainer>
      <PageHeader
        eyebrow={<Trans>Admin</Trans>}
        title={<Trans>Users</Trans>}
        lead={<Trans>Educators and partners who sign up wait for your approval.</Trans>}
      />
      <nav aria-label={t`User lists`} className={css({ marginBlockEnd: '5', overflowX: 'auto' })}>
        <ul
          className={css({
            display: 'flex',
            gap: '1',
            listStyle: 'none',
            padding: '1',
            bg: 'bg.subtle',
            borderRadius: 'lg',
            width: 'max-content',
            maxWidth: 'full',
          })}
        >
          {USER_LISTS.map((l) => (
            <li key={l}>
              <Link
                to="/dashboard/users"
                search={l === 'educators' ? {} : { list: l }}
                activeOptions={tabActiveOptions}
                aria-current={l === list ? 'page' : undefined}
                className={css({
                  display: 'inline-flex',
                  alignItems: 'center',
                  height: '9',
                  paddingInline: '3',
                  borderRadius: 'md',
                  fontSize: 'sm',
                  fontWeight: 'semibold',
                  whiteSpace: 'nowrap',
                  color: 'fg.muted',
                  _hover: { color: 'fg.default' },
                  '&[aria-current=page]': { bg: 'bg.surface', color: 'primary.stronger', boxShadow: 'card' },
                })}
              >
                {t(listLabels[l])}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <UserBoard key={list} api={api} list={list} search={search} onSearch={onSearch} />
    </PageContainer>
  );
}
