// The analyzeProject operation: one pass over the project's files (size, manifests, quality and
// architecture fed from the same read), then the registries when the web_search tool allows it.
// Only paths under the workspace roots, only with the file_operations tool.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ProjectAnalyzeInput, ProjectAnalyzeOutput } from '../../contracts/project';
import { resolveUnderRoots } from '../../docs/paths';
import type { OperationContext } from '../../engine';
import { CodewrightError, invalidField } from '../../errors';
import { scanProject, type ScannedFile } from '../size/scan';
import { advisoryDatabase, checkAdvisories } from './advisories';
import { ArchitectureStage } from './architecture';
import { identify } from './detect';
import { isManifest, readManifest, type ManifestReport } from './manifests';
import { QualityStage } from './quality';
import { checkRegistries } from './registry';

/** The share of the time left that the quality stage may take before it stops reviewing new files. */
const QUALITY_SHARE = 0.6;
/** The shares after which the architecture stage stops measuring new files and the walk stops. */
const ARCHITECTURE_SHARE = 0.75;
const WALK_SHARE = 0.85;
const DEFAULT_QUALITY_MS = 120_000;
const MAX_MANIFESTS = 500;

export function requireFileOperations(context: OperationContext, what: string): void {
  if (!context.config.tools.includes('file_operations')) {
    throw new CodewrightError(
      'TOOL_DISABLED',
      `${what}: enable the file_operations tool in the configuration`,
      {
        field: 'tools',
        issue: 'file_operations is disabled',
      },
    );
  }
}

export async function analyzeProject(
  input: ProjectAnalyzeInput,
  context: OperationContext,
): Promise<ProjectAnalyzeOutput> {
  requireFileOperations(context, 'Project analysis reads files');
  const { real } = resolveUnderRoots(input.project_path, context.roots, 'project_path');
  if (!statSync(real).isDirectory())
    throw invalidField('project_path', `is not a folder (${input.project_path})`);
  const type = input.analysis_type;
  const wantQuality = type === 'full' || type === 'quality';
  const wantArchitecture = type === 'full' || type === 'architecture';
  const wantDependencies = (type === 'full' || type === 'dependencies') && input.include_dependencies;
  const stageMs = context.budget?.stageMs();
  // Time left for the whole operation (the budget's stage share is 0.5 of it); without a budget
  // (direct calls) only the quality stage is limited.
  const left = stageMs === undefined ? undefined : stageMs / 0.5;
  const started = Date.now();
  const qualityDeadline = started + (left === undefined ? DEFAULT_QUALITY_MS : left * QUALITY_SHARE);
  const quality = wantQuality ? new QualityStage(real, qualityDeadline) : undefined;
  const architecture = wantArchitecture
    ? new ArchitectureStage(left === undefined ? undefined : started + left * ARCHITECTURE_SHARE)
    : undefined;
  const manifests: ManifestReport = { manifests: [], dependencies: [], malformed: [] };
  const progress = context.progress;
  progress?.({ message: 'Counting files' });
  const size = await scanProject(real, {
    signal: context.signal,
    deadline: left === undefined ? undefined : started + left * WALK_SHARE,
    onEntry: (path, rel, name) => {
      if (isManifest(name) && manifests.manifests.length + manifests.malformed.length < MAX_MANIFESTS)
        readManifest(path, rel, manifests);
      if (name === 'go.mod' && architecture) readGoModule(path, rel, architecture);
    },
    onFile: async (file: ScannedFile) => {
      await architecture?.add(file);
      await quality?.add(file);
    },
    onProgress: (seen) => progress?.({ message: `Analysed ${seen} files` }),
  });
  if (context.signal?.aborted)
    throw new CodewrightError('UNPROCESSABLE', 'Project analysis cancelled.', { issue: 'cancelled' });
  const identity = identify(real, manifests.manifests, manifests.dependencies, size.languages);
  const output: ProjectAnalyzeOutput = {
    project_info: {
      ...identity,
      size: {
        files: size.files,
        lines: size.lines,
        size_mb: Math.round((size.bytes / (1024 * 1024)) * 1000) / 1000,
        languages: size.languages,
        largest: size.largest,
        excluded: size.excluded,
        ...(size.truncated ? { truncated: size.truncated } : {}),
      },
    },
  };
  if (quality) output.code_quality = quality.finish();
  if (architecture) {
    const report = architecture.finish();
    output.architecture = {
      complexity: report.complexity,
      maintainability: report.maintainability,
      testability: report.testability,
      metrics: {
        ...report.metrics,
        unmeasured_files: report.unmeasured_files,
        ...(report.out_of_time_files > 0 ? { out_of_time_files: report.out_of_time_files } : {}),
      },
      most_complex: report.most_complex,
    };
  }
  if (wantDependencies) {
    progress?.({ message: 'Checking dependencies' });
    output.dependencies = await dependencySection(real, manifests, context);
  }
  const skipped = [
    ...(context.budget?.report().skipped ?? []),
    ...(size.truncated ? [{ stage: 'file walk', reason: size.truncated.reason }] : []),
  ];
  return { ...output, ...(skipped.length > 0 ? { skipped } : {}) };
}

/** Go imports name project packages by the module path of go.mod; an unreadable one only loses that. */
function readGoModule(path: string, rel: string, architecture: ArchitectureStage): void {
  try {
    architecture.addGoModule(rel, readFileSync(path, 'utf8'));
  } catch {
    // The manifest stage reports an unreadable go.mod; coupling then counts no Go package imports.
  }
}

async function dependencySection(
  root: string,
  report: ManifestReport,
  context: OperationContext,
): Promise<NonNullable<ProjectAnalyzeOutput['dependencies']>> {
  const unique = new Map(report.dependencies.map((d) => [`${d.ecosystem}:${d.name}`, d]));
  const byEcosystem: Record<string, number> = {};
  for (const dep of unique.values()) byEcosystem[dep.ecosystem] = (byEcosystem[dep.ecosystem] ?? 0) + 1;
  const base = {
    total: unique.size,
    by_ecosystem: byEcosystem,
    manifests: report.manifests.map((m) => m.path),
    malformed_manifests: report.malformed,
  };
  const advisories = advisoryDatabase();
  if (!context.config.tools.includes('web_search')) {
    if (!advisories)
      return {
        ...base,
        outdated: null,
        vulnerable: null,
        checked: {
          registry: false,
          reason: 'outdated and vulnerable need registry look-ups: enable the web_search tool to check them',
        },
      };
    // The advisory database is on disk: vulnerabilities need no network, being outdated does.
    const found = checkAdvisories([...unique.values()], lockedVersions(root), advisories);
    const notChecked = new Set(found.unchecked.map((u) => `${u.ecosystem}:${u.name}`)).size;
    return {
      ...base,
      outdated: null,
      vulnerable: notChecked > 0 ? null : found.vulnerable.length,
      checked: {
        registry: false,
        reason:
          'outdated needs registry look-ups: enable the web_search tool to check it; vulnerable is from the advisory database' +
          (notChecked > 0
            ? `, where ${notChecked} of ${unique.size} dependencies could not be checked (see unchecked)`
            : ''),
      },
      vulnerable_packages: found.vulnerable,
      unchecked: found.unchecked,
    };
  }
  if (unique.size === 0) return { ...base, outdated: 0, vulnerable: 0, checked: { registry: true } };
  const registry = await checkRegistries([...unique.values()], lockedVersions(root), undefined, advisories);
  // A count is given only when every dependency was checked: a partial count would read as "only N".
  const missing = (check: 'outdated' | 'vulnerable') =>
    new Set(registry.unchecked.filter((u) => u.check === check).map((u) => `${u.ecosystem}:${u.name}`)).size;
  const notOutdated = missing('outdated');
  const notVulnerable = missing('vulnerable');
  const reasons = [
    notOutdated > 0 ? `outdated: ${notOutdated} of ${unique.size} dependencies could not be checked` : '',
    notVulnerable > 0
      ? `vulnerable: ${notVulnerable} of ${unique.size} dependencies could not be checked`
      : '',
  ].filter(Boolean);
  return {
    ...base,
    outdated: notOutdated > 0 ? null : registry.outdated.length,
    vulnerable: notVulnerable > 0 ? null : registry.vulnerable.length,
    checked: {
      registry: true,
      ...(reasons.length > 0 ? { reason: `${reasons.join('; ')} (see unchecked)` } : {}),
    },
    outdated_packages: registry.outdated,
    vulnerable_packages: registry.vulnerable,
    unchecked: registry.unchecked,
  };
}

/** Installed versions from the root package-lock.json, when there is one. */
function lockedVersions(root: string): Map<string, string> {
  const locked = new Map<string, string>();
  try {
    const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')) as {
      packages?: Record<string, { version?: string }>;
    };
    for (const [path, entry] of Object.entries(lock.packages ?? {})) {
      if (path.startsWith('node_modules/') && !path.includes('/node_modules/', 1) && entry.version)
        locked.set(path.slice('node_modules/'.length), entry.version);
    }
  } catch {
    // No lock file (or an unreadable one): versions come from the declared ranges.
  }
  return locked;
}
