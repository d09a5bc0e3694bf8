// A key variable pinned to one literal by the condition around its use: inside
// `if ($k === 'safe') { ... $arr[$k] ... }` the element read is `$arr['safe']`, so the array's
// shape (`arrayShapes.ts`) and keyed literals (`writes.ts`) can say what that element holds. Only
// strict equality pins a value (PHP's `==` makes `0 == 'a'` true before PHP 8 and compares numeric
// strings as numbers), and only where no assignment between the test and the use may change it.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import { escape } from './names';

/** A string literal without interpolation or escapes, or an integer. */
const LITERAL = String.raw`'([^'\\]*)'|"([^"$\\]*)"|(\d+)`;

/** The literal the variable `node` must equal where it is used, if a condition around it says so. */
export function pinnedLiteral(node: SyntaxNode, context: AnalysisContext): string | undefined {
  const { dialect } = context.values;
  const name = dialect.variableName(node);
  if (name === undefined || name !== node.text) return undefined;
  const equal = new RegExp(`^(?:${escape(name)}===(?:${LITERAL})|(?:${LITERAL})===${escape(name)})$`);
  for (let child = node, parent = node.parent; parent; child = parent, parent = parent.parent) {
    if (dialect.functionTypes.has(parent.type)) return undefined;
    if (parent.type !== 'if_statement') continue;
    const condition = parent.childForFieldName('condition');
    const body = parent.childForFieldName('body') ?? parent.childForFieldName('consequence');
    if (!condition || body?.id !== child.id) continue;
    const text = condition.text.replace(/\s+/g, '').replace(/^\((.*)\)$/, '$1');
    // Every conjunct holds in the body; an alternative (`||`) may not.
    if (text.includes('||')) continue;
    for (const conjunct of text.split('&&')) {
      const found = equal.exec(conjunct);
      if (!found) continue;
      // An assignment in the body (before the use, or after it in a loop) may change the value.
      const rebound = context.values
        .bindingsAnywhere(name)
        .some((b) => b.node.startIndex >= body.startIndex && b.node.endIndex <= body.endIndex);
      return rebound ? undefined : found.slice(1).find((v) => v !== undefined);
    }
  }
  return undefined;
}
