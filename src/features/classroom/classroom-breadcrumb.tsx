import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Breadcrumb, breadcrumbLink } from '@/components/ui/breadcrumb';

/**
 * The classroom's breadcrumb, from where the viewer came: "My courses" for a learner, "Sessions"
 * (the dashboard's list) for the educator or an admin; `children` are the next crumbs, the last
 * one the current page.
 */
export function ClassroomBreadcrumb({ learner, children }: { learner: boolean; children: ReactNode }) {
  const { t } = useLingui();
  return (
    <div className={css({ marginBlockEnd: '4' })}>
      <Breadcrumb label={t`Breadcrumb`}>
        {learner ? (
          <Link to="/my-courses" className={breadcrumbLink}>
            <Trans>My courses</Trans>
          </Link>
        ) : (
          <Link to="/dashboard/sessions" className={breadcrumbLink}>
            <Trans>Sessions</Trans>
          </Link>
        )}
        {children}
      </Breadcrumb>
    </div>
  );
}
