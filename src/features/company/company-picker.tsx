import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { css } from 'styled-system/css';
import { FormAlert, useErrorReason } from '@/components/ui/alert';
import { Card } from '@/components/ui/card';
import { PageContainer, PageHeader } from '@/components/ui/page';
import { Skeleton } from '@/components/ui/spinner';
import { type Api, unwrap } from '@/lib/api/client';
import type { components } from '@contract/schema';

type User = components['schemas']['User'];

/**
 * Which company's brand to edit, when `/dashboard/company/settings` does not say:
 * admins get the companies of the approved partners (GET /users/partners), named (name, acronym and
 * partner), each linking to its company's settings;
 * a partner without a company is told so. One read: a plain effect, no machine.
 */
export function CompanyPicker({ api, staff }: { api: Api; staff: boolean }) {
  const { t } = useLingui();
  const reason = useErrorReason();
  const [state, setState] = useState<{ partners: User[] | null; error: unknown }>({ partners: null, error: null });
  useEffect(() => {
    if (!staff) return;
    let live = true;
    api
      .GET('/users/partners', { params: { query: { status: 'APPROVED', page: 1, pageSize: 100 } } })
      .then(unwrap)
      .then(
        (page) => live && setState({ partners: page.items.filter((u) => u.companyId !== null), error: null }),
        (error: unknown) => live && setState({ partners: [], error }),
      );
    return () => {
      live = false;
    };
  }, [api, staff]);

  return (
    <PageContainer>
      <PageHeader
        title={<Trans>Brand settings</Trans>}
        lead={staff ? <Trans>Choose the company whose colours, logo and links to edit.</Trans> : null}
      />
      {!staff ? (
        <FormAlert tone="info" title={<Trans>Your account belongs to no company</Trans>} />
      ) : state.error ? (
        <FormAlert title={<Trans>Could not get the partners !</Trans>}>{reason(state.error)}</FormAlert>
      ) : state.partners === null ? (
        <Skeleton height="8rem" />
      ) : (
        <Card>
          <ul aria-label={t`Companies`} className={css({ display: 'flex', flexDirection: 'column' })}>
            {state.partners.map((p) => (
              <li
                key={p.id}
                className={css({
                  borderBlockEndWidth: '1px',
                  borderColor: 'border.default',
                  _last: { borderBlockEndWidth: 0 },
                })}
              >
                <Link
                  to="/dashboard/company/settings"
                  search={{ company: p.companyId! }}
                  className={css({
                    display: 'flex',
                    justifyContent: 'space-between',
                    gap: '3',
                    padding: '4',
                    _hover: { bg: 'bg.subtle' },
                  })}
                >
                  <span className={css({ fontWeight: 'semibold' })}>
                    <bdi>{p.company?.name ?? t`Company ${p.companyId}`}</bdi>
                  </span>
                  <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>
                    {p.company ? <bdi dir="ltr">{p.company.acronym}</bdi> : null} · <bdi>{p.name}</bdi>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </PageContainer>
  );
}
