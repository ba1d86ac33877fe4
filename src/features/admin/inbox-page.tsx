import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { css, cx } from 'styled-system/css';
import { plainList } from 'styled-system/recipes';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { MailIcon } from '@/components/ui/icons';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { Pager } from '@/components/ui/pager';
import { toaster } from '@/components/ui/toast';
import type { Api } from '@/lib/api/client';
import { usePageTitle } from '@/lib/document-head';
import { isLocale } from '@/lib/i18n';
import { formatInstantDateTime } from '@/components/ui/format';
import type { components } from '@contract/schema';
import { unwrap } from '@machines/support/api';

type PagedContactMessage = components['schemas']['PagedContactMessage'];

/**
 * /dashboard/inbox (admins): the messages of the contact form, newest first,
 * paged, all or only the unread; "Mark as read" on each unread one (the list reloads).
 */
export function InboxPage({
  api,
  data,
  unread,
  onSearch,
}: {
  api: Api;
  data: PagedContactMessage;
  unread: boolean;
  onSearch: (search: { unread: boolean; page: number }) => void;
}) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Inbox`);
  const router = useRouter();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const [marking, setMarking] = useState<number | null>(null);
  const count = data.unread;
  const when = (iso: string) => formatInstantDateTime(iso, locale);

  const markRead = async (id: number) => {
    setMarking(id);
    try {
      unwrap(await api.PUT('/contact/messages/{id}/read', { params: { path: { id } } }));
      await router.invalidate();
    } catch {
      toaster.create({ title: t`System error please try later !`, type: 'error' });
    } finally {
      setMarking(null);
    }
  };

  return (
    <PageContainer className={css({ paddingBlock: { base: '6', tablet: '10' } })}>
      <PageHeader
        title={<Trans>Inbox</Trans>}
        lead={
          <Plural
            value={count}
            _0="Messages sent with the contact form. None unread."
            one="Messages sent with the contact form. # unread."
            other="Messages sent with the contact form. # unread."
          />
        }
        actions={
          <div role="group" aria-label={t`Show`} className={css({ display: 'flex', gap: '2' })}>
            <Button
              size="sm"
              variant={unread ? 'outline' : 'solid'}
              aria-pressed={!unread}
              onClick={() => onSearch({ unread: false, page: 1 })}
            >
              <Trans>All</Trans>
            </Button>
            <Button
              size="sm"
              variant={unread ? 'solid' : 'outline'}
              aria-pressed={unread}
              onClick={() => onSearch({ unread: true, page: 1 })}
            >
              <Trans>Unread</Trans>
            </Button>
          </div>
        }
      />
      {data.items.length === 0 ? (
        <EmptyState
          icon={<MailIcon size={28} />}
          title={unread ? <Trans>No unread message</Trans> : <Trans>No message yet</Trans>}
        />
      ) : (
        <ul className={plainList({ gap: '4' })}>
          {data.items.map((m) => (
            <li key={m.id}>
              <Card
                as="article"
                aria-labelledby={`contact-${m.id}`}
                className={cx(
                  css({ padding: '5', display: 'flex', flexDirection: 'column', gap: '3' }),
                  m.readAt
                    ? undefined
                    : css({ borderInlineStartWidth: '4px', borderInlineStartColor: 'primary.strong' }),
                )}
              >
                <div
                  className={css({
                    display: 'flex',
                    justifyContent: 'space-between',
                    gap: '3',
                    flexWrap: 'wrap',
                    alignItems: 'flex-start',
                  })}
                >
                  <div className={css({ minWidth: 0 })}>
                    <h2 id={`contact-${m.id}`} className={css({ fontWeight: 'bold', fontSize: 'md' })}>
                      <bdi>{m.subject}</bdi>
                    </h2>
                    <p className={css({ fontSize: 'sm', color: 'fg.muted', overflowWrap: 'anywhere' })}>
                      <bdi>{m.name}</bdi> ·{' '}
                      <a
                        href={`mailto:${m.email}`}
                        className={css({ color: 'primary.stronger', textDecoration: 'underline' })}
                      >
                        {m.email}
                      </a>{' '}
                      · <time dateTime={m.createdAt}>{when(m.createdAt)}</time>
                    </p>
                  </div>
                  {m.readAt ? (
                    <Badge tone="gray">
                      <Trans>Read</Trans>
                    </Badge>
                  ) : (
                    <Badge tone="blue">
                      <Trans>Unread</Trans>
                    </Badge>
                  )}
                </div>
                <p className={css({ whiteSpace: 'pre-line', overflowWrap: 'anywhere' })}>
                  <bdi>{m.message}</bdi>
                </p>
                {m.readAt ? null : (
                  <Button
                    size="sm"
                    variant="outline"
                    className={css({ alignSelf: 'flex-start' })}
                    loading={marking === m.id}
                    onClick={() => void markRead(m.id)}
                  >
                    <Trans>Mark as read</Trans>
                  </Button>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={data.page}
        pageSize={data.pageSize}
        total={data.total}
        onChange={(page) => onSearch({ unread, page })}
      />
    </PageContainer>
  );
}
