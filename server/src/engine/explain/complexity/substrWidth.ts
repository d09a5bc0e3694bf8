// C and C++ `s.substr(pos, len)` copies `len` characters, not the whole string: the width sets
// the cost. Written as literal arithmetic (`s.substr(0, 1 - 0)`) or as the counter of a loop of a
// fixed count (`for (; l <= 5; ++l) s.substr(i, l)`) it is a constant. Other widths keep the
// charge on the receiver, up to its whole length, as before (a width read from the data was
// tried as a doubt, like `j < nums[i]`, and withheld nothing on the dev halves: not kept).
import type { Flow } from '../model';
import { type Cost, constant } from './cost';
import { loopAt } from './compounding';
import type { Estimator, Walk } from './walk';
import { escape } from '../extract/boundText';

/** True when `name` counts a loop around the call whose count is a constant. */
export function fixedCounter(est: Estimator, name: string, walk: Walk): boolean {
  return walk.loopLines.some((line) => {
    const loop = loopAt(walk.unit.body, line);
    if (
      !loop ||
      (loop.bound.kind !== 'constant' &&
        !(loop.bound.kind !== 'unknown' && est.fixedSize(loop.bound.key, walk.unit)))
    )
      return false;
    const header = est.facts.statements.find((s) => s.kind === 'loop' && s.line === line);
    return (
      loop.variable === name || new RegExp(`^\\s*${escape(name)}\\s*[<>]=?`).test(header?.condition ?? '')
    );
  });
}

/**
 * The cost of a C/C++ `substr` given its width (see above), when the width makes it a
 * constant; undefined to keep the usual charge.
 */
export function substrWidthCost(
  est: Estimator,
  call: Extract<Flow, { kind: 'call' }>,
  walk: Walk,
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
  return undefined;
}
