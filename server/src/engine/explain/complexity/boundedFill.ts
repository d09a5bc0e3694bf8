// Lists filled only by loops of a fixed count: `vector<pair<int, int>> adj; for (dr = -1; dr < 2;
// ++dr) for (dc = -1; dc < 2; ++dc) if (…) adj.emplace_back(r + dr, c + dc);` holds at most the
// 9 cells around one cell, whatever the input, so a loop over `adj` afterwards is O(1) per pass —
// not one more input size. The list must start empty in the function and gain items only through
// pushes, each inside loops (started after its declaration) whose counts are constants: a push in
// a loop over the input, a single push repeated by an enclosing loop that does not re-declare the
// list, or any other write leaves it as it was.
import type { Flow, LoopFlow } from '../model';
import { escape } from '../extract/boundText';
import { statementsIn } from './traversal';
import type { Estimator, Walk } from './walk';

const GROW = /^(?:push_back|emplace_back|push|emplace|insert|push_front|emplace_front)$/;
/** A counter's update by a constant step: `++i`, `i--`, `i += 2`. */
const STEP = /^(?:(?:\+\+|--)\s*[A-Za-z_]\w*|[A-Za-z_]\w*\s*(?:\+\+|--)|[A-Za-z_]\w*\s*[-+]=\s*\d+)$/;

/** The loops of `flows` that enclose `line`, outermost first. */
function enclosing(flows: Flow[], line: number): LoopFlow[] {
  for (const f of flows) {
    if (f.kind === 'loop' && f.line <= line && line <= (f.endLine ?? f.line))
      return [f, ...enclosing(f.body, line)];
    if (f.kind === 'branch')
      for (const arm of f.arms) {
        const inner = enclosing(arm, line);
        if (inner.length) return inner;
      }
  }
  return [];
}

/** True when `key` is a local list that only loops of a fixed count fill (see above). C and C++ only. */
export function filledByFixedLoops(est: Estimator, key: string, walk: Walk): boolean {
  if (!/^(c|cpp)$/.test(est.facts.language) || !/^[A-Za-z_]\w*$/.test(key)) return false;
  const k = escape(key);
  const statements = statementsIn(est.facts, walk.unit);
  const declarations = statements.filter(
    (s) => s.kind === 'declaration' && s.target?.trim() === key && !s.value?.trim(),
  );
  if (declarations.length !== 1) return false;
  const declared = declarations[0]!;
  const pushes: typeof statements = [];
  const named = new RegExp(`(?<![\\w.>$])${k}(?![\\w$])`);
  for (const s of statements) {
    if (s === declared || !named.test(s.code)) continue;
    // A nested function (a lambda) may push from loops of its own callers.
    if (s.unitId !== declared.unitId) return false;
    const call = new RegExp(`(?<![\\w.>])${k}\\s*\\.\\s*(\\w+)\\s*\\(`).exec(s.code);
    if (call && GROW.test(call[1]!)) {
      pushes.push(s);
      continue;
    }
    // Reads that leave its size alone: a for-each over it, its size or emptiness, an element
    // read. Anything else (`swap(adj, next)`, `adj = …`, passing it on, a removal) disqualifies.
    const rest = s.code
      .replace(new RegExp(`:\\s*${k}\\s*\\)`), ':)')
      .replace(new RegExp(`(?<![\\w.>])${k}\\s*\\.\\s*(?:size|empty|front|back)\\s*\\(\\s*\\)`, 'g'), '0')
      .replace(new RegExp(`\\b(?:std::)?s?(?:size|empty)\\s*\\(\\s*${k}\\s*\\)`, 'g'), '0')
      .replace(new RegExp(`(?<![\\w.>])${k}\\s*\\[[^\\]]*\\](?!\\s*(?:=(?!=)|\\+=|-=|\\.))`, 'g'), '0');
    if (named.test(rest)) return false;
  }
  if (!pushes.length) return false;
  return pushes.every((p) => {
    const loops = enclosing(walk.unit.body, p.line).filter((l) => l.line > declared.line);
    // (No loop since the declaration: one item.) A counter must step by a constant: a header
    // whose condition only names a literal (`j != -1` with `j = edges[j]`) counts nothing.
    return loops.every((l) => {
      const header = est.facts.statements.find((h) => h.kind === 'loop' && h.line === l.line);
      if (header?.loopKind === 'while' || header?.loopKind === 'do' || header?.loopKind === 'loop')
        return false;
      if (header?.loopKind === 'counter' && !STEP.test((header.value ?? '').trim())) return false;
      return (
        l.bound.kind === 'constant' || (l.bound.kind !== 'unknown' && est.fixedSize(l.bound.key, walk.unit))
      );
    });
  });
}
