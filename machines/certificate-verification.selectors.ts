import type { SnapshotFrom } from 'xstate';
import type {
  CertificateView,
  certificateVerificationMachine,
  Verification,
  VerificationFailure,
} from './certificate-verification.machine';

/** A snapshot of the certificate verification machine. */
export type CertificateVerificationSnapshot = SnapshotFrom<typeof certificateVerificationMachine>;

/** The page's verdict: checking, VALID, REVOKED, INVALID, or FAILED (could not check; retry). */
export type VerdictView = 'CHECKING' | Verification['status'] | 'FAILED';

/** The verdict to show. */
export function verdictOf(s: CertificateVerificationSnapshot): VerdictView {
  if (s.matches('verifying')) return 'CHECKING';
  if (s.matches('failed')) return 'FAILED';
  if (s.matches('invalid')) return 'INVALID';
  if (s.matches('revoked')) return 'REVOKED';
  return 'VALID';
}

/** What the credential says when its signature is good (VALID or REVOKED, also while revoking), else null. */
export const verifiedCertificate = (s: CertificateVerificationSnapshot): CertificateView | null =>
  s.matches('valid') || s.matches('revoked') || s.matches('revoking')
    ? (s.context.verification?.credential ?? null)
    : null;

/** The credential as read (VC-JWT), for download, when its signature is good; else null. */
export const verifiedJwt = (s: CertificateVerificationSnapshot): string | null =>
  verifiedCertificate(s) ? (s.context.verification?.jwt ?? null) : null;

/** True while the verification or a revocation runs. */
export const isBusy = (s: CertificateVerificationSnapshot): boolean => s.hasTag('busy');

/** True when an admin may revoke now (a valid certificate, nothing running). */
export const canRevoke = (s: CertificateVerificationSnapshot): boolean => s.matches('valid');

/** The last failure (could not verify; or a refused revocation, shown on the valid page), else null. */
export const verificationFailure = (s: CertificateVerificationSnapshot): VerificationFailure | null =>
  s.matches('failed') || s.matches('valid') ? s.context.error : null;
