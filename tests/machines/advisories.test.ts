import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCK_FILE, findHits, loadAdvisories, type PackageLock } from '../../scripts/advisories.mjs';

/** A lock that installs nodemailer 7.0.6 at the top and handlebars 4.7.8 nested under another package. */
const fakeLock: PackageLock = {
  packages: {
    '': { version: '0.1.0' },
    'node_modules/nodemailer': { version: '7.0.6' },
    'node_modules/handlebars': { version: '4.7.10' },
    'node_modules/some-tool/node_modules/handlebars': { version: '4.7.8' },
    'node_modules/semver': { version: '7.8.6' },
    'packages/local': { version: '1.0.0', link: true },
  },
};

const dir = mkdtempSync(join(tmpdir(), 'halaqa-advisories-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('advisory check (scripts/advisories.mjs)', () => {
  const advisories = loadAdvisories();

  it('reports every listed advisory of each affected copy, nested copies included', () => {
    const hits = findHits(fakeLock, advisories).map((h) => `${h.path}@${h.version} ${h.advisory.id}`);
    expect(hits).toEqual([
      'node_modules/nodemailer@7.0.6 GHSA-vvjj-xcjg-gr5g',
      'node_modules/nodemailer@7.0.6 GHSA-p6gq-j5cr-w38f',
      'node_modules/nodemailer@7.0.6 GHSA-2x7j-588g-ccc2',
      'node_modules/some-tool/node_modules/handlebars@4.7.8 GHSA-2w6w-674q-4c4q',
    ]);
  });

  it('leaves out the fixed versions: nodemailer 9.0.1 is still affected by the 9.1.0 advisory only', () => {
    const lock: PackageLock = {
      packages: { 'node_modules/nodemailer': { version: '9.0.1' }, 'node_modules/handlebars': { version: '4.7.9' } },
    };
    expect(findHits(lock, advisories).map((h) => h.advisory.id)).toEqual(['GHSA-2x7j-588g-ccc2']);
  });

  it('passes the repository lock file', () => {
    const lock = JSON.parse(readFileSync(LOCK_FILE, 'utf8')) as PackageLock;
    expect(findHits(lock, advisories)).toEqual([]);
  });

  it('as a command, exits 1 and names each affected copy; exits 0 on the repository lock file', () => {
    const lockFile = join(dir, 'package-lock.json');
    writeFileSync(lockFile, JSON.stringify(fakeLock));
    const failed = spawnSync(process.execPath, ['scripts/advisories.mjs', lockFile], { encoding: 'utf8' });
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('nodemailer@7.0.6 (node_modules/nodemailer): GHSA-vvjj-xcjg-gr5g');
    expect(failed.stderr).toContain(
      'handlebars@4.7.8 (node_modules/some-tool/node_modules/handlebars): GHSA-2w6w-674q-4c4q',
    );
    expect(failed.stderr).not.toContain('handlebars@4.7.10');
    const passed = spawnSync(process.execPath, ['scripts/advisories.mjs'], { encoding: 'utf8' });
    expect(passed.status).toBe(0);
  });

  it('refuses an advisory list whose fixed version lies inside its own range', () => {
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify([{ ...advisories[0], vulnerable: '<=8.0.5' }]));
    expect(() => loadAdvisories(file)).toThrow(/fixedIn 8.0.5 must be a version outside/);
  });
});
