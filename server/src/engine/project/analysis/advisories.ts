// Vulnerable dependencies from an advisory database on disk in the OSV format (a checkout of
// github/advisory-database, or osv.dev's per-ecosystem exports unpacked): every ecosystem the
// manifests declare (npm, PyPI, Go, crates.io, Maven), with no network. Pointed to by
// CODEWRIGHT_ADVISORY_DB. A version that cannot be compared with an advisory's ranges (PEP 440 or
// Maven pre-releases, which are not ordered here) is reported as not checked, never as safe.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import type { Dependency } from './manifests';

interface OsvEvent {
  introduced?: string;
  fixed?: string;
  last_affected?: string;
  limit?: string;
}

interface Affected {
  id: string;
  ranges: { type?: string; events?: OsvEvent[] }[];
  versions: string[];
}

/** A lookup's answer: the advisories that cover the version, or why it could not be decided. */
export type AdvisoryAnswer = { ids: string[] } | { unknown: string };

/** The largest database read (files); a bigger folder is probably not an advisory database. */
const MAX_FILES = 1_000_000;

export class AdvisoryDatabase {
  private readonly byPackage = new Map<string, Affected[]>();
  /** Records read, and files that were not OSV records (with the first few names). */
  records = 0;
  malformed: string[] = [];

  constructor(readonly folder: string) {
    let files = 0;
    const stack = [folder];
    while (stack.length > 0 && files < MAX_FILES) {
      const dir = stack.pop()!;
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) stack.push(path);
        else if (entry.isFile() && entry.name.endsWith('.json')) {
          files++;
          this.read(path);
        }
      }
    }
  }

  private read(path: string): void {
    let record: {
      id?: string;
      withdrawn?: string;
      aliases?: string[];
      affected?: {
        package?: { ecosystem?: string; name?: string };
        ranges?: Affected['ranges'];
        versions?: string[];
      }[];
    };
    try {
      record = JSON.parse(readFileSync(path, 'utf8')) as typeof record;
    } catch {
      if (this.malformed.length < 20) this.malformed.push(path);
      return;
    }
    if (!record.id || !Array.isArray(record.affected)) {
      if (this.malformed.length < 20) this.malformed.push(path);
      return;
    }
    if (record.withdrawn) return; // withdrawn advisories no longer apply
    this.records++;
    for (const affected of record.affected) {
      const { ecosystem, name } = affected.package ?? {};
      if (!ecosystem || !name) continue;
      const key = packageKey(ecosystem, name);
      const list = this.byPackage.get(key) ?? [];
      list.push({ id: record.id, ranges: affected.ranges ?? [], versions: affected.versions ?? [] });
      this.byPackage.set(key, list);
    }
  }

  /** The advisories whose ranges or listed versions include `version` of the package. */
  lookup(ecosystem: string, name: string, version: string): AdvisoryAnswer {
    const ids = new Set<string>();
    for (const affected of this.byPackage.get(packageKey(ecosystem, name)) ?? []) {
      if (affected.versions.includes(version)) {
        ids.add(affected.id);
        continue;
      }
      for (const range of affected.ranges) {
        if (range.type === 'GIT') continue; // commit ranges say nothing about a release number
        const inside = inRange(ecosystem, version, range.events ?? []);
        if (typeof inside === 'string') return { unknown: inside };
        if (inside) ids.add(affected.id);
      }
    }
    return { ids: [...ids].sort() };
  }
}

/** PyPI names compare normalised (PEP 503); other ecosystems as written. */
function packageKey(ecosystem: string, name: string): string {
  return `${ecosystem}:${ecosystem === 'PyPI' ? name.toLowerCase().replace(/[-_.]+/g, '-') : name}`;
}

/** Compares two versions of the ecosystem: negative, 0, positive, or undefined when it cannot. */
function compare(ecosystem: string, a: string, b: string): number | undefined {
  if (ecosystem === 'npm' || ecosystem === 'crates.io' || ecosystem === 'Go') {
    const x = semver.valid(a.replace(/^v/, ''));
    const y = semver.valid(b.replace(/^v/, ''));
    return x && y ? semver.compare(x, y) : undefined;
  }
  // PyPI and Maven: plain dotted numbers only (1.2, 2.0.1); anything else needs the ecosystem's
  // own ordering (PEP 440, Maven's qualifiers), which is not implemented here.
  if (!/^\d+(\.\d+)*$/.test(a) || !/^\d+(\.\d+)*$/.test(b)) return undefined;
  const xs = a.split('.').map(Number);
  const ys = b.split('.').map(Number);
  for (let k = 0; k < Math.max(xs.length, ys.length); k++) {
    const diff = (xs[k] ?? 0) - (ys[k] ?? 0);
    if (diff !== 0) return diff;
  }
  return 0;
}

/** OSV's rule: events in version order, introduced opens, fixed (or past last_affected) closes. */
function inRange(ecosystem: string, version: string, events: OsvEvent[]): boolean | string {
  const points: { at: string; kind: 'introduced' | 'fixed' | 'last_affected' }[] = [];
  for (const event of events) {
    if (event.introduced !== undefined) points.push({ at: event.introduced, kind: 'introduced' });
    if (event.fixed !== undefined) points.push({ at: event.fixed, kind: 'fixed' });
    if (event.last_affected !== undefined) points.push({ at: event.last_affected, kind: 'last_affected' });
  }
  let unordered: string | undefined;
  const order = (a: string, b: string): number => {
    if (a === '0') return b === '0' ? 0 : -1;
    if (b === '0') return 1;
    const c = compare(ecosystem, a, b);
    if (c === undefined) unordered ??= `${a} or ${b}`;
    return c ?? 0;
  };
  points.sort((p, q) => order(p.at, q.at));
  let affected = false;
  for (const point of points) {
    const c = point.at === '0' ? 1 : compare(ecosystem, version, point.at);
    if (c === undefined)
      return `version ${version} cannot be compared with ${point.at} (${ecosystem} ordering)`;
    if (point.kind === 'introduced' && c >= 0) affected = true;
    else if (point.kind === 'fixed' && c >= 0) affected = false;
    else if (point.kind === 'last_affected' && c > 0) affected = false;
  }
  if (unordered) return `advisory versions ${unordered} cannot be ordered (${ecosystem} ordering)`;
  return affected;
}

/** The one version a declared dependency stands for, or why there is none. */
export function versionToCheck(dep: Dependency, locked: Map<string, string>): string | { unknown: string } {
  if (dep.ecosystem === 'npm') {
    const lockedVersion = locked.get(dep.name);
    if (lockedVersion) return lockedVersion;
  }
  if (dep.ecosystem === 'npm' || dep.ecosystem === 'crates.io') {
    // Cargo reads a bare `1.2` as `^1.2`; npm ranges are ranges already. The lowest allowed is checked.
    const spec = dep.ecosystem === 'crates.io' && /^\d/.test(dep.spec) ? `^${dep.spec}` : dep.spec;
    const range = semver.validRange(spec.replace(/^=/, ''));
    const lowest = range ? semver.minVersion(range)?.version : undefined;
    return lowest ?? { unknown: `'${dep.spec}' is not a version range` };
  }
  if (dep.ecosystem === 'PyPI') {
    const pinned = /^==\s*([\w.!+-]+)$/.exec(dep.spec)?.[1];
    return pinned ?? { unknown: 'not pinned (==): advisories apply to one version' };
  }
  // Go modules and Maven artifacts name exact versions (a Maven range or property is not resolved).
  return /^v?\d[\w.+-]*$/.test(dep.spec) ? dep.spec : { unknown: `'${dep.spec}' is not one version` };
}

let loaded: { at: number; db: AdvisoryDatabase } | undefined;
const RELOAD_MS = 60 * 60 * 1000;

/** The database CODEWRIGHT_ADVISORY_DB names, read once an hour per worker; undefined when unset. */
export function advisoryDatabase(env: NodeJS.ProcessEnv = process.env): AdvisoryDatabase | undefined {
  const folder = env.CODEWRIGHT_ADVISORY_DB;
  if (!folder) return undefined;
  if (!loaded || loaded.db.folder !== folder || Date.now() - loaded.at > RELOAD_MS)
    loaded = { at: Date.now(), db: new AdvisoryDatabase(folder) };
  return loaded.db;
}

export interface AdvisoryFindings {
  vulnerable: { name: string; ecosystem: string; version: string; advisories: string[] }[];
  unchecked: { name: string; ecosystem: string; check: 'vulnerable'; reason: string }[];
}

/** Every dependency looked up in the database: vulnerable, or not checked with the reason. */
export function checkAdvisories(
  dependencies: Dependency[],
  locked: Map<string, string>,
  db: AdvisoryDatabase,
): AdvisoryFindings {
  const findings: AdvisoryFindings = { vulnerable: [], unchecked: [] };
  for (const dep of dependencies) {
    const version = versionToCheck(dep, locked);
    const answer = typeof version === 'string' ? db.lookup(dep.ecosystem, dep.name, version) : version;
    if ('unknown' in answer)
      findings.unchecked.push({
        name: dep.name,
        ecosystem: dep.ecosystem,
        check: 'vulnerable',
        reason: answer.unknown,
      });
    else if (answer.ids.length > 0 && typeof version === 'string')
      findings.vulnerable.push({ name: dep.name, ecosystem: dep.ecosystem, version, advisories: answer.ids });
  }
  return findings;
}
