// Recursion into the parts of its own argument: `for (const x of arr) dfs(x)` in `dfs(arr)`,
// `for (const k in obj) walk(obj[k])` in `walk(obj)`. Each call receives a strict part of what its
// caller received (an element, a property's value), so the calls follow the nesting of one value:
// every nested value is entered once from the one that holds it, O(total size), whatever is done
// around the call. A graph walk passes a neighbour *id* (`for v in g[u]: dfs(v)`), which is not a
// part of the parameter, and a search over choices passes a new collection (`dfs(rest)`): neither
// matches.
import type { CallFlow, Flow, LoopFlow, Statement, Unit } from '../model';
import { isSelfCall } from './recursion';
import { escape } from '../extract/boundText';

/** Each recursive call of `unit` with the loops around it (innermost last), through branches. */
function selfCallsWithLoops(
  flows: Flow[],
  unit: Unit,
  loops: LoopFlow[] = [],
  out: { loops: LoopFlow[]; call: CallFlow }[] = [],
) {
  for (const f of flows) {
    if (f.kind === 'call' && isSelfCall(f, unit)) out.push({ loops, call: f });
    else if (f.kind === 'branch') f.arms.forEach((arm) => selfCallsWithLoops(arm, unit, loops, out));
    else if (f.kind === 'loop') selfCallsWithLoops(f.body, unit, [...loops, f], out);
  }
  return out;
}

/**
 * The parameter whose nested values the recursion walks, when every recursive call sits in a loop
 * over that parameter and passes, in the parameter's own position, the loop's item (`x` of
 * `for x of arr`), the value at the loop's key or index (`obj[k]` of `for k in obj`, `arr[i]` of
 * `for i < arr.length`), or the value of a Python pair over the map's items (`child` of `for k,
 * child in node.items()`). `statements` holds the loop headers (for the items call).
 */
export function nestedValueWalk(unit: Unit, statements: Statement[] = []): string | undefined {
  const params = unit.params
    .map((p) =>
      p
        .replace(/^[.*&$]+/, '')
        .replace(/[:=].*$/, '')
        .trim(),
    )
    .filter((p) => !/^(self|this|cls)$/.test(p));
  const calls = selfCallsWithLoops(unit.body, unit);
  if (calls.length === 0) return undefined;
  let walked: string | undefined;
  for (const { loops, call } of calls) {
    const loop = loops.at(-1);
    if (!loop || loop.bound.kind !== 'linear') return undefined;
    const param = loop.bound.key.replace(/^\$/, '');
    const at = params.indexOf(param);
    const written = loop.variable
      ?.replace(/^(?:const|let|var|auto|final)\s+|\s*:.*$/g, '')
      .replace(/^\$/, '')
      .trim();
    // Python `for k, child in node.items()`: the pair's value is a part of the map, as `node[k]` is.
    const pair = /^\(?\s*[A-Za-z_]\w*\s*,\s*([A-Za-z_]\w*)\s*\)?$/.exec(written ?? '')?.[1];
    const header = statements.find((s) => s.kind === 'loop' && s.line === loop.line);
    const ofItems = new RegExp(`^${escape(param)}\\s*\\.\\s*(?:items|iteritems)\\s*\\(\\s*\\)$`);
    const variable = pair && ofItems.test(header?.collection?.trim() ?? '') ? pair : written;
    if (at < 0 || !variable || !/^[\w$]+$/.test(variable) || (walked && walked !== param)) return undefined;
    // `dfs(x, n - 1)`: the argument at the parameter's position (`self.f(x)` passes no receiver).
    const arg = call.args[at + (call.args.length > params.length ? 1 : 0)]?.trim().replace(/\$/g, '');
    const v = escape(variable);
    const part = loop.counting
      ? new RegExp(`^${escape(param)}\\[\\s*${v}\\s*\\]$`)
      : new RegExp(`^(?:${v}|${escape(param)}\\[\\s*${v}\\s*\\])$`);
    if (!arg || !part.test(arg)) return undefined;
    walked = param;
  }
  return walked;
}
