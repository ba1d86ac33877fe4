import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/types.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The algorithm of the platform's signing keys (ECDSA P-256, SHA-256; docs/decisions.md "Certificates"). */
export const SIGNING_ALG = 'ES256';

/** The key that signs new credentials and status lists: its id, private key and public JWK. */
export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

/**
 * The platform's current signing key: the newest row of `signing_keys`, made on first need (a new
 * ES256 pair, kept in the database so every instance signs with it and it survives restarts).
 * Two instances making one at once each keep theirs; both are published, so both verify.
 */
export async function currentSigningKey(db: Db): Promise<SigningKey> {
  let row = await db
    .selectFrom('signing_keys')
    .select(['kid', 'private_jwk', 'public_jwk'])
    .orderBy('created_at', 'desc')
    .orderBy('kid')
    .executeTakeFirst();
  if (!row) {
    const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
    const kid = `k-${randomBytes(9).toString('base64url')}`;
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: SIGNING_ALG };
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: SIGNING_ALG, use: 'sig' };
    await db
      .insertInto('signing_keys')
      .values({
        kid,
        alg: SIGNING_ALG,
        private_jwk: JSON.stringify(privateJwk),
        public_jwk: JSON.stringify(publicJwk),
      })
      .execute();
    row = { kid, private_jwk: privateJwk, public_jwk: publicJwk };
  }
  const privateKey = (await importJWK(row.private_jwk as JWK, SIGNING_ALG)) as CryptoKey;
  return { kid: row.kid, privateKey, publicJwk: row.public_jwk as JWK };
}

/** Every public key of the platform as a JSON Web Key Set (RFC 7517), oldest first. */
export async function publicKeySet(db: Db): Promise<{ keys: JWK[] }> {
  const rows = await db.selectFrom('signing_keys').select('public_jwk').orderBy('created_at').orderBy('kid').execute();
  return { keys: rows.map((r) => r.public_jwk as JWK) };
}
