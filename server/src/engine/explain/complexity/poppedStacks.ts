// Python stacks popped on every pass of a `while` that reads their top: `while stk[-1] != -1 and
// …: last = stk.pop()`, and the shunting-yard loops `while operators[-1] != '(':
// compute(operands, operators)` where a helper of the file pops the stack it is given. Each pass
// takes one item off the stack and the loop pushes nothing onto it, so its passes are at most the
// items pushed before: a drained work list (amortised over an enclosing loop, linear alone). The
// condition text alone (whileBound.ts) sees neither a top read as an emptiness test nor a pop
// inside a callee. A pop under a branch, a push in the loop or in the helper, or an `or` in the
// condition keeps the loop unknown.
import type { LoopBound, LoopFlow, Statement, Unit } from '../model';
import { escape, splitArgs } from '../extract/boundText';
import { splitTopLevel } from '../extract/loopSteps';
import { paramsFilledBy } from './fixedArguments';
import type { Estimator } from './walk';

const NAME = /^[A-Za-z_$][\w$]*$/;

/** Statements of lines (from, to] one level below `depth`: what runs on every pass. */
function everyPass(statements: Statement[], from: number, to: number, depth: number): Statement[] {
  return statements.filter((s) => s.line > from && s.line <= to && s.depth === depth + 1);
}

// (C++: `stk.pop_back()`, `stk.pop()`; pushes by `push_back`, `emplace_back`, `push`, `emplace`, `insert`)
const pops = (code: string, list: string) =>
  new RegExp(`(?<![\\w$.])${escape(list)}\\s*(?:\\.|->)\\s*(?:pop|pop_back)\\s*\\(\\s*\\)`).test(code);
const pushes = (code: string, list: string) =>
  new RegExp(
    `(?<![\\w$.])${escape(list)}\\s*(?:(?:\\.|->)\\s*(?:append|extend|insert|push_back|emplace_back|push|emplace)\\s*\\(|\\+=)`,
  ).test(code);

/** The outermost unit holding `unit` (itself at the top level). */
function rootOf(units: Unit[], unit: Unit): Unit {
  let u = unit;
  for (
    let parent = units.find((p) => p.id === u.parent);
    parent;
    parent = units.find((p) => p.id === u.parent)
  )
    u = parent;
  return u;
}

/**
 * The one unit called `callee` (a method called through `self.`) in the top-level unit holding
 * line `at`: two classes of one file may each have a `compute`.
 */
function unitNamed(units: Unit[], callee: string, at: number): Unit | undefined {
  const name = callee.replace(/^self\./, '');
  const found = units.filter(
    (u) =>
      u.name === name &&
      !/^(class|struct|module|impl)$/.test(u.kind) &&
      rootOf(units, u).line <= at &&
      rootOf(units, u).endLine >= at,
  );
  return found.length === 1 ? found[0] : undefined;
}

/** True when the helper `unit`, given `list` for its parameter, pops it on every call and pushes nothing onto it. */
function helperPops(statements: Statement[], unit: Unit, args: string[], list: string): boolean {
  const params = paramsFilledBy(unit, args);
  // (C++ passes the stack by its address, `compute(&operands, &operators)`, to a `stack<char>
  // *operators` parameter)
  const at = args.findIndex((a) => a.trim().replace(/^&\s*/, '') === list);
  const param =
    at >= 0
      ? params[at]
          ?.replace(/[:=].*$/, '')
          .replace(/^[*&\s]+/, '')
          .trim()
      : undefined;
  if (!param || !NAME.test(param)) return false;
  const header = statements.find((s) => s.kind === 'unit' && s.line === unit.line);
  if (!header) return false;
  const body = statements.filter((s) => s.line > unit.line && s.line <= unit.endLine);
  return (
    everyPass(statements, unit.line, unit.endLine, header.depth).some((s) => pops(s.code, param)) &&
    !body.some((s) => pushes(s.code, param))
  );
}

/** The stack a `while` condition reads through its top or its emptiness, in a conjunct of an `and`. */
function testedStack(condition: string): string | undefined {
  const text = condition.replace(/\band\b/g, '&&').replace(/\bor\b/g, '||');
  if (splitTopLevel(text, '||').length > 1) return undefined;
  for (const part of splitTopLevel(text, '&&')) {
    const t = part.trim();
    const m =
      /^([A-Za-z_$][\w$]*)$/.exec(t) ??
      /^len\(\s*([A-Za-z_$][\w$]*)\s*\)(?:\s*>\s*0)?$/.exec(t) ??
      /^(?:not\s+)?([A-Za-z_$][\w$]*)\[-1\]/.exec(t) ??
      // C++: `!empty(stk)`, `!stk.empty()`, `size(stk) > 1`, `stk.back() != -1`, `ops.top() != '('`
      /^!\s*(?:std::)?empty\(\s*([A-Za-z_$][\w$]*)\s*\)$/.exec(t) ??
      /^!\s*([A-Za-z_$][\w$]*)\.empty\(\s*\)$/.exec(t) ??
      /^(?:std::)?size\(\s*([A-Za-z_$][\w$]*)\s*\)\s*>\s*\d+$/.exec(t) ??
      /^([A-Za-z_$][\w$]*)\.size\(\s*\)\s*>\s*\d+$/.exec(t) ??
      /^([A-Za-z_$][\w$]*)\.(?:back|top)\(\s*\)/.exec(t);
    if (m && !/^(not|True|False|None)$/.test(m[1]!)) return m[1];
  }
  return undefined;
}

/**
 * The bound of a Python `while` whose condition reads a stack's top or emptiness and whose every
 * pass pops that stack (directly or through a helper of the file given it), pushing nothing onto
 * it: it drains the stack. Undefined for anything else.
 */
export function poppedStack(est: Estimator, flow: LoopFlow): LoopBound | undefined {
  if (!/^(python|cpp)$/.test(est.facts.language) || flow.bound.kind !== 'unknown') return undefined;
  const statements = est.facts.statements;
  const header = statements.find((s) => s.kind === 'loop' && s.line === flow.line);
  if (header?.loopKind !== 'while' || !header.condition) return undefined;
  const list = testedStack(header.condition.trim().replace(/^\((.*)\)$/s, '$1'));
  const end = flow.endLine ?? flow.line;
  if (!list) return undefined;
  if (statements.some((s) => s.line > flow.line && s.line <= end && pushes(s.code, list))) return undefined;
  const popped = everyPass(statements, flow.line, end, header.depth).some((s) => {
    if (pops(s.code, list)) return true;
    if (s.kind !== 'call' || !s.callee) return false;
    const unit = unitNamed(est.facts.units, s.callee, s.line);
    return !!unit && helperPops(statements, unit, s.value ? splitArgs(s.value) : [], list);
  });
  return popped ? { kind: 'linear', key: list, amortised: 'drains' } : undefined;
}

/**
 * True when the pass of `outer` around the drain `inner` of `list` pushes items back onto it in
 * bulk (`stk.extend(t)`, `stk += t`) outside the drain: what one pass pops the next may pop again,
 * so the drain is not shared out over `outer`'s passes (doocs 1190's reversal of a bracketed part).
 */
export function refilledInBulk(
  est: Estimator,
  list: string,
  outer: LoopFlow,
  inner: LoopFlow,
  plusConcatenates = true,
): boolean {
  // (Python `extend` / `+=`, Java `addAll`, C# `AddRange`, Go `stk = append(stk, t...)`; a caller
  // that cannot tell a list's `+=` from a one-character `stk += c` leaves `+=` out)
  const l = escape(list);
  const plus = plusConcatenates ? '|\\+=' : '';
  const bulk = new RegExp(
    `(?<![\\w$.])${l}\\s*(?:\\.(?:extend|addAll|AddRange)\\s*\\(${plus}|=\\s*append\\(\\s*${l}\\s*,[^()]*\\.\\.\\.\\s*\\))`,
  );
  const end = outer.endLine ?? outer.line;
  const innerEnd = inner.endLine ?? inner.line;
  return est.facts.statements.some(
    (s) =>
      s.line > outer.line && s.line <= end && (s.line < inner.line || s.line > innerEnd) && bulk.test(s.code),
  );
}
