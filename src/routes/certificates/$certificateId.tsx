import { createFileRoute } from '@tanstack/react-router';
import { CertificateVerificationPage } from '@/features/certificates/verification-page';
import { RouteError } from '@/features/layout/route-error';
import { isStaff } from '@/lib/auth/roles';
import { useViewer } from '@/lib/auth/use-viewer';

/**
 * `/certificates/$certificateId` (public; the QR code and link of a certificate): checks the
 * certificate in the browser (the verification machine loads jose on demand). A full page without
 * header and footer, with its own title and description (product.md#screens page flags).
 */
export const Route = createFileRoute('/certificates/$certificateId')({
  staticData: { hideHeaderFooter: true, salesPage: true },
  errorComponent: RouteError,
  component: function CertificateRoute() {
    const { api, role } = useViewer();
    const { certificateId } = Route.useParams();
    return (
      <CertificateVerificationPage
        key={certificateId}
        api={api}
        id={certificateId}
        isAdmin={role !== null && isStaff(role)}
      />
    );
  },
});
