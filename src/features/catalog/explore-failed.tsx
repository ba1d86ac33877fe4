import { Trans, useLingui } from '@lingui/react/macro';
import { useRouter } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchIcon } from '@/components/ui/icons';
import type { ApiError } from '@/lib/api/client';
import { useErrorToast } from '@/lib/use-toast-once';

/**
 * What a page of the catalog shows in place of its courses when `GET /courses/explore` failed
 * (product.md#messages): the toast 'Exploring courses failed !' (with the server's message, if
 * any) and, where the list would be, the same words with "Try again", which reloads the page's
 * data. The rest of the page (search, filters, categories) stays usable.
 */
export function ExploreFailed({ error }: { error: ApiError }) {
  const { t } = useLingui();
  const router = useRouter();
  useErrorToast(error, t`Exploring courses failed !`, error.serverMessage);
  return (
    <EmptyState
      icon={<SearchIcon size={28} />}
      title={<Trans>Exploring courses failed !</Trans>}
      description={error.serverMessage ?? t`System error please try later !`}
      action={<Button onClick={() => void router.invalidate()}>{t`Try again`}</Button>}
    />
  );
}
