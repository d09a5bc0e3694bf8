// Work repeated on every iteration for the same result: a regex compiled from a loop-invariant
// pattern (Python `re.compile`, Java `Pattern.compile`, C# `new Regex`), JSON parsed from a
// loop-invariant value (Python `json.loads`), and a Java/C# string grown with `+=` in a loop.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import { descendants, namedChildren } from '../syntax';
import { enclosingLoop, isLoopInvariant, type LoopSyntax } from './loops';

interface Construction {
  node: SyntaxNode;
  /** What is built, for the message (`re.compile`, `new Regex`). */
  what: string;
  args: SyntaxNode[];
}

function argumentsOf(node: SyntaxNode): SyntaxNode[] {
  const list = node.childForFieldName('arguments');
  if (!list) return [];
  // Python keyword arguments (`flags=re.I`) count by their value.
  return namedChildren(list).map((a) =>
    a.type === 'keyword_argument' ? (a.childForFieldName('value') ?? a) : a,
  );
}

/** Regex constructions of each language, with their arguments. */
function regexConstructions(context: AnalysisContext): Construction[] {
  const out: Construction[] = [];
  if (context.language === 'python') {
    for (const call of descendants(context.root, 'call')) {
      const fn = call.childForFieldName('function')?.text ?? '';
      if (/^(?:re|regex)\.compile$/.test(fn)) out.push({ node: call, what: fn, args: argumentsOf(call) });
    }
  } else if (context.language === 'java') {
    for (const call of descendants(context.root, 'method_invocation')) {
      const object = call.childForFieldName('object')?.text ?? '';
      if (
        /^(?:java\.util\.regex\.)?Pattern$/.test(object) &&
        call.childForFieldName('name')?.text === 'compile'
      )
        out.push({ node: call, what: 'Pattern.compile', args: argumentsOf(call) });
    }
  } else if (context.language === 'csharp') {
    for (const creation of descendants(context.root, 'object_creation_expression')) {
      if (
        /^(?:System\.Text\.RegularExpressions\.)?Regex$/.test(creation.childForFieldName('type')?.text ?? '')
      )
        out.push({ node: creation, what: 'new Regex', args: argumentsOf(creation) });
    }
  }
  return out;
}

export function checkRegexInLoops(context: AnalysisContext, syntax: LoopSyntax): void {
  for (const { node, what, args } of regexConstructions(context)) {
    const loop = enclosingLoop(node, syntax);
    if (!loop || args.length === 0 || !args.every((a) => isLoopInvariant(a, loop, syntax))) continue;
    context.findings.report(node, 'codewright/regex-in-loop', {
      message:
        context.language === 'python'
          ? `${what}() with the same pattern on every iteration: re's cache saves the compile but not the lookup and call.`
          : `${what}(...) compiles the same pattern on every iteration.`,
    });
  }
}

export function checkJsonParseInLoops(context: AnalysisContext, syntax: LoopSyntax): void {
  if (context.language !== 'python') return;
  for (const call of descendants(context.root, 'call')) {
    if (call.childForFieldName('function')?.text !== 'json.loads') continue;
    const [data] = argumentsOf(call);
    const loop = enclosingLoop(call, syntax);
    if (!data || !loop || !isLoopInvariant(data, loop, syntax)) continue;
    context.findings.report(call, 'codewright/json-parse-in-loop', {
      message: `json.loads(${data.text.slice(0, 40)}) parses the same text on every iteration.`,
    });
  }
}

/** `String s` / `string s` / `var s = "..."`: the declarator of a string local. */
function isStringDeclarator(declarator: SyntaxNode): boolean {
  const declaration = declarator.parent;
  const type = declaration?.childForFieldName('type')?.text ?? '';
  if (/^(?:String|string|java\.lang\.String|System\.String)$/.test(type)) return true;
  if (type !== 'var') return false;
  const value = namedChildren(declarator).at(-1);
  return (
    !!value &&
    /^(?:string_literal|verbatim_string_literal|raw_string_literal|interpolated_string_expression)$/.test(
      value.type,
    )
  );
}

/**
 * Java/C#: `s += x` (or `s = s + x`) inside a loop on a String local declared before the loop and
 * not reset inside it. StringBuilder appends are what the fix uses, so they are never reported.
 */
export function checkStringConcatInLoops(context: AnalysisContext, syntax: LoopSyntax): void {
  if (context.language !== 'java' && context.language !== 'csharp') return;
  const reported = new Set<string>();
  for (const assignment of descendants(context.root, 'assignment_expression')) {
    const left = assignment.childForFieldName('left');
    const right = assignment.childForFieldName('right');
    if (left?.type !== 'identifier' || !right) continue;
    const operator = assignment.childForFieldName('operator')?.text ?? assignment.child(1)?.text;
    const appends =
      operator === '+=' ||
      (operator === '=' &&
        right.type === 'binary_expression' &&
        right.childForFieldName('left')?.text === left.text &&
        right.childForFieldName('operator')?.text === '+');
    const loop = enclosingLoop(assignment, syntax);
    if (!appends || !loop) continue;
    const scope = functionOf(loop, syntax);
    if (!scope) continue;
    const declarator = descendants(scope, 'variable_declarator').find(
      (d) => d.childForFieldName('name')?.text === left.text && d.startIndex < loop.startIndex,
    );
    if (!declarator || !isStringDeclarator(declarator)) continue;
    // `s = ""` inside the loop starts a new string each iteration: nothing grows across iterations.
    const reset = descendants(loop, 'assignment_expression').some(
      (a) =>
        a.childForFieldName('left')?.text === left.text &&
        (a.childForFieldName('operator')?.text ?? a.child(1)?.text) === '=' &&
        !(a.childForFieldName('right')?.text ?? '').startsWith(left.text),
    );
    const key = `${left.text}@${loop.id}`;
    if (reset || reported.has(key)) continue;
    reported.add(key);
    context.findings.report(assignment, 'codewright/string-concat-in-loop', {
      message: `String '${left.text}' is rebuilt by concatenation on every iteration.`,
      suggestion:
        context.language === 'java'
          ? 'Append to a StringBuilder created before the loop and call toString() once after it.'
          : 'Append to a StringBuilder created before the loop (or collect parts and string.Join them).',
    });
  }
}

function functionOf(node: SyntaxNode, syntax: LoopSyntax): SyntaxNode | undefined {
  for (let p = node.parent; p; p = p.parent) if (syntax.functions.has(p.type)) return p;
  return undefined;
}
