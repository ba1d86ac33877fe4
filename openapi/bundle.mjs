// The contract's files (halaqa.yaml and the paths/ and components/ it refers to) bundled into one
// OpenAPI document by Redocly (`redocly bundle`): the document the server validates with and serves
// (server/platform/openapi.ts) and the one the types are generated from (scripts/api-types.mjs).
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The root file of the contract. */
export const CONTRACT_ROOT = fileURLToPath(new URL('./halaqa.yaml', import.meta.url));

/**
 * The YAML files of the contract whose root is `root`: the root and every `.yaml` below its
 * folder, as absolute paths in a stable order (what a change of the contract changes).
 */
export function contractFiles(root = CONTRACT_ROOT) {
  const dir = dirname(root);
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .map((name) => join(dir, name));
}

/**
 * The contract bundled by Redocly's CLI: one document whose `$ref`s all point inside it
 * (`#/components/…`), with the components in the root's order (about 1 s).
 * @throws when a file is missing or is not valid YAML, or a `$ref` does not resolve.
 */
export function bundleContract(root = CONTRACT_ROOT) {
  const cli = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');
  let json;
  try {
    json = execFileSync(process.execPath, [cli, 'bundle', root, '--ext', 'json'], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
      stdio: ['ignore', 'pipe', 'pipe'],
      // No telemetry from a server's start or a test run.
      env: { ...process.env, REDOCLY_TELEMETRY: 'off' },
    });
  } catch (err) {
    throw new Error(`redocly bundle ${root} failed:\n${err.stderr || err.message}`);
  }
  return JSON.parse(json);
}
