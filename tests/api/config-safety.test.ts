import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, isLocalInstall, loadConfig } from '../../server/config.js';

/**
 * What a server reached by others refuses to keep (docs/deploy.md "Production checklist"): the
 * built-in identity provider, the demo data and CAPTCHA=off are defaults or test settings of a
 * local install only; the server listens on loopback unless HOST says otherwise.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'halaqa-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const base = { DATA_DIR: dataDir, JWT_SECRET: 'test-secret-that-is-long-enough-0123456789' };
const PUBLIC = { PUBLIC_URL: 'https://halaqa.example.org' };
/** What a public install must set (beyond its directories). */
const SAFE_PUBLIC = { ...PUBLIC, SEED_DEMO_DATA: 'false' };
/** NODE_ENV=production with what it requires (JWT_SECRET is in `base`). */
const PRODUCTION = {
  NODE_ENV: 'production',
  CAPTCHA_HMAC_KEY: 'captcha-key-that-is-long-enough-0123456789',
  PUBLIC_URL: 'https://halaqa.example.org',
};

/** The ConfigError loadConfig throws for `env`, or null. */
function refusal(env: Record<string, string>): ConfigError | null {
  try {
    loadConfig({ ...base, ...env });
    return null;
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
}
const builtIn = (env: Record<string, string>) =>
  loadConfig({ ...base, ...env })
    .federation.providers.filter((p) => p.builtIn)
    .map((p) => p.code);

describe('local install or not', () => {
  it('counts localhost, 127.0.0.0/8 and [::1] as loopback, and nothing else', () => {
    for (const url of [
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'http://127.10.0.3',
      'http://[::1]:3000',
      'http://app.localhost:5173',
    ]) {
      expect(isLocalInstall(url, {}), url).toBe(true);
    }
    for (const url of [
      'https://halaqa.example.org',
      'http://192.168.1.20:3000',
      'http://10.0.0.1',
      'http://[::2]',
      'http://localhost.example.org',
      'http://0.0.0.0:3000',
    ]) {
      expect(isLocalInstall(url, {}), url).toBe(false);
    }
    expect(isLocalInstall('http://localhost:3000', { NODE_ENV: 'production' })).toBe(false);
  });
});

describe('OIDC_BUILTIN_IDP', () => {
  it('is on by default for a loopback PUBLIC_URL, or none', () => {
    expect(builtIn({})).toEqual(['MA', 'QA']);
    expect(builtIn({ PUBLIC_URL: 'http://127.0.0.1:3000' })).toEqual(['MA', 'QA']);
    expect(builtIn({ PUBLIC_URL: 'http://[::1]:3000' })).toEqual(['MA', 'QA']);
  });

  it('is off by default for a public PUBLIC_URL and with NODE_ENV=production: no directory without an issuer is offered', () => {
    expect(loadConfig({ ...base, ...SAFE_PUBLIC }).federation.providers).toEqual([]);
    expect(loadConfig({ ...base, ...PRODUCTION, SEED_DEMO_DATA: 'false' }).federation.providers).toEqual([]);
    const mixed = loadConfig({
      ...base,
      ...SAFE_PUBLIC,
      OIDC_MA_ISSUER: 'https://login.ma.example/realms/ma',
      OIDC_MA_CLIENT_ID: 'halaqa',
      OIDC_MA_CLIENT_SECRET: 's3cret',
    });
    expect(mixed.federation.providers.map((p) => [p.code, p.builtIn])).toEqual([['MA', false]]);
  });

  it('can be turned off locally', () => {
    expect(builtIn({ OIDC_BUILTIN_IDP: 'false' })).toEqual([]);
  });

  it('refuses to start when explicitly on with a public PUBLIC_URL, or with NODE_ENV=production', () => {
    const pub = refusal({ ...SAFE_PUBLIC, OIDC_BUILTIN_IDP: 'true' });
    expect(pub?.variable).toBe('OIDC_BUILTIN_IDP');
    expect(pub?.message).toContain('https://halaqa.example.org');
    const prod = refusal({ ...PRODUCTION, SEED_DEMO_DATA: 'false', OIDC_BUILTIN_IDP: 'on' });
    expect(prod?.variable).toBe('OIDC_BUILTIN_IDP');
    expect(prod?.message).toContain('NODE_ENV=production');
    expect(
      refusal({ PUBLIC_URL: 'http://192.168.1.20:3000', SEED_DEMO_DATA: 'false', OIDC_BUILTIN_IDP: '1' })?.variable,
    ).toBe('OIDC_BUILTIN_IDP');
  });

  it('is allowed explicitly on a loopback PUBLIC_URL, and refused there with NODE_ENV=production', () => {
    expect(builtIn({ PUBLIC_URL: 'http://localhost:3000', OIDC_BUILTIN_IDP: 'true' })).toEqual(['MA', 'QA']);
    expect(
      refusal({ ...PRODUCTION, PUBLIC_URL: 'http://localhost:3000', SEED_DEMO_DATA: 'false', OIDC_BUILTIN_IDP: 'true' })
        ?.variable,
    ).toBe('OIDC_BUILTIN_IDP');
  });

  it('is refused when asked for even if every directory has an issuer', () => {
    const env = {
      ...SAFE_PUBLIC,
      OIDC_BUILTIN_IDP: 'true',
      OIDC_MA_ISSUER: 'https://login.ma.example',
      OIDC_MA_CLIENT_ID: 'a',
      OIDC_MA_CLIENT_SECRET: 'b',
      OIDC_QA_ISSUER: 'https://login.qa.example',
      OIDC_QA_CLIENT_ID: 'a',
      OIDC_QA_CLIENT_SECRET: 'b',
    };
    expect(refusal(env)?.variable).toBe('OIDC_BUILTIN_IDP');
    expect(refusal({ ...env, OIDC_BUILTIN_IDP: 'false' })).toBeNull();
  });
});

describe('the other unsafe settings outside a local install', () => {
  it('SEED_DEMO_DATA: on by default locally, off by default elsewhere, refused when asked for there', () => {
    expect(loadConfig({ ...base }).seedDemoData).toBe(true);
    expect(loadConfig({ ...base, ...PUBLIC }).seedDemoData).toBe(false);
    expect(refusal({ ...PUBLIC, SEED_DEMO_DATA: 'true' })?.variable).toBe('SEED_DEMO_DATA');
    expect(refusal({ ...PRODUCTION, SEED_DEMO_DATA: 'true' })?.variable).toBe('SEED_DEMO_DATA');
  });

  it('CAPTCHA=off: accepted locally (the API tests), refused elsewhere', () => {
    expect(loadConfig({ ...base, CAPTCHA: 'off' }).captcha.enabled).toBe(false);
    const r = refusal({ ...SAFE_PUBLIC, CAPTCHA: 'off' });
    expect(r?.variable).toBe('CAPTCHA');
    expect(r?.message).toMatch(/^Configuration error: CAPTCHA /);
  });

  it('a public install with the safe defaults starts', () => {
    expect(refusal(PUBLIC)).toBeNull();
    expect(refusal(PRODUCTION)).toBeNull();
  });
});

describe('NODE_ENV=production', () => {
  it('refuses to start without JWT_SECRET, CAPTCHA_HMAC_KEY and PUBLIC_URL, naming every missing one in one message, before writing anything', () => {
    const empty = mkdtempSync(join(tmpdir(), 'halaqa-config-prod-'));
    try {
      // The real start: server/main.ts exits with the message, and generates no secret into DATA_DIR.
      const start = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          DATA_DIR: empty,
          JWT_SECRET: '',
          CAPTCHA_HMAC_KEY: '',
          PUBLIC_URL: '',
          DATABASE_URL: '',
          PORT: '0',
          WEB_DIR: '',
        },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(start.status, start.stderr).toBe(1);
      expect(start.stderr).toMatch(
        /^Configuration error: JWT_SECRET, CAPTCHA_HMAC_KEY, PUBLIC_URL are required with NODE_ENV=production: /,
      );
      expect(readdirSync(empty)).toEqual([]);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
    const one = refusal({ ...PRODUCTION, CAPTCHA_HMAC_KEY: '' });
    expect(one?.variable).toBe('CAPTCHA_HMAC_KEY');
    expect(one?.message).toContain(
      'CAPTCHA_HMAC_KEY is required with NODE_ENV=production: CAPTCHA_HMAC_KEY signs the captcha challenges',
    );
    expect(refusal({ ...PRODUCTION, PUBLIC_URL: '' })?.variable).toBe('PUBLIC_URL');
    expect(refusal(PRODUCTION)).toBeNull();
  }, 60_000);
});

describe('demo data', () => {
  it('is loaded by default only on the embedded database of a local install', () => {
    expect(loadConfig({ ...base }).seedDemoData).toBe(true);
    expect(loadConfig({ ...base, ...PRODUCTION }).seedDemoData).toBe(false);
    expect(
      loadConfig({
        ...base,
        PUBLIC_URL: 'http://localhost:3000',
        DATABASE_URL: 'postgres://halaqa@127.0.0.1:5432/halaqa',
      }).seedDemoData,
    ).toBe(false);
  });

  it('with DATABASE_URL, only when SEED_DEMO_DATA=true says so (on a local install)', () => {
    const pg = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' };
    expect(loadConfig({ ...base, ...pg, SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
    expect(refusal({ ...PRODUCTION, ...pg, SEED_DEMO_DATA: 'true' })?.variable).toBe('SEED_DEMO_DATA');
  });
});

describe('HOST', () => {
  it('defaults to loopback; another interface only when set', () => {
    const local = loadConfig({ ...base });
    expect([local.host, local.hostExplicit]).toEqual(['127.0.0.1', false]);
    const lan = loadConfig({ ...base, HOST: '0.0.0.0' });
    expect([lan.host, lan.hostExplicit]).toEqual(['0.0.0.0', true]);
  });
});
