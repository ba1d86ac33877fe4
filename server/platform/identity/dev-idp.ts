import { createHmac } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { default as Provider, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import type { Config, FederatedProviderConfig } from '../../config.js';
import { federatedRedirectUri, partnerLoginUri } from './oidc-client.js';
import { checkDirectoryPassword, DIRECTORY_ACCOUNTS, type DirectoryAccount } from './demo-directory.js';

/**
 * The built-in development identity provider (docs/deploy.md "Single sign-on"):
 * one `oidc-provider` instance per directory that has no OIDC_<CODE>_ISSUER, mounted on this
 * server at `/idp/ma` and `/idp/qa` (issuer `${PUBLIC_URL}/idp/<code>`), so that federated sign-in
 * works on a fresh machine with no network. Its accounts are `DIRECTORY_ACCOUNTS`.
 *
 * - Authorization code flow with PKCE (S256 required), one confidential client `halaqa` whose
 *   redirect URI is the SPA's callback page `${PUBLIC_URL}/sso/<code>` and whose post-logout redirect
 *   is the partner login `${PUBLIC_URL}/login?sign-in-with-redirect=<CODE>` (product.md#screens).
 * - Refresh tokens for every code grant (bound to the provider session: signing out at the
 *   provider ends them), token revocation, RP-initiated logout (end_session_endpoint).
 * - ID tokens carry email, name and `groups`; clock tolerance 5 s (product.md#limits).
 * - Sessions, grants and tokens live in memory (oidc-provider's MemoryAdapter): a restart signs
 *   every federated user out at their next refresh. Signing keys persist in DATA_DIR/idp-keys.json.
 * - Its own pages (sign-in, sign-out, errors) are plain HTML forms without scripts, under the
 *   app's CSP; the sign-out page submits itself through a same-origin script. The sign-in page is
 *   in Arabic (right to left) when the request's `ui_locales` asks for it, else in English.
 */
export async function mountBuiltInIdentityProviders(app: FastifyInstance, config: Config): Promise<void> {
  const builtIn = config.federation.providers.filter((p) => p.builtIn);
  if (!builtIn.length) return;
  // Keys and providers are made on the first request to /idp/… (most processes — API tests, an
  // install with real directories — never reach it: no key generation, no in-memory adapter).
  let keys: Promise<{ keys: JWK[] }> | null = null;
  for (const p of builtIn) {
    const mount = new URL(p.issuer).pathname.replace(/\/$/, '');
    let made: Promise<{ provider: Provider; handle: ReturnType<Provider['callback']> }> | null = null;
    const lazy = () =>
      (made ??= (async () => {
        const jwks = await (keys ??= signingKeys(config.dataDir));
        const { default: OidcProvider } = await import('oidc-provider');
        const provider = new OidcProvider(p.issuer, providerConfiguration(config, p, mount, jwks));
        provider.proxy = true;
        return { provider, handle: provider.callback() };
      })());
    await app.register(async (scope) => {
      // oidc-provider reads its own request bodies: nothing here parses them.
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));

      scope.get(`${mount}/interaction/:uid`, async (request, reply) =>
        interactionPage({ provider: (await lazy()).provider, config, p, mount }, request, reply),
      );
      scope.post(`${mount}/interaction/:uid/login`, async (request, reply) =>
        interactionLogin({ provider: (await lazy()).provider, config, p, mount }, request, reply),
      );
      scope.post(`${mount}/interaction/:uid/abort`, async (request, reply) =>
        finishInteraction((await lazy()).provider, config, request, reply, {
          error: 'access_denied',
          error_description: 'The user cancelled the sign-in',
        }),
      );
      scope.get(`${mount}/assets/submit.js`, async (_request, reply) =>
        reply.type('application/javascript').header('cache-control', 'no-cache').send(AUTO_SUBMIT_JS),
      );
      const delegate = async (request: FastifyRequest, reply: FastifyReply) => {
        const { handle } = await lazy();
        reply.hijack();
        const raw = request.raw as typeof request.raw & { originalUrl?: string };
        raw.originalUrl = raw.url;
        raw.url = (raw.url ?? '').slice(mount.length) || '/';
        handle(raw, reply.raw);
      };
      scope.all(`${mount}/*`, delegate);
    });
  }
}

/** Keeps the RS256 signing key of the built-in providers in DATA_DIR/idp-keys.json (generated once). */
async function signingKeys(dataDir: string): Promise<{ keys: JWK[] }> {
  const file = join(dataDir, 'idp-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as { keys: JWK[] };
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = {
    ...(await exportJWK(privateKey)),
    use: 'sig',
    alg: 'RS256',
    kid: `halaqa-dev-${Date.now().toString(36)}`,
  };
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, JSON.stringify({ keys: [jwk] }), { mode: 0o600 });
  return { keys: [jwk] };
}

function providerConfiguration(
  config: Config,
  p: FederatedProviderConfig,
  mount: string,
  jwks: { keys: JWK[] },
): Configuration {
  const accounts = DIRECTORY_ACCOUNTS.filter((a) => a.directory === p.code);
  return {
    clients: [
      {
        client_id: p.clientId,
        client_secret: p.clientSecret,
        client_name: 'Halaqa',
        redirect_uris: [federatedRedirectUri(config.publicUrl, p.code)],
        post_logout_redirect_uris: [partnerLoginUri(config.publicUrl, p.code)],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    async findAccount(_ctx, id) {
      const account = accounts.find((a) => a.email === id);
      if (!account) return undefined;
      return { accountId: account.email, claims: async () => claimsOf(account) };
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
      groups: ['groups'],
    },
    scopes: ['openid', 'email', 'profile', 'groups', 'offline_access'],
    conformIdTokenClaims: false,
    clockTolerance: 5,
    pkce: { required: () => true },
    cookies: {
      keys: [createHmac('sha256', config.jwtSecret).update(`builtin-idp-cookies:${p.code}`).digest('base64url')],
    },
    jwks: jwks as Configuration['jwks'],
    ttl: {
      AccessToken: 3600,
      IdToken: 3600,
      Interaction: 600,
      Session: 14 * 24 * 3600,
      Grant: 14 * 24 * 3600,
      RefreshToken: 14 * 24 * 3600,
    },
    features: {
      devInteractions: { enabled: false },
      // A client revokes only its own tokens.
      revocation: { enabled: true, allowedPolicy: async (_ctx, client, token) => token.clientId === client.clientId },
      rpInitiatedLogout: { enabled: true, logoutSource, postLogoutSuccessSource },
    },
    interactions: { url: (_ctx, interaction) => `${mount}/interaction/${interaction.uid}` },
    // First-party client: a refresh token for every code grant, no consent screen.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    async loadExistingGrant(ctx) {
      const { oidc } = ctx;
      const grantId =
        oidc.result?.consent?.grantId || (oidc.client ? oidc.session?.grantIdFor(oidc.client.clientId) : undefined);
      if (grantId) {
        const existing = await oidc.provider.Grant.find(grantId);
        if (existing) return existing;
      }
      if (!oidc.session?.accountId || !oidc.client) return undefined;
      const grant = new oidc.provider.Grant({ clientId: oidc.client.clientId, accountId: oidc.session.accountId });
      grant.addOIDCScope('openid email profile groups offline_access');
      await grant.save();
      return grant;
    },
    renderError: async (ctx, out) => {
      ctx.type = 'html';
      ctx.body = page(
        'Sign-in error',
        `<h1>Something went wrong</h1><p role="alert">${escapeHtml(String(out.error_description ?? out.error ?? 'Error'))}</p><p><a href="${escapeHtml(config.publicUrl)}/login">Back to Halaqa</a></p>`,
      );
    },
  };
}

function claimsOf(account: DirectoryAccount) {
  return {
    sub: account.email,
    email: account.email,
    email_verified: true,
    name: `${account.givenName} ${account.familyName}`,
    given_name: account.givenName,
    family_name: account.familyName,
    groups: account.groups,
  };
}

/** The sign-in page of a pending interaction (GET /idp/<code>/interaction/:uid). */
/** The sign-in page's texts, in English and Arabic (the authorization request's `ui_locales`). */
const TEXTS = {
  en: {
    directory: (code: string) => `${code} directory`,
    title: 'Sign in',
    lead: (code: string) => `Sign in with your ${code} directory account to continue to Halaqa.`,
    email: 'E-mail',
    password: 'Password',
    submit: 'Sign in',
    cancel: 'Cancel and go back to Halaqa',
    wrong: 'Wrong e-mail or password.',
    demo: (list: string, password: string) => `Demo accounts: ${list} (password ${password}).`,
  },
  ar: {
    directory: (code: string) => `دليل ${code}`,
    title: 'تسجيل الدخول',
    lead: (code: string) => `سجّل الدخول بحسابك في دليل ${code} للمتابعة إلى حلقة.`,
    email: 'البريد الإلكتروني',
    password: 'كلمة المرور',
    submit: 'تسجيل الدخول',
    cancel: 'الإلغاء والعودة إلى حلقة',
    wrong: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
    demo: (list: string, password: string) => `حسابات تجريبية: ${list} (كلمة المرور ${password}).`,
  },
} as const;

/** What the interaction routes of one directory share: its provider, the app's config, the directory and its mount path. */
interface InteractionScope {
  provider: Provider;
  config: Config;
  p: FederatedProviderConfig;
  mount: string;
}

/** The sign-in page of a pending interaction (GET /idp/<code>/interaction/:uid), in the language asked for. */
async function interactionPage(
  { provider, config, p, mount }: InteractionScope,
  request: FastifyRequest,
  reply: FastifyReply,
  wrongPassword = false,
  email = '',
) {
  let uid: string;
  let uiLocales: unknown;
  try {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    uid = details.uid;
    uiLocales = details.params.ui_locales;
  } catch {
    return reply.code(400).type('text/html').send(expiredPage(config));
  }
  const lang = typeof uiLocales === 'string' && uiLocales.trim().toLowerCase().startsWith('ar') ? 'ar' : 'en';
  const t = TEXTS[lang];
  const directory = t.directory(p.code);
  const accounts = DIRECTORY_ACCOUNTS.filter((a) => a.directory === p.code)
    .map((a) => `<code dir="ltr">${a.email}</code>`)
    .join(', ');
  const body = `
    <main>
      <p class="brand">${directory}</p>
      <h1>${t.title}</h1>
      <p class="lead">${t.lead(p.code)}</p>
      ${wrongPassword ? `<p class="error" role="alert" id="problem">${t.wrong}</p>` : ''}
      <form method="post" action="${mount}/interaction/${uid}/login" novalidate>
        <label for="email">${t.email}</label>
        <input id="email" name="email" type="email" dir="ltr" autocomplete="username" inputmode="email" required value="${escapeHtml(email)}" ${wrongPassword ? 'aria-describedby="problem"' : ''} autofocus>
        <label for="password">${t.password}</label>
        <input id="password" name="password" type="password" dir="ltr" autocomplete="current-password" required>
        <button type="submit">${t.submit}</button>
      </form>
      <form method="post" action="${mount}/interaction/${uid}/abort">
        <button type="submit" class="secondary">${t.cancel}</button>
      </form>
      <p class="hint">${t.demo(accounts, '<code dir="ltr">Halaqa-demo-1</code>')}</p>
    </main>`;
  return reply
    .code(wrongPassword ? 401 : 200)
    .type('text/html')
    .header('cache-control', 'no-store')
    .send(page(`${t.title} · ${directory}`, body, lang));
}

/** POST /idp/<code>/interaction/:uid/login: checks the demo account and finishes the interaction. */
async function interactionLogin(scope: InteractionScope, request: FastifyRequest, reply: FastifyReply) {
  const form = await readForm(request);
  const email = form.get('email') ?? '';
  const account = checkDirectoryPassword(scope.p.code, email, form.get('password') ?? '');
  if (!account) return interactionPage(scope, request, reply, true, email);
  await finishInteraction(scope.provider, scope.config, request, reply, { login: { accountId: account.email } });
}

/**
 * Ends an interaction (oidc-provider answers 303 to the authorization endpoint's resume URL). An
 * interaction that has expired or is unknown gets the provider's error page instead of a hang.
 */
async function finishInteraction(
  provider: Provider,
  config: Config,
  request: FastifyRequest,
  reply: FastifyReply,
  result: Record<string, unknown>,
) {
  reply.hijack();
  try {
    await provider.interactionFinished(request.raw, reply.raw, result, { mergeWithLastSubmission: false });
  } catch {
    reply.raw.statusCode = 400;
    reply.raw.setHeader('content-type', 'text/html; charset=utf-8');
    reply.raw.end(expiredPage(config));
  }
}

/** The page of an interaction that has expired (10 minutes) or does not exist. */
function expiredPage(config: Config): string {
  return page(
    'Sign-in expired',
    `<main><h1>This sign-in has expired</h1><p class="lead" role="alert">Please start again from Halaqa.</p><p><a href="${escapeHtml(config.publicUrl)}/login">Back to Halaqa</a></p></main>`,
  );
}

async function readForm(request: FastifyRequest): Promise<URLSearchParams> {
  let text = '';
  for await (const chunk of request.raw) {
    text += String(chunk);
    if (text.length > 16_384) break;
  }
  return new URLSearchParams(text);
}

const AUTO_SUBMIT_JS = `document.querySelectorAll('form[data-autosubmit]').forEach(function (f) { f.submit(); });\n`;

async function logoutSource(ctx: KoaContextWithOIDC, form: string) {
  const mount = new URL(ctx.oidc.issuer).pathname.replace(/\/$/, '');
  // oidc-provider's form (hidden xsrf field) gets a "logout" field and submits itself.
  const autoForm = form
    .replace('<form ', '<form data-autosubmit ')
    .replace('</form>', '<input type="hidden" name="logout" value="yes"></form>');
  ctx.body = page(
    'Signing out',
    `<main><h1>Signing you out…</h1><p class="lead">You are being signed out of the directory and sent back to Halaqa.</p>${autoForm}
      <button type="submit" form="op.logoutForm">Continue</button></main><script src="${mount}/assets/submit.js"></script>`,
  );
}

async function postLogoutSuccessSource(ctx: KoaContextWithOIDC) {
  ctx.body = page(
    'Signed out',
    '<main><h1>You are signed out</h1><p class="lead">You can close this window.</p></main>',
  );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** A simple accessible page (the provider's own page, not Halaqa's): English, or Arabic right to left. */
function page(title: string, body: string, lang: 'en' | 'ar' = 'en'): string {
  return `<!doctype html>
<html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  *{box-sizing:border-box}
  body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans Arabic",sans-serif;background:#f3f4f6;color:#111827;line-height:1.5}
  main{max-width:26rem;margin:3rem auto;padding:2rem;background:#fff;border-radius:12px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
  .brand{margin:0;font-weight:700;color:#1f4e8c;letter-spacing:.02em;text-transform:uppercase;font-size:.85rem}
  h1{margin:.25rem 0 .5rem;font-size:1.5rem}
  .lead{margin:0 0 1.25rem;color:#374151}
  label{display:block;font-weight:600;margin:.75rem 0 .25rem}
  button,input{font:inherit}
  input{display:block;width:100%;padding:.65rem .75rem;font-size:1rem;border:1px solid #6b7280;border-radius:8px}
  input:focus,button:focus{outline:3px solid #93c5fd;outline-offset:2px}
  button{display:block;width:100%;margin-top:1.25rem;padding:.7rem;font-size:1rem;font-weight:600;border:0;border-radius:8px;background:#1f4e8c;color:#fff;cursor:pointer}
  button.secondary{background:#fff;color:#1f4e8c;border:1px solid #1f4e8c;margin-top:.75rem}
  .error{background:#fef2f2;color:#991b1b;border:1px solid #fecaca;border-radius:8px;padding:.6rem .75rem}
  .hint{margin-top:1.5rem;font-size:.85rem;color:#4b5563;overflow-wrap:anywhere}
  code{font-size:.85em;white-space:nowrap}
  @media (max-width:420px){main{margin:0;border-radius:0;min-height:100vh;padding:1.25rem}}
</style>
</head>
<body>${body}</body>
</html>`;
}
