// Library operations whose work is the length of one particular operand, which the per-language
// tables (tables/libraryCosts.ts: receiver, or first argument of a namespace call) would miss:
// charged by callCost.ts before the table is read.
import type { Flow, Unit } from '../model';
import { collectionKey } from '../extract/bounds';
import { escape, splitArgs } from '../extract/boundText';
import { dialectOf } from '../tables/dialect';
import { boundedByArguments } from './boundedCalls';
import { copiedCollection } from './copies';
import { type Cost, constant, doubted, linear } from './cost';
import { scannedStretch } from './rangedScan';
import { appendedSize } from './appendedLists';
import { fitsStride, header, strideOf } from './strideBlocks';
import { fixedCounter } from './substrWidth';
import { assignedValues } from './localCounts';
import { statementsIn } from './traversal';
import type { Estimator, Walk } from './walk';

type Call = Extract<Flow, { kind: 'call' }>;

export interface Operand {
  /** The operand's text as written (a name, a member, an element, a view of one). */
  text: string;
  /** What the operation does with it, for the basis (`{}` stands for the operand). */
  what: string;
  /** The two ends of a copied stretch (`substring(i, j)`), which may be the stretch a loop just scanned. */
  stretch?: [string, string];
  /**
   * The operand is a width (`k` of `substring(i, i + k)`), a number rather than a collection; the
   * whole receiver is charged instead when the width is a local the code does not size.
   */
  width?: Operand;
}

/**
 * The operand whose length an operation costs, or undefined when the call is none of these:
 * - a prefix or suffix test compares at most the prefix's characters: Go `strings.HasPrefix(s, p)`
 *   (also `bytes.`), Java/JS `s.startsWith(p)`, Rust `s.starts_with(p)`, C# `s.StartsWith(p)`,
 *   Python `s.startswith(p)`, PHP 8 `str_starts_with($s, $p)` — the prefix, not the string tested
 *   (a literal prefix is O(1));
 * - Java `String.join(sep, parts)` joins its second argument (the table read the separator);
 * - Go `append(xs, ys...)` copies every element of the spread `ys` (one `append(xs, y)` is O(1));
 * - Java `sb.reverse()` (a `StringBuilder`) and Rust `v.reverse()` reverse their receiver in place;
 * - Java `s.substring(i, j)` copies the characters between its ends: up to the whole receiver
 *   (literal widths are left to boundedCalls.ts);
 * - copy constructors (`new ArrayList<>(path)`) and Go's `string(bytes)` copy their argument.
 */
export function operandCost(est: Estimator, call: Call, walk: Walk): Cost | undefined {
  let operand = costedOperand(est, call, walk.unit);
  if (!operand) return undefined;
  const sliceWidth =
    /^substring (key|comparison|concatenation)$/.test(call.callee) &&
    boundedSliceWidth(est, call, operand, walk);
  if (sliceWidth) return sliceWidth;
  // A width given as a parameter is a size of the input; one read from the data is a guess
  // (withheld below); any other local is no size the code shows, so the receiver bounds the copy.
  const params = walk.unit.params.map((p) =>
    p
      .replace(/[:=].*$/, '')
      .trim()
      .split(/\s+/)
      .pop(),
  );
  const fromData = operand.width && widthFromData(est, walk.unit, operand.text);
  // A Python width that is the length of another local (`k = len(t)`, `t = str(i)`): as long as it.
  const lengthOf =
    operand.width && est.facts.language === 'python' && !params.includes(operand.text) && !fromData
      ? widthLengthOf(est, walk.unit, operand.text)
      : undefined;
  if (lengthOf) operand = { text: lengthOf, what: 'reads as many characters as {} holds' };
  else if (operand.width && !params.includes(operand.text) && !fromData) operand = operand.width;
  const of = collectionKey(operand.text);
  const scanned =
    operand.stretch &&
    scannedStretch(est, call, walk, `${call.receiver}[${operand.stretch[0]}:${operand.stretch[1]}]`);
  if (!of || !isCollectionText(of) || est.fixedSize(of) || boundedByArguments(est, call) || scanned)
    return constant();
  // A local list one loop filled, one entry per pass (appendedLists.ts): as long as its passes.
  const appended = appendedSize(est, call, of, walk);
  if (appended) return appended;
  const why = `\`${call.name}\` ${operand.what.replace('{}', `\`${of}\``)} (line ${call.line})`;
  const charge = linear(est.resolveKey(of, walk), why);
  return operand.width && fromData ? doubted(charge, fromData) : charge;
}

/**
 * A Go or Python slice whose width the code bounds without sizing it by the input: the counter of
 * a loop of a fixed count (`for l in range(1, 8): text[i:i + l]`, substrWidth.ts), or the stride
 * of the loop whose counter starts it (`for i in range(0, n, l): cnt[s[i:i + l]]`, strideBlocks.ts)
 * — the slices abut, so over all passes they read the string once and each pass pays O(1).
 */
function boundedSliceWidth(est: Estimator, call: Call, operand: Operand, walk: Walk): Cost | undefined {
  const start = operand.width?.stretch?.[0].replace(/\s+/g, '');
  if (!operand.width || !start || !/^[A-Za-z_]\w*$/.test(operand.text)) return undefined;
  const slice = `\`${operand.width.text}[${start}:${start} + ${operand.text}]\``;
  const fixed = fixedCounter(est, operand.text, walk);
  const loop = walk.loopLines.at(-1);
  const outer = loop === undefined ? undefined : header(est, loop);
  const stride = outer ? strideOf(outer) : loop === undefined ? undefined : clauseStride(est, loop, start);
  const abutting = stride?.counter === start && fitsStride(operand.text, stride.stride);
  if (!fixed && !abutting) return undefined;
  const c = constant();
  c.terms[0]!.why.push(
    fixed
      ? `${slice} reads \`${operand.text}\` characters, the counter of a loop of a fixed count (line ${call.line})`
      : `${slice} (line ${call.line}) reads the block the loop at line ${loop} jumps past by \`${stride!.stride.trim()}\`: the slices abut, together one pass over \`${operand.width.text}\``,
  );
  return c;
}

/** `t` when the function binds `name` once, to `len(t)` of a local `t` bound once; else undefined. */
function widthLengthOf(est: Estimator, unit: Unit, name: string): string | undefined {
  const statements = statementsIn(est.facts, unit);
  const values = assignedValues(statements, name);
  const of =
    values.length === 1 ? /^len\(\s*([A-Za-z_]\w*)\s*\)$/.exec(values[0]!.value.trim())?.[1] : undefined;
  return of && assignedValues(statements, of).length === 1 && !unit.params.includes(of) ? of : undefined;
}

/** The step of a comprehension's `for start in range(a, b, step)` clause on `line`. */
function clauseStride(
  est: Estimator,
  line: number,
  start: string,
): { counter: string; stride: string } | undefined {
  const code = est.facts.statements.find((s) => s.line === line)?.code ?? '';
  const m = new RegExp(`\\bfor\\s+${escape(start)}\\s+in\\s+x?range\\s*\\(`).exec(code);
  if (!m) return undefined;
  let depth = 1;
  let end = m.index + m[0].length;
  for (; end < code.length && depth > 0; end++) depth += code[end] === '(' ? 1 : code[end] === ')' ? -1 : 0;
  const args = splitArgs(code.slice(m.index + m[0].length, end - 1));
  return args.length === 3 ? { counter: start, stride: args[2]!.trim() } : undefined;
}

function costedOperand(est: Estimator, call: Call, unit: Unit): Operand | undefined {
  const dialect = dialectOf(est.facts.language);
  const args = call.args.map((a) => a.trim());
  const end = /start|prefix/i.test(call.name) ? 'prefix' : 'suffix';
  const tested = `compares at most the characters of the ${end} {}`;
  if (dialect === 'go' && /^(strings|bytes)\.(HasPrefix|HasSuffix)$/.test(call.callee) && args[1])
    return { text: args[1], what: tested };
  if (dialect === 'php' && /^(str_starts_with|str_ends_with)$/.test(call.callee) && args[1])
    return { text: args[1], what: tested };
  const affixTest = /^(startsWith|endsWith|starts_with|ends_with|StartsWith|EndsWith|startswith|endswith)$/;
  if (dialect !== 'go' && affixTest.test(call.name) && call.receiver && args.length === 1)
    return { text: args[0]!, what: tested };
  if (dialect === 'java' && call.callee === 'String.join' && args[1])
    return { text: args[1], what: 'joins every element of {}' };
  if (dialect === 'go' && call.callee === 'append' && args.length >= 2 && /\.\.\.$/.test(args.at(-1)!))
    return { text: args.at(-1)!.replace(/\s*\.\.\.$/, ''), what: 'copies every element of {}' };
  if (
    (dialect === 'java' || dialect === 'rust') &&
    call.name === 'reverse' &&
    args.length === 0 &&
    call.receiver &&
    !/^[A-Z]/.test(call.receiver)
  )
    return { text: call.receiver, what: 'reverses {} in place' };
  if (dialect === 'java' && call.name === 'substring' && call.receiver && !/^[A-Z]/.test(call.receiver))
    return stretchOperand(call.receiver, args[0], args[1] ?? `${call.receiver}.length()`);
  // Copy constructors and Go's `string(bytes)` read their whole argument (copies.ts).
  const copied = copiedCollection(est, call, unit);
  if (copied) return { text: copied, what: 'copies every element of {}' };
  // Go's string slice hashed as a key or compared (tables/go.ts): `s[i:j]`, `s[:n-i]`, `s[i:]`.
  const sliced = /^([\w$.]+)\[([^\][:]*):([^\][:]*)\]$/.exec(args[0] ?? '');
  if (
    (dialect === 'go' || dialect === 'python') &&
    /^substring (key|comparison|concatenation)$/.test(call.callee) &&
    sliced
  ) {
    const [, text, from, to] = sliced;
    // Python's `s[-k:]` counts from the end: its last k characters.
    const tail = /^-\s*([\w$]+)$/.exec(from!.trim());
    if (dialect === 'python' && tail && !to!.trim()) return stretchOperand(text!, '0', tail[1]!, 'reads');
    return stretchOperand(text!, from!.trim() || '0', to!.trim() || `len(${text})`, 'reads');
  }
  return undefined;
}

/**
 * The characters between `from` and `to` of `receiver` (`s.substring(from, to)`, Go's
 * `s[from:to]`): their difference when the code writes it (`i + k` from `i`: `k`; nothing for a
 * literal width), else up to the whole receiver.
 */
function stretchOperand(receiver: string, from: string | undefined, to: string, verb = 'copies'): Operand {
  const width = from === undefined ? undefined : difference(to, from);
  if (width === '') return { text: '', what: '' };
  // `w.substring(0, w.length() - 1)`: all but a fixed part of `w`.
  if (width && !/^[\w$]+$/.test(width)) return { text: width, what: `${verb} up to every character of {}` };
  const whole: Operand = {
    text: receiver,
    what: `${verb} up to every character of {}`,
    stretch: [from ?? '0', to],
  };
  return width ? { text: width, what: `${verb} {} characters`, width: whole } : whole;
}

/**
 * `to - from` when the two ends differ by a literal (`''`) or by one name (`i + k` from `i`:
 * `k`); undefined otherwise. Both ends are sums of terms (`i + 1 - k`, `s.length() - 3`).
 */
export function difference(to: string, from: string): string | undefined {
  const counts = new Map<string, number>();
  const tally = (text: string, sign: number): boolean => {
    const terms = text.replace(/\s+/g, '').match(/[-+]?[^-+]+/g) ?? [];
    for (const term of terms) {
      const negative = term.startsWith('-');
      const atom = term.replace(/^[-+]/, '');
      if (/[*/%()]/.test(atom.replace(/\(\)$/, ''))) return false;
      if (/^\d+$/.test(atom)) continue;
      counts.set(atom, (counts.get(atom) ?? 0) + (negative ? -sign : sign));
    }
    return true;
  };
  if (!tally(to, 1) || !tally(from, -1)) return undefined;
  const left = [...counts].filter(([, n]) => n !== 0);
  if (left.length === 0) return '';
  return left.length === 1 && left[0]![1] === 1 ? left[0]![0] : undefined;
}

/**
 * A width bound, in the function, to a number read out of the data (`int size = s.charAt(i++)`,
 * `k = nums[i]`): how it compares with the input's size is not in the code (the pieces it cuts may
 * add up to the input once), so its charge is a guess; the reason, or undefined.
 */
export function widthFromData(est: Estimator, unit: Unit, name: string): string | undefined {
  const read = est.facts.statements.find(
    (s) =>
      s.line >= unit.line &&
      s.line <= unit.endLine &&
      (s.kind === 'declaration' || s.kind === 'assignment') &&
      s.target?.trim().split(/\s+/).pop() === name &&
      /(\[[^\][]*\]|\.(charAt|get|at)\([^()]*\))\s*;?$/.test(s.value?.trim() ?? ''),
  );
  return read
    ? `the width \`${name}\` is a number read from the data (line ${read.line}), and the code does not show how it compares with the input's size`
    : undefined;
}

/**
 * A collection as written: a name, a member (`self.items`) or an element of one (`grid[i]`). The
 * result of a call (`read4(buf)`) or an expression (`c in digits`) is not a collection the analyser
 * can size, so it is not charged as a scan.
 */
export function isCollectionText(key: string): boolean {
  // A one-argument conversion (`string(data)`, `list(xs)`) has the size of its argument.
  // (`abs(x)` inside it is x's magnitude: `strval(abs($x))` has the digits of x, digits.ts.)
  const text = key
    .trim()
    .replace(/(?:\bMath\.|\bstd::)?\babs\(\s*([$]?[\w$]+)\s*\)/, '$1')
    .replace(/^[\w$.:]+\(\s*([@$&*]?[\w$.]+)\s*\)$/, '$1')
    // Python keyword arguments after it do not change that (`accumulate(gain, initial=0)`).
    .replace(/^([\w.]+)\(\s*([\w.]+)\s*(?:,\s*[A-Za-z_]\w*\s*=(?!=)[^,()]*)+\)$/, '$2')
    // So does a concatenation with the empty string (`num + ''`, `'' + num`, PHP `$num . ''`).
    .replace(/^([$]?[\w$]+)\s*[+.]\s*(?:''|"")$|^(?:''|"")\s*\+\s*([\w$]+)$/, '$1$2')
    // A PHP cast to a string (`(string) $num`) too: digits.ts reads it as the number's text.
    .replace(/^\(\s*string\s*\)\s*([$][\w]+)$/, '$1')
    // Rust `x.to_string()` (`x.abs().to_string()`) copies `x`'s text: digits.ts reads a number's.
    .replace(/^([A-Za-z_]\w*)(?:\.abs\(\))?\.to_string\(\)$/, '$1');
  return /^[@$&*]?[\w$]+(?:(?:\.|->|::)[\w$]+|\[[^\]]*\])*$/.test(text);
}
