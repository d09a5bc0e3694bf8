// Reads the dependency manifests a project holds (package.json, requirements*.txt, pyproject.toml,
// go.mod, Cargo.toml, pom.xml) into one list of declared dependencies. A manifest that cannot be
// read is reported with the reason; the others still count.
import { readFileSync } from 'node:fs';
import { ManifestError, parseTomlSubset, type TomlTable } from './toml';

export type Ecosystem = 'npm' | 'PyPI' | 'Go' | 'crates.io' | 'Maven';

export interface Dependency {
  ecosystem: Ecosystem;
  name: string;
  /** The version or range as declared ('' when none is). */
  spec: string;
  dev: boolean;
  /** The manifest declaring it, relative to the project root. */
  manifest: string;
}

export interface ManifestInfo {
  path: string;
  kind: string;
  /** What the manifest says about the project (name, entry points, engines). */
  name?: string;
  bin?: boolean;
  vscodeEngine?: boolean;
  library?: boolean;
}

export interface ManifestReport {
  manifests: ManifestInfo[];
  dependencies: Dependency[];
  malformed: { path: string; reason: string }[];
}

const MANIFEST_FILE =
  /^(package\.json|requirements([-_.][\w.-]*)?\.txt|pyproject\.toml|go\.mod|Cargo\.toml|pom\.xml)$/;

export function isManifest(fileName: string): boolean {
  return MANIFEST_FILE.test(fileName);
}

/** Reads one manifest into the report. */
export function readManifest(path: string, rel: string, report: ManifestReport): void {
  const name = rel.slice(rel.lastIndexOf('/') + 1);
  try {
    const text = readFileSync(path, 'utf8');
    const found =
      name === 'package.json'
        ? packageJson(text, rel)
        : name === 'pyproject.toml'
          ? pyproject(text, rel)
          : name === 'Cargo.toml'
            ? cargo(text, rel)
            : name === 'go.mod'
              ? goMod(text, rel)
              : name === 'pom.xml'
                ? pom(text, rel)
                : requirements(text, rel);
    report.manifests.push(found.info);
    report.dependencies.push(...found.dependencies);
  } catch (error) {
    const reason =
      error instanceof ManifestError || error instanceof SyntaxError
        ? error.message
        : ((error as NodeJS.ErrnoException).code ?? String(error));
    report.malformed.push({ path: rel, reason });
  }
}

interface Found {
  info: ManifestInfo;
  dependencies: Dependency[];
}

function entries(
  table: unknown,
  ecosystem: Ecosystem,
  dev: boolean,
  manifest: string,
  specOf: (value: unknown) => string = (v) => (typeof v === 'string' ? v : ''),
): Dependency[] {
  if (!table || typeof table !== 'object' || Array.isArray(table)) return [];
  return Object.entries(table).map(([name, value]) => ({
    ecosystem,
    name,
    spec: specOf(value),
    dev,
    manifest,
  }));
}

function packageJson(text: string, rel: string): Found {
  const json = JSON.parse(text) as Record<string, unknown>;
  if (!json || typeof json !== 'object' || Array.isArray(json)) throw new ManifestError('not a JSON object');
  const engines = json.engines as Record<string, unknown> | undefined;
  return {
    info: {
      path: rel,
      kind: 'package.json',
      name: typeof json.name === 'string' ? json.name : undefined,
      bin: Boolean(json.bin),
      vscodeEngine: Boolean(engines && typeof engines === 'object' && 'vscode' in engines),
      library: Boolean(json.main || json.exports || json.module || json.types),
    },
    dependencies: [
      ...entries(json.dependencies, 'npm', false, rel),
      ...entries(json.optionalDependencies, 'npm', false, rel),
      ...entries(json.devDependencies, 'npm', true, rel),
    ],
  };
}

/** `name>=1.0; python_version<"3.9"` → name and spec (PEP 508, without extras and markers). */
function pep508(line: string, dev: boolean, rel: string): Dependency | undefined {
  const match = /^([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*([^;@]*)/.exec(line.trim());
  if (!match) return undefined;
  return { ecosystem: 'PyPI', name: match[1]!, spec: match[3]!.trim(), dev, manifest: rel };
}

function requirements(text: string, rel: string): Found {
  const dev = /dev|test/i.test(rel);
  const dependencies: Dependency[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (!line || line.startsWith('-') || /^[a-z+]+:\/\//i.test(line)) continue;
    const dep = pep508(line, dev, rel);
    if (!dep) throw new ManifestError(`cannot read the requirement '${line}'`);
    dependencies.push(dep);
  }
  return { info: { path: rel, kind: 'requirements.txt' }, dependencies };
}

function table(value: unknown): TomlTable {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as TomlTable) : {};
}

function pyproject(text: string, rel: string): Found {
  const toml = parseTomlSubset(text);
  const project = table(toml.project);
  const poetry = table(table(toml.tool).poetry);
  const dependencies: Dependency[] = [];
  for (const line of Array.isArray(project.dependencies) ? project.dependencies : []) {
    const dep = typeof line === 'string' ? pep508(line, false, rel) : undefined;
    if (dep) dependencies.push(dep);
  }
  for (const [group, lines] of Object.entries(table(project['optional-dependencies']))) {
    for (const line of Array.isArray(lines) ? lines : []) {
      const dep = typeof line === 'string' ? pep508(line, /dev|test|lint|doc/i.test(group), rel) : undefined;
      if (dep) dependencies.push(dep);
    }
  }
  const poetrySpec = (v: unknown) => (typeof v === 'string' ? v : String(table(v).version ?? ''));
  dependencies.push(
    ...entries(poetry.dependencies, 'PyPI', false, rel, poetrySpec).filter((d) => d.name !== 'python'),
    ...entries(poetry['dev-dependencies'], 'PyPI', true, rel, poetrySpec),
  );
  for (const group of Object.values(table(poetry.group)))
    dependencies.push(...entries(table(group).dependencies, 'PyPI', true, rel, poetrySpec));
  const name =
    typeof project.name === 'string'
      ? project.name
      : typeof poetry.name === 'string'
        ? poetry.name
        : undefined;
  const scripts = Object.keys(table(project.scripts)).length + Object.keys(table(poetry.scripts)).length;
  return { info: { path: rel, kind: 'pyproject.toml', name, bin: scripts > 0, library: true }, dependencies };
}

function cargo(text: string, rel: string): Found {
  const toml = parseTomlSubset(text);
  const spec = (v: unknown) => (typeof v === 'string' ? v : String(table(v).version ?? ''));
  const name = table(toml.package).name;
  return {
    info: {
      path: rel,
      kind: 'Cargo.toml',
      name: typeof name === 'string' ? name : undefined,
      bin: Array.isArray(toml.bin),
      library: 'lib' in toml,
    },
    dependencies: [
      ...entries(toml.dependencies, 'crates.io', false, rel, spec),
      ...entries(toml['build-dependencies'], 'crates.io', false, rel, spec),
      ...entries(toml['dev-dependencies'], 'crates.io', true, rel, spec),
    ],
  };
}

function goMod(text: string, rel: string): Found {
  const module = /^\s*module\s+(\S+)/m.exec(text)?.[1];
  if (!module) throw new ManifestError("no 'module' line");
  const dependencies: Dependency[] = [];
  const add = (line: string) => {
    const match = /^\s*(\S+)\s+(v\S+)/.exec(line);
    if (match)
      dependencies.push({ ecosystem: 'Go', name: match[1]!, spec: match[2]!, dev: false, manifest: rel });
  };
  for (const block of text.matchAll(/^\s*require\s*\(([\s\S]*?)\)/gm)) block[1]!.split('\n').forEach(add);
  for (const single of text.matchAll(/^\s*require\s+([^(\s].*)$/gm)) add(single[1]!);
  return { info: { path: rel, kind: 'go.mod', name: module }, dependencies };
}

function pom(text: string, rel: string): Found {
  if (!/<project[\s>]/.test(text) || !/<\/project>/.test(text))
    throw new ManifestError('no <project> element');
  const tag = (xml: string, name: string) => new RegExp(`<${name}>\\s*([^<]*?)\\s*</${name}>`).exec(xml)?.[1];
  const withoutDeps = text
    .replace(/<dependencies>[\s\S]*?<\/dependencies>/g, '')
    .replace(/<parent>[\s\S]*?<\/parent>/g, '');
  const dependencies: Dependency[] = [];
  for (const block of text.matchAll(/<dependency>([\s\S]*?)<\/dependency>/g)) {
    const group = tag(block[1]!, 'groupId');
    const artifact = tag(block[1]!, 'artifactId');
    if (!group || !artifact) continue;
    dependencies.push({
      ecosystem: 'Maven',
      name: `${group}:${artifact}`,
      spec: tag(block[1]!, 'version') ?? '',
      dev: tag(block[1]!, 'scope') === 'test',
      manifest: rel,
    });
  }
  return { info: { path: rel, kind: 'pom.xml', name: tag(withoutDeps, 'artifactId') }, dependencies };
}
