import { fromPromise } from 'xstate';
import { bitIsSet } from '@contract/status-list';
import { type Api, ApiError, unwrap } from './support/api';
import type { CertificateView, Verification } from './certificate-verification.machine';

/** Reads a URL's text; rejects on a network error or a non-2xx answer (with its `status`). */
export type FetchText = (url: string) => Promise<string>;

/** The same-origin path of one of the platform's own URLs (keys, status lists live beside the page). */
function ownPath(url: string): string {
  const u = new URL(url, globalThis.location?.origin ?? 'http://localhost');
  return `${u.pathname}${u.search}`;
}

/** The multibase (`u`, base64url) gzip-compressed bitstring of a status list, decompressed. */
async function decodeStatusList(encoded: string): Promise<Uint8Array> {
  if (!encoded.startsWith('u')) throw new Error('Unknown status list encoding');
  const b64 = encoded.slice(1).replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

interface CredentialPayload {
  id?: string;
  type?: string[];
  issuer?: { id?: string; name?: string };
  validFrom?: string;
  credentialSubject?: {
    identifier?: { identityHash?: string }[];
    activityStartDate?: string;
    activityEndDate?: string;
    creditsEarned?: number;
    achievement?: { name?: string; tag?: string[]; creator?: { name?: string } };
  };
  credentialStatus?: { statusListIndex?: string; statusListCredential?: string; statusPurpose?: string };
}

/** The page's view of a verified credential. */
function viewOf(p: CredentialPayload): CertificateView {
  const s = p.credentialSubject ?? {};
  return {
    learnerName: s.identifier?.[0]?.identityHash ?? '',
    courseTitle: s.achievement?.name ?? '',
    startDate: (s.activityStartDate ?? '').slice(0, 10),
    endDate: (s.activityEndDate ?? '').slice(0, 10),
    hours: s.creditsEarned ?? 0,
    skills: s.achievement?.tag ?? [],
    educatorName: s.achievement?.creator?.name ?? '',
    issuerName: p.issuer?.name ?? '',
    issuedOn: (p.validFrom ?? '').slice(0, 10),
    url: p.id ?? '',
  };
}

/**
 * Checks a certificate's VC-JWT in the browser (jose, loaded on demand): its signature against the
 * platform's key set, that it is the OpenBadgeCredential of certificate `id`, then its revocation
 * bit in the signed status list it names. A bad signature, another credential or a malformed one
 * is INVALID; a set bit REVOKED; else VALID.
 * @throws when the key set or the status list cannot be read (network, 5xx): the caller retries.
 */
export async function verifyCredentialJwt(jwt: string, id: string, fetchText: FetchText): Promise<Verification> {
  const { createLocalJWKSet, jwtVerify } = await import('jose');
  const keys = createLocalJWKSet(JSON.parse(await fetchText('/api/certificates/jwks')));
  let payload: CredentialPayload;
  try {
    payload = (await jwtVerify(jwt, keys)).payload as CredentialPayload;
  } catch {
    return { status: 'INVALID', credential: null, jwt };
  }
  const status = payload.credentialStatus;
  if (
    !payload.type?.includes('OpenBadgeCredential') ||
    !payload.id?.endsWith(`/certificates/${id}`) ||
    !status?.statusListCredential ||
    status.statusPurpose !== 'revocation'
  ) {
    return { status: 'INVALID', credential: null, jwt };
  }
  const listJwt = await fetchText(ownPath(status.statusListCredential));
  let encoded: string;
  try {
    const list = (await jwtVerify(listJwt, keys)).payload as { credentialSubject?: { encodedList?: string } };
    encoded = list.credentialSubject?.encodedList ?? '';
  } catch {
    return { status: 'INVALID', credential: null, jwt };
  }
  const bits = await decodeStatusList(encoded);
  const revoked = bitIsSet(bits, Number(status.statusListIndex));
  return { status: revoked ? 'REVOKED' : 'VALID', credential: viewOf(payload), jwt };
}

/** A FetchText over the browser's fetch (same origin, no credentials needed: everything is public). */
export const browserFetchText: FetchText = async (url) => {
  const res = await fetch(url);
  if (!res.ok) throw new ApiError(res.status, { message: `HTTP ${res.status}` });
  return res.text();
};

/**
 * Reads certificate `id` (GET /certificates/{id}; 404 → INVALID) and verifies it.
 * @throws an ApiError (other statuses) or the network error.
 */
export async function verifyCertificate(api: Api, id: string, fetchText: FetchText): Promise<Verification> {
  const res = await api.GET('/certificates/{certificateId}', { params: { path: { certificateId: id } } });
  if (res.response.status === 404 || res.response.status === 400)
    return { status: 'INVALID', credential: null, jwt: null };
  const { jwt } = unwrap(res);
  return verifyCredentialJwt(jwt, id, fetchText);
}

/** The verification machine's actors over the generated client and the browser's fetch. */
export function createCertificateVerificationActors(api: Api, fetchText: FetchText = browserFetchText) {
  return {
    verify: fromPromise<Verification, { id: string }>(({ input }) => verifyCertificate(api, input.id, fetchText)),
    revoke: fromPromise<unknown, { id: string; reason: string }>(async ({ input }) =>
      unwrap(
        await api.POST('/certificates/{certificateId}/revoke', {
          params: { path: { certificateId: input.id } },
          body: { reason: input.reason },
        }),
      ),
    ),
  };
}
