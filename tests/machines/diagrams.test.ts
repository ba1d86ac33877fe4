import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OUT_DIR, eventLabel, loadMachines, renderDiagrams } from '../../scripts/diagrams';

describe('docs/statecharts', () => {
  it('are current: `npm run diagrams` regenerates exactly the committed files', async () => {
    const expected = await renderDiagrams();
    for (const [name, content] of expected) {
      const path = join(OUT_DIR, name);
      expect(existsSync(path), `${name} is missing: run npm run diagrams`).toBe(true);
      expect(readFileSync(path, 'utf8'), `${name} is stale: run npm run diagrams`).toBe(content);
    }
    const extra = readdirSync(OUT_DIR).filter((f) => f.endsWith('.mmd') && !expected.has(f));
    expect(extra, 'diagrams of machines that no longer exist').toEqual([]);
  });

  it('cover every machine of machines/, with every state and transition', async () => {
    const entries = await loadMachines();
    expect(entries.map((e) => e.machine.id)).toEqual(expect.arrayContaining(['auth', 'enrollment']));
    const files = await renderDiagrams();
    for (const { machine } of entries) {
      const text = files.get(`${machine.id}.mmd`)!;
      expect(text.startsWith('stateDiagram-v2\n')).toBe(true);
      for (const key of Object.keys(machine.root.states)) expect(text).toContain(key);
    }
    const auth = files.get('auth.mmd')!;
    expect(auth).toContain('loggedIn_active --> loggedIn_refreshing : auth.unauthorized [canRefresh]');
    expect(auth).toContain('restoring --> loggedOut : after rehydrationTimeout');
  });

  it('labels internal events readably', () => {
    expect(eventLabel('xstate.done.actor.signIn')).toBe('done(signIn)');
    expect(eventLabel('xstate.error.actor.enroll')).toBe('error(enroll)');
    expect(eventLabel('xstate.after.untilExpiry.auth.loggedIn.active')).toBe('after untilExpiry');
    expect(eventLabel('')).toBe('always');
    expect(eventLabel('auth.login')).toBe('auth.login');
  });
});
