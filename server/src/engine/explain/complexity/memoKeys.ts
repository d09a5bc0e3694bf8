// What a memo table's keys are made of. A key built in a local before the lookup
// (`var key = List.of(i, j); f.put(key, ans)`, `key = (i, j); lookup[key] = …`) indexes as many
// dimensions as `f[i][j]`; an argument held in a local (`int x = i + dirs[d]; dfs(x, …)`) steps
// from the parameter its value names; and a key that receives computed values (`dfs(v - y / x)`,
// `dfs((int) y - v)`) ranges over the values the calls happen to reach, which the text does not
// bound — no count of states is claimed for it.
import { type Unit, isHashed } from '../model';
import { type RecursionShape, selfCallsOf } from './recursion';
import { statementsIn } from './traversal';
import { splitArgs, escape } from '../extract/boundText';
import type { Estimator } from './walk';

/**
 * The value of `name` when the unit gives it exactly one (`int x = i + dirs[d], y = …`, `key = (i, j)`),
 * read from the statement's own text so that every declarator of a line counts.
 */
export function localValue(est: Pick<Estimator, 'facts'>, unit: Unit, name: string): string | undefined {
  if (!/^[A-Za-z_$][\w$]*$/.test(name)) return undefined;
  const write = new RegExp(`(?:^|[\\s,(])${escape(name)}\\s*(?::[^=]*)?=(?!=)\\s*([^,;=][^;]*)`);
  const values = statementsIn(est.facts, unit)
    .filter((s) => s.kind === 'declaration' || s.kind === 'assignment')
    .map((s) => write.exec(s.code)?.[1])
    .filter((v): v is string => v !== undefined);
  if (values.length !== 1) return undefined;
  return topLevelPrefix(values[0]!).trim();
}

/** The text up to the first comma or semicolon outside brackets: one declarator's value. */
function topLevelPrefix(text: string): string {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if ('([{'.includes(ch)) depth++;
    else if (')]}'.includes(ch)) depth--;
    else if ((ch === ',' || ch === ';') && depth === 0) return text.slice(0, i);
    if (depth < 0) return text.slice(0, i);
  }
  return text;
}

/** Components of a composite key written out: `List.of(i, j)`, `(i, j)`, `{i, j}`, `make_pair(i, j)`. */
function compositeParts(value: string): string[] {
  const inner =
    /^(?:List\.of|Arrays\.asList|Map\.entry|new\s+[\w$.<>]+|(?:std::)?make_pair|(?:std::)?make_tuple|(?:std::)?pair\s*(?:<[^>]*>)?|(?:std::)?tuple\s*(?:<[^>]*>)?|tuple)?\s*[([{](.*)[)\]}]$/.exec(
      value.trim(),
    )?.[1];
  if (inner === undefined) return [value];
  return splitArgs(inner);
}

/** Parameter names of `unit`, without the receiver. */
function parameterNames(unit: Unit): string[] {
  return unit.params
    .map((p) =>
      p
        .replace(/^[.*&$]+/, '')
        .replace(/[:=].*$/, '')
        .trim(),
    )
    .map((p) => /([\w$]+)\s*$/.exec(p)?.[1] ?? p)
    .filter((p) => !/^(self|this|cls)$/.test(p));
}

/**
 * Parts of the key `mark` is stored under through a local key variable (`f.put(key, ans)`,
 * `lookup[key] = …`, `memo.emplace(key, …)` with `key = (i, j)` / `List.of(i, j)`) whose range is
 * visible: a parameter every recursive call passes unchanged, moved by a literal (`i + 1`) or as a
 * literal. Parts given other values (a digit, a flag held in a local) add no factor, as before;
 * 1 when no such key is stored.
 */
export function storedKeyParts(est: Pick<Estimator, 'facts'>, unit: Unit, mark: string): number {
  const root = `(?:(?:this|self)\\.)?${escape(mark.replace(/^(this|self)\./, ''))}`;
  const viaCall = new RegExp(
    `(?:^|[^\\w$.])${root}\\s*(?:\\.|->)(?:put|set|emplace|insert|Add|TryAdd)\\s*\\(\\s*([A-Za-z_$][\\w$]*)\\s*,`,
  );
  const viaIndex = new RegExp(`(?:^|[^\\w$.])${root}\\s*\\[\\s*([A-Za-z_$][\\w$]*)\\s*\\]\\s*=(?!=)`);
  const params = parameterNames(unit);
  const calls = selfCallsOf(unit.body, unit);
  const visible = (part: string): boolean => {
    const at = params.indexOf(part);
    if (at < 0) return false;
    const step = new RegExp(`^(?:${escape(part)}(?:\\s*[-+]\\s*\\d+)?|-?\\d+)$`);
    return calls.every((c) => {
      const arg = c.args[at + (c.args.length > params.length ? c.args.length - params.length : 0)]?.trim();
      return arg === undefined || step.test(arg);
    });
  };
  let widest = 1;
  for (const s of statementsIn(est.facts, unit)) {
    const key = viaCall.exec(s.code)?.[1] ?? viaIndex.exec(s.code)?.[1];
    if (!key) continue;
    const value = localValue(est, unit, key);
    if (value) widest = Math.max(widest, compositeParts(value).filter(visible).length);
  }
  return widest;
}

/** `arg` with a local holding it replaced by the local's one value (`x` → `i + dirs[d]`). */
export function argumentText(est: Pick<Estimator, 'facts'>, unit: Unit, arg: string): string {
  const trimmed = arg.trim();
  return /^[A-Za-z_$][\w$]*$/.test(trimmed) ? (localValue(est, unit, trimmed) ?? trimmed) : trimmed;
}

/**
 * A hashed memo table keyed by one parameter whose every recursive call passes it a computed number
 * (`dfs(v - (int) (y / x))`, `dfs(n / 3)`): the states are the values the calls reach, and nothing
 * in the text bounds how many there are — the reason, or undefined when the key steps visibly
 * (`n - 1`, `i + 2`), halves, or is not a number computed by arithmetic.
 */
export function valueKeyedMemo(
  est: Pick<Estimator, 'facts'>,
  unit: Unit,
  shape: Pick<RecursionShape, 'key' | 'halving' | 'lines' | 'insideLoop'>,
  args: string[],
): string | undefined {
  if (shape.halving || shape.insideLoop || args.length === 0) return undefined;
  // An array allocated with a size (`new int[high + 1]`) bounds the states by its length; only a
  // hashed table (`HashMap`, `{}`) holds whatever values the calls reach.
  const roots = cacheRoots(unit);
  if (!roots.length || !roots.every((r) => isHashed(est.facts, unit, r))) return undefined;
  const param = shape.key;
  const step = new RegExp(`^${escape(param)}\\s*[-+]\\s*\\d+$`);
  const computed = args.every((a) => {
    const text = a.trim();
    if (text === param || step.test(text)) return false;
    // Arithmetic that mixes the parameter with something other than a literal step.
    return (
      /[-+*/%]/.test(text) &&
      new RegExp(`(^|[^\\w$.])${escape(param)}\\b`).test(text) &&
      !/[[\]:]|\.\.|\.(?:slice|substr|substring|subList)\b/.test(text)
    );
  });
  if (!computed) return undefined;
  return `\`${unit.name}\` is memoized on \`${param}\`, but its calls (line${shape.lines.length > 1 ? 's' : ''} ${shape.lines.join(', ')}) pass it computed values (${args.map((a) => `\`${a.trim()}\``).join(', ')}): how many distinct values they reach is not visible in the code, so the number of states is unknown`;
}

/** The arguments the recursive calls of `unit` pass in the position of parameter `param`. */
export function keyArguments(unit: Unit, param: string): string[] {
  const usable = parameterNames(unit);
  const at = usable.indexOf(param);
  if (at < 0) return [];
  return selfCallsOf(unit.body, unit).map(
    (c) => c.args[at + (c.args.length > usable.length ? c.args.length - usable.length : 0)] ?? '',
  );
}

/**
 * The names of the tables a unit stores results in, without `this.`/`self.`. Only stores named by a
 * name: `(*seen)[a]` is an expression no name pattern built from it can hold.
 */
export function cacheRoots(unit: Unit): string[] {
  return [...unit.cacheStores].map((r) => r.replace(/^(this|self)\./, '')).filter((r) => /^[\w$.]+$/.test(r));
}
