#!/usr/bin/env node
// `npm run advisories` (one of the static checks of `npm test`, scripts/checks.mjs): every package
// copy that package-lock.json installs, nested copies included, checked against the advisories
// listed in security/advisories.json (the check `npm audit` would make, without its online
// database). Exit code 1 with one line per affected copy; 0 when none is affected. An optional
// argument names another lock file. Types: scripts/advisories.d.mts.
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import semver from 'semver';

const root = resolve(import.meta.dirname, '..');
export const ADVISORIES_FILE = resolve(root, 'security/advisories.json');
export const LOCK_FILE = resolve(root, 'package-lock.json');

/**
 * The advisories of `file` (security/advisories.json by default). Throws when an entry lacks a
 * field, its `vulnerable` range is not a semver range, or its `fixedIn` version is itself inside
 * that range (a typo that would hide or invent hits).
 */
export function loadAdvisories(file = ADVISORIES_FILE) {
  const list = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(list)) throw new Error(`${file}: expected an array of advisories`);
  for (const a of list) {
    for (const field of ['package', 'vulnerable', 'fixedIn', 'id', 'summary', 'url']) {
      if (typeof a[field] !== 'string' || a[field] === '')
        throw new Error(`${file}: advisory ${a.id ?? '?'} has no ${field}`);
    }
    if (semver.validRange(a.vulnerable) === null)
      throw new Error(`${file}: ${a.id}: "${a.vulnerable}" is not a semver range`);
    if (semver.valid(a.fixedIn) === null || semver.satisfies(a.fixedIn, a.vulnerable)) {
      throw new Error(`${file}: ${a.id}: fixedIn ${a.fixedIn} must be a version outside "${a.vulnerable}"`);
    }
  }
  return list;
}

/**
 * Every installed package copy of a lockfile v2/v3 object (`packages`; the root entry and links to
 * local folders left out) whose version an advisory's range contains, in lockfile order. The name
 * is the entry's `name` when npm records one (aliases), else the last `node_modules/` segment of
 * its path.
 */
export function findHits(lock, advisories) {
  const hits = [];
  for (const [path, entry] of Object.entries(lock.packages ?? {})) {
    if (path === '' || entry.link || typeof entry.version !== 'string') continue;
    const name = entry.name ?? path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
    for (const advisory of advisories) {
      if (
        advisory.package === name &&
        semver.satisfies(entry.version, advisory.vulnerable, { includePrerelease: true })
      ) {
        hits.push({ path, name, version: entry.version, advisory });
      }
    }
  }
  return hits;
}

/** One line for a hit: where, what, which advisory, the version that fixes it. */
export function describeHit({ path, name, version, advisory }) {
  return `${name}@${version} (${path}): ${advisory.id} [${advisory.severity ?? 'unrated'}] ${advisory.summary}; fixed in ${advisory.fixedIn}, ${advisory.url}`;
}

if (process.argv[1] && pathToFileURL(resolve(process.argv[1])).href === import.meta.url) {
  const lockFile = process.argv[2] ? resolve(process.argv[2]) : LOCK_FILE;
  const advisories = loadAdvisories();
  const lock = JSON.parse(readFileSync(lockFile, 'utf8'));
  const hits = findHits(lock, advisories);
  const copies = Object.keys(lock.packages ?? {}).length - 1;
  if (hits.length > 0) {
    console.error(
      `${hits.length} installed package cop${hits.length === 1 ? 'y is' : 'ies are'} affected by a listed advisory (security/advisories.json):`,
    );
    for (const hit of hits) console.error(`  ${describeHit(hit)}`);
    process.exit(1);
  }
  console.log(
    `advisories: ${copies} package copies of ${relative(root, lockFile)} checked against ${advisories.length} advisories, none affected`,
  );
}
