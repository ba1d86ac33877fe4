import { requireCaller, type HandlerTable } from '../../platform/handlers.js';
import { certificatePdf, pdfFactsOf } from './pdf.js';
import { publicKeySet } from './keys.js';
import {
  certificateForPdf,
  certificateReview,
  issueCertificates,
  myCertificates,
  publicCertificate,
  revokeCertificate,
  setCertificateRule,
  statusListJwt,
} from './service.js';

/**
 * Handlers of the Certificates operations (openapi/halaqa.yaml tag Certificates; docs/product.md
 * "Certificates"). Roles come from `x-roles`; who owns what is checked by the service. The key set
 * and the status list are answered raw (not in `{ data }`), as their readers expect.
 */
export const certificatesHandlers = {
  getCertificateReview: async ({ app, caller, params }) => ({
    data: await certificateReview(app, requireCaller(caller), params.id),
  }),
  setCertificateRule: async ({ app, caller, params, body }) => ({
    data: await setCertificateRule(app, requireCaller(caller), params.id, body),
  }),
  issueCertificates: async ({ app, caller, params, body }) => ({
    data: await issueCertificates(app, requireCaller(caller), params.id, body.decisions),
  }),
  listMyCertificates: async ({ app, caller }) => ({ data: await myCertificates(app, requireCaller(caller)) }),
  getCertificate: async ({ app, params }) => ({ data: await publicCertificate(app, params.certificateId) }),
  getCertificateKeys: async ({ app }) => ({
    raw: JSON.stringify(await publicKeySet(app.db)),
    contentType: 'application/jwk-set+json',
    headers: { 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' },
  }),
  getCertificateStatusList: async ({ app, params }) => ({
    raw: await statusListJwt(app, params.list),
    contentType: 'application/vc+jwt',
    headers: { 'cache-control': 'no-cache', 'access-control-allow-origin': '*' },
  }),
  /** The PDF itself, as a download named `certificate-<id>.pdf`. */
  downloadCertificatePdf: async ({ app, caller, params, query }) => {
    const cert = await certificateForPdf(app, requireCaller(caller), params.certificateId);
    const signature = cert.signatureKey ? await app.storage.readBytes(cert.signatureKey).catch(() => null) : null;
    const pdf = await certificatePdf(pdfFactsOf(cert.credential, cert.revoked), query.lang ?? 'en', signature);
    return {
      raw: pdf,
      contentType: 'application/pdf',
      headers: {
        'content-disposition': `attachment; filename="certificate-${cert.id}.pdf"`,
        'cache-control': 'private, no-cache',
      },
    };
  },
  revokeCertificate: async ({ app, caller, params, body }) => ({
    data: await revokeCertificate(app, requireCaller(caller), params.certificateId, body.reason),
  }),
} satisfies HandlerTable;
