import { gzipSync } from 'node:zlib';
import type { AnyEventObject } from 'xstate';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { bitstringWith } from '@contract/status-list';
import { verifyCredentialJwt } from '@machines/certificate-verification.actors';
import {
  certificateVerificationMachine,
  type Verification,
  type VerificationContext,
} from '@machines/certificate-verification.machine';
import {
  canRevoke,
  isBusy,
  verdictOf,
  verificationFailure,
  verifiedCertificate,
  verifiedJwt,
} from '@machines/certificate-verification.selectors';
import { describeModelBased } from './model';

const ID = '3f1c2a4e-7b1d-4c8e-9a51-0e2f6d8b9c10';
const view = {
  learnerName: 'Omar Haddad',
  courseTitle: 'Data Structures',
  startDate: '2031-05-05',
  endDate: '2031-06-01',
  hours: 24,
  skills: ['Algorithms'],
  educatorName: 'Karim Benali',
  issuerName: 'Halaqa',
  issuedOn: '2031-06-03',
  url: `http://localhost/certificates/${ID}`,
};
const valid: Verification = { status: 'VALID', credential: view, jwt: 'a.b.c' };
const revoked: Verification = { status: 'REVOKED', credential: view, jwt: 'a.b.c' };
const invalid: Verification = { status: 'INVALID', credential: null, jwt: null };

const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.verify', output: valid },
  { type: 'xstate.done.actor.verify', output: revoked },
  { type: 'xstate.done.actor.verify', output: invalid },
  { type: 'xstate.error.actor.verify', error: new TypeError('fetch failed') },
  { type: 'retry' },
  { type: 'revoke.requested', reason: 'Issued by mistake' },
  { type: 'revoke.requested', reason: '   ' },
  { type: 'xstate.done.actor.revoke', output: {} },
  { type: 'xstate.error.actor.revoke', error: { status: 409, serverMessage: 'Already revoked' } },
];

describeModelBased(certificateVerificationMachine, {
  name: 'certificate-verification.machine',
  events,
  input: { id: ID },
  actors: ['verify', 'revoke'],
  check: ({ snapshot: s, event, starts }) => {
    const c = s.context as VerificationContext;
    const verdict = verdictOf(s);
    expect(isBusy(s)).toBe(s.matches('verifying') || s.matches('revoking'));
    expect(canRevoke(s)).toBe(s.matches('valid'));
    // Details show only when a good signature vouches for them: never for an invalid one.
    if (verdict === 'INVALID' || verdict === 'CHECKING' || verdict === 'FAILED')
      expect(verifiedCertificate(s)).toBeNull();
    if (verdict === 'VALID' || verdict === 'REVOKED') {
      expect(verifiedCertificate(s)).toEqual(view);
      expect(verifiedJwt(s)).toBe('a.b.c');
    }
    if (s.matches('failed')) expect(verificationFailure(s)?.code).toBe('verify.failed');
    // Every check is of this page's certificate; a revocation carries the trimmed reason.
    if (s.matches('verifying')) expect(starts.at(-1)).toEqual(['verify', { id: ID }]);
    if (s.matches('revoking')) {
      expect(starts.at(-1)).toEqual(['revoke', { id: ID, reason: 'Issued by mistake' }]);
      expect(event).toMatchObject({ type: 'revoke.requested' });
    }
    expect(c.id).toBe(ID);
  },
});

describe('verifyCredentialJwt', () => {
  async function world(revokedBit: boolean) {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'ES256' };
    const sign = (payload: Record<string, unknown>) =>
      new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid: 'k1' }).sign(privateKey);
    const listUrl = 'http://localhost/api/certificate-status/1';
    const credential = {
      id: `http://localhost/certificates/${ID}`,
      type: ['VerifiableCredential', 'OpenBadgeCredential'],
      issuer: { id: 'http://localhost/', name: 'Halaqa' },
      validFrom: '2031-06-03T10:00:00Z',
      credentialSubject: {
        identifier: [{ identityHash: 'Omar Haddad' }],
        activityStartDate: '2031-05-05T00:00:00Z',
        activityEndDate: '2031-06-01T23:59:59Z',
        creditsEarned: 24,
        achievement: { name: 'Data Structures', tag: ['Algorithms'], creator: { name: 'Karim Benali' } },
      },
      credentialStatus: {
        statusPurpose: 'revocation',
        statusListIndex: '5',
        statusListCredential: listUrl,
      },
    };
    const list = await sign({
      credentialSubject: {
        encodedList: `u${gzipSync(bitstringWith(revokedBit ? [5] : [4, 6])).toString('base64url')}`,
      },
    });
    const fetched: string[] = [];
    const fetchText = async (url: string) => {
      fetched.push(url);
      if (url === '/api/certificates/jwks') return JSON.stringify({ keys: [jwk] });
      if (url === '/api/certificate-status/1') return list;
      throw new Error(`unexpected ${url}`);
    };
    return { jwt: await sign(credential), sign, credential, fetchText, fetched };
  }

  it('says VALID for a signed credential whose bit is clear, with what it holds', async () => {
    const w = await world(false);
    const result = await verifyCredentialJwt(w.jwt, ID, w.fetchText);
    expect(result.status).toBe('VALID');
    expect(result.credential).toMatchObject({ learnerName: 'Omar Haddad', hours: 24, skills: ['Algorithms'] });
    expect(w.fetched).toEqual(['/api/certificates/jwks', '/api/certificate-status/1']);
  });

  it('says REVOKED when its bit is set', async () => {
    const w = await world(true);
    expect((await verifyCredentialJwt(w.jwt, ID, w.fetchText)).status).toBe('REVOKED');
  });

  it('says INVALID for an altered credential, another certificate, or a key not published', async () => {
    const w = await world(false);
    const [h, , s] = w.jwt.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...w.credential, name: 'x' })).toString('base64url')}.${s}`;
    expect((await verifyCredentialJwt(forged, ID, w.fetchText)).status).toBe('INVALID');
    expect((await verifyCredentialJwt(w.jwt, '00000000-0000-4000-8000-000000000000', w.fetchText)).status).toBe(
      'INVALID',
    );
    const other = await world(false);
    expect((await verifyCredentialJwt(other.jwt, ID, w.fetchText)).status).toBe('INVALID');
  });

  it('rejects (to retry) when the keys cannot be read', async () => {
    const w = await world(false);
    await expect(verifyCredentialJwt(w.jwt, ID, () => Promise.reject(new TypeError('fetch failed')))).rejects.toThrow(
      'fetch failed',
    );
  });
});
