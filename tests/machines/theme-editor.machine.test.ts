import { type AnyEventObject, type AnyMachineSnapshot, createActor, fromCallback, fromPromise } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  type LogoRequest,
  type ThemeEditorContext,
  type ThemeEditorEmitted,
  themeEditorMachine,
} from '@machines/theme-editor.machine';
import { type ThemeValues, checkTheme, DEFAULT_COLOURS, sameValues } from '@machines/theme-editor.form';
import * as sel from '@machines/theme-editor.selectors';
import { describeModelBased } from './model';

const QAD: ThemeValues = {
  primary: '#8A1538',
  secondary: '#1B365D',
  tertiary: '#C9A227',
  links: [{ name: 'website', url: 'https://qad.example.org' }],
};
const logoFile = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });

/** Invoke results and user events the traversal may send (others are sent as `{ type }`). */
const events: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadSettings', output: { values: QAD, logo: null } },
  {
    type: 'xstate.error.actor.loadSettings',
    error: { status: 403, serverMessage: 'You are not a member of this company' },
  },
  { type: 'colour.changed', key: 'primary', value: '#FFFF00' },
  { type: 'colour.changed', key: 'primary', value: '#8A1538' },
  { type: 'colour.changed', key: 'tertiary', value: '#12' },
  { type: 'link.changed', index: 0, url: 'ftp://nope' },
  { type: 'link.changed', index: 0, name: 'website', url: 'https://qad.example.org' },
  { type: 'link.added' },
  { type: 'link.removed', index: 0 },
  { type: 'xstate.done.actor.saveSettings', output: QAD },
  {
    type: 'xstate.error.actor.saveSettings',
    error: {
      status: 400,
      serverMessage: 'The theme is not readable',
      fieldErrors: { 'style.primaryColor': 'Primary colour #FFFF00 is not readable' },
    },
  },
  { type: 'logo.selected', file: logoFile },
  { type: 'logo.selected', file: null },
  { type: 'logo.progressed', loaded: 2, total: 4 },
  { type: 'logo.succeeded', url: '/uploads/company/3/logo.png' },
  { type: 'logo.failed', error: { code: 'upload.tooLarge', limit: '5 MB', status: 413 } },
];

const ACTORS = ['loadSettings', 'saveSettings'];

/**
 * State identity for the traversal: the state value and what the rules read from the context (the
 * form's verdict, whether there are links, unsaved changes, a logo, the error), so link rows cannot
 * grow the graph without end.
 */
function serialize(s: AnyMachineSnapshot) {
  const c = s.context as ThemeEditorContext;
  const check = checkTheme(c.values);
  return JSON.stringify({
    value: s.value,
    ok: check.ok,
    links: Math.min(c.values.links.length, 1),
    dirty: !sameValues(c.values, c.savedValues),
    logo: c.logo !== null,
    error: c.error?.code ?? null,
  });
}

/** Invariants of every reachable state, by meaning. */
function checkState(s: AnyMachineSnapshot) {
  const snap = s as sel.ThemeEditorSnapshot;
  const c = s.context as ThemeEditorContext;
  expect(s.hasTag('loading')).toBe(s.matches('loading'));
  expect(sel.isSaving(snap)).toBe(s.matches({ ready: { form: 'saving' } }));
  expect(sel.isUploading(snap)).toBe(s.matches({ ready: { logo: 'uploading' } }));
  if (s.matches('loadFailed')) expect(c.error?.code).toBe('theme.loadFailed');
  if (s.matches('ready')) {
    // Nothing unreadable is ever sent, and a refused save says so.
    if (s.matches({ ready: { form: 'saving' } })) expect(checkTheme(c.values).ok).toBe(true);
    if (sel.wasRefused(snap)) expect(checkTheme(c.values).ok).toBe(false);
    if (sel.wasSaved(snap)) {
      expect(sameValues(c.values, c.savedValues)).toBe(true);
      expect(c.error).toBeNull();
    }
    if (sel.saveFailed(snap)) expect(c.error?.code).toBe('theme.saveFailed');
    // Edits wait while saving.
    expect(s.can({ type: 'colour.changed', key: 'primary', value: '#000000' })).toBe(!sel.isSaving(snap));
    expect(sel.canSave(snap)).toBe(!sel.isSaving(snap) && checkTheme(c.values).ok);
    expect(c.upload !== null).toBe(sel.isUploading(snap));
    if (s.matches({ ready: { logo: 'failed' } })) expect(c.uploadError).not.toBeNull();
    if (sel.isUploading(snap)) expect(sel.uploadPercent(snap)).toBeGreaterThanOrEqual(0);
    else expect(sel.uploadPercent(snap)).toBeNull();
  }
}

describeModelBased(themeEditorMachine, {
  name: 'theme-editor.machine',
  input: { companyId: 3 },
  events,
  serialize,
  actors: ACTORS,
  minPaths: 21,
  check: ({ snapshot, event, started }) => {
    checkState(snapshot);
    const c = snapshot.context as ThemeEditorContext;
    for (const [name, input] of started) {
      if (name === 'loadSettings') expect(input).toEqual({ companyId: 3 });
      // The save sends exactly the form as it is, and only a readable one.
      if (name === 'saveSettings') {
        expect(input).toEqual({ companyId: 3, values: c.values });
        expect(checkTheme(c.values).ok).toBe(true);
      }
    }
    if (event.type === 'logo.selected' && !(event as unknown as { file: File | null }).file)
      expect(snapshot.matches({ ready: { logo: 'uploading' } })).toBe(false);
  },
  setup: ({ provide }) => {
    const uploads: unknown[] = [];
    const uploadLogo = fromCallback<AnyEventObject, LogoRequest>(({ input }) => {
      uploads.push(input);
    });
    return {
      machine: provide({ actors: { uploadLogo } }),
      done: () => {
        for (const input of uploads) expect(input).toEqual({ companyId: 3, file: logoFile });
      },
    };
  },
});

describe('theme-editor.machine (real actors)', () => {
  const settle = () => new Promise((r) => setTimeout(r, 0));
  function start() {
    const saves: unknown[] = [];
    const machine = themeEditorMachine.provide({
      actors: {
        loadSettings: fromPromise(async () => ({ values: QAD, logo: null })),
        saveSettings: fromPromise(async ({ input }: { input: { values: ThemeValues } }) => {
          saves.push(input);
          return input.values;
        }),
        uploadLogo: fromCallback(({ sendBack }) => {
          sendBack({ type: 'logo.progressed', loaded: 1, total: 4 });
          queueMicrotask(() => sendBack({ type: 'logo.succeeded', url: '/uploads/company/3/logo.png' }));
        }),
        // eslint-disable-next-line @typescript-eslint/no-explicit-any
      } as any,
    });
    const actor = createActor(machine, { input: { companyId: 3 } });
    const emitted: ThemeEditorEmitted[] = [];
    actor.on('*', (e) => emitted.push(e as ThemeEditorEmitted));
    actor.start();
    return { actor, emitted, saves };
  }

  it('refuses to send a yellow primary colour, then saves a readable one and emits the brand', async () => {
    const { actor, emitted, saves } = start();
    await settle();
    actor.send({ type: 'colour.changed', key: 'primary', value: '#FFFF00' });
    expect(sel.selectCheck(actor.getSnapshot()).colours.primary.problem).toBe('colour.unreadable');
    expect(sel.canSave(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'settings.submitted' });
    expect(sel.wasRefused(actor.getSnapshot())).toBe(true);
    expect(saves).toEqual([]);
    actor.send({ type: 'theme.reset' });
    expect(actor.getSnapshot().context.values).toMatchObject(DEFAULT_COLOURS);
    actor.send({ type: 'settings.submitted' });
    await settle();
    expect(sel.wasSaved(actor.getSnapshot())).toBe(true);
    expect(saves).toHaveLength(1);
    expect(emitted).toEqual([
      {
        type: 'brand.changed',
        brand: { ...DEFAULT_COLOURS, logo: null, links: { website: 'https://qad.example.org' } },
      },
    ]);
  });

  it('uploads the logo with progress and emits the brand with the saved colours and the new logo', async () => {
    const { actor, emitted } = start();
    await settle();
    actor.send({ type: 'colour.changed', key: 'primary', value: '#000000' });
    actor.send({ type: 'logo.selected', file: logoFile });
    expect(sel.uploadPercent(actor.getSnapshot())).toBe(25);
    await settle();
    expect(actor.getSnapshot().context.logo).toBe('/uploads/company/3/logo.png');
    expect(emitted).toEqual([
      {
        type: 'brand.changed',
        brand: {
          primary: '#8A1538',
          secondary: '#1B365D',
          tertiary: '#C9A227',
          logo: '/uploads/company/3/logo.png',
          links: { website: 'https://qad.example.org' },
        },
      },
    ]);
  });
});
