import { useLingui } from '@lingui/react/macro';
import { SectionError } from '@/components/ui/alert';
import type { Api, ApiError } from '@/lib/api/client';
import type { AuthActor } from '@/lib/auth/auth-service';
import { useErrorToast } from '@/lib/use-toast-once';
import type { components } from '@contract/schema';
import { ProfileForm } from './profile-form';

/**
 * The profile section of `/account/profile`: the form once the account is loaded; when it could
 * not be read, the toast 'Could not get the account information' (product.md#messages) and a retry.
 */
export function ProfileSection({
  api,
  auth,
  user,
  error,
  onRetry,
}: {
  api: Api;
  auth: AuthActor;
  user: components['schemas']['User'] | null;
  error: ApiError | null;
  onRetry: () => void;
}) {
  const { t } = useLingui();
  const title = t`Could not get the account information`;
  useErrorToast(error, title);
  if (!user) return <SectionError title={title} error={error} onRetry={onRetry} />;
  return (
    <ProfileForm
      key={`${user.id}-${user.firstName}-${user.lastName}-${user.language ?? ''}`}
      api={api}
      auth={auth}
      user={user}
    />
  );
}
