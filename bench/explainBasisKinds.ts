// Which kinds of reading are unreliable? Tabulates the claims of `explainAccuracy.ts --show all`
// listings by the reading that decided them: the basis (`complexity_basis`) of the function whose
// class is the claim, cut into its steps (`loop over `n` (line 3) → `sort` …`), each step reduced
// to its template (names, numbers and lines dropped). Every claim counts once per template in its
// basis, as exact / off by one / wrong; unknown answers count by the template of their reason.
//
//   npx tsx bench/explainBasisKinds.ts <listing>... [--by step|leaf|first|chain] [--min N] [--lang L]
//
// The listings come from the dev half (`--split dev --show all`); a listing is read, never the corpus.
import { readFileSync } from 'node:fs';
import { extname } from 'node:path';
import { compare, judge, parseClaim } from './explainAccuracyLabels';
import { EXTENSIONS } from './explainAccuracyDoocs';

type Verdict = 'exact' | 'off by one' | 'wrong' | 'unknown';

/** A listed file's language, from its extension (`Solution.rs` → rust). */
const LANGUAGES: Record<string, string> = Object.fromEntries(
  Object.entries(EXTENSIONS).map(([language, extension]) => [`.${extension}`, language]),
);

export interface Claim {
  verdict: Verdict;
  file: string;
  language: string;
  /** The deciding function's basis steps, outermost first. */
  steps: string[];
  line: string;
  /** For a withheld answer: each rule's reason with the verdict the withheld class would have had. */
  withheld: { reason: string; verdict: Verdict }[];
}

/** A step with its names, numbers and line references taken out: the kind of reading it is. */
export function template(step: string): string {
  return step
    .replace(/`[^`]*`/g, '`·`')
    .replace(/\(lines? [\d, ]+(?:and \d+)?\)/g, '')
    .replace(/\blines? \d+(?:(?:, | and )\d+)*/g, 'line N')
    .replace(/O\([^()]*(?:\([^()]*\)[^()]*)*\)/g, 'O(·)')
    .replace(/\b\d+\b/g, 'N')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 140);
}

/** Units of a listing line's bracket: `name: class — basis`, split on ` | ` before the next name. */
function units(bracket: string): { name: string; complexity: string; basis: string }[] {
  return bracket
    .split(/ \| (?=[\w$.:~<>[\]-]+: (?:O\(|unknown))/)
    .map((part) => /^([\w$.:~<>[\]-]+): (unknown|O\(.*?\)) — (.*)$/s.exec(part))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => ({ name: m[1]!, complexity: m[2]!, basis: m[3]! }));
}

export function parseListing(text: string): Claim[] {
  const claims: Claim[] = [];
  for (const line of text.split('\n')) {
    const m =
      /^(exact|off by one|wrong|unknown)\s+(.+?) {2}label .*? {2}engine (\S+(?: \S+)*?)(?: \(total [^)]*\))? {2}\[(.*)$/.exec(
        line,
      );
    if (!m) continue;
    const verdict = m[1] as Verdict;
    const rest = m[4]!;
    const end = rest.indexOf(']  space ');
    const bracket = end >= 0 ? rest.slice(0, end) : rest.replace(/\]\s*$/, '');
    const all = units(bracket);
    // The deciding functions: the unknown ones for an unknown answer, else those of the largest class.
    let deciding = all.filter((u) => u.complexity === 'unknown');
    if (verdict !== 'unknown' || !deciding.length) {
      const growths = all.map((u) => parseClaim(u.complexity));
      const largest = growths.reduce<ReturnType<typeof parseClaim>>(
        (a, g) => (g && (!a || compare(g, a) > 0) ? g : a),
        undefined,
      );
      deciding = all.filter((_, i) => largest && growths[i] && compare(growths[i]!, largest) === 0);
    }
    const steps = [...new Set(deciding.flatMap((u) => u.basis.split(/ → |; /)))];
    const label = parseClaim(/ {2}label .*? = (O\(.*?\)) {2}engine /.exec(line)?.[1]);
    const withheld = deciding
      .flatMap((u) => u.basis.split(/; (?=O\()/))
      .flatMap((r) => {
        const w = /^(O\(.*?\)) would rest on a reading the code does not confirm: (.*)$/s.exec(r);
        const claim = w && parseClaim(w[1]!.replace(/·/g, '*'));
        return w && claim && label ? [{ reason: w[2]!, verdict: judge(claim, label) as Verdict }] : [];
      });
    claims.push({
      verdict,
      file: m[2]!,
      language: LANGUAGES[extname(m[2]!)] ?? 'other',
      steps,
      line,
      withheld,
    });
  }
  return claims;
}

function main() {
  const args = process.argv.slice(2);
  const option = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const by = option('by') ?? 'step';
  const min = Number(option('min') ?? 5);
  const files = args.filter((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
  let claims = files.flatMap((f) => parseListing(readFileSync(f, 'utf8')));
  if (option('lang')) claims = claims.filter((c) => c.language === option('lang'));
  const tally = new Map<string, Record<Verdict, number> & { languages: Map<string, number[]> }>();
  const order: Verdict[] = ['exact', 'off by one', 'wrong', 'unknown'];
  if (args.includes('--withheld')) {
    claims = claims.flatMap((c) => c.withheld.map((w) => ({ ...c, verdict: w.verdict, steps: [w.reason] })));
  }
  for (const claim of claims) {
    const kinds =
      by === 'leaf'
        ? claim.steps.slice(-1)
        : by === 'first'
          ? claim.steps.slice(0, 1)
          : by === 'chain'
            ? [claim.steps.map(template).join(' → ')]
            : claim.steps;
    for (const kind of new Set(kinds.map((k) => (by === 'chain' ? k : template(k))))) {
      const t = tally.get(kind) ?? {
        exact: 0,
        'off by one': 0,
        wrong: 0,
        unknown: 0,
        languages: new Map<string, number[]>(),
      };
      t[claim.verdict]++;
      const l = t.languages.get(claim.language) ?? [0, 0, 0, 0];
      l[order.indexOf(claim.verdict)]!++;
      t.languages.set(claim.language, l);
      tally.set(kind, t);
    }
  }
  const rows = [...tally]
    .filter(([, t]) => t.exact + t['off by one'] + t.wrong + t.unknown >= min)
    .sort(([, a], [, b]) => b.wrong / (b.exact + 1) - a.wrong / (a.exact + 1));
  console.log('exact  off  wrong  unknown  wrong/exact  kind  [per language exact/off/wrong]');
  for (const [kind, t] of rows)
    console.log(
      `${String(t.exact).padStart(5)} ${String(t['off by one']).padStart(4)} ${String(t.wrong).padStart(6)} ${String(t.unknown).padStart(8)}  ${(t.wrong / Math.max(1, t.exact)).toFixed(2).padStart(10)}  ${kind}  [${[
        ...t.languages,
      ]
        .sort()
        .map(([l, c]) => `${l} ${c.slice(0, 3).join('/')}`)
        .join(', ')}]`,
    );
  console.log(`${claims.length} claims`);
}

if (process.argv[1]?.endsWith('explainBasisKinds.ts')) main();
