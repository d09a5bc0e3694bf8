// The exact precondition for `g1 && g1.x && g1.x.y(z)` → `g1?.x?.y(z)`. For each guard `g` and the
// step the chain takes from it (`.x`, `[k]` or a call):
// - a call step `g(...)` → `g?.(...)` needs `g` proven a function or nullish: for 0, '' or false the
//   original returns the value and the optional call throws "is not a function";
// - in a value context (the result is returned, stored, compared) `g` must be proven an object, a
//   function or undefined: for 0, '' or false the original gives that value and `?.` gives
//   undefined, and for null the original gives null;
// - when only the result's truthiness is used (a condition, `!`), null and undefined are equally
//   falsy, and a falsy primitive is harmless if the chain takes exactly one property step from it
//   whose name no falsy primitive has (`(0).x` is undefined; `''.constructor` is not).
import ts from 'typescript';
import { kindsOf, skipParentheses, type Kind } from './facts/valueKinds';
import { snippet } from './syntax';
import type { VirtualFile } from './virtualFile';

// What a falsy primitive (0, NaN, '', false, 0n) answers to, from the running engine's own prototypes.
const FALSY_PRIMITIVES: unknown[] = [0, '', false, 0n];
function presentOnFalsyPrimitive(name: string): boolean {
  return FALSY_PRIMITIVES.some((value) => name in Object(value));
}

/** Why the chain of `&&` operands must not become an optional chain, or undefined when it may. */
export function chainRisk(
  file: VirtualFile,
  operands: readonly ts.Expression[],
  booleanContext: boolean,
): string | undefined {
  const source = file.sourceFile();
  for (let i = 0; i + 1 < operands.length; i++) {
    const guard = operands[i]!;
    const next = operands[i + 1]!;
    const steps = stepsFrom(guard, next, source);
    if (!steps)
      return `\`${snippet(source, next, 30)}\` does not continue from \`${snippet(source, guard, 30)}\``;
    const name = snippet(source, guard, 30);
    const kinds = kindsOf(file, guard);
    const first = steps[0]!;
    if (ts.isCallExpression(first)) {
      const allowed: Kind[] = booleanContext ? ['callable', 'null', 'undefined'] : ['callable', 'undefined'];
      if (!within(kinds, allowed))
        return `\`${name}\` is not proven to be a function or ${booleanContext ? 'nullish' : 'undefined'}${unproven(kinds)}: if it were 0, '' or false the original would give that value, but \`${name}?.(…)\` would call it and throw`;
      continue;
    }
    const safeKinds: Kind[] = booleanContext
      ? ['object', 'callable', 'null', 'undefined', 'symbol']
      : ['object', 'callable', 'undefined'];
    if (within(kinds, safeKinds)) continue;
    if (!booleanContext)
      return `\`${name}\` is not proven to be an object or undefined${unproven(kinds)}: if it were 0, '', false or null the result would change from that value to undefined`;
    const key = propertyName(first);
    if (steps.length > 1 || key === undefined || presentOnFalsyPrimitive(key))
      return `\`${name}\` is not proven to be an object or nullish${unproven(kinds)}, and if it were 0, '' or false, \`${snippet(source, next, 30)}\` read through \`?.\` would ${steps.length > 1 ? 'throw or ' : ''}give a different truth value`;
  }
  return undefined;
}

function within(kinds: ReadonlySet<Kind> | undefined, allowed: readonly Kind[]): boolean {
  return !!kinds && [...kinds].every((kind) => allowed.includes(kind));
}

function unproven(kinds: ReadonlySet<Kind> | undefined): string {
  return kinds
    ? ` (it can be ${[...kinds].join(', ')})`
    : ' (no declared type, literal or typeof guard says what it is)';
}

/** The accesses and calls from `guard` out to `next` (`a.b` → `a.b.c(x)`: `.c`, `(x)`). */
function stepsFrom(
  guard: ts.Expression,
  next: ts.Expression,
  source: ts.SourceFile,
): ts.Expression[] | undefined {
  const target = skipParentheses(guard).getText(source);
  const steps: ts.Expression[] = [];
  let node = skipParentheses(next);
  while (
    ts.isPropertyAccessExpression(node) ||
    ts.isElementAccessExpression(node) ||
    ts.isCallExpression(node)
  ) {
    steps.unshift(node);
    const inner = skipParentheses(node.expression);
    if (inner.getText(source) === target) return steps;
    node = inner;
  }
  return undefined;
}

function propertyName(step: ts.Expression): string | undefined {
  if (ts.isPropertyAccessExpression(step)) return step.name.text;
  if (ts.isElementAccessExpression(step)) {
    const key = step.argumentExpression;
    if (ts.isStringLiteral(key) || ts.isNumericLiteral(key) || ts.isNoSubstitutionTemplateLiteral(key))
      return key.text;
  }
  return undefined;
}
