// One pass over a project's files: each file is read once, classified (language, binary, too large),
// its lines counted, and handed to the other analyses (quality, architecture) through `onFile`, so
// nothing but totals and a few top-N lists stays in memory however large the tree.
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { walkProject, type WalkStats } from '../walk';
import { countLines, type LineCounts } from './countLines';
import { languageOfFile, type LanguageSpec } from './syntax';

/** Files larger than this are listed as too large, not read (generated data, bundles). */
export const MAX_COUNTED_BYTES = 64 * 1024 * 1024;
const TOP = 10;
const BINARY_EXTENSIONS =
  /\.(png|jpe?g|gif|bmp|ico|webp|avif|tiff?|psd|pdf|zip|gz|tgz|bz2|xz|7z|rar|jar|war|class|o|a|so|dylib|dll|exe|bin|wasm|node|pyc|pyo|woff2?|ttf|otf|eot|mp[34]|mov|avi|mkv|wav|ogg|flac|sqlite|db|lockb)$/i;

export interface ScannedFile {
  path: string;
  rel: string;
  bytes: number;
  text: string;
  language: LanguageSpec;
  counts: LineCounts;
}

export interface LanguageTotals extends LineCounts {
  files: number;
}

export interface SizeReport {
  /** Files of a recognised language, their lines (code + comment + blank) and bytes. */
  files: number;
  lines: number;
  bytes: number;
  languages: Record<string, LanguageTotals>;
  largest: { path: string; language: string; lines: number }[];
  /** What was left out and why: nothing is dropped silently. */
  excluded: {
    ignored: number;
    skipped_folders: number;
    symlinks: number;
    binary: number;
    unrecognised: number;
    too_large: number;
    unreadable: { path: string; reason: string }[];
  };
  /** Set when the walk stopped before the end of the tree (time ran out): the counts cover `files_seen`. */
  truncated?: { files_seen: number; reason: string };
}

export interface ScanOptions {
  /** Called for every file the walk keeps, before it is classified (manifests of any type). */
  onEntry?: (path: string, rel: string, name: string) => void;
  onFile?: (file: ScannedFile) => void | Promise<void>;
  /** Called every `progressEvery` files with the number seen so far. */
  onProgress?: (filesSeen: number) => void;
  progressEvery?: number;
  signal?: AbortSignal;
  /** Epoch milliseconds after which the walk stops and the report says it was truncated. */
  deadline?: number;
}

/** Most source files fit in this; one buffer of this size is reused for every file. */
const READ_CHUNK = 64 * 1024;
const shared = Buffer.allocUnsafe(READ_CHUNK);

/**
 * The file's bytes, or undefined when it is larger than MAX_COUNTED_BYTES. A file that fits in the
 * shared buffer costs one open, one read and one close: on a tree of many small files the per-file
 * system calls and a fresh buffer per file weigh as much as the counting. A read that fills the
 * buffer asks for the size (fstat on the open file) and continues into a buffer of that size.
 *
 * The result may be a view of the shared buffer: it is valid until the next call, so the caller
 * decodes it before reading another file.
 */
function readSmallFile(path: string): Buffer | undefined {
  const fd = openSync(path, 'r');
  try {
    const first = readSync(fd, shared, 0, READ_CHUNK, null);
    // A local regular file returns less than was asked only at its end.
    if (first < READ_CHUNK) return shared.subarray(0, first);
    const size = fstatSync(fd).size;
    if (size > MAX_COUNTED_BYTES) return undefined;
    // One byte more than the size, so the end shows as a read of 0 bytes without growing.
    let buffer = Buffer.allocUnsafe(Math.max(size, first) + 1);
    shared.copy(buffer, 0, 0, first);
    let filled = first;
    for (;;) {
      if (filled === buffer.length) {
        // The file grew while we read it (or fstat was wrong): keep reading, within the limit.
        if (filled > MAX_COUNTED_BYTES) return undefined;
        const bigger = Buffer.allocUnsafe(Math.min(filled * 2, MAX_COUNTED_BYTES + 1));
        buffer.copy(bigger, 0, 0, filled);
        buffer = bigger;
      }
      const got = readSync(fd, buffer, filled, buffer.length - filled, null);
      if (got === 0) break;
      filled += got;
    }
    return buffer.subarray(0, filled);
  } finally {
    closeSync(fd);
  }
}

function looksBinary(bytes: Buffer): boolean {
  // Most files are shorter than the window: search them whole, without a view object per file.
  return (bytes.length <= 8000 ? bytes : bytes.subarray(0, 8000)).indexOf(0) !== -1;
}

export async function scanProject(root: string, options: ScanOptions = {}): Promise<SizeReport> {
  const stats: WalkStats = { ignored: 0, skippedFolders: 0, symlinks: 0, unreadable: [] };
  const report: SizeReport = {
    files: 0,
    lines: 0,
    bytes: 0,
    languages: {},
    largest: [],
    excluded: {
      ignored: 0,
      skipped_folders: 0,
      symlinks: 0,
      binary: 0,
      unrecognised: 0,
      too_large: 0,
      unreadable: [],
    },
  };
  const every = options.progressEvery ?? 1000;
  let seen = 0;
  for (const file of walkProject(root, stats)) {
    if (++seen % every === 0) {
      options.onProgress?.(seen);
      if (options.signal?.aborted) break;
    }
    if (options.deadline !== undefined && seen % 64 === 0 && Date.now() > options.deadline) {
      report.truncated = {
        files_seen: seen,
        reason: `the walk ran out of its share of the operation's time after ${seen} files; the counts cover those`,
      };
      break;
    }
    options.onEntry?.(file.path, file.rel, file.name);
    if (BINARY_EXTENSIONS.test(file.name)) {
      report.excluded.binary++;
      continue;
    }
    const language = languageOfFile(file.name);
    if (!language) {
      report.excluded.unrecognised++;
      continue;
    }
    let bytes: Buffer | undefined;
    try {
      bytes = readSmallFile(file.path);
    } catch (error) {
      report.excluded.unreadable.push({
        path: file.rel,
        reason: (error as NodeJS.ErrnoException).code ?? 'unreadable',
      });
      continue;
    }
    if (!bytes) {
      report.excluded.too_large++;
      continue;
    }
    if (looksBinary(bytes)) {
      report.excluded.binary++;
      continue;
    }
    const text = bytes.toString('utf8');
    const counts = countLines(text, language.syntax);
    add(report, language.name, counts, bytes.length);
    keepLargest(report.largest, { path: file.rel, language: language.name, lines: total(counts) });
    // Awaited only when the consumer is asynchronous: a pause per file adds up on small files.
    const pending = options.onFile?.({
      path: file.path,
      rel: file.rel,
      bytes: bytes.length,
      text,
      language,
      counts,
    });
    if (pending) await pending;
  }
  options.onProgress?.(seen);
  report.excluded.ignored = stats.ignored;
  report.excluded.skipped_folders = stats.skippedFolders;
  report.excluded.symlinks = stats.symlinks;
  report.excluded.unreadable.unshift(...stats.unreadable);
  return report;
}

function total(counts: LineCounts): number {
  return counts.code + counts.comment + counts.blank;
}

function add(report: SizeReport, language: string, counts: LineCounts, bytes: number): void {
  const totals = (report.languages[language] ??= { files: 0, code: 0, comment: 0, blank: 0 });
  totals.files++;
  totals.code += counts.code;
  totals.comment += counts.comment;
  totals.blank += counts.blank;
  report.files++;
  report.lines += total(counts);
  report.bytes += bytes;
}

/** Keeps the TOP entries with the most lines, largest first. */
export function keepLargest<T extends { lines: number }>(list: T[], item: T, top = TOP): void {
  if (list.length >= top && list[list.length - 1]!.lines >= item.lines) return;
  list.push(item);
  list.sort((a, b) => b.lines - a.lines);
  if (list.length > top) list.pop();
}
