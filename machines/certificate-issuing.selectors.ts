import type { SnapshotFrom } from 'xstate';
import type { CertificateReview, certificateIssuingMachine, IssuingFailure } from './certificate-issuing.machine';

/** A snapshot of the certificate issuing machine. */
export type CertificateIssuingSnapshot = SnapshotFrom<typeof certificateIssuingMachine>;

/** True while a call runs (buttons disabled). */
export const isIssuingBusy = (s: CertificateIssuingSnapshot): boolean => s.hasTag('busy');
/** True while the certificates are being issued. */
export const isIssuing = (s: CertificateIssuingSnapshot): boolean => s.matches('issuing');
/** The review once loaded (kept while a step runs), else null. */
export const reviewOf = (s: CertificateIssuingSnapshot): CertificateReview | null => s.context.review;
/** The review could not be loaded (retry offered). */
export const loadFailed = (s: CertificateIssuingSnapshot): boolean => s.matches('failed');
/** The last step's failure, else null. */
export const issuingFailure = (s: CertificateIssuingSnapshot): IssuingFailure | null => s.context.error;
/** What the last step did ('issued', 'ruleSaved'), else null. */
export const issuingNotice = (s: CertificateIssuingSnapshot) => s.context.notice;
/** True when certificates can be issued now: the review is loaded, the session has ended, nothing runs. */
export const canIssue = (s: CertificateIssuingSnapshot): boolean =>
  s.matches('ready') && s.context.review?.ended === true;
