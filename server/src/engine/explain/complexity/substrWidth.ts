// C and C++ `s.substr(pos, len)` copies `len` characters, not the whole string: the width sets
// the cost. Written as literal arithmetic (`s.substr(0, 1 - 0)`) or as the counter of a loop of a
// fixed count (`for (; l <= 5; ++l) s.substr(i, l)`) it is a constant; read out of the data
// (`s.substr(i, len[k])`, or a name bound once to such an element) nothing says how long it is,
// so the charge on the whole string carries a doubt (cost.ts: `doubted`). Other widths keep the
// charge on the receiver, up to its whole length, as before.
import type { Flow } from '../model';
import { type Cost, constant, doubted } from './cost';
import { loopAt } from './compounding';
import { READ_FROM_DATA } from './valueBounds';
import { statementsIn } from './traversal';
import type { Estimator, Walk } from './walk';

/** True when `name` counts a loop around the call whose count is a constant. */
function fixedCounter(est: Estimator, name: string, walk: Walk): boolean {
  return walk.loopLines.some((line) => {
    const loop = loopAt(walk.unit.body, line);
    if (
      !loop ||
      (loop.bound.kind !== 'constant' &&
        !(loop.bound.kind !== 'unknown' && est.fixedSize(loop.bound.key, walk.unit)))
    )
      return false;
    const header = est.facts.statements.find((s) => s.kind === 'loop' && s.line === line);
    return loop.variable === name || new RegExp(`^\\s*${name}\\s*[<>]=?`).test(header?.condition ?? '');
  });
}

/** True when `name` is written once in the function, to one element or field read from the data. */
function boundToElement(est: Estimator, name: string, walk: Walk): boolean {
  const writes = statementsIn(est.facts, walk.unit).filter(
    (s) =>
      (s.kind === 'declaration' || s.kind === 'assignment') &&
      /^[A-Za-z_]\w*/.exec(s.target?.trim() ?? '')?.[0] === name,
  );
  return (
    writes.length === 1 &&
    writes[0]!.target!.trim() === name &&
    READ_FROM_DATA.test((writes[0]!.value ?? '').trim().replace(/;$/, ''))
  );
}

/**
 * The cost of a C/C++ `substr` given its width (see above), when the width decides it: a
 * constant, or `charge` (the whole receiver) doubted; undefined to keep the usual charge.
 */
export function substrWidthCost(
  est: Estimator,
  call: Extract<Flow, { kind: 'call' }>,
  walk: Walk,
  charge: () => Cost,
): Cost | undefined {
  if (!/^(c|cpp)$/.test(est.facts.language) || call.name !== 'substr' || !call.receiver) return undefined;
  if (call.args.length !== 2) return undefined;
  const width = call.args[1]!.trim();
  if (/^[\d\s+\-*/()]+$/.test(width)) return constant();
  if (/^[A-Za-z_]\w*$/.test(width) && fixedCounter(est, width, walk)) {
    const c = constant();
    c.terms[0]!.why.push(
      `\`substr\` (line ${call.line}) copies \`${width}\` characters, the counter of a loop of a fixed count`,
    );
    return c;
  }
  if (READ_FROM_DATA.test(width) || (/^[A-Za-z_]\w*$/.test(width) && boundToElement(est, width, walk)))
    return doubted(
      charge(),
      `\`substr\` (line ${call.line}) copies \`${width}\` characters, a number read from the data, and the code does not show how it compares with the string's length`,
    );
  return undefined;
}
