// `'%s' % x` and `'{}'.format(x)` → f-strings, when the result is provably the same text: only the
// conversions whose meaning f-strings share (%s %r %a and %f-family precision; .format fields with
// conversions and specs), simple arguments each evaluated once in order, and a single `% x` operand
// only when it cannot be a tuple (which `%` would unpack; see scalarValues.ts).
import type { SyntaxNode } from '../../parsing/treeSitter';
import type { Candidate, KeptNote, Proposals } from '../js/transform';
import { neverTuple } from './scalarValues';
import { descendants, isSimpleExpression, namedChildren } from './tree';

const PERCENT = /%(?:%|([-+ #0]*\d*(?:\.\d+)?)([srafeEgG]))|%[^%]/g;
const FORMAT_FIELD = /\{\{|\}\}|\{([^{}!:]*)(![rsa])?(?::([^{}]*))?\}|[{}]/g;

interface StringParts {
  prefix: string;
  quote: string;
  content: string;
}

export function fStringCandidates(root: SyntaxNode, text: string): Proposals {
  const candidates: Candidate[] = [];
  const kept: KeptNote[] = [];
  for (const node of descendants(root, 'binary_operator')) {
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    if (node.child(1)?.type !== '%' || left?.type !== 'string' || !right) continue;
    const outcome = fromPercent(left, right);
    record(outcome, node, text, candidates, kept);
  }
  for (const node of descendants(root, 'call')) {
    const fn = node.childForFieldName('function');
    const receiver = fn?.type === 'attribute' ? fn.childForFieldName('object') : null;
    if (!fn || receiver?.type !== 'string' || fn.childForFieldName('attribute')?.text !== 'format') continue;
    record(fromFormat(receiver, node.childForFieldName('arguments')!), node, text, candidates, kept);
  }
  return { candidates, kept };
}

function record(
  outcome: string | { reason: string },
  node: SyntaxNode,
  text: string,
  candidates: Candidate[],
  kept: KeptNote[],
): void {
  const before = text.slice(node.startIndex, node.endIndex);
  if (typeof outcome === 'string') {
    const message =
      before.length <= 60 && !before.includes('\n')
        ? `\`${before}\` → \`${outcome}\``
        : 'string formatting → f-string';
    candidates.push({
      pattern: 'f_strings',
      at: node.startIndex,
      message,
      edits: [{ start: node.startIndex, end: node.endIndex, text: outcome }],
    });
  } else {
    kept.push({
      pattern: 'f_strings',
      at: node.startIndex,
      message: `kept \`${before.slice(0, 50)}\` — ${outcome.reason}`,
    });
  }
}

function partsOf(node: SyntaxNode): StringParts | { reason: string } {
  const start = node.child(0);
  const end = node.child(node.childCount - 1);
  if (!start || start.type !== 'string_start' || !end) return { reason: 'not a plain string literal' };
  const prefix = /^[a-zA-Z]*/.exec(start.text)![0];
  if (/[bf]/i.test(prefix)) return { reason: 'byte strings and f-strings are left as they are' };
  const body = node.text.slice(start.text.length, node.text.length - end.text.length);
  return { prefix: /r/i.test(prefix) ? 'r' : '', quote: start.text.slice(prefix.length), content: body };
}

function argumentText(node: SyntaxNode, quote: string): string | undefined {
  if (!isSimpleExpression(node)) return undefined;
  const source = node.text;
  return /[{}\\\n'"!#]/.test(source) || source.includes(quote) ? undefined : source;
}

const EXACT_STR_OR_INT = /^(str|repr|ascii|int|float|len|ord|chr|hex|oct|bin)$/;

/** Literals and calls of builtins returning an exact str/int/float, whose __format__('') is str(). */
function isExactBuiltinScalar(node: SyntaxNode): boolean {
  if (['integer', 'float', 'string', 'true', 'false', 'none'].includes(node.type)) return true;
  const fn = node.type === 'call' ? node.childForFieldName('function') : null;
  return fn?.type === 'identifier' && EXACT_STR_OR_INT.test(fn.text);
}

function isNumber(node: SyntaxNode): boolean {
  if (node.type === 'integer' || node.type === 'float') return true;
  if (node.type === 'unary_operator') return isNumber(node.namedChildren[0]!);
  const fn = node.type === 'call' ? node.childForFieldName('function') : null;
  return fn?.type === 'identifier' && /^(int|float|len|ord)$/.test(fn.text);
}

function fromPercent(left: SyntaxNode, right: SyntaxNode): string | { reason: string } {
  const parts = partsOf(left);
  if ('reason' in parts) return parts;
  const args = right.type === 'tuple' ? namedChildren(right) : [right];
  if (right.type !== 'tuple' && !neverTuple(right)) {
    return { reason: `\`${right.text.slice(0, 30)}\` might be a tuple, which \`%\` would unpack` };
  }
  let index = 0;
  let failure: string | undefined;
  const content = parts.content.replace(/[{}]/g, (brace) => brace + brace);
  const converted = content.replace(
    PERCENT,
    (match, flags: string | undefined, conversion: string | undefined) => {
      if (match === '%%') return '%';
      if (!conversion) {
        failure ??= `\`${match}\` has no f-string equivalent that is always the same`;
        return match;
      }
      const arg = args[index++];
      const source = arg && argumentText(arg, parts.quote);
      if (!source) {
        failure ??= 'an argument is not a simple name, attribute, literal or call';
        return match;
      }
      if ('sra'.includes(conversion) && flags) {
        failure ??= `\`${match}\` pads differently in f-strings`;
        return match;
      }
      // `%s` is str(x); `{x}` is format(x, ''), which a class's own __format__ (enum mixins)
      // answers differently: `{x!s}` unless x is a literal or a builtin's exact str/int result.
      if (conversion === 's') return isExactBuiltinScalar(arg) ? `{${source}}` : `{${source}!s}`;
      if (conversion === 'r' || conversion === 'a') return `{${source}!${conversion}}`;
      // `%f` converts with float(x); `{x:f}` calls x.__format__ (a Decimal rounds its own way).
      if (!isNumber(arg)) {
        failure ??= `\`${source.slice(0, 30)}\` is not proven an int or float: \`%${conversion}\` converts it with float(), an f-string with its own __format__ (Decimal rounds differently)`;
        return match;
      }
      return `{${source}:${flags ?? ''}${conversion}}`;
    },
  );
  if (failure) return { reason: failure };
  if (index !== args.length) return { reason: 'the number of arguments does not match the placeholders' };
  return `f${parts.prefix}${parts.quote}${converted}${parts.quote}`;
}

function fromFormat(receiver: SyntaxNode, argumentList: SyntaxNode): string | { reason: string } {
  const parts = partsOf(receiver);
  if ('reason' in parts) return parts;
  const positional: string[] = [];
  const keywords = new Map<string, string>();
  for (const arg of namedChildren(argumentList)) {
    if (arg.type === 'keyword_argument') {
      const value = argumentText(arg.childForFieldName('value')!, parts.quote);
      if (!value) return { reason: 'an argument is not a simple name, attribute, literal or call' };
      keywords.set(arg.childForFieldName('name')!.text, value);
    } else {
      const value = argumentText(arg, parts.quote);
      if (!value)
        return {
          reason: 'an argument is not a simple name, attribute, literal or call (or is *args/**kwargs)',
        };
      positional.push(value);
    }
  }
  const used = new Set<string>();
  let auto = 0;
  let failure: string | undefined;
  const converted = parts.content.replace(
    FORMAT_FIELD,
    (match, field: string | undefined, conversion: string | undefined, spec: string | undefined) => {
      if (match === '{{' || match === '}}') return match;
      if (field === undefined) {
        failure ??= 'the format string has an unmatched brace';
        return match;
      }
      const key = field === '' ? String(auto++) : field;
      const value = /^\d+$/.test(key) ? positional[Number(key)] : keywords.get(key);
      if (value === undefined) {
        failure ??= `field \`{${field}}\` uses attribute/index lookup or has no matching argument`;
        return match;
      }
      used.add(key);
      return `{${value}${conversion ?? ''}${spec !== undefined ? `:${spec}` : ''}}`;
    },
  );
  if (failure) return { reason: failure };
  const unused = positional.length + keywords.size - used.size;
  if (unused !== 0) return { reason: 'some arguments are never used, and would no longer be evaluated' };
  const calls = [...positional, ...keywords.values()].filter((value) => value.includes('('));
  if (calls.length > 0 && converted.split(calls[0]!).length > 2)
    return { reason: 'a call argument is used twice and would run twice' };
  return `f${parts.prefix}${parts.quote}${converted}${parts.quote}`;
}
