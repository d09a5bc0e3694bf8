// Conditions that make a variable safe where it is used: a validation guard that exits before the
// use, an `if` whose branch holds only validated values, a branch pinning the name to constants, a
// throwing parser called on it earlier (each described by the language's table).
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import { closest, descendants } from '../syntax';
import { conditionalParts } from './constants';
import type { FileIndex } from './fileIndex';
import { escape, wholeName } from './names';
import type { TaintTable } from './table';

export class Guards {
  constructor(
    private readonly context: AnalysisContext,
    private readonly table: TaintTable,
    private readonly index: FileIndex,
    /** Whether a value carries input (the tracker's answer), for lists a membership test reads. */
    private readonly tainted: (node: SyntaxNode) => boolean = () => false,
  ) {}

  /** True when one of the guards keeps input in `name` from reaching `use`. */
  holds(name: string, use: SyntaxNode): boolean {
    return (
      this.guarded(name, use) ||
      this.validated(name, use) ||
      this.pinned(name, use) ||
      this.narrowed(name, use)
    );
  }

  private guardCache = new Map<number, SyntaxNode[]>();

  /** True when a validation guard that exits (`if '..' in name: return`) runs before `use`. */
  guarded(name: string, use: SyntaxNode): boolean {
    return this.exitingGuards(use).some((guard) => this.failsUnlessValid(name, guard));
  }

  /**
   * True when, for `rule`, an exiting guard before `use` confines the canonical path of `name` to a
   * prefix (table `guards.confinement`: `if (strpos(realpath($p), $base) !== 0) exit;`).
   */
  confined(name: string, use: SyntaxNode, rule: string): boolean {
    return this.canonicalPrefix(name, use, rule) || this.checkedPath(name, use, rule);
  }

  /**
   * True when, for `rule`, an exiting guard before `use` rejects every value of `name` a path check
   * fails (table `guards.pathChecks`: `if (validate_file($p) !== 0) return;`).
   */
  private checkedPath(name: string, use: SyntaxNode, rule: string): boolean {
    const spec = this.table.guards?.pathChecks;
    if (!spec || rule.split(':')[0] !== spec.rule) return false;
    const fails = (tested: string) =>
      spec.conditions.some((c) => new RegExp(c.replaceAll('PATH', escape(name))).test(tested));
    // `validate_file($p) || !is_dir($p)`: the right operand of `||` runs only when the check passed.
    for (let child = use, node = use.parent; node; child = node, node = node.parent) {
      const left = node.type === 'binary_expression' ? node.childForFieldName('left') : null;
      const operator = node.childForFieldName('operator')?.text.toLowerCase();
      if (
        left &&
        node.childForFieldName('right')?.id === child.id &&
        (operator === '||' || operator === 'or')
      )
        if (fails(`(${left.text})`)) return true;
    }
    return this.exitingGuards(use).some((guard) => fails(conditionalParts(guard)?.[0]?.text ?? ''));
  }

  private canonicalPrefix(name: string, use: SyntaxNode, rule: string): boolean {
    const spec = this.table.guards?.confinement;
    if (!spec || rule.split(':')[0] !== spec.rule) return false;
    const canonical = `${spec.canonical}\\s*\\(\\s*${escape(name)}\\s*\\)`;
    const bindings = this.context.values.bindingsBefore(name, use);
    const held =
      bindings.length > 0 &&
      bindings.every((b) => new RegExp(`^${spec.canonical}\\s*\\(`).test(b.value?.text ?? ''));
    const path = held ? `(?:${canonical}|${escape(name)})` : canonical;
    const exits = this.exitingGuards(use).some((guard) => {
      const tested = conditionalParts(guard)?.[0]?.text ?? '';
      return spec.conditions.some((c) => new RegExp(c.replaceAll('PATH', path)).test(tested));
    });
    return (
      exits ||
      enclosingConjuncts(use).some((tested) =>
        (spec.holds ?? []).some((c) => new RegExp(c.replaceAll('PATH', path)).test(tested)),
      )
    );
  }

  /** The `if`s before `use` that exit when their condition holds, and whose block holds `use`. */
  private exitingGuards(use: SyntaxNode): SyntaxNode[] {
    const guards = this.table.guards;
    // A script's own code (`guards.topLevel`) exits too: `if (!ctype_digit($id)) { exit; }`.
    const fn =
      guards &&
      (closest(use, this.context.values.dialect.functionTypes) ??
        (guards.topLevel ? this.context.root : undefined));
    if (!guards || !fn) return [];
    let ifs = this.guardCache.get(fn.id);
    if (!ifs) {
      ifs = descendants(fn, [
        'if_statement',
        'if_expression',
        // Ruby: `return x unless ALLOWED.include?(y)`, `if bad ... raise ... end`.
        'if',
        'unless',
        'if_modifier',
        'unless_modifier',
      ]).filter((node) => {
        const body = exitingBranch(node);
        const last = MODIFIER.test(node.type)
          ? body
          : body?.namedChildren.filter((c) => c !== null && c.type !== 'comment').at(-1);
        // PHP's braceless `if (...) exit;` has the statement itself as its body.
        const single = !!body && body.type.endsWith('_statement') && body.type !== 'compound_statement';
        return (!!last && guards.exit.test(last.text)) || (single && guards.exit.test(body.text));
      });
      this.guardCache.set(fn.id, ifs);
    }
    return ifs.filter((guard) => guard.endIndex <= use.startIndex && dominatesUse(guard, use));
  }

  /**
   * True when an `if` between `from` (an assignment of `name`) and `use` gives `name` a new value
   * whenever its condition says `name` is not valid (table `guards.reset`): what `from` assigned
   * reaches `use` only having passed the test.
   */
  resetBetween(name: string, from: SyntaxNode, use: SyntaxNode): boolean {
    const reset = this.table.guards?.reset;
    const fn = reset && (closest(use, this.context.values.dialect.functionTypes) ?? this.context.root);
    if (!reset || !fn) return false;
    for (const guard of this.context.nodes(reset.ifType)) {
      if (guard.startIndex < from.endIndex || guard.endIndex > use.startIndex) continue;
      if (guard.startIndex < fn.startIndex || guard.endIndex > fn.endIndex || !dominatesUse(guard, use))
        continue;
      if (guard.childrenForFieldName('alternative').some((a) => !!a)) continue;
      const body = exitingBranch(guard);
      const statements = body?.type === reset.statement ? [body] : (body?.namedChildren ?? []);
      const assigns = statements.some((s) => {
        const expression = s?.type === reset.statement ? s.namedChildren[0] : undefined;
        return expression?.type === reset.assignment && expression.childForFieldName('left')?.text === name;
      });
      if (assigns && this.failsUnlessValid(name, guard)) return true;
    }
    return false;
  }

  /** True when the condition of `guard` holds whenever `name` fails one of the table's validations. */
  private failsUnlessValid(name: string, guard: SyntaxNode): boolean {
    const guards = this.table.guards;
    if (!guards) return false;
    // An `unless` exits when its condition is false: read it negated.
    const testedNode = conditionalParts(guard)?.[0];
    // The condition as written, and with the results variables hold read as their calls.
    const readings = testedNode ? [testedNode.text, this.withResults(testedNode, guard)] : [''];
    for (const tested of new Set(readings)) {
      const condition = /^unless/.test(guard.type) ? `!(${tested})` : tested;
      for (const checked of [name, ...this.derivedNames(name, condition, guard)]) {
        // An allow-list holding input itself lets any value past (`in_array($x, [$_GET['y']])`).
        if (testedNode && this.inputList([checked], testedNode)) continue;
        if (guards.conditions.some((c) => new RegExp(c.replaceAll('NAME', escape(checked))).test(condition)))
          return true;
      }
    }
    return false;
  }

  /** True when `use` sits in the branch of an `if` whose condition validates `name`. */
  narrowed(name: string, use: SyntaxNode): boolean {
    const patterns = this.table.narrowing;
    if (!patterns) return false;
    // `if (is_numeric($parts[0])) ... $parts[0]`: the element the condition tests is what is used.
    const element = elementOf(name, use);
    const names = element ? [name, element] : [name];
    for (let child = use, node = use.parent; node; child = node, node = node.parent) {
      // An `else` (and an `elseif`) runs when the conditions before it are false:
      // `if (!is_numeric($x)) { ... } else { echo $x; }`.
      if (ELSE.test(node.type) && node.parent?.type === 'if_statement') {
        const before = [node.parent, ...node.parent.childrenForFieldName('alternative')].filter(
          (c): c is SyntaxNode => !!c && c.startIndex < node.startIndex,
        );
        for (const clause of before) {
          const condition = clause.childForFieldName('condition');
          if (condition && this.narrows(names, condition, node, true)) return true;
        }
      }
      // The right operand of `&&` runs only when the left holds, that of `||` when it fails:
      // `isset($langs[$l]) && is_dir($l)`, `!ctype_alnum($l) || is_dir($l)`.
      const left = node.type === 'binary_expression' ? node.childForFieldName('left') : null;
      if (left && node.childForFieldName('right')?.id === child.id) {
        const operator = node.childForFieldName('operator')?.text.toLowerCase() ?? '';
        const negated = operator === '||' || operator === 'or';
        if ((negated || operator === '&&' || operator === 'and') && this.narrows(names, left, node, negated))
          return true;
      }
      // PHP's `is_numeric($x) ? $x : 0` narrows its middle (`body`) like an `if`, and
      // `!is_numeric($x) ? 0 : $x` its last part.
      if (!/^(?:if_statement|if|conditional_expression|else_if_clause)$/.test(node.type)) continue;
      const body = node.childForFieldName('body') ?? node.childForFieldName('consequence');
      const condition = node.childForFieldName('condition');
      if (!condition) continue;
      const otherwise = node.type === 'conditional_expression' && node.childForFieldName('alternative');
      if (otherwise && otherwise.id === child.id && this.narrows(names, condition, node, true)) return true;
      if (!body || body.id !== child.id) continue;
      if (this.narrows(names, condition, node)) return true;
    }
    return false;
  }

  /**
   * True when `condition` (of a branch starting at `at`) holds only for validated values of `names`;
   * with `negated`, when its negation does (the branch that runs when it is false).
   */
  private narrows(names: string[], condition: SyntaxNode, at: SyntaxNode, negated = false): boolean {
    const patterns = this.table.narrowing;
    if (!patterns || this.inputList(names, condition)) return false;
    // The condition as written (variables holding one literal shown), and with the results
    // variables hold read as their calls.
    const literal = this.withLiterals(condition, at);
    const tests = (part: string) =>
      names.some((n) =>
        patterns.some((p) => affirmed(new RegExp(p.replaceAll('NAME', escape(n)), 'g'), part)),
      );
    return [literal, this.withResults(condition, at, literal)].some((text) =>
      holdsInBranch(negated ? negation(text) : text, tests),
    );
  }

  /**
   * True when the condition tests one of `names` for membership in a list that itself holds input
   * (`in_array($x, ['a', $_GET['y']])`): any value passes such an allow-list.
   */
  private inputList(names: string[], condition: SyntaxNode): boolean {
    const membership = this.table.membership;
    if (!membership) return false;
    for (const call of descendants(condition, [...this.table.callTypes])) {
      if (!membership.test(this.index.head(call))) continue;
      const args = (call.childForFieldName('arguments')?.namedChildren ?? []).filter(
        (a): a is SyntaxNode => a !== null,
      );
      if (names.includes(args[0]?.text ?? '') && args[1] && this.tainted(args[1])) return true;
    }
    return false;
  }

  /** The condition's text with each variable that holds one literal replaced by it (`$re` → `'/^\d+$/'`). */
  withLiterals(condition: SyntaxNode, at: SyntaxNode): string {
    const values = this.context.values;
    let text = condition.text;
    for (const ref of descendants(condition, [
      ...values.dialect.bindingTypes,
      'variable_name',
      'identifier',
    ])) {
      const name = values.dialect.variableName(ref);
      const bound = name === undefined ? [] : values.bindingsBefore(name, at);
      const literal = bound.length === 1 && bound[0].value ? bound[0].value : undefined;
      if (
        literal &&
        values.dialect.stringTypes.has(literal.type) &&
        values.dialect.literalValue(literal) !== undefined
      )
        text = text.replace(ref.text, literal.text);
    }
    return text;
  }

  /**
   * `text` (the condition's) with each variable holding one call's result replaced by that call
   * (`$ok = ctype_digit($id); if (!$ok)` reads as `if (!ctype_digit($id))`), when nothing assigns a
   * variable the call reads between the call and `at` (table `heldResults`).
   */
  private withResults(condition: SyntaxNode, at: SyntaxNode, text = condition.text): string {
    if (!this.table.heldResults) return text;
    const values = this.context.values;
    for (const ref of descendants(condition, ['variable_name'])) {
      // Only a variable tested itself (`!$ok`, `$ok === 0`), not one read by a call or an index.
      if (
        !/^(?:parenthesized_expression|unary_op_expression|binary_expression)$/.test(ref.parent?.type ?? '')
      )
        continue;
      const name = values.dialect.variableName(ref);
      const bound = name === undefined ? [] : values.bindingsBefore(name, at);
      const call = bound.length === 1 ? bound[0].value : undefined;
      // A call, or calls and comparisons joined by `&&` (`$ok = ctype_digit($x) && strlen($x) < 9`).
      const conjuncts = call ? conjunctsOf(call) : [];
      if (!call || !conjuncts.some((c) => this.table.callTypes.has(c.type))) continue;
      const reassigned = descendants(call, ['variable_name']).some((read) =>
        values
          .bindingsAnywhere(read.text)
          .some((b) => b.node.startIndex > call.endIndex && b.node.startIndex < at.startIndex),
      );
      if (reassigned) continue;
      if (conjuncts.length === 1) {
        text = text.replace(wholeName(ref.text), () => call.text);
        continue;
      }
      // `!$ok` is `!a || !b` (De Morgan), kept apart from what surrounds it unless that is `||`.
      const negation =
        ref.parent?.type === 'unary_op_expression' && /^!/.test(ref.parent.text) ? ref.parent : undefined;
      const outer = negation?.parent;
      const alone =
        outer?.type === 'parenthesized_expression' ||
        (outer && /^(?:\|\||or)$/i.test(outer.childForFieldName('operator')?.text ?? ''));
      const negated = conjuncts
        .map((c) => (this.table.callTypes.has(c.type) ? `!${c.text}` : `!(${c.text})`))
        .join(' || ');
      text = negation
        ? text.replace(new RegExp(`!\\s*${wholeName(ref.text).source}`), () =>
            alone ? negated : `(${negated})`,
          )
        : text.replace(wholeName(ref.text), () => `(${call.text})`);
    }
    return text;
  }

  /** Variables of `condition` assigned from `name` before `at` (`url = urlparse(name)`). */
  derivedNames(name: string, condition: string, at: SyntaxNode): string[] {
    const mentions = wholeName(name);
    return [...new Set(condition.match(/[A-Za-z_]\w*/g) ?? [])].filter(
      (other) =>
        other !== name &&
        this.context.values.bindingsBefore(other, at).some((b) => b.value && mentions.test(b.value.text)),
    );
  }

  /** True when a branch condition around `use` pins `name` to constants (see `branchGuards`). */
  pinned(name: string, use: SyntaxNode): boolean {
    if (this.inLiteralCase(name, use)) return true;
    const guards = this.table.branchGuards;
    if (!guards) return false;
    const functions = this.context.values.dialect.functionTypes;
    for (let child = use, node = use.parent; node; child = node, node = node.parent) {
      if (functions.has(node.type)) return false;
      const parts = conditionalParts(node);
      if (!parts?.[0] || child.id === parts[0].id) continue;
      const branch = child.id === parts[1]?.id ? 'then' : child.id === parts[2]?.id ? 'otherwise' : undefined;
      if (!branch) continue;
      const matches = (conjunct: string) =>
        guards[branch].some((source) => {
          const found = new RegExp(`^(?:${source.replaceAll('NAME', escape(name))})$`).exec(conjunct);
          const list = found?.groups?.list;
          return !!found && (list === undefined || this.constantCollection(list, parts[0]!));
        });
      const condition = parts[0].text.replace(/\s+/g, '').replace(/^\((.*)\)$/, '$1');
      // `then` needs every alternative of `a || b` to pin the name; the `else` of `a || b` runs when
      // neither holds, so one pinning alternative is enough there.
      const alternatives = condition.split('||').map((alternative) => alternative.split('&&'));
      const holds =
        branch === 'then'
          ? alternatives.every((conjuncts) => conjuncts.some(matches))
          : alternatives.length === 1 && alternatives[0].length === 1 && matches(alternatives[0][0]);
      if (holds) return true;
    }
    return false;
  }

  /** True when `use` runs only in `case` arms of a `switch (name)` with literal labels (`caseLiteral`). */
  private inLiteralCase(name: string, use: SyntaxNode): boolean {
    const literal = this.table.caseLiteral;
    if (!literal) return false;
    const functions = this.context.values.dialect.functionTypes;
    for (let child = use, node = use.parent; node; child = node, node = node.parent) {
      if (functions.has(node.type)) return false;
      if (node.type !== 'case_statement' || child.id === node.childForFieldName('value')?.id) continue;
      const block = node.parent;
      const tested = block?.parent?.childForFieldName('condition')?.text.replace(/\s+/g, '');
      // `switch (true) { case is_numeric($p): ... }` runs an arm whose label holds, as an `if` would.
      const conditions = /^\(true\)$/i.test(tested ?? '');
      if (block?.parent?.type !== 'switch_statement' || (tested !== `(${name})` && !conditions)) continue;
      const element = elementOf(name, use);
      const accepts = (label: SyntaxNode | null) =>
        !!label &&
        (conditions
          ? this.narrows(element ? [name, element] : [name], label, node)
          : literal.test(label.text));
      const arms = block.namedChildren.filter((a): a is SyntaxNode => a !== null && a.type !== 'comment');
      // This arm and every one that falls into it (no `break`, `return`... at its end) have literal labels.
      let at = arms.findIndex((a) => a.id === node.id);
      let pinned = true;
      for (; at >= 0 && pinned; at--) {
        const arm = arms[at];
        pinned = arm.type === 'case_statement' && accepts(arm.childForFieldName('value'));
        const last = arms[at - 1]?.namedChildren.filter((c) => c !== null && c.type !== 'comment').at(-1);
        if (at === 0 || (last && this.table.guards?.exit.test(last.text))) break;
      }
      const assigned = this.context.values
        .bindingsAnywhere(name)
        .some((b) => b.node.startIndex >= block.startIndex && b.node.endIndex <= block.endIndex);
      if (pinned && !assigned) return true;
    }
    return false;
  }

  /** True when `list` (a literal or a variable) holds only literals of the table's `constantList` shape. */
  constantCollection(list: string, at: SyntaxNode): boolean {
    const shape = this.table.branchGuards!.constantList;
    if (!/^\w+$/.test(list)) return shape.test(list);
    const bindings = this.context.values.bindingsBefore(list, at);
    return (
      bindings.length > 0 &&
      bindings.every((b) => !b.append && !!b.value && shape.test(b.value.text.replace(/\s+/g, '')))
    );
  }

  /** True when a throwing parser of the table checked `name` earlier in the function of `use`. */
  validated(name: string, use: SyntaxNode): boolean {
    const parser = this.table.validatedBy;
    const scope = parser && closest(use, this.context.values.dialect.functionTypes);
    if (!parser || !scope) return false;
    return this.index.callsBefore(scope, use).some((call) => {
      const args = call.childForFieldName('arguments')?.namedChildren.filter((a) => a !== null) ?? [];
      const first = args[0]?.type === 'argument' ? args[0].namedChildren.at(-1) : args[0];
      return args.length === 1 && first?.text === name && parser.test(this.index.head(call));
    });
  }
}

const MODIFIER = /_modifier$/;

/**
 * True when `condition` (a branch's test, as text) can hold only if `test` holds for one of its
 * parts: each alternative of a top-level `a || b` needs it, one conjunct of `a && b` is enough
 * (`if (ctype_digit($x) || $admin)` runs its branch for any `$x` when `$admin` is set).
 */
function holdsInBranch(condition: string, test: (part: string) => boolean, depth = 0): boolean {
  const text = unwrap(condition.trim());
  if (depth > 8) return test(text);
  const alternatives = splitTopLevel(text, OR);
  if (alternatives.length > 1) return alternatives.every((a) => holdsInBranch(a, test, depth + 1));
  const conjuncts = splitTopLevel(text, AND);
  if (conjuncts.length > 1) return conjuncts.some((c) => holdsInBranch(c, test, depth + 1));
  return test(text);
}

/** The operands of `a && b && c` (parentheses left out), or the node itself. */
function conjunctsOf(node: SyntaxNode): SyntaxNode[] {
  if (node.type === 'parenthesized_expression' && node.namedChildren[0])
    return conjunctsOf(node.namedChildren[0]);
  const operator = node.childForFieldName('operator')?.text;
  const left = node.childForFieldName('left');
  const right = node.childForFieldName('right');
  if (!left || !right || !/^(?:&&|and)$/i.test(operator ?? '')) return [node];
  return [...conjunctsOf(left), ...conjunctsOf(right)];
}

const ELSE = /^(?:else_clause|else_if_clause)$/;
const OR = /^(?:\|\||or\b)/i;
const AND = /^(?:&&|and\b)/i;

/**
 * The negation of a condition's text, for `holdsInBranch`: `!(a || b)` is `!a && !b`, `!(a && b)`
 * is `!a || !b`, `!a` is `a`, `$x !== 'a'` is `$x === 'a'`; any other test `t` is `!(t)`, which no
 * narrowing pattern affirms.
 */
function negation(condition: string, depth = 0): string {
  const text = unwrap(condition.trim());
  if (depth > 8) return `!(${text})`;
  const alternatives = splitTopLevel(text, OR);
  if (alternatives.length > 1) return alternatives.map((a) => `(${negation(a, depth + 1)})`).join(' && ');
  const conjuncts = splitTopLevel(text, AND);
  if (conjuncts.length > 1) return `(${conjuncts.map((c) => `(${negation(c, depth + 1)})`).join(' || ')})`;
  const comparisons = (t: string) => splitTopLevel(t, /^(?:[=!]==?|<=?|>=?)/);
  // `!a` (not `!a == b`, where `!` applies to `a` only).
  const inner = /^!\s*([^=][^]*)$/.exec(text)?.[1];
  if (inner !== undefined && comparisons(inner).length === 1) return inner;
  const [left, right, ...more] = comparisons(text);
  const operator = /^!==?/.exec(text.slice(left.length))?.[0];
  if (right !== undefined && more.length === 0 && operator)
    return `${left}${operator === '!==' ? '===' : '=='}${right}`;
  return `!(${text})`;
}

/** `text` without parentheses around all of it (`((a))` → `a`; `(a) && (b)` stays). */
function unwrap(text: string): string {
  while (text.startsWith('(') && text.endsWith(')') && closesAtEnd(text)) text = text.slice(1, -1).trim();
  return text;
}

/** True when the bracket opening `text` closes at its very end (not `(a) && (b)`). */
function closesAtEnd(text: string): boolean {
  let closed = false;
  eachOutsideStrings(text, (i, depth) => {
    closed = depth === 0 && i < text.length - 1;
    return closed ? -1 : 0;
  });
  return !closed;
}

/** `text` split at the operators `operator` matches outside parentheses, brackets and string literals. */
function splitTopLevel(text: string, operator: RegExp): string[] {
  const parts: string[] = [];
  let start = 0;
  eachOutsideStrings(text, (i, depth) => {
    const found = depth === 0 ? operator.exec(text.slice(i)) : null;
    // `or`/`and` only as words of their own.
    if (!found || found[0].length === 0 || (/\w/.test(found[0][0]) && /[\w$]/.test(text[i - 1] ?? '')))
      return 0;
    parts.push(text.slice(start, i));
    start = i + found[0].length;
    return found[0].length - 1;
  });
  parts.push(text.slice(start));
  return parts;
}

/**
 * Calls `visit` for each character of `text` outside string literals and their quotes, with the
 * bracket depth after that character; `visit` returns how many characters to skip, or -1 to stop.
 */
function eachOutsideStrings(text: string, visit: (i: number, depth: number) => number): void {
  let depth = 0;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      continue;
    }
    if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') depth--;
    const skip = visit(i, depth);
    if (skip < 0) return;
    i += skip;
  }
}

/**
 * True when `pattern` matches `condition` as a test that holds in the branch, not a negated one:
 * `if (!in_array($x, $allowed))` runs its body for the values outside the list.
 */
function affirmed(pattern: RegExp, condition: string): boolean {
  for (const match of condition.matchAll(pattern)) {
    const before = condition.slice(0, match.index);
    const after = condition.slice(match.index + match[0].length);
    if (/!\s*\(?\s*$/.test(before) || /^[^&|]*?\)?\s*(?:===?\s*(?:false|0)\b|!==?\s*true\b)/i.test(after))
      continue;
    return true;
  }
  return false;
}

/**
 * The element `use` (the variable `name`) is read through when a constant index follows it
 * (`$parts[0]`, `parts["ip"]`), as written; undefined for the whole variable or a computed index.
 */
function elementOf(name: string, use: SyntaxNode): string | undefined {
  const parent = use.parent;
  if (!parent || parent.namedChildren[0]?.id !== use.id) return undefined;
  const index = parent.text.slice(use.endIndex - parent.startIndex);
  return /^\[\s*(?:\d+|'[^'$]*'|"[^"$]*")\s*\]$/.test(index) ? `${name}${index}` : undefined;
}

/** The branch of a guard that runs when its condition holds (an `unless`: when it does not). */
function exitingBranch(node: SyntaxNode): SyntaxNode | null | undefined {
  const parts = conditionalParts(node);
  // PHP names an `if`'s branch `body`.
  return /^unless/.test(node.type) ? parts?.[2] : (parts?.[1] ?? node.childForFieldName('body'));
}

/**
 * True when `node` (a statement before `use`) always runs before it: every enclosing block up to the
 * one holding `use` is a plain block or the body of a `try` (a guard inside `try:` still exits).
 */
export function dominatesUse(node: SyntaxNode, use: SyntaxNode): boolean {
  for (let p = node.parent; p; p = p.parent) {
    if (p.startIndex <= use.startIndex && use.endIndex <= p.endIndex) return true;
    // Go wraps a block's statements in a statement_list; Rust's `if` is an expression, inside an
    // expression statement.
    if (
      !/^(?:block|statement_list|try_statement|statement_block|compound_statement|expression_statement|body_statement)$/.test(
        p.type,
      )
    )
      return false;
  }
  return false;
}

/**
 * The conditions that hold wherever `use` runs because it sits in their `if`'s body, or right of
 * their `&&` (`if ($real && str_starts_with($real, $base) && is_file($real)) readfile($real);`):
 * only those with no `||`, `or`, `xor` or negated group, where every conjunct holds.
 */
function enclosingConjuncts(use: SyntaxNode): string[] {
  const held: string[] = [];
  for (let child = use, node = use.parent; node; child = node, node = node.parent) {
    let tested: SyntaxNode | null | undefined;
    const operator = node.childForFieldName('operator')?.text.toLowerCase();
    if (node.type === 'binary_expression' && (operator === '&&' || operator === 'and'))
      tested = node.childForFieldName('right')?.id === child.id ? node.childForFieldName('left') : undefined;
    else if (node.type === 'if_statement' && node.childForFieldName('body')?.id === child.id)
      tested = node.childForFieldName('condition');
    if (tested && !/\|\||\b(?:or|xor)\b|!\s*\(/i.test(tested.text)) held.push(tested.text);
  }
  return held;
}
