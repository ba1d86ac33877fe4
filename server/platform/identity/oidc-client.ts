import * as oidc from 'openid-client';
import type { FederatedProviderCode, FederatedProviderConfig, FederationConfig } from '../../config.js';

/** What the relying party needs to send a browser to a directory's sign-in page. */
export interface AuthorizationRequest {
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Tokens and verified ID-token claims of a finished code flow or a refresh. */
export interface FederatedTokens {
  /** ID-token claims merged over the userinfo claims (when the ID token lacks the groups claim). */
  claims: Record<string, unknown>;
  idToken: string | null;
  refreshToken: string | null;
}

/** A fetch that reaches the built-in identity provider in-process (no network, no listening socket). */
export type InProcessFetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * The redirect URI registered at a directory: the SPA's callback page `${PUBLIC_URL}/sso/<code>`
 * (lower case), which posts the authorization response to `POST /api/auth/oidc/{provider}/callback`.
 */
export function federatedRedirectUri(publicUrl: string, code: FederatedProviderCode): string {
  return `${publicUrl}/sso/${code.toLowerCase()}`;
}

/** The partner login a federated sign-out returns to (product.md#screens): `${PUBLIC_URL}/login?sign-in-with-redirect=<CODE>`. */
export function partnerLoginUri(publicUrl: string, code: FederatedProviderCode): string {
  return `${publicUrl}/login?sign-in-with-redirect=${code}`;
}

/** Identity-service token tolerance (product.md#limits): 5 s of clock skew on ID-token times. */
export const TOKEN_CLOCK_TOLERANCE_S = 5;

/**
 * The OpenID Connect relying party for the MA and QA directories, over `openid-client`:
 * discovery (cached per provider, retried after a failure), authorization code flow with PKCE
 * (S256), state and nonce, refresh tokens, revocation and RP-initiated logout. Built-in
 * providers are reached through `inProcess` (the app's own router), external ones over HTTPS.
 */
export class FederatedDirectories {
  private readonly configurations = new Map<FederatedProviderCode, Promise<oidc.Configuration>>();

  constructor(
    private readonly settings: FederationConfig,
    private readonly inProcess: InProcessFetch | null,
  ) {}

  /** The provider configured for `code`, or null when that directory has no sign-in. */
  provider(code: FederatedProviderCode): FederatedProviderConfig | null {
    return this.settings.providers.find((p) => p.code === code) ?? null;
  }

  private configuration(p: FederatedProviderConfig): Promise<oidc.Configuration> {
    let found = this.configurations.get(p.code);
    if (!found) {
      const fetchImpl = p.builtIn && this.inProcess ? this.inProcess : null;
      const insecure = new URL(p.issuer).protocol === 'http:';
      found = oidc
        .discovery(
          new URL(p.issuer),
          p.clientId,
          { token_endpoint_auth_method: 'client_secret_basic', [oidc.clockTolerance]: TOKEN_CLOCK_TOLERANCE_S },
          oidc.ClientSecretBasic(p.clientSecret),
          {
            ...(insecure ? { execute: [oidc.allowInsecureRequests] } : {}),
            ...(fetchImpl ? { [oidc.customFetch]: fetchImpl as oidc.CustomFetch } : {}),
            timeout: 10,
          },
        )
        .then((config) => {
          if (fetchImpl) config[oidc.customFetch] = fetchImpl as oidc.CustomFetch;
          return config;
        });
      // A failed discovery (provider down) is tried again on the next sign-in.
      found.catch(() => this.configurations.delete(p.code));
      this.configurations.set(p.code, found);
    }
    return found;
  }

  /**
   * Builds the authorization URL with fresh state, nonce and PKCE verifier (the provider's
   * configured scopes); `locale` (en, ar) becomes `ui_locales`, the language of its pages.
   */
  async authorizationRequest(
    p: FederatedProviderConfig,
    redirectUri: string,
    locale?: string,
  ): Promise<AuthorizationRequest> {
    const config = await this.configuration(p);
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: p.scope,
      response_type: 'code',
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      ...(locale ? { ui_locales: locale } : {}),
    });
    return { url: url.href, state, nonce, codeVerifier };
  }

  /**
   * Exchanges the code of `callbackUrl` (checks `iss`, `state`, the PKCE verifier and the ID token's
   * nonce, signature, audience and times). @throws openid-client errors on any mismatch.
   */
  async finishCodeFlow(
    p: FederatedProviderConfig,
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<FederatedTokens> {
    const config = await this.configuration(p);
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      pkceCodeVerifier: checks.codeVerifier,
      idTokenExpected: true,
    });
    return this.withClaims(p, config, tokens);
  }

  /** Refresh-token grant. @throws when the provider refuses (revoked, expired, session ended). */
  async refresh(p: FederatedProviderConfig, refreshToken: string): Promise<FederatedTokens> {
    const config = await this.configuration(p);
    const tokens = await oidc.refreshTokenGrant(config, refreshToken);
    return this.withClaims(p, config, tokens);
  }

  /** Revokes a refresh token at the provider when it offers revocation; failures are ignored. */
  async revoke(p: FederatedProviderConfig, refreshToken: string): Promise<void> {
    const config = await this.configuration(p);
    if (!config.serverMetadata().revocation_endpoint) return;
    await oidc.tokenRevocation(config, refreshToken, { token_type_hint: 'refresh_token' }).catch(() => undefined);
  }

  /** The provider's end_session_endpoint URL (RP-initiated logout), or null when it has none. */
  async endSessionUrl(
    p: FederatedProviderConfig,
    idToken: string | null,
    postLogoutRedirectUri: string,
  ): Promise<string | null> {
    const config = await this.configuration(p);
    if (!config.serverMetadata().end_session_endpoint) return null;
    return oidc.buildEndSessionUrl(config, {
      post_logout_redirect_uri: postLogoutRedirectUri,
      client_id: p.clientId,
      ...(idToken ? { id_token_hint: idToken } : {}),
    }).href;
  }

  private async withClaims(
    p: FederatedProviderConfig,
    config: oidc.Configuration,
    tokens: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers,
  ): Promise<FederatedTokens> {
    const idClaims = (tokens.claims() ?? {}) as Record<string, unknown>;
    let claims = idClaims;
    if (idClaims[p.groupsClaim] === undefined || idClaims.email === undefined) {
      const sub = typeof idClaims.sub === 'string' ? idClaims.sub : oidc.skipSubjectCheck;
      const info = await oidc.fetchUserInfo(config, tokens.access_token, sub);
      claims = { ...info, ...idClaims };
    }
    return { claims, idToken: tokens.id_token ?? null, refreshToken: tokens.refresh_token ?? null };
  }
}
