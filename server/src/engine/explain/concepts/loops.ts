// Where a unit's writes sit among its loops: the concepts that are shapes of writes (a table filled
// from its own earlier entries, a window's running aggregate) need the loops around each write and
// the variables those loops bind.
import type { Flow, LoopFlow, Unit, Write } from '../model';
import { escape } from '../extract/boundText';

/** Every loop of a unit's flow, outer before inner (loops in callbacks included). */
export function loopsOf(flows: Flow[], out: LoopFlow[] = []): LoopFlow[] {
  for (const flow of flows) {
    if (flow.kind === 'loop') {
      out.push(flow);
      loopsOf(flow.body, out);
    } else if (flow.kind === 'branch') flow.arms.forEach((arm) => loopsOf(arm, out));
    else if (flow.kind === 'call') flow.callbacks.forEach((c) => loopsOf(c, out));
  }
  return out;
}

/** The loops whose lines hold `line`, outermost first. */
export function loopsAround(loops: LoopFlow[], line: number): LoopFlow[] {
  return loops.filter((l) => l.endLine !== undefined && l.line <= line && line <= l.endLine);
}

/** The names a loop binds: `i`, or `i` and `x` of `for i, x in enumerate(xs)`. */
export function loopVariables(loop: LoopFlow): string[] {
  return (loop.variable ?? '')
    .replace(/^\(|\)$/g, '')
    .split(/[\s,()[\]]+/)
    .map((v) => v.replace(/^(auto|int|const|let|var|long|size_t|&|\*)$/, ''))
    .filter((v) => /^[A-Za-z_$][\w$]*$/.test(v));
}

/** True when an identifier `name` occurs in `text` as a whole word. */
export function mentions(text: string, name: string): boolean {
  return new RegExp(`(^|[^\\w$])${escape(name)}($|[^\\w$])`).test(text);
}

/** The writes of a unit that sit inside `loop`. */
export function writesIn(unit: Unit, loop: LoopFlow): Write[] {
  return unit.writes.filter((w) => loop.line <= w.line && w.line <= (loop.endLine ?? loop.line));
}
