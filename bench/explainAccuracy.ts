// Accuracy of explain's complexity claims against labels written by other people.
//
//   npm run bench:explain -- <corpus folder> [--split dev|held-out|all] [--limit N] [--lang L] [--show wrong|unknown|all|concepts] [--tagged] [--triggers]
//
// The folder is read, never copied into the repository. Two label styles are understood:
// - a header comment stating the complexity of the file's solution (`# Time:  O(n)` /
//   `// Space: O(1)`, as in kamyu104/LeetCode-Solutions); only the first solution of a file is used
//   (up to the next `Time:` header), and every comment that states a complexity is removed before
//   the code is sent;
// - the sorting table of trekhleb/javascript-algorithms' README (worst-case column) and the
//   algorithm READMEs that state exactly one time complexity for a folder holding one implementation;
// - doocs/leetcode's README_EN.md sections (bench/explainAccuracyDoocs.ts), split by problem.
// Each claim is reduced to a growth class (bench/explainAccuracyLabels.ts) and judged exact, off by
// one class, wrong, or unknown (no claim). A naive baseline, "deepest loop nesting d → O(n^d)", is
// measured on the same functions in the same run. `--split` keeps half of the files (by a hash of
// their path) out of development: `dev` is the half looked at while fixing, `held-out` the other.
// `--triggers` prints, instead of the listing, how many files' bases name each step of a reading
// (names and numbers masked): counts only, no file, so the two halves can be compared.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, relative } from 'node:path';
import { explainCode } from '../server/src/engine/explain/index';
import { extractFacts } from '../server/src/engine/explain/index';
import { type Flow, type Unit, isFunctionUnit } from '../server/src/engine/explain/model';
import type { LanguageId } from '../server/src/engine/languages';
import {
  type Growth,
  type Verdict,
  compare,
  firstBigO,
  formatGrowth,
  judge,
  parseClaim,
  closestClaim,
  LABEL,
  type Sample,
  parseGrowth,
  stripComplexityComments,
} from './explainAccuracyLabels';
import { doocsSamples, isDoocs } from './explainAccuracyDoocs';

/** Algorithm concepts the engine reports, and the author's tags that name each. */
const TAG_CONCEPTS: [string, RegExp][] = [
  ['binary search', /binary search/],
  ['dynamic programming', /\bdp\b|dynamic programming|memoization|knapsack/],
  ['graph traversal', /\bbfs\b|\bdfs\b|topological sort|tarjan|dijkstra|flood fill|traversal|graph/],
  ['two pointers', /two pointers/],
  ['sliding window', /sliding window/],
  ['backtracking', /backtracking/],
  ['sorting', /\bsort|sorting/],
  ['divide and conquer', /divide and conquer|merge sort|quick ?sort/],
  ['prefix sums', /prefix sum/],
];

/** Comment lines above the first definition that read as technique tags (`# sort, greedy`). */
function techniqueTags(lines: string[]): string[] | undefined {
  const first = lines.findIndex((l) =>
    /^\s*(class|def|function|func|public|int|bool|vector|string|long|void|template|struct)\b/.test(l),
  );
  const tags = lines
    .slice(0, first < 0 ? 0 : first)
    .map((l) => /^\s*(?:#|\/\/)\s*([a-z][a-z0-9 ,+/()'-]*)$/.exec(l)?.[1])
    .filter((t): t is string => !!t && !/^(time|space)\b/.test(t));
  return tags.length ? tags : undefined;
}

const EXTENSIONS: Record<string, LanguageId> = {
  '.py': 'python',
  '.cpp': 'cpp',
  '.cc': 'cpp',
  '.c': 'c',
  '.ts': 'typescript',
  '.js': 'javascript',
  '.java': 'java',
  '.go': 'go',
};

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.') || name === 'node_modules' || name === '__test__') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else out.push(path);
  }
  return out;
}

/** Header-labelled files: the first solution with its `Time:` / `Space:` labels. */
function headerSample(file: string, root: string): Sample | undefined {
  const language = EXTENSIONS[extname(file)];
  if (!language) return undefined;
  const lines = readFileSync(file, 'utf8').split('\n');
  const timeAt = lines.slice(0, 15).findIndex((l) => LABEL.exec(l)?.[1]?.toLowerCase() === 'time');
  if (timeAt < 0) return undefined;
  const timeText = LABEL.exec(lines[timeAt]!)![2]!;
  // A label giving several costs ("ctor: O(n), add: O(1)") has no single class to compare.
  if ((timeText.match(/O\s*\(/g) ?? []).length !== 1) return undefined;
  const inner = firstBigO(timeText);
  const time = inner === undefined ? undefined : parseGrowth(inner);
  if (!time) return undefined;
  const spaceLine = lines
    .slice(timeAt, timeAt + 3)
    .find((l) => LABEL.exec(l)?.[1]?.toLowerCase() === 'space');
  const spaceText = spaceLine ? LABEL.exec(spaceLine)![2]! : undefined;
  const spaceInner =
    spaceText && (spaceText.match(/O\s*\(/g) ?? []).length === 1 ? firstBigO(spaceText) : undefined;
  const nextSolution = lines.findIndex(
    (l, i) => i > timeAt + 1 && LABEL.exec(l)?.[1]?.toLowerCase() === 'time',
  );
  const code = stripComplexityComments(
    lines.slice(0, nextSolution < 0 ? undefined : nextSolution).join('\n'),
  );
  return {
    file: relative(root, file),
    language,
    code,
    time,
    timeText: inner!,
    space: spaceInner ? parseGrowth(spaceInner) : undefined,
    tags: techniqueTags(lines.slice(0, nextSolution < 0 ? undefined : nextSolution)),
  };
}

/** trekhleb/javascript-algorithms: the README sorting table and single-label algorithm READMEs. */
function trekhlebSamples(root: string): Sample[] {
  const samples: Sample[] = [];
  const sourceOf = (folder: string): string | undefined => {
    const files = readdirSync(folder).filter((f) => f.endsWith('.js'));
    return files.length === 1 ? join(folder, files[0]!) : undefined;
  };
  const table = readFileSync(join(root, 'README.md'), 'utf8').split('\n');
  for (const row of table) {
    const cells = row.split('|').map((c) => c.trim());
    const name = /^\*\*(.+ sort)\*\*$/i.exec(cells[1] ?? '')?.[1];
    if (!name || !cells[4]) continue;
    const folder = join(root, 'src/algorithms/sorting', name.toLowerCase().replace(/\s+/g, '-'));
    const file = statSync(folder, { throwIfNoEntry: false }) ? sourceOf(folder) : undefined;
    const time = parseGrowth(cells[4]);
    const space = parseGrowth(cells[5] ?? '');
    if (!file || !time) continue;
    const code = stripComplexityComments(readFileSync(file, 'utf8'));
    samples.push({
      file: relative(root, file),
      language: 'javascript',
      code,
      time,
      timeText: cells[4],
      space,
      only: ['sort'],
    });
  }
  for (const readme of walk(join(root, 'src/algorithms')).filter((f) => basename(f) === 'README.md')) {
    const stated = [...readFileSync(readme, 'utf8').matchAll(/time complexity[^`\n]{0,40}`O\(([^`]*)\)`/gi)];
    const folder = dirname(readme);
    const file = sourceOf(folder);
    if (stated.length !== 1 || !file || folder.includes('/sorting/')) continue;
    const time = parseGrowth(stated[0]![1]!);
    if (!time) continue;
    const code = stripComplexityComments(readFileSync(file, 'utf8'));
    const exported = /export default function\s+([\w$]+)/.exec(code)?.[1];
    samples.push({
      file: relative(root, file),
      language: 'javascript',
      code,
      time,
      timeText: stated[0]![1]!,
      only: exported ? [exported] : undefined,
    });
  }
  return samples;
}

/** A step of a basis with its names, lines and numbers masked: the reading it names. */
function stepOf(step: string): string {
  return step
    .replace(/`[^`]*`/g, 'X')
    .replace(/\(lines? [\d, ]+\)/g, '')
    .replace(/\bline \d+\b/g, 'line N')
    .replace(/\d+/g, 'N')
    .replace(/^[\w$.<>]+: O\([^—]*\)\s*—\s*/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 90);
}

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

function callNames(flows: Flow[], out: Set<string>): Set<string> {
  for (const flow of flows) {
    if (flow.kind === 'call') {
      out.add(flow.name);
      for (const cb of flow.callbacks) callNames(cb, out);
    } else if (flow.kind === 'loop') callNames(flow.body, out);
    else if (flow.kind === 'branch') for (const arm of flow.arms) callNames(arm, out);
  }
  return out;
}

function loopDepth(flows: Flow[]): number {
  let deepest = 0;
  for (const flow of flows) {
    if (flow.kind === 'loop') deepest = Math.max(deepest, 1 + loopDepth(flow.body));
    else if (flow.kind === 'branch') for (const arm of flow.arms) deepest = Math.max(deepest, loopDepth(arm));
    else if (flow.kind === 'call')
      for (const cb of flow.callbacks) deepest = Math.max(deepest, loopDepth(cb));
  }
  return deepest;
}

/** The functions the label is about: named functions no other function of the file calls. */
function entryPoints(units: Unit[], only?: string[]): Unit[] {
  const functions = units.filter(
    (u) =>
      isFunctionUnit(u) &&
      u.kind !== 'constructor' &&
      u.name !== '<anonymous>' &&
      !/^(__init__|main|constructor)$/.test(u.name),
  );
  if (only) return functions.filter((u) => only.includes(u.name));
  const called = new Set<string>();
  for (const u of units)
    for (const name of callNames(u.body, new Set())) if (name !== u.name) called.add(name);
  return functions.filter((u) => !called.has(u.name));
}

interface Tally {
  /** Judged closer to the label when a total of items is read as count × item size. */
  asProduct: number;
  /** Kept as one size where the count × item size reading would have judged otherwise. */
  oneSize: number;
  exact: number;
  'off by one': number;
  wrong: number;
  unknown: number;
  high: number;
  low: number;
}

const emptyTally = (): Tally => ({
  asProduct: 0,
  oneSize: 0,
  exact: 0,
  'off by one': 0,
  wrong: 0,
  unknown: 0,
  high: 0,
  low: 0,
});

function record(tally: Tally, claim: Growth | undefined, label: Growth): Verdict | 'unknown' {
  if (!claim) {
    tally.unknown++;
    return 'unknown';
  }
  const verdict = judge(claim, label);
  tally[verdict]++;
  if (verdict !== 'exact') tally[compare(claim, label) > 0 ? 'high' : 'low']++;
  return verdict;
}

function pct(part: number, total: number): string {
  return total ? `${((100 * part) / total).toFixed(0)}%`.padStart(4) : '  - ';
}

function row(name: string, t: Tally, n: number): string {
  return `${name.padEnd(22)} ${String(n).padStart(5)}  exact ${pct(t.exact, n)}  off-by-one ${pct(t['off by one'], n)}  wrong ${pct(t.wrong, n)}  unknown ${pct(t.unknown, n)}  (wrong/off: ${t.high} high, ${t.low} low)${t.asProduct ? `; closer read as count × item size: ${t.asProduct}` : ''}${t.oneSize ? `; kept as one size where count × item size differs: ${t.oneSize}` : ''}`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const folder = args.find(
    (a, i) =>
      !a.startsWith('--') &&
      (!args[i - 1]?.startsWith('--') || args[i - 1] === '--tagged' || args[i - 1] === '--triggers'),
  );
  if (!folder)
    throw new Error(
      'usage: npm run bench:explain -- <corpus folder> [--split dev|held-out|all] [--limit N] [--lang L] [--show wrong|unknown|all|concepts] [--tagged] [--triggers]',
    );
  const split = option('split') ?? 'all';
  const limit = Number(option('limit') ?? Infinity);
  const show = option('show');
  const isTrekhleb = statSync(join(folder, 'src/algorithms'), { throwIfNoEntry: false })?.isDirectory();
  let samples = isTrekhleb
    ? trekhlebSamples(folder)
    : isDoocs(folder)
      ? doocsSamples(folder)
      : walk(folder).flatMap((f) => headerSample(f, folder) ?? []);
  if (split !== 'all')
    samples = samples.filter((s) => (hash(s.group ?? s.file) % 2 === 0) === (split === 'dev'));
  if (option('lang')) samples = samples.filter((s) => s.language === option('lang'));
  // `--tagged`: only files with technique tags (the ones the concept agreement is measured on).
  if (args.includes('--tagged')) samples = samples.filter((s) => s.tags);
  samples.sort((a, b) => hash(a.file) - hash(b.file));
  const perLanguage = new Map<string, Sample[]>();
  for (const s of samples) {
    const list = perLanguage.get(s.language) ?? [];
    if (list.length < limit) list.push(s);
    perLanguage.set(s.language, list);
  }
  const lines: string[] = [];
  // Files the engine threw on: each is a bug (an answer the API could not give), never left out silently.
  const failures: string[] = [];
  // `--triggers`: files whose claims name each step of a reading (any unit of the file).
  const triggers = args.includes('--triggers') ? new Map<string, number>() : undefined;
  const started = Date.now();
  for (const [language, list] of [...perLanguage].sort()) {
    const engine = emptyTally();
    const naive = emptyTally();
    const space = emptyTally();
    const naiveSpace = emptyTally();
    let spaceCount = 0;
    // Algorithm concepts on files with technique tags: claimed, and confirmed by a tag.
    const conceptTally = new Map<
      string,
      { claimed: number; confirmed: number; tagged: number; found: number }
    >();
    let judged = 0;
    for (const sample of list) {
      let output;
      let facts;
      try {
        output = await explainCode({ code: sample.code, language: sample.language, detail_level: 'brief' });
        facts = await extractFacts(sample.code, sample.language);
      } catch (error) {
        failures.push(
          `${sample.file}: ${error instanceof Error ? error.message.slice(0, 160) : String(error)}`,
        );
        continue;
      }
      // A reading that failed on a unit withholds its claim (estimate.ts): still a bug to list.
      const unread = output.details?.units.find((u) =>
        (u.complexity_basis ?? '').includes('the analyser could not read'),
      );
      if (unread) failures.push(`${sample.file}: ${unread.complexity_basis}`);
      if (triggers)
        for (const step of new Set(
          (output.details?.units ?? []).flatMap((u) =>
            (u.complexity_basis ?? '').split(/ → | \| /).map(stepOf),
          ),
        ))
          triggers.set(step, (triggers.get(step) ?? 0) + 1);
      const roots = entryPoints(facts.units, sample.only);
      if (roots.length === 0) continue;
      judged++;
      const units = output.details!.units.filter((u) =>
        roots.some((r) => r.line === u.line && r.name === u.name),
      );
      // A total of items (`L`) is one size or count × item size, as the label writes it.
      const { claim, asProduct, oneSizeKept } = closestClaim(units, sample.time, sample.timeText);
      if (asProduct) engine.asProduct++;
      if (oneSizeKept) engine.oneSize++;
      const verdict = record(engine, claim, sample.time);
      const depth = Math.max(...roots.map((r) => loopDepth(r.body)));
      record(naive, { degree: depth, logs: 0 }, sample.time);
      if (sample.tags) {
        const tags = sample.tags.join(', ');
        const claimed = new Set(output.details!.concepts.map((c) => c.concept));
        if (show === 'concepts') {
          const lines = new Map(output.details!.concepts.map((c) => [c.concept, c.lines]));
          const extra = TAG_CONCEPTS.filter(([c, t]) => claimed.has(c) && !t.test(tags));
          const missed = TAG_CONCEPTS.filter(([c, t]) => !claimed.has(c) && t.test(tags));
          if (extra.length || missed.length)
            console.log(
              `concepts   ${sample.file}  tags [${tags}]  untagged: ${extra.map(([c]) => `${c} (lines ${lines.get(c)!.join(', ')})`).join(', ') || '-'}  missed: ${missed.map(([c]) => c).join(', ') || '-'}`,
            );
        }
        for (const [concept, tag] of TAG_CONCEPTS) {
          const t = conceptTally.get(concept) ?? { claimed: 0, confirmed: 0, tagged: 0, found: 0 };
          if (claimed.has(concept)) {
            t.claimed++;
            if (tag.test(tags)) t.confirmed++;
          }
          if (tag.test(tags)) {
            t.tagged++;
            if (claimed.has(concept)) t.found++;
          }
          conceptTally.set(concept, t);
        }
      }
      let spaceNote = '';
      if (sample.space) {
        const spaces = units.map((u) => parseClaim((u as { space_complexity?: string }).space_complexity));
        if (units.some((u) => 'space_complexity' in u)) {
          spaceCount++;
          const s = spaces.some((c) => !c)
            ? undefined
            : spaces.reduce<Growth | undefined>((a, c) => (a && compare(a, c!) >= 0 ? a : c), undefined);
          const spaceVerdict = record(space, s, sample.space);
          // Naive space baseline: "O(1) extra" (in place) for every function.
          record(naiveSpace, { degree: 0, logs: 0 }, sample.space);
          spaceNote = `  space ${spaceVerdict}: label ${formatGrowth(sample.space)} engine ${s ? formatGrowth(s) : 'unknown'} [${units.map((u) => `${u.name}: ${(u as { space_basis?: string }).space_basis ?? ''}`).join(' | ')}]`;
        }
      }
      if (show && (show === 'all' || show === verdict || (show === 'wrong' && verdict === 'off by one'))) {
        const names = units.map((u) => `${u.name}: ${u.complexity} — ${u.complexity_basis}`).join(' | ');
        console.log(
          `${verdict.padEnd(10)} ${sample.file}  label O(${sample.timeText}) = ${formatGrowth(sample.time)}  engine ${claim ? formatGrowth(claim) : 'unknown'}${asProduct ? ' (total read as count × item size)' : oneSizeKept ? ' (total kept as one size)' : ''}  [${names}]${spaceNote}`,
        );
      }
    }
    lines.push(row(`${language} engine`, engine, judged));
    lines.push(row(`${language} naive`, naive, judged));
    const concepts = [...conceptTally].filter(([, t]) => t.claimed || t.tagged);
    if (concepts.length) {
      const claimed = concepts.reduce((a, [, t]) => a + t.claimed, 0);
      const confirmed = concepts.reduce((a, [, t]) => a + t.confirmed, 0);
      lines.push(
        `${`${language} concepts`.padEnd(22)} agree with the author's tags ${confirmed}/${claimed} (${pct(confirmed, claimed).trim()}); per concept claimed→confirmed, tagged→found: ${concepts
          .map(([c, t]) => `${c} ${t.confirmed}/${t.claimed}, ${t.found}/${t.tagged}`)
          .join('; ')}`,
      );
    }
    if (spaceCount) {
      lines.push(row(`${language} space`, space, spaceCount));
      lines.push(row(`${language} space naive`, naiveSpace, spaceCount));
    }
  }
  if (triggers)
    for (const [step, count] of [...triggers].sort((a, b) => b[1] - a[1]))
      if (step) console.log(`${String(count).padStart(6)}  ${step}`);
  console.log(`\nCorpus ${folder} (split: ${split}), ${((Date.now() - started) / 1000).toFixed(0)} s`);
  for (const line of lines) console.log(line);
  if (failures.length) {
    console.log(
      `\nThe engine threw on ${failures.length} file(s) (left out of the counts above) or failed to read a unit of them (counted unknown):`,
    );
    for (const failure of failures) console.log(`  ${failure}`);
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
