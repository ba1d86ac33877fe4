import { createHmac } from 'node:crypto';
import { ConfigError, boolVar, intVar, urlVar } from './config-vars.js';

/**
 * The single sign-on settings (OIDC_* variables): the MA and QA providers, the built-in dev
 * identity provider, and the companies their people join.
 */

/** The enterprise directories of product.md#limits ("Federated providers: MA and QA"), by partner code. */
export type FederatedProviderCode = 'MA' | 'QA';
export const FEDERATED_PROVIDERS: readonly FederatedProviderCode[] = ['MA', 'QA'];

/**
 * One directory's OpenID Provider. `builtIn` marks the development identity provider this server
 * hosts itself under `/idp/<code lower>` (server/platform/identity/dev-idp.ts).
 */
export interface FederatedProviderConfig {
  code: FederatedProviderCode;
  /** Issuer identifier, e.g. https://login.ma.example/realms/ma (OIDC_<CODE>_ISSUER). */
  issuer: string;
  /** OIDC_<CODE>_CLIENT_ID. */
  clientId: string;
  /** OIDC_<CODE>_CLIENT_SECRET (client_secret_basic). */
  clientSecret: string;
  /** The claim that carries the user's groups (OIDC_<CODE>_GROUPS_CLAIM, default `groups`). */
  groupsClaim: string;
  /** Scopes asked for (OIDC_<CODE>_SCOPE, default `openid email profile groups`; add `offline_access` where the provider wants it for refresh tokens). */
  scope: string;
  /** Acronym of the Halaqa company its users are provisioned into (MA → MOROCCO, QA → QAD; OIDC_<CODE>_COMPANY). */
  companyAcronym: string;
  builtIn: boolean;
}

/**
 * Single sign-on settings. A directory with OIDC_<CODE>_ISSUER set uses that provider; the others
 * are served by the built-in development identity provider when OIDC_BUILTIN_IDP is on (its
 * default only for a local install, `isLocalInstall` (server/config.ts)), else they are not offered and their
 * sign-in answers "not available".
 */
export interface FederationConfig {
  providers: FederatedProviderConfig[];
  /**
   * The company acronyms of every directory (OIDC_<CODE>_COMPANY or MOROCCO/QAD), offered or not:
   * nobody may sign up a company under them, so directory users never land in a company someone
   * else registered.
   */
  reservedAcronyms: string[];
  /** Lifetime of a federated user's Halaqa access token, seconds (OIDC_ACCESS_TTL_SECONDS, default 3600). */
  accessTtlSeconds: number;
}

const DEFAULT_COMPANY: Record<FederatedProviderCode, string> = { MA: 'MOROCCO', QA: 'QAD' };

/**
 * Reads OIDC_<CODE>_ISSUER, _CLIENT_ID, _CLIENT_SECRET, _GROUPS_CLAIM, _SCOPE, _COMPANY for MA and QA, and
 * OIDC_BUILTIN_IDP (default: on for a local install only). The built-in provider's client secret
 * is derived from the JWT secret (it never leaves the server).
 * @throws ConfigError for a bad issuer URL, an issuer without client id and secret, a scope without openid.
 */
export function federationSettings(
  env: NodeJS.ProcessEnv,
  publicUrl: string,
  jwtSecret: string,
  { local }: { local: boolean },
): FederationConfig {
  const builtInAllowed = boolVar(env, 'OIDC_BUILTIN_IDP', local);
  const providers: FederatedProviderConfig[] = [];
  const reservedAcronyms: string[] = [];
  for (const code of FEDERATED_PROVIDERS) {
    const prefix = `OIDC_${code}_`;
    const issuer = urlVar(
      env,
      `${prefix}ISSUER`,
      `https://login.${code.toLowerCase()}.example/realms/${code.toLowerCase()}`,
    );
    const groupsClaim = env[`${prefix}GROUPS_CLAIM`] || 'groups';
    const companyAcronym = (env[`${prefix}COMPANY`] || DEFAULT_COMPANY[code]).trim().toUpperCase();
    reservedAcronyms.push(companyAcronym);
    const scope = (env[`${prefix}SCOPE`] || 'openid email profile groups').trim().replace(/\s+/g, ' ');
    if (!scope.split(' ').includes('openid'))
      throw new ConfigError(`${prefix}SCOPE`, `must include openid, got "${scope}"`);
    if (issuer) {
      const clientId = env[`${prefix}CLIENT_ID`] || '';
      const clientSecret = env[`${prefix}CLIENT_SECRET`] || '';
      if (!clientId) throw new ConfigError(`${prefix}CLIENT_ID`, `is required when ${prefix}ISSUER is set`);
      if (!clientSecret) throw new ConfigError(`${prefix}CLIENT_SECRET`, `is required when ${prefix}ISSUER is set`);
      providers.push({ code, issuer, clientId, clientSecret, groupsClaim, scope, companyAcronym, builtIn: false });
    } else if (builtInAllowed) {
      const clientSecret = createHmac('sha256', jwtSecret).update(`builtin-idp-client:${code}`).digest('base64url');
      providers.push({
        code,
        issuer: `${publicUrl}/idp/${code.toLowerCase()}`,
        clientId: 'halaqa',
        clientSecret,
        groupsClaim,
        scope,
        companyAcronym,
        builtIn: true,
      });
    }
  }
  return { providers, reservedAcronyms, accessTtlSeconds: intVar(env, 'OIDC_ACCESS_TTL_SECONDS', 3600, 60, 24 * 3600) };
}
