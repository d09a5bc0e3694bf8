// Ends ESLint's rounds after the first lint of a file full of `var`s, when that lint already says what
// the second would do. no-var's fix makes each `var` a `let`, and only the next lint's prefer-const
// turns that `let` into `const` (together with the destructuring or `**` fix no-var's widened range
// held back): on the bench files that second lint was a whole-file parse, scope analysis and
// traversal whose only product was those `const`s. Here the first lint's scope analysis decides, per
// `var` declaration, what prefer-const will do with the `let` no-var makes of it (ESLint's
// prefer-const, `destructuring: 'all'`, `ignoreReadBeforeAssign: false`):
//
// - it reports and fixes it (`becomesConst`) when the declaration has one declarator, an identifier
//   with an initialiser, on one line, in a statement list, and its variable has that declaration
//   only and exactly one write reference — the initialiser — made outside the global scope. prefer-
//   const then finds that single write (`writer.from` is the scope the `let` will be declared in:
//   the initialiser's reference is made in the innermost scope holding the declaration, which is
//   where a `let` there lives), in a declarator (`canBecomeVariableDeclaration`), groups it alone
//   (one declarator, an identifier: the group is `[x]`), and fixes it (every declarator
//   initialised, one declarator, so no count across declarators), replacing `let` by `const` over
//   the declaration's range. Outside the global scope no `/* exported */` mark applies.
// - it reports none of its variables (`silent`) when the declaration initialises a `for` loop (the
//   rule skips those) or every variable is never written or written by two or more identifiers
//   (prefer-const's "reassigned": such a variable makes every group it is in unreportable).
//
// Nothing else of modernize's fixes turns a read into a write or adds a write, so the next lint
// would see the same writes. Which other fixes of the same batch leave the next lint nothing to
// report, and how the change log stays the one the two lints wrote, is in `settlingBatch` below and
// docs/refactor.md, "Tenth look".
import type { Scope, SourceCode } from 'eslint';
import type * as ESTree from 'estree';
import type { Candidate, LoggedStep } from './transform';
import { TERMINAL, type SiteVerdict } from './eslintSettled';

export interface VarVerdict {
  /** prefer-const will report and fix the `let` no-var makes of this declaration. */
  readonly becomesConst: boolean;
  /** prefer-const will report none of this declaration's variables once it is a `let`. */
  readonly silent: boolean;
  /** Offset of the declared identifier (where prefer-const reports). */
  readonly idStart: number;
}

type Located = { range: [number, number]; loc: ESTree.SourceLocation; parent: Located & ESTree.Node };
type Declaration = ESTree.VariableDeclaration & Located;

const STATEMENT_LISTS = new Set(['BlockStatement', 'Program', 'StaticBlock', 'SwitchCase']);

/** The verdict for each `var` declaration of the linted text, by the declaration's start offset. */
export function varVerdicts(sourceCode: SourceCode): Map<number, VarVerdict> {
  const verdicts = new Map<number, VarVerdict>();
  for (const scope of sourceCode.scopeManager.scopes) {
    for (const variable of scope.variables) {
      for (const def of variable.defs) {
        const declaration = def.parent as Declaration | null;
        if (def.type !== 'Variable' || declaration?.kind !== 'var') continue;
        if (verdicts.has(declaration.range[0])) continue;
        verdicts.set(declaration.range[0], judge(sourceCode, declaration));
      }
    }
  }
  return verdicts;
}

function judge(sourceCode: SourceCode, declaration: Declaration): VarVerdict {
  const variables = sourceCode.getDeclaredVariables(declaration);
  const forInit = declaration.parent.type === 'ForStatement' && declaration.parent.init === declaration;
  const silent =
    forInit ||
    variables.every((variable) => {
      const writers = new Set(writes(variable).map((reference) => reference.identifier));
      return writers.size === 0 || writers.size >= 2;
    });
  const id = declaration.declarations[0]?.id as (ESTree.Node & Located) | undefined;
  return {
    becomesConst: !silent && becomesConst(declaration, variables),
    silent,
    idStart: id?.range[0] ?? declaration.range[0],
  };
}

function becomesConst(declaration: Declaration, variables: readonly Scope.Variable[]): boolean {
  const [declarator, ...more] = declaration.declarations;
  if (!declarator || more.length > 0 || declarator.id.type !== 'Identifier' || !declarator.init) return false;
  if (!STATEMENT_LISTS.has(declaration.parent.type)) return false;
  if (declaration.loc.start.line !== declaration.loc.end.line) return false;
  const [variable, ...others] = variables;
  if (!variable || others.length > 0 || variable.defs.length !== 1) return false;
  const [write, ...rewrites] = writes(variable);
  return (
    write !== undefined &&
    rewrites.length === 0 &&
    write.init === true &&
    write.identifier === declarator.id &&
    write.from.type !== 'global'
  );
}

function writes(variable: Scope.Variable): Scope.Reference[] {
  return variable.references.filter((reference) => reference.isWrite());
}

/** How a composed step is worded: the rule's range's text before and after (eslintFixers' describe). */
export type Describe = (rule: string, before: string, after: string) => string;

/** What the one-lint ending needs from the lint: its sites, verdicts and the rules' patterns. */
export interface FirstLint {
  readonly text: string;
  readonly sites: readonly SiteVerdict[];
  readonly verdicts: ReadonlyMap<number, VarVerdict>;
  readonly constPattern: Candidate['pattern'] | undefined;
  readonly describe: Describe;
}

/**
 * The batch, with each `var` that becomes `const` composed with what the next lints would do to it,
 * when landing it leaves the next lint nothing to propose; undefined otherwise. Every site of the
 * lint must then be one of:
 *
 * - a terminal fix (eslintSettled.ts) that lands;
 * - a no-var fix that lands, on a declaration whose `let` prefer-const will not report, or one it
 *   will fix — composed here with that fix and, when the declaration holds one, the destructuring or
 *   `**` fix no-var's range held back (the only fix inside it), as the next two lints would apply them;
 * - that held-back fix;
 * - an object-shorthand fix of `key: key` to `key` that lands (the same identifier, still a read of
 *   the same variable; only object-shorthand reads a property's form, and it now holds);
 * - a prefer-arrow-callback fix that lands (`function (…) {…}` to an arrow): the function used no
 *   `this`, `arguments`, `super` or `new.target` of its own (else the rule would not fix it), so every
 *   `this` use is attributed to the same function before and after, no binding moves, and a callback
 *   that the conversion could affect was reported in this lint and is a site of its own;
 * - the `var` note of a declaration whose no-var fix lands (the `var` is gone);
 * - a note kept by the concatenation's text whose span no edit touches.
 *
 * Anything else (a fix that does not land, another rule's fix, a note without a fix) needs the lint.
 */
export function settlingBatch(
  lint: FirstLint,
  parts: ReadonlyMap<Candidate, readonly Candidate[]>,
  batch: readonly Candidate[],
): Candidate[] | undefined {
  if (!lint.constPattern) return undefined;
  const landed = new Set<Candidate>();
  for (const candidate of batch) {
    landed.add(candidate);
    for (const part of parts.get(candidate) ?? []) landed.add(part);
  }
  const siteOf = new Map<Candidate, string>();
  for (const site of lint.sites) if (site.kind === 'candidate') siteOf.set(site.candidate, site.rule);
  const fixesWithin = fixesByStart(lint.sites);
  const heldBack = new Set<Candidate>();
  const composed = new Map<Candidate, Candidate>();
  const varStarts = new Set<number>();
  for (const candidate of batch) {
    if (siteOf.get(candidate) !== 'no-var') continue;
    const edit = candidate.edits[0]!;
    const verdict = lint.verdicts.get(edit.start);
    if (!verdict || candidate.edits.length !== 1) return undefined;
    varStarts.add(edit.start);
    if (verdict.silent) continue;
    if (!verdict.becomesConst) return undefined;
    const inner = fixesWithin(edit.start, edit.end).filter((site) => site.candidate !== candidate);
    if (inner.length > 1) return undefined;
    const composition = compose(lint, candidate, verdict, inner[0]);
    if (!composition) return undefined;
    if (inner[0]) heldBack.add(inner[0].candidate);
    composed.set(candidate, composition);
  }
  const final = batch.map((candidate) => composed.get(candidate) ?? candidate);
  // The batch's edits never overlap, so sorted by start their ends are sorted too.
  const edits = final.flatMap((candidate) => candidate.edits).sort((a, b) => a.start - b.start);
  const touched = (start: number, end: number): boolean => {
    const last = countBy(edits, (edit) => edit.start <= end) - 1;
    return last >= 0 && edits[last]!.end >= start;
  };
  for (const site of lint.sites) {
    if (site.kind === 'other') return undefined;
    if (site.kind === 'var-note') {
      if (!varStarts.has(site.start)) return undefined;
      continue;
    }
    if (site.kind === 'kept-by-text') {
      if (touched(site.start, site.end)) return undefined;
      continue;
    }
    if (heldBack.has(site.candidate)) continue;
    if (!landed.has(site.candidate) || !endsHere(lint.text, site.rule, site.candidate)) return undefined;
  }
  return final;
}

type FixSite = Extract<SiteVerdict, { kind: 'candidate' }>;

/**
 * The fix sites with an edit inside [start, end], found by bisection over the edits' starts (a scan
 * of every site per declaration is quadratic in the file: ~1,900 declarations × ~5,000 sites on the
 * 10,000-line bench file).
 */
function fixesByStart(sites: readonly SiteVerdict[]): (start: number, end: number) => FixSite[] {
  const edits = sites
    .flatMap((site) =>
      site.kind === 'candidate' ? site.candidate.edits.map((part) => ({ part, site })) : [],
    )
    .sort((a, b) => a.part.start - b.part.start);
  return (start, end) => {
    const found = new Set<FixSite>();
    for (let at = countBy(edits, ({ part }) => part.start < start); at < edits.length; at++) {
      const { part, site } = edits[at]!;
      if (part.start > end) break;
      if (part.end <= end) found.add(site);
    }
    return [...found];
  };
}

/** How many leading items of a list sorted for `holds` (true first, then false) satisfy it. */
function countBy<T>(items: readonly T[], holds: (item: T) => boolean): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (holds(items[middle]!)) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Whether a landed fix of `rule` gives no rule of modernize anything new to report. */
function endsHere(text: string, rule: string, candidate: Candidate): boolean {
  if (TERMINAL.has(rule) || rule === 'no-var') return true;
  const [edit, ...more] = candidate.edits;
  if (!edit || more.length > 0) return false;
  const before = text.slice(edit.start, edit.end);
  if (rule === 'object-shorthand') {
    const pair = /^([A-Za-z_$][\w$]*)\s*:\s*([A-Za-z_$][\w$]*)$/.exec(before);
    return pair !== null && pair[1] === pair[2] && edit.text === pair[1];
  }
  if (rule === 'prefer-arrow-callback')
    // The head alone (`function (…)` → `(…) =>`): no body, and no `.bind(…)` dropped after it.
    return /^function\s*\(/.test(before) && !before.includes('{') && /=>$/.test(edit.text);
  return false;
}

/**
 * no-var's fix composed with prefer-const's (and a held-back destructuring or `**` fix), logged as
 * the next lints would log them: the second lint's entry one round later, its composed step two.
 */
function compose(
  lint: FirstLint,
  noVar: Candidate,
  verdict: VarVerdict,
  inner: Extract<SiteVerdict, { kind: 'candidate' }> | undefined,
): Candidate | undefined {
  const edit = noVar.edits[0]!;
  const before = lint.text.slice(edit.start, edit.end);
  if (!before.startsWith('var') || edit.text !== `let${before.slice(3)}`) return undefined;
  const asLet = edit.text;
  const prefix = lint.constPattern!;
  const constStep = (declared: string, after: string, round: number): LoggedStep => ({
    pattern: prefix,
    at: verdict.idStart,
    message: lint.describe('prefer-const', declared, after),
    round,
  });
  if (!inner) {
    const both = `const${asLet.slice(3)}`;
    return { ...noVar, edits: [{ ...edit, text: both }], also: [constStep(asLet, both, 2)] };
  }
  const [part, ...more] = inner.candidate.edits;
  if (!part || more.length > 0 || /[\r\n\u2028\u2029]/.test(part.text)) return undefined;
  const from = part.start - edit.start;
  const to = part.end - edit.start;
  const innerApplied = `${asLet.slice(0, from)}${part.text}${asLet.slice(to)}`;
  const both = `const${innerApplied.slice(3)}`;
  const innerStep = (round: number): LoggedStep => ({
    pattern: inner.candidate.pattern,
    at: inner.candidate.at,
    message: inner.candidate.message,
    round,
  });
  if (inner.rule === 'prefer-destructuring') {
    // One declarator and nothing else in the declaration, as eslintCompose.ts requires of the pair.
    if (!/^let\s+$/.test(asLet.slice(0, from)) || !/^\s*;?$/.test(asLet.slice(to))) return undefined;
    return {
      ...noVar,
      edits: [{ ...edit, text: both }],
      also: [innerStep(2), constStep(innerApplied, both, 3)],
    };
  }
  if (inner.rule === 'prefer-exponentiation-operator' && from >= 3) {
    const asConst = `const${asLet.slice(3)}`;
    return { ...noVar, edits: [{ ...edit, text: both }], also: [constStep(asLet, asConst, 2), innerStep(3)] };
  }
  return undefined;
}
