/** One entry of security/advisories.json. */
export interface Advisory {
  /** npm package name, e.g. `nodemailer`. */
  package: string;
  /** semver range of the affected versions, e.g. `<8.0.5`. */
  vulnerable: string;
  /** First version outside the range, e.g. `8.0.5`. */
  fixedIn: string;
  /** GHSA (or CVE) identifier. */
  id: string;
  /** `low` | `moderate` | `high` | `critical`, as published. */
  severity?: string;
  summary: string;
  url: string;
}

/** A package copy of the lock file that an advisory affects. */
export interface AdvisoryHit {
  /** Its key under `packages`, e.g. `node_modules/a/node_modules/handlebars`. */
  path: string;
  name: string;
  version: string;
  advisory: Advisory;
}

/** The subset of package-lock.json (lockfile v2/v3) that the check reads. */
export interface PackageLock {
  packages?: Record<string, { version?: string; name?: string; link?: boolean }>;
}

/** Absolute path of security/advisories.json. */
export const ADVISORIES_FILE: string;
/** Absolute path of the repository's package-lock.json. */
export const LOCK_FILE: string;

/** The advisories of `file` (default ADVISORIES_FILE); throws on a missing field, a range that is not semver, or a fixedIn inside its range. */
export function loadAdvisories(file?: string): Advisory[];
/** Every installed copy (nested ones too) whose version an advisory's range contains. */
export function findHits(lock: PackageLock, advisories: Advisory[]): AdvisoryHit[];
/** One line for a hit: name@version (path): id [severity] summary; fixed in …, url. */
export function describeHit(hit: AdvisoryHit): string;
