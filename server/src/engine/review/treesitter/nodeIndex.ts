// The nodes of a tree grouped by type. Each `descendantsOfType` call walks the whole tree, which
// on a large file costs more than the rules themselves, so the types a rule set reads are fetched
// in one walk up front; other types are fetched on demand and cached.
import type { SyntaxNode } from '../../parsing/treeSitter';
import { descendants } from './syntax';

export class NodeIndex {
  private readonly byType = new Map<string, SyntaxNode[]>();
  private prefetched = false;

  constructor(
    private readonly root: SyntaxNode,
    private readonly prefetch: readonly string[],
  ) {}

  /** Every node of the given types, in document order. */
  of(types: string | readonly string[]): SyntaxNode[] {
    const list = typeof types === 'string' ? [types] : types;
    if (!this.prefetched) this.fill(this.prefetch);
    this.fill(list.filter((t) => !this.byType.has(t)));
    if (list.length === 1) return this.byType.get(list[0]!)!;
    return list.flatMap((t) => this.byType.get(t)!).sort((a, b) => a.startIndex - b.startIndex);
  }

  private fill(types: readonly string[]): void {
    this.prefetched = true;
    if (types.length === 0) return;
    for (const type of types) this.byType.set(type, []);
    for (const node of descendants(this.root, [...types])) this.byType.get(node.type)?.push(node);
  }
}
