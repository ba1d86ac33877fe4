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

/** The companies staff may act for: those of the approved partners, with the partner (GET /users/partners). */
export type StaffCompanies = { partners: User[] | null; error: unknown };

/**
 * The companies of the approved partners (GET /users/partners, first 100), for staff; `partners`
 * is null while loading, `error` the failure. Nothing is read when `staff` is false. One read: a
 * plain effect, no machine.
 */
export function useStaffCompanies(api: Api, staff: boolean): StaffCompanies {
  const [state, setState] = useState<StaffCompanies>({ partners: null, error: null });
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
  return state;
}

/** The name of company `companyId` among the staff's companies, or null while unknown. */
export function companyNameIn(companies: StaffCompanies, companyId: number): string | null {
  return companies.partners?.find((p) => p.companyId === companyId)?.company?.name ?? null;
}

/**
 * Which company to act for, when the screen's `?company=` does not say: admins get the companies of
 * the approved partners (GET /users/partners), named (name, acronym and partner), each linking to
 * the same screen for that company (`for`: the brand settings or the invitations); a partner
 * without a company is told so.
 */
export function CompanyPicker({
  api,
  staff,
  for: screen = 'brand',
}: {
  api: Api;
  staff: boolean;
  for?: 'brand' | 'invitations';
}) {
  const { t } = useLingui();
  const reason = useErrorReason();
  const state = useStaffCompanies(api, staff);
  const to = screen === 'brand' ? '/dashboard/company/settings' : '/dashboard/company/invitations';

  return (
    <PageContainer>
      <PageHeader
        title={screen === 'brand' ? <Trans>Brand settings</Trans> : <Trans>Invitations</Trans>}
        lead={
          !staff ? null : screen === 'brand' ? (
            <Trans>Choose the company whose colours, logo and links to edit.</Trans>
          ) : (
            <Trans>Choose a company to invite people into.</Trans>
          )
        }
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
                  to={to}
                  search={{ company: p.companyId! }}
                  className={css({
                    display: 'flex',
                    flexWrap: 'wrap',
                    alignItems: 'baseline',
                    justifyContent: 'space-between',
                    columnGap: '3',
                    rowGap: '1',
                    padding: '4',
                    _hover: { bg: 'bg.subtle' },
                  })}
                >
                  <span className={css({ fontWeight: 'semibold' })}>
                    <bdi>{p.company?.name ?? t`Company ${p.companyId}`}</bdi>
                  </span>
                  {/* On a phone the partner goes under the company's name, never cut inside it. */}
                  <span className={css({ color: 'fg.muted', fontSize: 'sm', whiteSpace: 'nowrap' })}>
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
