// The decimal text of a number (`str(x)`, `to_string(x)`, `strconv.Itoa(x)`, `String.valueOf(x)`)
// holds one character per digit: log10(x) + 1 of them. A loop over it (`for d in str(x)`) or a scan
// of it (`map(int, str(x))`) runs O(log x) steps, like `while x: x //= 10` — not O(m) in a size the
// input names, which `O(n·m)` for `for x in nums: for d in str(x)` claimed (n log m: log of the
// largest value per item). The text is recognised where it is written and through a local assigned
// it once (`s = str(x)`, `string s = to_string(x);`, `s := strconv.Itoa(x)`).
import type { Unit } from '../model';
import type { SourceFacts } from '../model';
import type { Cost } from './cost';
import { rewritePowers } from './cost';
import { statementsIn } from './traversal';
import { escape } from '../extract/boundText';

/** Rust `x.to_string()` / `x.abs().to_string()`, capturing `x` (a number only when typed as one). */
const RUST_NUMBER_TEXT = /^([A-Za-z_]\w*)(?:\.abs\(\))?\.to_string\(\)$/;

/**
 * Conversions of a number to its decimal text, one pattern per language family, capturing the
 * number's name. Only conversions whose argument is a number in the language (C++ `to_string`, Go
 * `strconv.Itoa`, Java `Integer.toString`) or, in Python, `str` of a plain name: `str` of a string
 * or a list is a no-op or a debugging print, not what solutions loop over.
 */
const NUMBER_TEXT: RegExp[] = [
  /^str\(\s*([A-Za-z_]\w*)\s*\)$/,
  /^(?:std::)?to_string\(\s*([A-Za-z_]\w*)\s*\)$/,
  /^strconv\.(?:Itoa|FormatInt)\(\s*(?:int64\(\s*)?([A-Za-z_]\w*)\s*\)?\s*(?:,\s*10\s*)?\)$/,
  /^(?:String\.valueOf|Integer\.toString|Long\.toString)\(\s*([A-Za-z_]\w*)\s*\)(?:\.toCharArray\(\))?$/,
  // PHP: `strval($x)`, `(string) $x`; JS/TS: `String(x)`, `x.toString()` (any radix: still O(log x)).
  /^(?:strval\(\s*\$([A-Za-z_]\w*)\s*\)|\(string\)\s*\$([A-Za-z_]\w*))$/,
  /^(?:String\(\s*([A-Za-z_$][\w$]*)\s*\)|([A-Za-z_$][\w$]*)\.toString\(\s*\d*\s*\))$/,
  // JS/TS `num + ''` / `'' + num` / `${num}` alone in a template, PHP `$num . ''`: the same
  // conversion written as a concatenation with the empty string.
  /^\(?\s*(?:([A-Za-z_$][\w$]*)\s*\+\s*(?:''|"")|(?:''|"")\s*\+\s*([A-Za-z_$][\w$]*)|`\$\{\s*([A-Za-z_$][\w$]*)\s*\}`)\s*\)?$/,
  /^\(?\s*\$([A-Za-z_]\w*)\s*\.\s*(?:''|"")\s*\)?$/,
  // The same number in another base has one character per bit or hex digit: still O(log x).
  // PHP `decbin($x)` / `dechex` / `decoct` / `base_convert($x, 10, 2)`, Python `bin(x)` / `hex` /
  // `oct`, Java `Integer.toBinaryString(x)`, Go `strconv.FormatInt(int64(x), 2)`.
  /^(?:decbin|dechex|decoct|base_convert)\(\s*\$([A-Za-z_]\w*)\s*(?:,\s*\d+\s*){0,2}\)$/,
  /^(?:bin|hex|oct)\(\s*([A-Za-z_]\w*)\s*\)(?:\[\s*2\s*:\s*\])?$/,
  /^(?:Integer|Long)\.(?:toBinaryString|toHexString|toOctalString)\(\s*([A-Za-z_]\w*)\s*\)$/,
  /^strconv\.FormatInt\(\s*int64\(\s*([A-Za-z_]\w*)\s*\)\s*,\s*\d+\s*\)$/,
  // Rust `x.to_string()` (`x.abs().to_string()`): a number's text only when `x` has an integer type
  // (`digitKeys` checks it; `s.to_string()` of a `&str` is a copy of a string).
  RUST_NUMBER_TEXT,
];

/** The text's base, for the explanation (`bin(x)` is binary text; `str(x)` decimal). */
function baseOf(text: string): string {
  if (/^(?:decbin|bin|Integer\.toBinaryString|Long\.toBinaryString)\(|\(\s*2\s*\)$|,\s*2\s*\)$/.test(text))
    return 'binary';
  if (/^(?:dechex|hex|Integer\.toHexString|Long\.toHexString)\(|\(\s*16\s*\)$|,\s*16\s*\)$/.test(text))
    return 'hexadecimal';
  if (/^(?:decoct|oct|Integer\.toOctalString|Long\.toOctalString)\(/.test(text)) return 'octal';
  return 'decimal';
}

/**
 * Conversions that apply to numbers only (`strval($num)`, `to_string(n)`): a name assigned its own
 * conversion (`$num = strval($num);`) was a number and is now its digits. Python's `str(s)` is
 * also a no-op on a string, so there the name must differ.
 */
const NUMBER_ONLY =
  /^(?:strval|\(string\)|(?:std::)?to_string|strconv\.|String\.valueOf|Integer\.|Long\.|decbin|dechex|decoct|bin\(|hex\(|oct\()/;

/**
 * Python containers of a text's characters keep one entry per character: `list(str(x))`,
 * `map(int, str(x))`, `list(map(int, str(x)))`, `[int(c) for c in str(x)]`, `sorted(str(x))` hold
 * the digits of x. The text inside, or `text` itself when it is no such container.
 */
function perCharacter(text: string): string {
  let t = text.trim();
  for (let prev = ''; prev !== t;) {
    prev = t;
    t = t
      .replace(/^(?:list|tuple|sorted|reversed)\(\s*(.*?)\s*\)$/s, '$1')
      .replace(/^i?map\(\s*int\s*,\s*(.*?)\s*\)$/s, '$1')
      .replace(/^\[\s*int\(\s*([A-Za-z_]\w*)\s*\)\s+for\s+\1\s+in\s+(.*?)\s*\]$/s, '$2')
      // Go `[]rune(strconv.Itoa(x))` / `[]byte(…)`, Rust `….chars()` / `.bytes()` / `.into_bytes()`
      // / `.as_bytes()`, reversed or collected: one entry per character too.
      .replace(/^\[\](?:rune|byte)\(\s*(.*?)\s*\)$/s, '$1')
      .replace(/^(.*?)\s*\.\s*(?:chars|bytes|into_bytes|as_bytes|rev|collect(?:::<[^()]*>)?)\(\s*\)$/s, '$1');
  }
  return t;
}

/** The number whose decimal text `text` is (`x` of `str(x)`), or undefined. */
export function numberOfText(text: string): string | undefined {
  // The text of `abs(x)` has the digits of x (`strval(abs($x))`, `String(Math.abs(x))`).
  const t = perCharacter(text)
    .replace(/;$/, '')
    .trim()
    .replace(/(?:\bMath\.|\bstd::)?\babs\(\s*(\$?[A-Za-z_]\w*)\s*\)/g, '$1');
  for (const re of NUMBER_TEXT) {
    const m = re.exec(t);
    if (m) return m.slice(1).find((g) => g !== undefined);
  }
  return undefined;
}

/** `x` of a length read off `x` (`x.length`, `len(x)`, `strlen(x)`, `x.size()`, `x.length()`). */
function lengthOf(value: string): string | undefined {
  const m =
    /^(.+?)\s*\.\s*(?:length|size\(\s*\)|length\(\s*\)|len\(\s*\))$/.exec(value) ??
    /^(?:len|strlen|mb_strlen)\(\s*(.+)\s*\)$/.exec(value);
  return m?.[1];
}

/**
 * Whether `name` is a parameter or a `let` of `unit` written with a Rust integer type
 * (`fn f(mut x: i32)`, `let n: i64 = …`), read off the header's and the declarations' text.
 */
function integerTyped(facts: SourceFacts, unit: Unit, name: string): boolean {
  const typed = new RegExp(
    `(?:^|[(,\\s])(?:let\\s+)?(?:mut\\s+)?${escape(name)}\\s*:\\s*&?\\s*[iu](?:8|16|32|64|128|size)\\b`,
  );
  return facts.statements.some(
    (s) =>
      ((s.kind === 'unit' && s.line === unit.line) ||
        (s.kind === 'declaration' && s.line > unit.line && s.line <= unit.endLine)) &&
      typed.test(s.code),
  );
}

/**
 * Size keys of `unit` that are a number's decimal text, mapped to the number: the conversion
 * written as the key, or a local assigned exactly once in the function to such a conversion.
 */
function digitKeys(
  facts: SourceFacts,
  unit: Unit,
  keys: string[],
): Map<string, { number: string; base: string }> {
  const writes = new Map<string, string[]>();
  for (const s of statementsIn(facts, unit)) {
    if ((s.kind !== 'assignment' && s.kind !== 'declaration') || !s.target) continue;
    const name = /^(?:[\w:<>]+\s+)?\$?([A-Za-z_]\w*)$/.exec(s.target.trim())?.[1];
    if (name)
      writes.set(name, [
        ...(writes.get(name) ?? []),
        // JS/TS declarations carry `constant` / `variable` as their operator.
        s.operator === '=' ||
        !s.operator ||
        (s.kind === 'declaration' && /^(constant|variable)$/.test(s.operator))
          ? (s.value ?? '')
          : '',
      ]);
  }
  const result = new Map<string, { number: string; base: string }>();
  for (const key of keys) {
    const direct = numberOfText(key);
    const values = writes.get(key);
    const value = values?.length === 1 ? values[0]!.trim() : undefined;
    // The text's length kept in a local (`m = n.toString(2).length`, `m = len(str(n))`,
    // `$m = strlen(strval($n))`) counts the same digits.
    const viaLocal = value ? (numberOfText(value) ?? numberOfText(lengthOf(value) ?? '')) : undefined;
    const number = direct ?? viaLocal;
    const rust = RUST_NUMBER_TEXT.test(
      perCharacter(direct ? key : (value ?? ''))
        .replace(/;$/, '')
        .trim(),
    );
    if (number && rust && !integerTyped(facts, unit, number)) continue;
    if (number && (number !== key || rust || (value !== undefined && NUMBER_ONLY.test(value))))
      result.set(key, {
        number,
        base: baseOf(perCharacter(direct ? key : numberOfText(value!) ? value! : lengthOf(value!)!)),
      });
  }
  return result;
}

/**
 * `cost` with every power of a number's decimal text turned into a log factor of the number:
 * (size of `str(x)`)^p → (log x)^p. Returns the numbers concerned (they are values, not sizes).
 */
export function digitsAsLogs(facts: SourceFacts, unit: Unit, cost: Cost): { cost: Cost; numbers: string[] } {
  const keys = [...new Set(cost.terms.flatMap((t) => Object.keys(t.powers)))];
  const digits = digitKeys(facts, unit, keys);
  if (!digits.size) return { cost, numbers: [] };
  const rewritten = rewritePowers(cost, (key) => {
    const text = digits.get(key);
    if (!text) return undefined;
    const { number, base } = text;
    return {
      logs: [number],
      why: `\`${key}\` is the ${base} text of \`${number}\`: one character per digit, O(log ${number})`,
    };
  });
  return {
    cost: rewritten,
    numbers: [...new Set([...digits.values()].map((d) => d.number))],
  };
}

/**
 * The text a number was parsed from, when `name` is a local of `unit` written once, as the value
 * of a string (`n = int(num)`, `long long n = stoll(num);`, `Integer.parseInt(s)`): such a number
 * has as many digits as the text has characters, so dividing it by a constant runs one pass per
 * character — linear in the text, the size the input names.
 */
export function parsedText(facts: SourceFacts, unit: Unit, name: string): string | undefined {
  const writes = statementsIn(facts, unit).filter(
    (s) =>
      (s.kind === 'declaration' || s.kind === 'assignment') && s.target?.trim().split(/\s+/).pop() === name,
  );
  if (writes.length !== 1 || (writes[0]!.operator !== undefined && writes[0]!.operator !== '='))
    return undefined;
  const value = writes[0]!.value?.trim().replace(/;$/, '') ?? '';
  const text =
    /^(?:int|long)\(\s*([A-Za-z_]\w*)\s*\)$/.exec(value)?.[1] ??
    /^(?:std::)?sto(?:i|l|ll|ul|ull)\(\s*([A-Za-z_]\w*)\s*\)$/.exec(value)?.[1] ??
    /^(?:Integer\.parseInt|Long\.parseLong)\(\s*([A-Za-z_]\w*)\s*\)$/.exec(value)?.[1];
  return text &&
    unit.params.some(
      (p) =>
        p
          .replace(/[:=].*$/, '')
          .trim()
          .split(/[\s*&]+/)
          .pop() === text,
    )
    ? text
    : undefined;
}
