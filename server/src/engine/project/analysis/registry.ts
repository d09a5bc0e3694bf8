// Outdated and vulnerable dependencies from the package registries, only when the `web_search` tool
// is enabled. npm: the latest version from the registry document, vulnerabilities from the npm bulk
// advisory endpoint. PyPI: the JSON API (latest version, and the vulnerabilities it lists for a
// pinned version). Other ecosystems are reported as not checked. With an advisory database on disk
// (advisories.ts) vulnerabilities of every ecosystem come from it instead. Answers are cached in the
// worker for an hour. Whatever could not be checked is named in `unchecked`, never counted as 0.
import semver from 'semver';
import { checkAdvisories, type AdvisoryDatabase } from './advisories';
import type { Dependency } from './manifests';

const TTL_MS = 60 * 60 * 1000;
const TIMEOUT_MS = 10_000;
const CONCURRENCY = 8;
const cache = new Map<string, { at: number; value: unknown }>();

export interface RegistryUrls {
  npm: string;
  pypi: string;
}

/** Base URLs; overridable (CODEWRIGHT_NPM_REGISTRY, CODEWRIGHT_PYPI_URL) for mirrors and tests. */
export function registryUrls(env: NodeJS.ProcessEnv = process.env): RegistryUrls {
  return {
    npm: (env.CODEWRIGHT_NPM_REGISTRY ?? 'https://registry.npmjs.org').replace(/\/$/, ''),
    pypi: (env.CODEWRIGHT_PYPI_URL ?? 'https://pypi.org').replace(/\/$/, ''),
  };
}

export interface RegistryReport {
  outdated: { name: string; ecosystem: string; declared: string; latest: string }[];
  vulnerable: { name: string; ecosystem: string; version: string; advisories: string[] }[];
  /** Dependencies whose status is unknown, with the reason. */
  unchecked: { name: string; ecosystem: string; check: 'outdated' | 'vulnerable'; reason: string }[];
}

async function getJson(url: string, init?: RequestInit): Promise<unknown> {
  const key = `${init?.method ?? 'GET'} ${url} ${String(init?.body ?? '')}`;
  const hit = cache.get(key);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const response = await fetch(url, {
    ...init,
    headers: { accept: 'application/json', 'content-type': 'application/json' },
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  const value = await response.json();
  cache.set(key, { at: Date.now(), value });
  return value;
}

/** Runs `work` over items with at most CONCURRENCY requests in flight. */
async function eachLimited<T>(items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(CONCURRENCY, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}

/** The version a declared spec stands for: the locked one when known, else the lowest it allows. */
function versionOf(dep: Dependency, locked: Map<string, string>): string | undefined {
  const lockedVersion = locked.get(dep.name);
  if (lockedVersion) return lockedVersion;
  const range = semver.validRange(dep.spec);
  return range ? (semver.minVersion(range)?.version ?? undefined) : undefined;
}

export async function checkRegistries(
  dependencies: Dependency[],
  locked: Map<string, string>,
  urls: RegistryUrls = registryUrls(),
  advisories?: AdvisoryDatabase,
): Promise<RegistryReport> {
  const report: RegistryReport = { outdated: [], vulnerable: [], unchecked: [] };
  const unique = [...new Map(dependencies.map((d) => [`${d.ecosystem}:${d.name}`, d])).values()];
  const npm = unique.filter((d) => d.ecosystem === 'npm');
  const pypi = unique.filter((d) => d.ecosystem === 'PyPI');
  if (advisories) {
    const found = checkAdvisories(unique, locked, advisories);
    report.vulnerable.push(...found.vulnerable);
    report.unchecked.push(...found.unchecked);
  }
  const checks = advisories ? (['outdated'] as const) : (['outdated', 'vulnerable'] as const);
  for (const dep of unique.filter((d) => d.ecosystem !== 'npm' && d.ecosystem !== 'PyPI'))
    for (const check of checks)
      report.unchecked.push({
        name: dep.name,
        ecosystem: dep.ecosystem,
        check,
        reason: `no ${dep.ecosystem} registry look-up is built in`,
      });
  await eachLimited(npm, async (dep) => {
    if (!semver.validRange(dep.spec)) {
      for (const check of checks)
        report.unchecked.push({
          name: dep.name,
          ecosystem: 'npm',
          check,
          reason: `'${dep.spec}' is not a registry version range`,
        });
      return;
    }
    try {
      const doc = (await getJson(`${urls.npm}/${dep.name.replace('/', '%2f')}`)) as {
        'dist-tags'?: { latest?: string };
      };
      const latest = doc['dist-tags']?.latest;
      if (!latest) throw new Error('no latest version in the registry document');
      if (semver.gtr(latest, dep.spec))
        report.outdated.push({ name: dep.name, ecosystem: 'npm', declared: dep.spec, latest });
    } catch (error) {
      report.unchecked.push({
        name: dep.name,
        ecosystem: 'npm',
        check: 'outdated',
        reason: (error as Error).message,
      });
    }
  });
  if (!advisories) await npmAdvisories(npm, locked, urls, report);
  await eachLimited(pypi, async (dep) => {
    try {
      const doc = (await getJson(`${urls.pypi}/pypi/${encodeURIComponent(dep.name)}/json`)) as {
        info?: { version?: string };
      };
      const latest = doc.info?.version;
      const pinned = /^==\s*([\w.]+)$/.exec(dep.spec)?.[1];
      if (latest && pinned && pinned !== latest)
        report.outdated.push({ name: dep.name, ecosystem: 'PyPI', declared: dep.spec, latest });
      if (advisories) return; // vulnerabilities came from the advisory database
      if (!pinned) {
        report.unchecked.push({
          name: dep.name,
          ecosystem: 'PyPI',
          check: 'vulnerable',
          reason: 'not pinned (==): advisories apply to one version',
        });
        return;
      }
      const release = (await getJson(`${urls.pypi}/pypi/${encodeURIComponent(dep.name)}/${pinned}/json`)) as {
        vulnerabilities?: { id?: string }[];
      };
      const ids = (release.vulnerabilities ?? []).map((v) => v.id ?? 'advisory');
      if (ids.length > 0)
        report.vulnerable.push({ name: dep.name, ecosystem: 'PyPI', version: pinned, advisories: ids });
    } catch (error) {
      for (const check of checks)
        report.unchecked.push({ name: dep.name, ecosystem: 'PyPI', check, reason: (error as Error).message });
    }
  });
  return report;
}

async function npmAdvisories(
  npm: Dependency[],
  locked: Map<string, string>,
  urls: RegistryUrls,
  report: RegistryReport,
): Promise<void> {
  const versions: Record<string, string[]> = {};
  for (const dep of npm) {
    const version = versionOf(dep, locked);
    if (version) versions[dep.name] = [version];
  }
  if (Object.keys(versions).length === 0) return;
  try {
    const advisories = (await getJson(`${urls.npm}/-/npm/v1/security/advisories/bulk`, {
      method: 'POST',
      body: JSON.stringify(versions),
    })) as Record<string, { id?: number; url?: string; vulnerable_versions?: string }[]>;
    for (const [name, list] of Object.entries(advisories)) {
      const version = versions[name]?.[0];
      const hits = list.filter(
        (a) => !a.vulnerable_versions || (version && semver.satisfies(version, a.vulnerable_versions)),
      );
      if (version && hits.length > 0)
        report.vulnerable.push({
          name,
          ecosystem: 'npm',
          version,
          advisories: hits.map((a) => a.url ?? String(a.id)),
        });
    }
  } catch (error) {
    for (const name of Object.keys(versions))
      report.unchecked.push({
        name,
        ecosystem: 'npm',
        check: 'vulnerable',
        reason: (error as Error).message,
      });
  }
}
