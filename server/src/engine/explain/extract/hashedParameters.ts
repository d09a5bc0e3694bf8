// A parameter that every call of its function fills with a hash set or map is one inside the
// function: `dfs(start, robot, set())` makes `new_pos not in lookup` an O(1) test in `dfs`, as
// `lookup = set()` written there would. The calls are those of the file (a function called nowhere,
// or from code the file does not hold, keeps its parameters unknown, i.e. scanned).
import { type Flow, type SourceFacts, type Unit, hashedName, isFunctionUnit, isHashed } from '../model';

/** Every call flow in a block, through loops, branches and callbacks. */
function callsIn(flows: Flow[], out: { call: Extract<Flow, { kind: 'call' }>; unit?: Unit }[], unit?: Unit) {
  for (const f of flows) {
    if (f.kind === 'call') {
      out.push({ call: f, unit });
      for (const c of f.callbacks) callsIn(c, out, unit);
    } else if (f.kind === 'loop') callsIn(f.body, out, unit);
    else if (f.kind === 'branch') for (const arm of f.arms) callsIn(arm, out, unit);
  }
}

/**
 * Adds to `facts.hashed` the parameters of the file's functions that every call of the file passes
 * a hash set or map (`hashedInit`: `set()`, `set(nodes)`, `{}`, `collections.Counter(xs)`), a
 * variable already known as one, or — in the function's own recursive calls — the parameter itself.
 */
export function noteHashedParameters(facts: SourceFacts, hashedInit: RegExp): void {
  const functions = facts.units.filter(isFunctionUnit);
  const calls: { call: Extract<Flow, { kind: 'call' }>; unit?: Unit }[] = [];
  callsIn(facts.topLevel, calls);
  for (const u of functions) callsIn(u.body, calls, u);
  // Twice: a parameter found hashed can fill another function's parameter in turn.
  for (const fn of [...functions, ...functions]) {
    if (!fn.params.length || functions.filter((f) => f.name === fn.name).length !== 1) continue;
    // `self.dfs(x)` fills `def dfs(self, x)` from its second parameter.
    const receiver = /^(self|cls)$/.test(fn.params[0] ?? '') ? 1 : 0;
    const sites = calls.filter(
      ({ call }) =>
        call.name === fn.name &&
        !call.isNew &&
        (call.callee === fn.name || /^(self|this|cls)\./.test(call.callee)),
    );
    if (!sites.some(({ unit }) => unit !== fn)) continue;
    fn.params.forEach((param, i) => {
      if (i < receiver) return;
      const filled = sites.every(({ call, unit }) => {
        if (call.args.length !== fn.params.length - receiver) return false;
        const arg = call.args[i - receiver]!.trim();
        return (
          hashedInit.test(arg) ||
          (unit === fn && arg === param) ||
          (/^[A-Za-z_$][\w$.]*$/.test(arg) && isHashed(facts, unit, arg))
        );
      });
      if (filled) facts.hashed.add(hashedName(fn, param));
    });
  }
}
