// PHP output contexts: what `echo`/`print` write is the page, and an escaper protects only the
// context it was made for (see `htmlContext.ts`). The page text before a value is the inline HTML
// (`?> <script> <?php`) and the constant text of the echoes that run before it in the same scope,
// then the constant text of the same statement before the value. Each non-constant part of an
// echoed value is checked with the sanitizers of the context it lands in.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import { type HtmlContext, htmlContext } from '../htmlContext';
import { closest } from '../syntax';
import { argumentValues } from '../taint/objects';

export interface OutputPart {
  node: SyntaxNode;
  /**
   * The rule variant whose sanitizers apply where the part lands (`script`, `attr-dq`, ...);
   * `attr-name-bare` is an attribute name the page gives no value (see `bareName`).
   */
  variant: HtmlContext | 'attr-name-bare';
}

const FUNCTIONS = new Set([
  'function_definition',
  'method_declaration',
  'anonymous_function',
  'arrow_function',
]);
const ECHOES = ['echo_statement', 'print_intrinsic'];
/** Enough page text to know the open element and attribute; bounds the work on long templates. */
const MAX_PREFIX = 20_000;
const MAX_DEPTH = 4;

interface Piece {
  text?: string;
  node?: SyntaxNode;
}

/** The parts of an echoed `value`, each with the context it lands in. */
export function phpOutputParts(value: SyntaxNode, context: AnalysisContext): OutputPart[] {
  let text = pageBefore(value, context);
  const out: OutputPart[] = [];
  const all = pieces(value, context, 0);
  for (const [i, piece] of all.entries()) {
    if (piece.text !== undefined) {
      text += piece.text;
      continue;
    }
    const variant = htmlContext(text.slice(-MAX_PREFIX));
    out.push({
      node: piece.node!,
      variant: variant === 'attr-name' && bareName(all[i + 1]) ? 'attr-name-bare' : variant,
    });
    // What the part holds is unknown; a placeholder keeps an attribute value or tag name going.
    text += 'x';
  }
  return out;
}

/**
 * The page text `printf` writes, given its format argument: the call read as the `sprintf` it
 * prints, so `printf('%d items', $n)` writes a number and `printf('<b>%s</b>', $x)` writes `$x` as
 * text of the page.
 */
export function phpPrintfParts(format: SyntaxNode, context: AnalysisContext): OutputPart[] {
  let call: SyntaxNode | null = format;
  while (call && call.type !== 'function_call_expression') call = call.parent;
  return phpOutputParts(call ?? format, context);
}

/**
 * An attribute name the page itself gives no value: the constant text right after it does not
 * start with `=` (`<div title="x"VALUE"\>`, `<div VALUE>`). A value without spaces, `=`, `/`, `>`
 * or quotes then only names an attribute without a value (glued to the text after it), which runs
 * nothing; with `=` after it (`<div VALUE= bob>`) the input picks which attribute gets the page's
 * value. Unknown when the statement ends there: the next output is out of this statement's sight.
 */
function bareName(next: Piece | undefined): boolean {
  return next?.text !== undefined && /^\s*[^\s=]/.test(next.text);
}

/** The constant text and the non-constant parts of a value, in output order. */
function pieces(node: SyntaxNode, context: AnalysisContext, depth: number): Piece[] {
  switch (node.type) {
    case 'string':
      return [{ text: singleQuoted(node.text) }];
    case 'encapsed_string':
      return node.namedChildren
        .filter((c): c is SyntaxNode => c !== null)
        .map((c) =>
          c.type === 'string_content'
            ? { text: c.text }
            : c.type === 'escape_sequence'
              ? { text: unescape(c.text) }
              : { node: c },
        );
    case 'parenthesized_expression':
      return node.namedChildren[0] ? pieces(node.namedChildren[0], context, depth) : [];
    case 'binary_expression': {
      const left = node.childForFieldName('left');
      const right = node.childForFieldName('right');
      const operator =
        left && right
          ? node.text.slice(left.endIndex - node.startIndex, right.startIndex - node.startIndex).trim()
          : '';
      if (operator === '.') return [...pieces(left!, context, depth), ...pieces(right!, context, depth)];
      return [{ node }];
    }
    case 'function_call_expression': {
      // sprintf (or printf, which writes the same text) with a literal format: its text, with each
      // `%s` argument a part of its own (a numeric conversion writes a number, constant text for
      // the context).
      const args = (node.childForFieldName('arguments')?.namedChildren ?? [])
        .filter((a): a is SyntaxNode => a !== null)
        .map((a) => (a.type === 'argument' ? (a.namedChildren.at(-1) ?? a) : a));
      const format = args[0];
      if (
        !/^s?printf$/.test(node.childForFieldName('function')?.text ?? '') ||
        !format ||
        !/^(?:string|encapsed_string)$/.test(format.type)
      )
        return [{ node }];
      // A format with values in it (`"$x %s"`) is read whole: those values are no conversion.
      const formatPieces = pieces(format, context, MAX_DEPTH);
      if (formatPieces.some((p) => p.text === undefined)) return [{ node }];
      const text = formatPieces.map((p) => p.text).join('');
      const out: Piece[] = [];
      let next = 1;
      let last = 0;
      for (const m of text.matchAll(/%(?:%|(?:\d+\$)?[-+ 0]*(?:'.)?\d*(?:\.\d+)?([bcdeEfFgGosuxX]))/g)) {
        out.push({ text: text.slice(last, m.index) });
        last = m.index + m[0].length;
        if (!m[1]) out.push({ text: '%' });
        else if (m[1] === 's' && args[next]) out.push({ node: args[next++] });
        else {
          next++;
          out.push({ text: '0' });
        }
      }
      out.push({ text: text.slice(last) });
      return out;
    }
    case 'variable_name': {
      // A variable assigned once, from text built here: its own pieces (`$html = "<script>" . $x`).
      const bindings = context.values.bindingsBefore(node.text, node);
      const only = bindings.length === 1 && !bindings[0].append ? bindings[0].value : null;
      if (
        only &&
        depth < MAX_DEPTH &&
        /^(?:string|encapsed_string|binary_expression|function_call_expression|conditional_expression)$/.test(
          only.type,
        ) &&
        !passedByReference(node.text, only.endIndex, node.startIndex, context) &&
        !aliased(node.text, node.startIndex, context)
      ) {
        // Worth it only for the text it shows: parts alone are read at the variable, where the
        // conditions around the use still apply (`if ($x === 'asc') echo $x;`).
        const inner = pieces(only, context, depth + 1);
        if (inner.some((p) => p.text !== undefined)) return inner;
      }
      return [{ node }];
    }
    case 'conditional_expression': {
      // `$c ? ' value="' . esc_attr($x) . '"' : ''`: one branch writes nothing, the other whole
      // attributes or text (its quotes closed, no tag opened or closed), so its parts land where it
      // puts them and the page goes on in the context it was in, whichever branch ran.
      const body = node.childForFieldName('body');
      const alternative = node.childForFieldName('alternative');
      const written = writesNothing(alternative) ? body : writesNothing(body) ? alternative : null;
      if (!written || depth >= MAX_DEPTH) return [{ node }];
      const inner = pieces(written, context, depth + 1);
      const text = inner.map((p) => p.text ?? 'x').join('');
      const closed =
        !/[<>]/.test(text) &&
        [...text.matchAll(/"/g)].length % 2 === 0 &&
        [...text.matchAll(/'/g)].length % 2 === 0;
      return closed && inner.some((p) => p.text !== undefined) ? inner : [{ node }];
    }
    default:
      return [{ node }];
  }
}

/** An empty string literal (`''`, `""`). */
function writesNothing(node: SyntaxNode | null): boolean {
  return node !== null && /^(?:''|"")$/.test(node.text);
}

const CALLS = ['function_call_expression', 'member_call_expression', 'scoped_call_expression'];

/** True when `$y = &$name` comes before `to`: a write to `$y` writes the variable too. */
function aliased(name: string, to: number, context: AnalysisContext): boolean {
  return context
    .nodes('reference_assignment_expression')
    .some((r) => r.startIndex < to && r.childForFieldName('right')?.text === name);
}

/**
 * True when a call between `from` and `to` passes the variable `name` to a reference parameter of a
 * function or method of the file (`function fill(&$s)`): the callee may have written anything there,
 * so the variable no longer holds the text it was assigned.
 */
function passedByReference(name: string, from: number, to: number, context: AnalysisContext): boolean {
  for (const call of context.nodes(CALLS)) {
    if (call.startIndex < from || call.startIndex >= to) continue;
    const args = argumentValues(call);
    const at = args.findIndex((a) => a.text === name);
    const callee = (call.childForFieldName('name') ?? call.childForFieldName('function'))?.text;
    if (at < 0 || !callee) continue;
    for (const fn of context.nodes([...FUNCTIONS])) {
      if (fn.childForFieldName('name')?.text !== callee) continue;
      const params = (fn.childForFieldName('parameters')?.namedChildren ?? []).filter(
        (p): p is SyntaxNode => p !== null && p.type !== 'comment',
      );
      // `&$s`, `string &$s`, `&...$rest` (not the intersection type `A&B $s`).
      if (/&\s*(?:\.\.\.\s*)?\$\w+(?:\s*=[^]*)?$/.test(params[at]?.text ?? '')) return true;
    }
  }
  return false;
}

/**
 * The non-constant parts of an SQL query, an XPath expression or PHP code, each marked `unquoted`
 * when it lands outside a string literal (`WHERE id = $x`, `//user[@id=$x]`): escaping quotes
 * protects a quoted value only, not a number position. Inside a literal, `sq` or `dq` says which
 * quote ends it: removing `'` or `htmlspecialchars($x, ENT_COMPAT)` protects only a `'...'` one.
 */
export function phpQueryParts(
  value: SyntaxNode,
  context: AnalysisContext,
): Array<{ node: SyntaxNode; variant: string }> {
  // SQL, XPath and PHP strings: a backslash escapes the next character inside either quote.
  return partsByQuote(value, context, '', (quote) => quote !== '');
}

/**
 * The non-constant parts of a shell command, each with the quoting it lands in (POSIX sh): inside
 * `'...'` a backslash is a plain character, so `addslashes` cannot keep a quote from ending the
 * string and `escapeshellarg`'s own quotes end it; inside `"..."` `$(...)` and backticks still run;
 * unquoted, only `escapeshellarg` (or a number) keeps the value one word.
 */
export function phpShellParts(
  value: SyntaxNode,
  context: AnalysisContext,
): Array<{ node: SyntaxNode; variant: string }> {
  // POSIX sh: a backslash escapes the next character anywhere but inside '...'.
  return partsByQuote(value, context, 'shell-', (quote) => quote !== "'");
}

/**
 * The non-constant parts of a built string, each named by the quote open where it lands (`sq`, `dq`
 * or `unquoted`, after `prefix`); `escapes` says inside which quote a backslash escapes the next
 * character. A part before any written text (a string built out of sight) is judged as a whole:
 * variant `''`.
 */
function partsByQuote(
  value: SyntaxNode,
  context: AnalysisContext,
  prefix: string,
  escapes: (quote: string) => boolean,
): Array<{ node: SyntaxNode; variant: string }> {
  let quote = '';
  let written = '';
  const out: Array<{ node: SyntaxNode; variant: string }> = [];
  for (const piece of pieces(value, context, 0)) {
    if (piece.node) {
      const variant = quote === "'" ? 'sq' : quote ? 'dq' : 'unquoted';
      out.push({ node: piece.node, variant: written.trim() ? prefix + variant : '' });
      continue;
    }
    const text = piece.text ?? '';
    written += text;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (c === '\\' && escapes(quote)) i++;
      else if (quote) quote = c === quote ? '' : quote;
      else if (c === "'" || c === '"') quote = c;
    }
  }
  return out;
}

const pageCache = new WeakMap<AnalysisContext, Array<{ at: number; scope?: number; text: string }>>();

/** The page text written before `node` in its scope: inline HTML and the constant text of earlier echoes. */
function pageBefore(node: SyntaxNode, context: AnalysisContext): string {
  let written = pageCache.get(context);
  if (!written) {
    written = [];
    for (const n of context.nodes(['text', ...ECHOES])) {
      const scope = closest(n, FUNCTIONS)?.id;
      if (n.type === 'text') {
        written.push({ at: n.startIndex, scope, text: n.text });
        continue;
      }
      const operands = n.type === 'print_intrinsic' ? n.namedChildren.slice(0, 1) : n.namedChildren;
      const text = operands
        .filter((o): o is SyntaxNode => o !== null)
        .flatMap((o) => pieces(o, context, MAX_DEPTH))
        .map((p) => p.text ?? 'x')
        .join('');
      written.push({ at: n.startIndex, scope, text });
    }
    written.sort((a, b) => a.at - b.at);
    pageCache.set(context, written);
  }
  const scope = closest(node, FUNCTIONS)?.id;
  const statement = closest(node, new Set(ECHOES));
  const start = statement?.startIndex ?? node.startIndex;
  let text = '';
  for (const w of written) {
    if (w.at >= start) break;
    if (w.scope === scope) text += w.text;
  }
  return text.slice(-MAX_PREFIX);
}

/** A single-quoted PHP string's value: only `\'` and `\\` are escapes. */
function singleQuoted(text: string): string {
  return text.slice(1, -1).replace(/\\(['\\])/g, '$1');
}

/** A double-quoted string's escape sequence as the character it writes. */
function unescape(text: string): string {
  const simple: Record<string, string> = {
    n: '\n',
    t: '\t',
    r: '\r',
    v: '\v',
    f: '\f',
    e: '\x1b',
    $: '$',
    '"': '"',
    '\\': '\\',
  };
  const c = text[1];
  if (c !== undefined && c in simple) return simple[c];
  if (/^\\x[0-9a-fA-F]{1,2}$/.test(text)) return String.fromCharCode(parseInt(text.slice(2), 16));
  if (/^\\[0-7]{1,3}$/.test(text)) return String.fromCharCode(parseInt(text.slice(1), 8));
  return text;
}
