// Our per-function cyclomatic complexity against independent tools on the same files:
// ESLint's `complexity` rule for JavaScript/TypeScript (another parser, ESTree), PyCQA mccabe for
// Python (the flake8 plugin, Debian python3-mccabe) and pmccabe for C (Debian package). Functions
// are paired by file and first line; where several share a line their values are paired in order.
// The tools define the count a little differently (see docs/project.md, "Checked against other
// tools"): the comparison reports exact agreement and every difference so they can be read.
// Usage: npx tsx bench/metricsReference.ts <js|python|c> <file or folder>...
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { jsFileMetrics } from '../server/src/engine/project/analysis/jsMetrics';
import { treeSitterFileMetrics } from '../server/src/engine/project/analysis/treeSitterMetrics';

export interface FunctionValue {
  line: number;
  complexity: number;
}

export interface Difference {
  file: string;
  line: number;
  ours: number;
  theirs: number;
  /** Constructs in the function the two tools count differently (Python), when known. */
  reasons?: string[];
}

export interface Agreement {
  tool: string;
  files: number;
  /** Functions both sides found on the same line. */
  paired: number;
  equal: number;
  /** Paired functions whose values differ by at most one. */
  withinOne: number;
  /** Functions only one side reports (different notions of a function, or a different line). */
  onlyOurs: number;
  onlyTheirs: number;
  differences: Difference[];
  /**
   * Paired functions with none of the constructs the tools define differently, and how many of
   * those agree: where the definitions coincide the numbers must be equal.
   */
  sameDefinition?: { paired: number; equal: number };
  /** File and line of functions only one side reports. */
  unpaired: { file: string; line: number; side: 'ours' | 'theirs' }[];
}

/** Files under the given paths whose names match, in a stable order. */
export function filesUnder(paths: string[], pattern: RegExp): string[] {
  const found: string[] = [];
  const visit = (path: string): void => {
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) if (name !== 'node_modules') visit(join(path, name));
    } else if (pattern.test(path)) found.push(path);
  };
  for (const path of paths) visit(path);
  return found;
}

type PerFile = Map<
  string,
  { ours: FunctionValue[]; theirs: FunctionValue[]; reasons?: Map<number, string[]> }
>;

function compare(tool: string, perFile: PerFile): Agreement {
  const result: Agreement = {
    tool,
    files: perFile.size,
    paired: 0,
    equal: 0,
    withinOne: 0,
    onlyOurs: 0,
    onlyTheirs: 0,
    differences: [],
    unpaired: [],
  };
  for (const [file, { ours, theirs, reasons }] of perFile) {
    const byLine = (values: FunctionValue[]) => {
      const lines = new Map<number, number[]>();
      for (const v of values) lines.set(v.line, [...(lines.get(v.line) ?? []), v.complexity]);
      return lines;
    };
    const a = byLine(ours);
    const b = byLine(theirs);
    for (const [line, mine] of a) {
      const other = b.get(line) ?? [];
      const pairs = Math.min(mine.length, other.length);
      result.onlyOurs += mine.length - pairs;
      result.onlyTheirs += other.length - pairs;
      if (mine.length > pairs) result.unpaired.push({ file, line, side: 'ours' });
      if (other.length > pairs) result.unpaired.push({ file, line, side: 'theirs' });
      for (let k = 0; k < pairs; k++) {
        result.paired++;
        const why = reasons?.get(line);
        if (mine[k] === other[k]) result.equal++;
        else result.differences.push({ file, line, ours: mine[k]!, theirs: other[k]!, reasons: why });
        if (Math.abs(mine[k]! - other[k]!) <= 1) result.withinOne++;
        if (why && why.length === 0) {
          result.sameDefinition ??= { paired: 0, equal: 0 };
          result.sameDefinition.paired++;
          if (mine[k] === other[k]) result.sameDefinition.equal++;
        }
      }
    }
    for (const [line, other] of b)
      if (!a.has(line)) {
        result.onlyTheirs += other.length;
        result.unpaired.push({ file, line, side: 'theirs' });
      }
  }
  return result;
}

const ESLINT_MESSAGE = /has a complexity of (\d+)/;

/** ESLint's complexity rule with a maximum of 0, so that it reports every function. */
export function againstEslint(files: string[]): Agreement {
  const linter = new Linter({ configType: 'flat' });
  const rules = { complexity: ['error', 0] as ['error', number] };
  const config = [
    { files: ['**/*.{js,cjs,mjs,jsx}'], languageOptions: { ecmaVersion: 'latest' as const }, rules },
    {
      files: ['**/*.{ts,cts,mts,tsx}'],
      languageOptions: { parser: tseslint.parser as Linter.Parser, ecmaVersion: 'latest' as const },
      rules,
    },
  ];
  const perFile: PerFile = new Map();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const sourceType = /\.(cjs|cts)$/.test(file) || /\brequire\(/.test(text) ? 'commonjs' : 'module';
    const fileConfig = config.map((c) => ({
      ...c,
      languageOptions: { ...c.languageOptions, sourceType: sourceType as 'module' | 'commonjs' },
    }));
    // The config's file patterns are relative to a base folder: name the file by its extension only.
    const messages = linter.verify(text, fileConfig, { filename: `file${extname(file)}` });
    if (messages.some((m) => m.fatal)) continue; // a file ESLint cannot parse is not compared
    const theirs = messages.flatMap((m) => {
      const value = ESLINT_MESSAGE.exec(m.message);
      return value ? [{ line: m.line, complexity: Number(value[1]) }] : [];
    });
    const ours = jsFileMetrics(text, file).functions.filter((f) => f.name !== '(top level)');
    perFile.set(file, { ours, theirs });
  }
  return compare('ESLint complexity', perFile);
}

/** The Python that has the mccabe module (Debian's python3-mccabe), when there is one. */
export function mccabePython(): string | undefined {
  for (const python of ['/usr/bin/python3', 'python3'])
    if (spawnSync(python, ['-c', 'import mccabe']).status === 0) return python;
  return undefined;
}

const MCCABE_LINE = /^(\d+):\d+: '(.*)' (\d+)$/;

// For each function (by its `def` line), the constructs in it that mccabe and we count differently,
// found with Python's own parser: boolean operators, comprehensions and conditional expressions
// (we count them, mccabe does not), nested functions, lambdas and classes (mccabe adds them to the
// enclosing function, we give them their own count), try statements (mccabe counts the try body
// as one more path), match statements and loop else clauses.
const CLASSIFY = `
import ast, json, sys
def constructs(fn):
    found = set()
    def walk(node):
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)):
                found.add('nested function or class'); continue
            if isinstance(child, ast.BoolOp): found.add('boolean operator')
            elif isinstance(child, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)): found.add('comprehension')
            elif isinstance(child, ast.IfExp): found.add('conditional expression')
            elif isinstance(child, ast.Try) or type(child).__name__ == 'TryStar': found.add('try')
            elif type(child).__name__ == 'Match': found.add('match')
            elif isinstance(child, (ast.For, ast.AsyncFor, ast.While)) and child.orelse: found.add('loop else')
            walk(child)
    walk(fn)
    return sorted(found)
result = {}
for path in sys.argv[1:]:
    try:
        tree = ast.parse(open(path, encoding='utf-8').read())
    except (SyntaxError, UnicodeDecodeError, ValueError):
        continue
    result[path] = [[n.lineno, constructs(n)] for n in ast.walk(tree)
                    if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
print(json.dumps(result))
`;

export async function againstMccabe(files: string[], python: string): Promise<Agreement> {
  const perFile: PerFile = new Map();
  const classified = JSON.parse(
    execFileSync(python, ['-c', CLASSIFY, ...files], { encoding: 'utf8', maxBuffer: 1 << 26 }),
  ) as Record<string, [number, string[]][]>;
  for (const file of files) {
    if (!classified[file]) continue; // Python's parser cannot read it (Python 2, encoding)
    const out = spawnSync(python, ['-m', 'mccabe', '--min', '1', file], { encoding: 'utf8' });
    if (out.status !== 0) continue; // not Python 3 mccabe can read
    const theirs = out.stdout.split('\n').flatMap((line) => {
      const m = MCCABE_LINE.exec(line.trim());
      // mccabe also reports a class or module whose body branches ('If 12', 'TryExcept 40'): not functions.
      return m && !/^(If|Loop|TryExcept|With) \d+$/.test(m[2]!)
        ? [{ line: Number(m[1]), complexity: Number(m[3]) }]
        : [];
    });
    const metrics = await treeSitterFileMetrics(readFileSync(file, 'utf8'), 'python', file);
    // mccabe has no lambdas of its own (a lambda adds to nothing); leave ours out to pair like with like.
    const ours = metrics.functions.filter((f) => f.name !== '(top level)' && f.name !== '(anonymous)');
    perFile.set(file, { ours, theirs, reasons: new Map(classified[file]) });
  }
  return compare('mccabe', perFile);
}

/** pmccabe's second column is the traditional McCabe number (every case label counts). */
export async function againstPmccabe(files: string[]): Promise<Agreement> {
  const perFile: PerFile = new Map();
  for (const file of files) {
    const out = execFileSync('pmccabe', [file], { encoding: 'utf8' });
    const theirs = out.split('\n').flatMap((line) => {
      const cols = line.split('\t');
      return cols.length >= 6 ? [{ line: Number(cols[3]), complexity: Number(cols[1]) }] : [];
    });
    const metrics = await treeSitterFileMetrics(readFileSync(file, 'utf8'), 'c', file);
    perFile.set(file, { ours: metrics.functions.filter((f) => f.name !== '(top level)'), theirs });
  }
  return compare('pmccabe', perFile);
}

export function summary(agreement: Agreement): string {
  const share = (n: number) => (agreement.paired ? ((100 * n) / agreement.paired).toFixed(1) : '-');
  const same = agreement.sameDefinition;
  return (
    `${agreement.tool}: ${agreement.files} files, ${agreement.paired} functions paired, ` +
    `${agreement.equal} equal (${share(agreement.equal)}%), within one ${share(agreement.withinOne)}%, ` +
    `only ours ${agreement.onlyOurs}, only theirs ${agreement.onlyTheirs}` +
    (same ? `; where the definitions coincide ${same.equal} of ${same.paired} equal` : '')
  );
}

async function main(): Promise<void> {
  const [kind, ...paths] = process.argv.slice(2);
  let agreement: Agreement;
  if (kind === 'js') agreement = againstEslint(filesUnder(paths, /\.(c|m)?(j|t)sx?$/));
  else if (kind === 'python') {
    const python = mccabePython();
    if (!python) throw new Error('no python3 with mccabe (apt-get install python3-mccabe)');
    agreement = await againstMccabe(filesUnder(paths, /\.py$/), python);
  } else if (kind === 'c') agreement = await againstPmccabe(filesUnder(paths, /\.c$/));
  else throw new Error('usage: metricsReference.ts <js|python|c> <file or folder>...');
  console.log(summary(agreement));
  for (const d of agreement.differences.slice(0, Number(process.env.SHOW ?? 20)))
    console.log(
      `  ${relative(process.cwd(), d.file)}:${d.line} ours ${d.ours} theirs ${d.theirs}` +
        (d.reasons ? ` (${d.reasons.join(', ') || 'no construct defined differently'})` : ''),
    );
  for (const u of agreement.unpaired.slice(0, Number(process.env.SHOW ?? 20)))
    console.log(`  only ${u.side}: ${relative(process.cwd(), u.file)}:${u.line}`);
}

if (require.main === module) void main();
