// Sliding windows kept in a set or a map through method calls rather than `+=` / `-=` writes:
// inside one loop, a collection gains the element at the loop's index or item (`window.add(s[r])`,
// `cnt.put(c, cnt.getOrDefault(c, 0) + 1)`) and loses the element at a trailing pointer that only
// advances (`window.remove(s[left])`, `cnt.put(s.charAt(left), cnt.get(s.charAt(left)) - 1)`,
// `cnt.merge(x, -1, Integer::sum)`), both read from the same sequence.
import type { CallFlow, Flow, LoopFlow, SourceFacts } from '../model';
import { mentions } from './loops';

const GAINS = /^(add|insert|put|set|push|push_back|emplace|emplace_back|append|offer|merge|Add|TryAdd)$/;
const LOSES = /^(remove|discard|erase|delete|pop|Remove)$/;
const UPDATES = /^(put|set|merge|insert_or_assign)$/;

function callsIn(flows: Flow[], out: CallFlow[] = []): CallFlow[] {
  for (const f of flows) {
    if (f.kind === 'call') out.push(f);
    else if (f.kind === 'loop') callsIn(f.body, out);
    else if (f.kind === 'branch') f.arms.forEach((arm) => callsIn(arm, out));
  }
  return out;
}

/** The sequences an argument subscripts with `name` (`s` in `s[left]`, `s.charAt(left)`, `s.at(left)`). */
function subscripted(arg: string, name: string): string[] {
  const out: string[] = [];
  for (const m of arg.matchAll(/([\w$.]+?)(?:\[([^\]]*)\]|\.(?:charAt|at|get)\(([^)]*)\))/g))
    if (mentions(m[2] ?? m[3] ?? '', name)) out.push(m[1]!);
  return out;
}

/**
 * True when `loop` keeps a window in a collection through calls: gains at the loop's own
 * variable, loses at an advancing `pointer`, on the same sequence (`collection` is what a
 * for-each walks, for a bare item).
 */
export function windowByCalls(
  loop: LoopFlow,
  vars: string[],
  pointers: string[],
  facts: SourceFacts,
): boolean {
  if (!pointers.length) return false;
  // A local holding the element (`char c = s.charAt(right);`) stands for it in the calls.
  const held = new Map<string, string>();
  for (const st of facts.statements)
    if (
      st.line > loop.line &&
      st.line <= (loop.endLine ?? loop.line) &&
      (st.kind === 'declaration' || st.kind === 'assignment') &&
      st.value &&
      /^[\w$]+$/.test(st.target?.trim().replace(/^.*\s/, '') ?? '')
    )
      held.set(st.target!.trim().replace(/^.*\s/, ''), st.value);
  const sequencesAt = (arg: string, name: string) => subscripted(held.get(arg.trim()) ?? arg, name);
  const collection = loop.bound.kind === 'linear' ? loop.bound.key : undefined;
  const calls = callsIn(loop.body).filter((c) => c.receiver && /^[\w$.]+$/.test(c.receiver));
  for (const gain of calls.filter((c) => GAINS.test(c.name))) {
    // The sequence the gained element comes from: subscripted by the loop's variable, or the
    // for-each's own collection when the element is the bare item.
    const from = vars.flatMap((v) => [
      ...gain.args.flatMap((a) => sequencesAt(a, v)),
      ...(collection && !loop.counting && gain.args.some((a) => a.trim() === v) ? [collection] : []),
    ]);
    if (!from.length) continue;
    const lost = calls.some(
      (c) =>
        c.receiver === gain.receiver &&
        (LOSES.test(c.name) || (UPDATES.test(c.name) && c.args.some((a) => /-\s*1\b|^\s*-1\s*$/.test(a)))) &&
        pointers.some(
          (p) => !vars.includes(p) && c.args.some((a) => sequencesAt(a, p).some((s) => from.includes(s))),
        ),
    );
    if (lost) return true;
  }
  return false;
}
