/**
 * `npm run diagrams`: writes a Mermaid `stateDiagram-v2` for every statechart exported by
 * `machines/*.machine.ts` to `docs/statecharts/<machine id>.mmd`, plus `docs/statecharts/README.md`
 * (an index). The diagrams come from the machine objects themselves (states, initial states,
 * transitions with their events and guards, invoked actors, tags), so they cannot drift:
 * `tests/machines/diagrams.test.ts` regenerates them in memory and fails when the committed files
 * differ.
 *
 * Machines are imported by tsx (no Babel): machine files must not use Lingui macros (they hold
 * error codes; the UI maps them to messages).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const MACHINES_DIR = join(ROOT, 'machines');
export const OUT_DIR = join(ROOT, 'docs', 'statecharts');

export interface MachineEntry {
  /** Source file relative to the repository root, e.g. `machines/auth.machine.ts`. */
  file: string;
  /** Exported name, e.g. `authMachine`. */
  exportName: string;
  machine: AnyStateMachine;
}

function isMachine(value: unknown): value is AnyStateMachine {
  return Boolean(value && typeof value === 'object' && 'root' in value && 'getStateNodeById' in value);
}

/** Imports every `machines/*.machine.ts` and returns its exported state machines, sorted by id. */
export async function loadMachines(dir: string = MACHINES_DIR): Promise<MachineEntry[]> {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.machine.ts'))
    .sort();
  const entries: MachineEntry[] = [];
  for (const f of files) {
    const mod = (await import(pathToFileURL(join(dir, f)).href)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(mod)) {
      if (isMachine(value)) entries.push({ file: `machines/${f}`, exportName, machine: value });
    }
  }
  return entries.sort((a, b) => a.machine.id.localeCompare(b.machine.id));
}

/** Mermaid id of a state node: its path joined with `_` (the root is `[*]` context). */
function nodeId(node: AnyStateNode): string {
  return node.path.length ? node.path.join('_') : node.machine.id;
}

function childrenOf(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states ?? {}) as AnyStateNode[];
}

function guardName(t: AnyTransitionDefinition): string | null {
  const g = t.guard as unknown;
  if (!g) return null;
  if (typeof g === 'string') return g;
  if (typeof g === 'object' && g && 'type' in g && typeof (g as { type: unknown }).type === 'string') {
    return (g as { type: string }).type;
  }
  return 'guard';
}

/** A short, Mermaid-safe label for an event type. */
export function eventLabel(eventType: string): string {
  let m: RegExpExecArray | null;
  if (eventType === '') return 'always';
  if ((m = /^xstate\.done\.actor\.(.+)$/.exec(eventType))) return `done(${m[1]})`;
  if ((m = /^xstate\.error\.actor\.(.+)$/.exec(eventType))) return `error(${m[1]})`;
  if ((m = /^xstate\.done\.state\.(.+)$/.exec(eventType))) return `done(${m[1]})`;
  // xstate.after.<delay>.<state id>: keep the delay only.
  if ((m = /^xstate\.after\.([^.]+)\./.exec(eventType))) return `after ${m[1]}`;
  return eventType;
}

function sanitize(text: string): string {
  // ':' separates ids from labels; ';' ends statements; '#' starts entity codes.
  return text.replace(/[:;#]/g, ' ').replace(/\s+/g, ' ').trim();
}

/** The Mermaid `stateDiagram-v2` text of `machine`. Deterministic (config order). */
export function toMermaid(machine: AnyStateMachine): string {
  const lines: string[] = ['stateDiagram-v2'];
  const transitions: string[] = [];

  const describeNode = (node: AnyStateNode, indent: string) => {
    const id = nodeId(node);
    const invokes = (node.invoke ?? []).map((i: { src: unknown; id: string }) =>
      typeof i.src === 'string' ? i.src : i.id,
    );
    const tags = [...(node.tags ?? [])];
    if (id !== node.key) lines.push(`${indent}state "${node.key}" as ${id}`);
    for (const src of invokes) lines.push(`${indent}${id} : invoke ${sanitize(src)}`);
    if (tags.length) lines.push(`${indent}${id} : tags ${sanitize(tags.join(', '))}`);
  };

  const collectTransitions = (node: AnyStateNode) => {
    const defs: AnyTransitionDefinition[] = [
      ...[...node.transitions.values()].flat(),
      ...((node.always ?? []) as AnyTransitionDefinition[]),
    ];
    for (const t of defs) {
      const from = node.path.length ? nodeId(node) : null;
      const label = sanitize(`${eventLabel(t.eventType)}${guardName(t) ? ` [${guardName(t)}]` : ''}`);
      const targets = (t.target ?? []) as AnyStateNode[];
      const sources = from ? [from] : childrenOf(node).map(nodeId); // root-level `on`: from every top state
      for (const source of sources) {
        if (targets.length === 0) transitions.push(`${source} --> ${source} : ${label}`);
        for (const target of targets) {
          const to = target.path.length ? nodeId(target) : source;
          transitions.push(`${source} --> ${to} : ${label}`);
        }
      }
    }
  };

  const walk = (node: AnyStateNode, indent: string) => {
    const children = childrenOf(node);
    if (node.initial && children.length) {
      const initialTargets = (node.initial.target ?? []) as AnyStateNode[];
      for (const t of initialTargets) lines.push(`${indent}[*] --> ${nodeId(t)}`);
    }
    for (const child of children) {
      const grandChildren = childrenOf(child);
      if (grandChildren.length) {
        lines.push(`${indent}state ${nodeId(child)} {`);
        walk(child, `${indent}  `);
        describeNodeInside(child, `${indent}  `);
        lines.push(`${indent}}`);
      } else {
        describeNode(child, indent);
        if (child.type === 'final') lines.push(`${indent}${nodeId(child)} --> [*]`);
      }
      collectTransitions(child);
    }
  };

  // Invokes and tags of a compound state are listed as a note inside its box.
  const describeNodeInside = (node: AnyStateNode, indent: string) => {
    const invokes = (node.invoke ?? []).map((i: { src: unknown; id: string }) =>
      typeof i.src === 'string' ? i.src : i.id,
    );
    const tags = [...(node.tags ?? [])];
    const parts = [...invokes.map((s: string) => `invoke ${s}`), ...(tags.length ? [`tags ${tags.join(', ')}`] : [])];
    if (parts.length)
      lines.push(`${indent}note right of ${nodeId(childrenOf(node)[0]!)} : ${sanitize(parts.join(' / '))}`);
  };

  walk(machine.root, '  ');
  collectTransitions(machine.root);
  lines.push(...transitions.map((t) => `  ${t}`));
  return `${lines.join('\n')}\n`;
}

function countTransitions(machine: AnyStateMachine): number {
  const nodes: AnyStateNode[] = [];
  const visit = (n: AnyStateNode) => {
    nodes.push(n);
    childrenOf(n).forEach(visit);
  };
  visit(machine.root);
  return nodes.reduce((sum, n) => sum + [...n.transitions.values()].flat().length + (n.always?.length ?? 0), 0);
}

function countStates(machine: AnyStateMachine): number {
  let count = 0;
  const visit = (n: AnyStateNode) => {
    childrenOf(n).forEach((c) => {
      count++;
      visit(c);
    });
  };
  visit(machine.root);
  return count;
}

/** All generated files: `<id>.mmd` per machine and `README.md`, keyed by file name. */
export async function renderDiagrams(dir: string = MACHINES_DIR): Promise<Map<string, string>> {
  const entries = await loadMachines(dir);
  const files = new Map<string, string>();
  const rows: string[] = [];
  for (const { file, exportName, machine } of entries) {
    const name = `${machine.id}.mmd`;
    if (files.has(name)) throw new Error(`two machines share the id "${machine.id}"`);
    files.set(name, toMermaid(machine));
    rows.push(
      `| [${machine.id}](./${name}) | \`${exportName}\` in [${file}](../../${file}) | ${countStates(machine)} | ${countTransitions(machine)} |`,
    );
  }
  const readme = [
    '# Statecharts',
    '',
    'Generated by `npm run diagrams` (scripts/diagrams.ts) from the machines in `machines/`; do not',
    'edit by hand. `tests/machines/diagrams.test.ts` fails when these files are stale.',
    '',
    'Each `.mmd` file is a Mermaid `stateDiagram-v2` (GitHub renders it inside a `mermaid` code',
    'block; or paste it into https://mermaid.live). Labels: `done(x)` / `error(x)` = the invoked actor `x`',
    'resolved / rejected, `after d` = the delay `d` elapsed, `[guard]` = the named guard, `always` =',
    'an eventless transition.',
    '',
    '| machine | source | states | transitions |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
  files.set('README.md', readme);
  return files;
}

/** Writes the diagrams to `out` (removing `.mmd` files of machines that no longer exist). */
export async function writeDiagrams(out: string = OUT_DIR): Promise<string[]> {
  const files = await renderDiagrams();
  mkdirSync(out, { recursive: true });
  if (existsSync(out)) {
    for (const f of readdirSync(out)) if (f.endsWith('.mmd') && !files.has(f)) rmSync(join(out, f));
  }
  const written: string[] = [];
  for (const [name, content] of files) {
    const path = join(out, name);
    const before = existsSync(path) ? readFileSync(path, 'utf8') : null;
    if (before !== content) {
      writeFileSync(path, content);
      written.push(name);
    }
  }
  return written;
}

const invokedDirectly = process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url;
if (invokedDirectly) {
  writeDiagrams().then(
    (written) => {
      console.log(written.length ? `docs/statecharts: wrote ${written.join(', ')}` : 'docs/statecharts: up to date');
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
