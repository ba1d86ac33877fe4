import { STAFF, none, nothing, perCourse, type OwnerRule } from './shared.js';

/** A certificate id no certificate has (the world issues none: its sessions have not ended). */
const UNKNOWN_CERTIFICATE = '00000000-0000-4000-8000-000000000000';
const NO_CERTIFICATE = {
  statuses: [404],
  why: "the world's sessions have not ended, so it has no certificate: every allowed caller gets the same 404",
};

/** Certificate operations. See authorization-rules.ts for what a rule says. */
export const CERTIFICATE_RULES: Record<string, OwnerRule> = {
  getCertificateReview: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].session } }),
      { A: [...STAFF, 'educator'], B: STAFF, O: STAFF },
      'the session',
    ),
  },
  setCertificateRule: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].session }, body: { minAttendance: 75, minGrade: 60 } }),
      { A: [...STAFF, 'educator'], B: STAFF, O: STAFF },
      'the session',
    ),
  },
  issueCertificates: {
    variants: perCourse(
      (w, k) => ({ params: { id: w[k].session }, body: { decisions: [] } }),
      { A: [...STAFF, 'educator'], B: STAFF, O: STAFF },
      'the session',
      { allowedStatuses: { statuses: [422], why: "the world's sessions have not ended: issuing is refused alike" } },
    ),
  },
  listMyCertificates: none(nothing),
  getCertificateKeys: none(nothing),
  getCertificateStatusList: {
    why: 'public: the status list names no resource anyone owns',
    ...none(() => ({ params: { list: 1 } })),
  },
  getCertificate: {
    why: 'public: the random certificate id is the key',
    ...none(() => ({ params: { certificateId: UNKNOWN_CERTIFICATE } }), { allowedStatuses: NO_CERTIFICATE }),
  },
  downloadCertificatePdf: {
    why: "the learner's own certificate or an admin's reading; the world has none (see certificates.test.ts for another learner's 404)",
    ...none(() => ({ params: { certificateId: UNKNOWN_CERTIFICATE } }), { allowedStatuses: NO_CERTIFICATE }),
  },
  revokeCertificate: {
    why: 'admins only, any certificate; the world has none (see certificates.test.ts)',
    ...none(() => ({ params: { certificateId: UNKNOWN_CERTIFICATE }, body: { reason: 'matrix' } }), {
      allowedStatuses: NO_CERTIFICATE,
    }),
  },
};
