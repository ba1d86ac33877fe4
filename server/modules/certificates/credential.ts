import { gzipSync } from 'node:zlib';
import { SignJWT } from 'jose';
import { bitstringWith } from '../../../openapi/status-list.js';
import { SIGNING_ALG, type SigningKey } from './keys.js';

/**
 * The Open Badges 3.0 credential of a certificate and the revocation status list, as the platform
 * signs them (docs/decisions.md "Certificates"): a VC-JWT whose payload is the credential itself
 * (its members at the top level, as Open Badges 3.0 §8.2 says) plus the registered claims `iss`
 * (the issuer's id), `nbf` (validFrom) and `jti` (the credential's id); the header names the key
 * (`kid`) of the published key set.
 */

/** The JSON-LD contexts of an Open Badges 3.0 credential (VC data model 2.0 + Open Badges 3.0). */
export const OB3_CONTEXT = [
  'https://www.w3.org/ns/credentials/v2',
  'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
] as const;

/** What a certificate says. Dates 'YYYY-MM-DD' (the session's, in its time zone); `hours` of live instruction. */
export interface CertificateFacts {
  /** The certificate's public id (uuid). */
  id: string;
  issuedAt: Date;
  learnerName: string;
  courseId: number;
  courseTitle: string;
  courseDescription: string;
  skills: string[];
  hours: number;
  startDate: string;
  endDate: string;
  educatorId: number;
  educatorName: string;
  rule: { minAttendance: number; minGrade: number };
  /** Where its status is: list number and bit. */
  status: { list: number; index: number };
}

/** The platform's public URLs, from PUBLIC_URL (no trailing slash). */
export function certificateUrls(publicUrl: string) {
  return {
    issuer: `${publicUrl}/`,
    page: (id: string) => `${publicUrl}/certificates/${id}`,
    statusList: (list: number) => `${publicUrl}/api/certificate-status/${list}`,
    keys: `${publicUrl}/api/certificates/jwks`,
  };
}

/** The platform as an Open Badges Profile (the issuer of every certificate). */
function platformProfile(publicUrl: string) {
  return { id: certificateUrls(publicUrl).issuer, type: ['Profile'], name: 'Halaqa', url: publicUrl };
}

/** The OpenBadgeCredential of a certificate (unsigned JSON). */
export function buildCredential(publicUrl: string, f: CertificateFacts): Record<string, unknown> {
  const urls = certificateUrls(publicUrl);
  const listUrl = urls.statusList(f.status.list);
  return {
    '@context': [...OB3_CONTEXT],
    id: urls.page(f.id),
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: f.courseTitle,
    issuer: platformProfile(publicUrl),
    validFrom: f.issuedAt.toISOString(),
    credentialSubject: {
      type: ['AchievementSubject'],
      identifier: [{ type: 'IdentityObject', identityType: 'name', hashed: false, identityHash: f.learnerName }],
      activityStartDate: `${f.startDate}T00:00:00Z`,
      activityEndDate: `${f.endDate}T23:59:59Z`,
      creditsEarned: f.hours,
      achievement: {
        id: `${publicUrl}/courses/${f.courseId}`,
        type: ['Achievement'],
        achievementType: 'Course',
        name: f.courseTitle,
        description: f.courseDescription,
        criteria: {
          narrative: `Attended at least ${f.rule.minAttendance}% of the live meetings and scored at least ${f.rule.minGrade}% of the graded work of the session.`,
        },
        creditsAvailable: f.hours,
        tag: f.skills,
        creator: { id: `${publicUrl}/educators/${f.educatorId}`, type: ['Profile'], name: f.educatorName },
      },
    },
    credentialStatus: {
      id: `${listUrl}#${f.status.index}`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: String(f.status.index),
      statusListCredential: listUrl,
    },
    credentialSchema: [
      {
        id: 'https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_achievementcredential_schema.json',
        type: '1EdTechJsonSchemaValidator2019',
      },
    ],
  };
}

/** Signs a credential as a VC-JWT (ES256, `typ` JWT) with `key`; `iss`, `nbf`, `jti` from the credential. */
export async function signCredential(credential: Record<string, unknown>, key: SigningKey): Promise<string> {
  const issuer = credential.issuer as { id: string };
  const validFrom = Date.parse(String(credential.validFrom));
  return new SignJWT(credential)
    .setProtectedHeader({ alg: SIGNING_ALG, kid: key.kid, typ: 'JWT' })
    .setIssuer(issuer.id)
    .setNotBefore(Math.floor(validFrom / 1000))
    .setJti(String(credential.id))
    .sign(key.privateKey);
}

/** A list's bits, gzip-compressed, base64url without padding, with the multibase prefix `u`. */
export function encodeStatusList(revokedIndexes: Iterable<number>): string {
  return `u${gzipSync(bitstringWith(revokedIndexes)).toString('base64url')}`;
}

/**
 * The signed BitstringStatusListCredential of list `list` (purpose revocation) with the given
 * bits set, valid from `now`.
 */
export async function signedStatusList(
  publicUrl: string,
  list: number,
  revokedIndexes: Iterable<number>,
  key: SigningKey,
  now: Date,
): Promise<string> {
  const url = certificateUrls(publicUrl).statusList(list);
  const credential = {
    '@context': ['https://www.w3.org/ns/credentials/v2'],
    id: url,
    type: ['VerifiableCredential', 'BitstringStatusListCredential'],
    issuer: platformProfile(publicUrl),
    validFrom: now.toISOString(),
    credentialSubject: {
      id: `${url}#list`,
      type: 'BitstringStatusList',
      statusPurpose: 'revocation',
      encodedList: encodeStatusList(revokedIndexes),
    },
  };
  return signCredential(credential, key);
}
