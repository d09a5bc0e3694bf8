// The name a declaration or assignment statement writes. The facts keep a C++ constructor
// declaration's argument list or brace initialiser in its target (`vector<bool> lookup(size(adj));`
// → target `lookup(size(adj))`, `vector<int> dist(n, INF);` → `dist(n, INF)`), so comparing the
// target with a name missed that the function creates the collection itself: a visited mark or a
// distance table allocated on every call was taken for one that outlives the call.
import type { Statement } from '../model';

/** `lookup(size(adj))` → `lookup`, `q{1, 2}` → `q`, `auto& x` → `x`; other targets trimmed. */
export function declaredName(s: Statement): string | undefined {
  const target = s.target?.trim();
  if (!target) return undefined;
  if (s.kind === 'declaration') {
    // Only a leading name followed by its constructor's arguments; `m[i][(i + j) % 26]` is no
    // declaration and keeps its text.
    const ctor = /^([A-Za-z_]\w*)\s*[({]/.exec(target);
    if (ctor) return ctor[1];
  }
  return target;
}
