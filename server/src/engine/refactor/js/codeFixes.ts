// Transforms backed by the TypeScript language service's own code fixes, found where the compiler's
// suggestion diagnostics say they apply (80002 constructor → class, 80006 → async function, 80001
// CommonJS → ES module, 7027 unreachable code, 6133 unused declaration, 7028 unused label). Each
// site passes a safety check first; an unsafe site is kept with the reason.
import ts from 'typescript';
import type { Edit } from '../edits';
import type { PatternName } from '../patterns';
import { fixesBySite, isCombinable } from './combinedFixes';
import { asyncConversionRisk } from './safety/asyncSafety';
import { classConversionRisk } from './safety/classSafety';
import { unusedRemovalRisk } from './safety/unusedSafety';
import { asyncConversionsAddNoError } from './regionCheck';
import { lineOfNode, nodeAt, snippet } from './syntax';
import type { Candidate, JsTransform, KeptNote } from './transform';
import { fixesAt, suggestionDiagnostics, walkedWithoutCheck } from './uncheckedFixes';
import { formatSettingsFor, type VirtualFile } from './virtualFile';

interface CodeFixSpec {
  pattern: PatternName;
  diagnostic: number;
  fixName: string;
  /** Why this site is unsafe to change, or undefined when it is safe. */
  risk?: (file: VirtualFile, position: number) => string | undefined;
  describe: (file: VirtualFile, position: number) => string;
  /** What the kept note says about the site. */
  keptAs: (file: VirtualFile, position: number) => string;
}

const nameAt = (file: VirtualFile, position: number): string =>
  snippet(file.sourceFile(), nodeAt(file.sourceFile(), position), 40);

const SPECS: CodeFixSpec[] = [
  {
    pattern: 'classes',
    diagnostic: 80002,
    fixName: 'convertFunctionToEs6Class',
    risk: classConversionRisk,
    describe: (file, at) =>
      `constructor function \`${nameAt(file, at)}\` and its prototype methods → \`class ${nameAt(file, at)}\``,
    keptAs: (file, at) => `kept constructor function \`${nameAt(file, at)}\``,
  },
  {
    pattern: 'async_await',
    diagnostic: 80006,
    fixName: 'convertToAsyncFunction',
    risk: asyncConversionRisk,
    describe: (file, at) => `\`${functionName(file, at)}\` → async function using \`await\``,
    keptAs: (file, at) => `kept \`${functionName(file, at)}\` as a promise chain`,
  },
  {
    pattern: 'es_modules',
    diagnostic: 80001,
    fixName: 'convertToEsModule',
    describe: () => '`require`/`module.exports` → `import`/`export`',
    keptAs: () => 'kept CommonJS module syntax',
  },
  {
    pattern: 'unreachable_code',
    diagnostic: 7027,
    fixName: 'fixUnreachableCode',
    describe: (file, at) =>
      `removed unreachable code \`${snippet(file.sourceFile(), statementAt(file, at))}\``,
    keptAs: () => 'kept unreachable code',
  },
  {
    pattern: 'unused_declarations',
    diagnostic: 6133,
    fixName: 'unusedIdentifier',
    risk: unusedRemovalRisk,
    describe: (file, at) => `removed unused \`${nameAt(file, at)}\``,
    keptAs: (file, at) => `kept unused \`${nameAt(file, at)}\``,
  },
  {
    pattern: 'unused_labels',
    diagnostic: 7028,
    fixName: 'fixUnusedLabel',
    describe: (file, at) => `removed unused label \`${nameAt(file, at)}\``,
    keptAs: () => 'kept label',
  },
];

// One transform asks for the suggestion diagnostics once per round and proposes every selected
// fix; fixes whose edits do not overlap land together. The CommonJS → ES module fix rewrites the
// whole file, so it runs alone, last.
export function createCodeFixTransforms(patterns: ReadonlySet<PatternName>): JsTransform[] {
  const selected = SPECS.filter((spec) => patterns.has(spec.pattern));
  const local = selected.filter((spec) => spec.pattern !== 'es_modules');
  const whole = selected.filter((spec) => spec.pattern === 'es_modules');
  const transforms: JsTransform[] = [];
  if (local.length > 0) {
    transforms.push({
      name: 'compiler code fixes',
      checkSemantics: true,
      oneAtATime: false,
      propose: ({ file }) => propose(file, local),
      addsNoError: asyncConversionsAddNoError,
    });
  }
  if (whole.length > 0) {
    transforms.push({
      name: 'convert to ES module',
      checkSemantics: true,
      oneAtATime: true,
      propose: ({ file }) => propose(file, whole),
    });
  }
  return transforms;
}

function propose(
  file: VirtualFile,
  specs: readonly CodeFixSpec[],
): { candidates: Candidate[]; kept: KeptNote[] } {
  const candidates: Candidate[] = [];
  const kept: KeptNote[] = [];
  const settings = formatSettingsFor(file.text());
  // Constructor → class, → async and → ES module sites are found and fixed without a full check of
  // the file; unused and unreachable code are what the check itself reports.
  const walked = walkedWithoutCheck(specs.map((spec) => spec.diagnostic));
  const diagnostics = suggestionDiagnostics(file, walked);
  if (specs.some((spec) => spec.pattern === 'async_await'))
    kept.push(...untypedPromiseChains(file, diagnostics));
  // Class and async conversions come from one fix-all request per kind when it can be split by site.
  const combined = new Map<number, Map<number, ts.TextChange[]> | undefined>();
  for (const diagnostic of diagnostics) {
    const spec = specs.find((candidate) => candidate.diagnostic === diagnostic.code);
    if (!spec || diagnostic.start === undefined) continue;
    const at = diagnostic.start;
    const risk = spec.risk?.(file, at);
    if (risk) {
      kept.push({ pattern: spec.pattern, at, message: `${spec.keptAs(file, at)} — ${risk}` });
      continue;
    }
    if (isCombinable(spec.diagnostic) && !combined.has(spec.diagnostic))
      combined.set(spec.diagnostic, fixesBySite(file, diagnostics, spec.diagnostic, settings, walked));
    const changes =
      combined.get(spec.diagnostic)?.get(at) ??
      siteFix(file, spec, at, diagnostic.length ?? 0, settings, walked);
    if (changes.length === 0) continue;
    const text = file.text();
    const edits = changes.map((change) => withoutLeftoverLines(text, toEdit(change)));
    candidates.push({ pattern: spec.pattern, edits, at, message: spec.describe(file, at) });
  }
  return { candidates, kept };
}

/** The text changes of the spec's fix at one site (one request: a pass over the whole file). */
function siteFix(
  file: VirtualFile,
  spec: CodeFixSpec,
  at: number,
  length: number,
  settings: ts.FormatCodeSettings,
  walked: boolean,
): ts.TextChange[] {
  const fixes = fixesAt(file, at, at + length, spec.diagnostic, settings, walked);
  const fix = fixes.find((candidate) => candidate.fixName === spec.fixName);
  const changes = fix?.changes.filter((change) => change.fileName === file.fileName) ?? [];
  return changes.flatMap((change) => change.textChanges);
}

/** A deletion of whole lines also takes their line break and the blank lines after them. */
function withoutLeftoverLines(text: string, edit: Edit): Edit {
  if (edit.text !== '' || (edit.start > 0 && text[edit.start - 1] !== '\n')) return edit;
  const rest = text.slice(edit.end, edit.end + 4096);
  if (!/^[ \t]*(\r?\n|$)/.test(rest)) return edit;
  const blank = /^([ \t]*\r?\n)+/.exec(rest);
  return { ...edit, end: edit.end + (blank?.[0].length ?? rest.length) };
}

/**
 * Functions returning a `.then` chain that the compiler did not offer to convert: it could not tell
 * the chain starts from a Promise. Said so rather than passed over silently.
 */
function untypedPromiseChains(file: VirtualFile, diagnostics: readonly ts.Diagnostic[]): KeptNote[] {
  const source = file.sourceFile();
  const offered = new Set(
    diagnostics.filter((diagnostic) => diagnostic.code === 80006).map((diagnostic) => diagnostic.start),
  );
  const notes: KeptNote[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isReturnStatement(node) && node.expression && isThenChain(node.expression)) {
      const fn = ts.findAncestor(node, ts.isFunctionLike);
      const name = fn && 'name' in fn && fn.name ? (fn.name as ts.Node) : undefined;
      const async = fn && (ts.getCombinedModifierFlags(fn as ts.Declaration) & ts.ModifierFlags.Async) !== 0;
      if (fn && name && !async && !offered.has(name.getStart(source)) && !offered.has(fn.getStart(source))) {
        let base: ts.Expression = node.expression;
        while (isThenChain(base))
          base = ((base as ts.CallExpression).expression as ts.PropertyAccessExpression).expression;
        notes.push({
          pattern: 'async_await',
          at: fn.getStart(source),
          message: `kept \`${name.getText(source)}\` as a promise chain — the compiler cannot tell that \`${snippet(source, base, 40)}\` returns a Promise (a type or JSDoc \`@returns {Promise}\` would tell it)`,
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return notes;
}

function isThenChain(node: ts.Expression): boolean {
  return (
    ts.isCallExpression(node) &&
    ts.isPropertyAccessExpression(node.expression) &&
    ['then', 'catch', 'finally'].includes(node.expression.name.text)
  );
}

function toEdit(change: ts.TextChange): { start: number; end: number; text: string } {
  return { start: change.span.start, end: change.span.start + change.span.length, text: change.newText };
}

function statementAt(file: VirtualFile, at: number): ts.Node {
  let node: ts.Node = nodeAt(file.sourceFile(), at);
  while (
    node.parent &&
    !ts.isSourceFile(node.parent) &&
    !ts.isBlock(node.parent) &&
    !ts.isCaseClause(node.parent)
  )
    node = node.parent;
  return node;
}

function functionName(file: VirtualFile, at: number): string {
  const source = file.sourceFile();
  let node: ts.Node | undefined = nodeAt(source, at);
  while (node && !ts.isFunctionLike(node) && !ts.isVariableDeclaration(node)) node = node.parent;
  const named = node && 'name' in node && node.name ? (node.name as ts.Node).getText(source) : undefined;
  return named ?? `function at line ${lineOfNode(source, nodeAt(source, at))}`;
}
