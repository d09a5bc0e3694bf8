// Code quality of a project: the review engine over each source file, run directly in this worker
// (the analysis already is a pool task). Results are cached by the file's SHA-256, in memory and in a
// cache file per project, so a second analysis reviews only what changed. Files are reviewed while
// the stage's time allows; the rest are counted as not reviewed, never as clean.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAX_REVIEW_SIZE, type Severity } from '../../contracts/review';
import type { LanguageId } from '../../languages';
import type { ScannedFile } from '../size/scan';

export interface FileQuality {
  score: number;
  lines: number;
  bySeverity: Record<Severity, number>;
}

export interface QualityReport {
  score: number | null;
  issues: number;
  warnings: number;
  suggestions: number;
  reviewed_files: number;
  cached_files: number;
  not_reviewed: { files: number; reason: string }[];
  by_folder: { folder: string; files: number; score: number; issues: number }[];
}

// Results are only valid for the review engine that produced them: the running bundle's time stamp
// is part of every key.
const ENGINE_STAMP = (() => {
  try {
    return String(statSync(__filename).mtimeMs);
  } catch {
    return 'unknown';
  }
})();
const memory = new Map<string, FileQuality>();
const MEMORY_ENTRIES = 50_000;

type Review = (code: string, language: LanguageId) => Promise<FileQuality>;

async function reviewFile(code: string, language: LanguageId): Promise<FileQuality> {
  const { reviewDetailed } = require('../../review/index') as typeof import('../../review/index');
  const { CHECK_TYPES } = require('../../contracts/review') as typeof import('../../contracts/review');
  const { output } = await reviewDetailed(
    { code, language, check_types: [...CHECK_TYPES] },
    {},
    { fixedCode: false },
  );
  const bySeverity: Record<Severity, number> = { critical: 0, high: 0, medium: 0, low: 0 };
  for (const issue of output.issues) bySeverity[issue.severity]++;
  return { score: output.score, lines: code.split('\n').length, bySeverity };
}

export class QualityStage {
  private readonly seen = new Map<string, FileQuality>();
  private readonly folders = new Map<
    string,
    { files: number; weighted: number; lines: number; issues: number }
  >();
  private readonly cacheFile: string;
  private readonly disk: Record<string, FileQuality>;
  private reviewed = 0;
  private cached = 0;
  private outOfTime = 0;
  private tooLarge = 0;
  private failed = 0;
  private totals = { weighted: 0, lines: 0, critical: 0, high: 0, medium: 0, low: 0 };

  constructor(
    projectRoot: string,
    private readonly deadline: number,
    private readonly review: Review = reviewFile,
    cacheDir = process.env.CODEWRIGHT_CACHE_DIR ?? join(tmpdir(), 'codewright-cache'),
  ) {
    this.cacheFile = join(
      cacheDir,
      `quality-${createHash('sha256').update(projectRoot).digest('hex').slice(0, 16)}.json`,
    );
    this.disk = readCache(this.cacheFile);
  }

  async add(file: ScannedFile): Promise<void> {
    const language = file.language.engineLanguage as LanguageId | undefined;
    if (!language) return;
    if (file.text.length > MAX_REVIEW_SIZE) {
      this.tooLarge++;
      return;
    }
    const key = `${ENGINE_STAMP}:${language}:${createHash('sha256').update(file.text).digest('hex')}`;
    let result = memory.get(key) ?? this.disk[key];
    if (result) this.cached++;
    else if (Date.now() > this.deadline) {
      this.outOfTime++;
      return;
    } else {
      try {
        result = await this.review(file.text, language);
      } catch {
        this.failed++;
        return;
      }
      if (memory.size >= MEMORY_ENTRIES) memory.delete(memory.keys().next().value!);
      memory.set(key, result);
    }
    this.seen.set(key, result);
    this.reviewed++;
    this.record(file.rel, result);
  }

  private record(rel: string, result: FileQuality): void {
    const slash = rel.indexOf('/');
    const folder = slash < 0 ? '.' : rel.slice(0, slash);
    const entry = this.folders.get(folder) ?? { files: 0, weighted: 0, lines: 0, issues: 0 };
    const issues =
      result.bySeverity.critical + result.bySeverity.high + result.bySeverity.medium + result.bySeverity.low;
    entry.files++;
    entry.weighted += result.score * result.lines;
    entry.lines += result.lines;
    entry.issues += issues;
    this.folders.set(folder, entry);
    this.totals.weighted += result.score * result.lines;
    this.totals.lines += result.lines;
    for (const severity of ['critical', 'high', 'medium', 'low'] as const)
      this.totals[severity] += result.bySeverity[severity];
  }

  /** The report; also writes this run's results to the cache file (only what this run saw). */
  finish(): QualityReport {
    writeCache(this.cacheFile, Object.fromEntries(this.seen));
    const notReviewed = [
      {
        files: this.outOfTime,
        reason: 'the quality stage ran out of time; a second run continues from the cache',
      },
      { files: this.tooLarge, reason: `larger than the review limit of ${MAX_REVIEW_SIZE} characters` },
      { files: this.failed, reason: 'the review engine failed on them' },
    ].filter((entry) => entry.files > 0);
    return {
      score: this.totals.lines > 0 ? round(this.totals.weighted / this.totals.lines) : null,
      issues: this.totals.critical + this.totals.high,
      warnings: this.totals.medium,
      suggestions: this.totals.low,
      reviewed_files: this.reviewed,
      cached_files: this.cached,
      not_reviewed: notReviewed,
      by_folder: [...this.folders.entries()]
        .map(([folder, e]) => ({
          folder,
          files: e.files,
          score: round(e.weighted / Math.max(1, e.lines)),
          issues: e.issues,
        }))
        .sort((a, b) => a.folder.localeCompare(b.folder)),
    };
  }
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

function readCache(file: string): Record<string, FileQuality> {
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return data && typeof data === 'object' ? (data as Record<string, FileQuality>) : {};
  } catch {
    return {};
  }
}

function writeCache(file: string, entries: Record<string, FileQuality>): void {
  try {
    mkdirSync(join(file, '..'), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, JSON.stringify(entries));
    renameSync(temp, file);
  } catch {
    // A cache that cannot be written only makes the next run slower.
  }
}
