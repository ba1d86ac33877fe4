#!/usr/bin/env node
// `npm run cycles` (one of npm test's static checks): fails when modules of the project import each
// other in a cycle, type imports included (ESLint's import-x/no-cycle skips `import type`, so a
// cycle of types went unseen). Imports are read with TypeScript's scanner and resolved with the
// project's tsconfig (aliases included); every kind counts: static, `import type`, `export … from`,
// dynamic `import()`. A cycle is printed as the chain of files, e.g. `a.ts → b.ts → a.ts`.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

const root = new URL('..', import.meta.url).pathname;
/** The folders whose modules are checked (generated code such as styled-system/ aside). */
const FOLDERS = ['src', 'machines', 'server', 'openapi', 'scripts', 'bench', 'tests'];
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;

const config = ts.getParsedCommandLineOfConfigFile(
  join(root, 'tsconfig.json'),
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic() {} },
);
const options = config?.options ?? {};
const cache = ts.createModuleResolutionCache(root, (name) => name, options);

const files = FOLDERS.flatMap((folder) =>
  readdirSync(join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((name) => SOURCE.test(name) && !name.includes('node_modules'))
    .map((name) => join(root, folder, name)),
);
const known = new Set(files);

/** A declaration file stands for the module beside it (`spa-fresh.d.mts` → `spa-fresh.mjs`). */
function moduleOf(resolved) {
  const js = resolved.replace(/\.d\.(m?)ts$/, '.$1js');
  return known.has(js) ? js : resolved;
}

/** The project files that `file` imports, in any way. */
function importsOf(file) {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const out = new Set();
  for (const { fileName } of importedFiles) {
    const resolved = ts.resolveModuleName(fileName, file, options, ts.sys, cache).resolvedModule?.resolvedFileName;
    if (!resolved) continue;
    const target = moduleOf(resolved);
    if (known.has(target)) out.add(target);
  }
  return [...out];
}

const edges = new Map(files.map((file) => [file, importsOf(file)]));

// Tarjan's strongly connected components: every component of more than one file (or a file that
// imports itself) holds a cycle.
let index = 0;
const order = new Map();
const low = new Map();
const stack = [];
const onStack = new Set();
const components = [];
function visit(file) {
  order.set(file, index);
  low.set(file, index);
  index += 1;
  stack.push(file);
  onStack.add(file);
  for (const next of edges.get(file)) {
    if (!order.has(next)) {
      visit(next);
      low.set(file, Math.min(low.get(file), low.get(next)));
    } else if (onStack.has(next)) {
      low.set(file, Math.min(low.get(file), order.get(next)));
    }
  }
  if (low.get(file) === order.get(file)) {
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || edges.get(file).includes(file)) components.push(component);
  }
}
for (const file of files) if (!order.has(file)) visit(file);

/** One cycle through `start` inside `component` (breadth-first, so the shortest). */
function cycleThrough(start, component) {
  const inside = new Set(component);
  const previous = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of edges.get(file)) {
      if (!inside.has(next)) continue;
      if (next === start) {
        const chain = [start];
        for (let at = file; at !== start; at = previous.get(at)) chain.splice(1, 0, at);
        return [...chain, start];
      }
      if (!previous.has(next)) {
        previous.set(next, file);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

for (const component of components) {
  const start = component.sort()[0];
  const chain = cycleThrough(start, component).map((file) => relative(root, file));
  console.error(`Import cycle (${component.length} files): ${chain.join(' → ')}`);
}
if (components.length > 0) {
  console.error(
    `\n${components.length} import cycle(s): move what both sides need to a third module (for types, a types file both import).`,
  );
  process.exit(1);
}
console.log(`No import cycle among ${files.length} modules.`);
