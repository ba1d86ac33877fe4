import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestApp, type TestApp } from './harness.js';

/**
 * MA and QA single sign-on against the built-in development identity provider:
 * every step goes through app.inject, the provider included (no network, no socket).
 */

export let t: TestApp;
/** Registers the file's hooks: a test app (PGlite, demo seed, built-in provider) for its tests, closed after them. */
export function useTestApp(): void {
  beforeAll(async () => {
    t = await startTestApp();
  }, 120_000);
  afterAll(() => t.close());
}

/**
 * A browser's cookies, kept per host name as browsers do (whatever the port): name → value, as
 * Set-Cookie headers left them. `cookies` are those of localhost, PUBLIC_URL's host in these tests.
 */
export class Browser {
  private readonly jars = new Map<string, Map<string, string>>();
  constructor(private readonly app: FastifyInstance) {}
  jar(host = 'localhost') {
    let jar = this.jars.get(host);
    if (!jar) this.jars.set(host, (jar = new Map()));
    return jar;
  }
  get cookies() {
    return this.jar();
  }
  header(host: string) {
    return [...this.jar(host)].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  keep(host: string, setCookie: string | string[] | undefined) {
    const jar = this.jar(host);
    for (const line of setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie]) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=Thu, 01 Jan 1970/i.test(a.trim()));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }
  async send(method: 'GET' | 'POST', url: string, payload?: unknown, form?: Record<string, string>) {
    const u = new URL(url, 'http://localhost:3000');
    const res = await this.app.inject({
      method,
      url: u.pathname + u.search,
      headers: {
        host: u.host,
        cookie: this.header(u.hostname),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form
        ? { payload: new URLSearchParams(form).toString() }
        : payload !== undefined
          ? { payload: payload as object }
          : {}),
    });
    this.keep(u.hostname, res.headers['set-cookie']);
    return res;
  }
  /** Follows redirects within the app until a page answers (or the SPA's callback URL is reached). */
  async follow(url: string): Promise<{ url: string; body: string; status: number }> {
    let current = url;
    for (let i = 0; i < 10; i++) {
      if (new URL(current, 'http://localhost:3000').pathname.startsWith('/sso/'))
        return { url: current, body: '', status: 0 };
      const res = await this.send('GET', current);
      if (res.statusCode >= 300 && res.statusCode < 400) {
        current = new URL(String(res.headers.location), new URL(current, 'http://localhost:3000')).href;
        continue;
      }
      return { url: current, body: res.body, status: res.statusCode };
    }
    throw new Error('too many redirects');
  }
}

/**
 * Starts a sign-in with `provider` from a page at `origin` and signs in at the provider's page;
 * returns the callback parameters.
 */
export async function signInAtProvider(
  b: Browser,
  provider: 'MA' | 'QA',
  email: string,
  password = 'Halaqa-demo-1',
  redirect?: string,
  origin = 'http://localhost:3000',
) {
  const start = await b.send('POST', `${origin}/api/auth/oidc/${provider}/start`, redirect ? { redirect } : {});
  expect(start.statusCode, start.body).toBe(200);
  const authorizationUrl = new URL(start.json().data.authorizationUrl as string);
  const page = await b.follow(authorizationUrl.href);
  expect(page.status).toBe(200);
  expect(page.body).toContain('<h1>Sign in</h1>');
  const action = /action="([^"]+\/login)"/.exec(page.body)![1]!;
  const login = await b.send('POST', action, undefined, { email, password });
  if (login.statusCode === 401) return { authorizationUrl, refused: login.body, callback: null };
  const back = await b.follow(new URL(String(login.headers.location), 'http://localhost:3000').href);
  const callback = new URL(back.url);
  return { authorizationUrl, refused: null, callback };
}

/** What the SPA's callback page does: posts the parameters to the API of its own origin. */
export async function complete(
  b: Browser,
  provider: 'MA' | 'QA',
  callback: URL,
  override: Record<string, string> = {},
) {
  const body = {
    code: callback.searchParams.get('code')!,
    state: callback.searchParams.get('state')!,
    iss: callback.searchParams.get('iss')!,
    ...override,
  };
  return b.send('POST', `${callback.origin}/api/auth/oidc/${provider}/callback`, body);
}
