#!/usr/bin/env node
// The static checks of `npm test` (contract lint, the formatter's check (Biome), ESLint, type-check, the installed packages
// against security/advisories.json: scripts/advisories.mjs, import cycles with type imports:
// scripts/import-cycles.mjs, and unused exports and files: knip, configured in knip.json), run at the
// same time: each is one single-threaded process, so on a 2-core machine two run for the price of one.
// Each one's output is printed whole when it ends; the exit code is 1 when any failed.
// ESLint keeps a cache in .cache/ (git-ignored), so an unchanged file is not linted twice. The
// type-check is TypeScript 7's native compiler (tsgo, 10 s instead of tsc 5.9's 50 s on a fresh
// clone here; DESIGN.md allows it for --noEmit); `npm run typecheck:tsc` runs tsc 5.9 on the same
// configuration.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const CHECKS = ['api:lint', 'format:check', 'lint', 'typecheck', 'advisories', 'cycles', 'unused'];

const results = await Promise.all(
  CHECKS.map(
    (name) =>
      new Promise((resolve) => {
        const t0 = performance.now();
        let out = '';
        const child = spawn('npm', ['run', '--silent', name], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout.on('data', (b) => (out += b));
        child.stderr.on('data', (b) => (out += b));
        child.on('close', (code) => {
          const s = ((performance.now() - t0) / 1000).toFixed(1);
          process.stdout.write(
            `\n> npm run ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${s} s\n${out.trim() ? `${out.trim()}\n` : ''}`,
          );
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(results.every(Boolean) ? 0 : 1);
