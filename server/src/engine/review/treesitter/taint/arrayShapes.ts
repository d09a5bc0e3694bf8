// Arrays written key by key (PHP's `['a' => 'x', 'b' => $_GET['b']]`), followed as a shape: what
// each constant key holds, what was written at keys not written out (a computed key, `$a[] = ...`)
// and which expressions gave those keys. The element writes that always run between the array's
// assignment and a read are replayed in order, so `$a['b'] = 'safe'; echo $a;` reads an array that
// no longer holds input, `$a[$k] = $x` may have written any key, and `$b = $a` or
// `$c['x'] = $a['y']` copy what the array held there. Functions that pick elements by key or value
// (`array_diff_key`, `array_intersect`, `array_values`) give the shape of what they keep. A read the
// model cannot decide (a write in a branch, a reference, a call that may change the array) is left to
// the tracker's other rules.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import { closest } from '../syntax';
import { dominates } from '../values';
import type { FileIndex } from './fileIndex';
import { escape, short, type Taint } from './names';
import { argumentValues } from './objects';
import type { TaintTable } from './table';
import type { Writes } from './writes';
import { copy, picked, type Shape, type Slot, unite } from './arrayValues';

const MAX_DEPTH = 8;

export class ArrayShapes {
  private readonly memo = new Map<string, Shape | null>();
  private depth = 0;

  constructor(
    private readonly context: AnalysisContext,
    private readonly table: TaintTable,
    private readonly index: FileIndex,
    private readonly writes: Writes,
    private readonly taint: (node: SyntaxNode | null | undefined) => Taint,
  ) {}

  /** What the read `use` of `name` (with the keys it goes through) carries, when the model decides. */
  read(name: string, use: SyntaxNode): { taint: Taint } | undefined {
    if (!this.table.keyedLiteral) return undefined;
    const shape = this.variableShape(name, use);
    if (!shape) return undefined;
    return { taint: this.slotsTaint(this.navigate({ shape }, this.writes.readKeys(use))) };
  }

  /**
   * What the read `use` takes from `value`, one of its variable's assignments, when that value is an
   * element of an array the model knows (`$b = $a['k']; echo $b['j'];` reads `$a['k']['j']`).
   */
  part(value: SyntaxNode, use: SyntaxNode): { taint: Taint } | undefined {
    const keys = this.table.keyedLiteral ? this.writes.readKeys(use) : [];
    if (keys.length === 0 || !this.writes.elementPath(value)) return undefined;
    const slot = this.slotOf(value);
    return 'node' in slot ? undefined : { taint: this.slotsTaint(this.navigate(slot, keys)) };
  }

  /** What a call of an array function the table names carries, when its arguments' shapes are known. */
  call(call: SyntaxNode): { taint: Taint } | undefined {
    if (!this.table.keyedLiteral || !this.table.keyedArrays) return undefined;
    const shape = this.callShape(call);
    return shape ? { taint: this.slotTaint({ shape }) } : undefined;
  }

  /** A loop over `collection`: what its values carry (undefined: not decided). */
  loop(collection: SyntaxNode): { taint: Taint } | undefined {
    const slot = this.table.keyedLiteral ? this.slotOf(collection) : undefined;
    if (!slot || !('shape' in slot)) return undefined;
    return { taint: this.slotsTaint([...slot.shape.entries.values(), ...slot.shape.unknown]) };
  }

  /** A loop's key over `collection`: the keys of an array the model knows, else input for a source's. */
  loopKeys(collection: SyntaxNode): { taint: Taint } {
    return {
      taint: this.keysTaint(this.table.keyedLiteral ? this.slotOf(collection) : { node: collection }),
    };
  }

  /**
   * What the keys of a slot carry: the key expressions of an array the model knows (of each array
   * a union may be); for a value it does not know, input when that value is a source itself (the
   * keys of `$_GET`, or of `$_GET['a']`, which may be an array, are the request's).
   */
  private keysTaint(slot: Slot): Taint {
    const resolved = this.resolve(slot);
    if ('clean' in resolved) return undefined;
    if ('shape' in resolved) return this.firstTaint(resolved.shape.keys);
    if ('union' in resolved) {
      for (const part of resolved.union) {
        const found = this.keysTaint(part);
        if (found) return found;
      }
      return undefined;
    }
    return this.table.source.test(resolved.node.text) ? short(resolved.node.text) : undefined;
  }

  private variableShape(name: string, use: SyntaxNode): Shape | undefined {
    const key = `${name}@${use.startIndex}`;
    if (this.memo.has(key)) return this.memo.get(key) ?? undefined;
    if (this.depth >= MAX_DEPTH) return undefined;
    this.memo.set(key, null);
    this.depth++;
    try {
      const shape = this.replay(name, use);
      this.memo.set(key, shape ?? null);
      return shape;
    } finally {
      this.depth--;
    }
  }

  /** The array's shape at `use`: its last assignment's, then each element write in order. */
  private replay(name: string, use: SyntaxNode): Shape | undefined {
    const values = this.context.values;
    const functions = values.dialect.functionTypes;
    let bindings = values.bindingsBefore(name, use);
    // `$a += [...]` is a binding whose value is itself: the array starts at the one before it.
    const augmented = `augmented_${this.table.elementAssignment}`;
    while (bindings.length === 1 && bindings[0].value?.type === augmented)
      bindings = values.bindingsBefore(name, bindings[0].value);
    const first = bindings[0]?.value;
    // One assignment that always runs before the read; later bindings may only be `+=` of arrays.
    if (!first || bindings[0].append || !dominates(first, use)) return undefined;
    if (bindings.slice(1).some((b) => !b.append)) return undefined;
    const scope = closest(use, functions) ?? null;
    if (closest(first, functions)?.id !== scope?.id) return undefined;
    const start = this.slotOf(first);
    if (!('shape' in start)) return undefined;
    const shape = copy(start.shape);
    const type = this.table.elementAssignment ?? '';
    const remove = this.table.keyedArrays?.remove;
    const writes = [
      ...this.context.nodes(type),
      ...this.context.nodes(`augmented_${type}`),
      ...(remove ? this.context.nodes(remove) : []),
    ]
      .filter((w) => closest(w, functions)?.id === scope?.id && w.startIndex > first.endIndex)
      .filter((w) =>
        w.type === remove
          ? this.removed(w).some((r) => this.baseName(r) === name)
          : this.baseName(w.childForFieldName('left')) === name,
      )
      .sort((a, b) => a.startIndex - b.startIndex);
    for (const write of writes) {
      if (write.startIndex >= use.startIndex) {
        // A write after the read, in a loop around both, reaches the read on the next turn.
        if (this.loopAround(write, use, scope)) return undefined;
        continue;
      }
      if (write.endIndex > use.startIndex && write.startIndex < use.startIndex) continue;
      // A removal that may not run leaves the element there: ignoring it keeps what it held.
      if (write.type === remove && !dominates(write, use)) continue;
      if (!dominates(write, use) || !this.apply(shape, write)) return undefined;
    }
    if (this.changedOtherwise(name, first, use, scope)) return undefined;
    return shape;
  }

  /** Replays one write; false when the model cannot follow it. */
  private apply(shape: Shape, write: SyntaxNode): boolean {
    if (write.type === this.table.keyedArrays?.remove) {
      for (const element of this.removed(write)) this.unset(shape, this.path(element));
      return true;
    }
    const left = write.childForFieldName('left');
    const right = write.childForFieldName('right');
    if (!left || !right) return false;
    const value = this.slotOf(right);
    const operator = write.type === this.table.elementAssignment ? '=' : this.operator(write);
    const path = this.path(left);
    if (path.length === 0) {
      // `$a += [...]`: the keys the array lacks are added.
      if (operator !== '+=' || !('shape' in value)) return false;
      unite(shape, value.shape);
      return true;
    }
    return this.set(shape, path, value, operator);
  }

  private set(shape: Shape, path: Array<SyntaxNode | undefined>, value: Slot, operator: string): boolean {
    const [node, ...rest] = path;
    const key = node ? this.writes.keyText(node) : undefined;
    if (key === undefined) {
      // A key not written out may be any key: every element may now hold the value too.
      if (node) shape.keys.push(node);
      let slot = value;
      for (const inner of [...rest].reverse()) {
        const nested: Shape = { entries: new Map(), unknown: [], keys: [] };
        const k = inner ? this.writes.keyText(inner) : undefined;
        if (k === undefined) nested.unknown.push(slot);
        else nested.entries.set(k, slot);
        if (inner && k === undefined) nested.keys.push(inner);
        slot = { shape: nested };
      }
      shape.unknown.push(slot);
      return true;
    }
    const old = shape.entries.get(key);
    if (rest.length === 0) {
      if (operator === '=') shape.entries.set(key, value);
      else if (operator === '+=' && old && 'shape' in old && 'shape' in value) unite(old.shape, value.shape);
      else shape.entries.set(key, old ? { union: [old, value] } : value);
      return true;
    }
    const inner = old ? this.resolve(old) : { shape: { entries: new Map(), unknown: [], keys: [] } };
    if (!('shape' in inner)) return false;
    const child = copy(inner.shape);
    shape.entries.set(key, { shape: child });
    return this.set(child, rest, value, operator);
  }

  /** The elements an `unset` statement names (`unset($a['k'], $b)`). */
  private removed(statement: SyntaxNode): SyntaxNode[] {
    return statement.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== 'comment');
  }

  /**
   * `unset($a['k']['j'])`: the element at constant keys is gone (an element a computed key wrote
   * stays, it may sit at another key); a computed key may remove any element, so nothing is taken.
   */
  private unset(shape: Shape, path: Array<SyntaxNode | undefined>): void {
    const [node, ...rest] = path;
    const key = node ? this.writes.keyText(node) : undefined;
    if (key === undefined) return;
    if (rest.length === 0) {
      shape.entries.delete(key);
      return;
    }
    const old = shape.entries.get(key);
    const inner = old ? this.resolve(old) : undefined;
    if (!inner || !('shape' in inner)) return;
    const child = copy(inner.shape);
    shape.entries.set(key, { shape: child });
    this.unset(child, rest);
  }

  /** What an expression holds as a slot: an array's shape when the model knows it. */
  private slotOf(node: SyntaxNode): Slot {
    const literal = this.table.keyedLiteral!;
    if (node.type === literal.type) return { shape: this.literalShape(node) };
    // `$a = $b = [...]`: the inner assignment's value.
    if (node.type === this.table.elementAssignment) {
      const right = node.childForFieldName('right');
      return right ? this.slotOf(right) : { node };
    }
    if (this.table.callTypes.has(node.type)) {
      const shape = this.callShape(node);
      return shape ? { shape } : { node };
    }
    const united = this.union(node);
    if (united) return { shape: united };
    const base = this.writes.elementPath(node);
    const variable = base ? undefined : this.context.values.dialect.variableName(node);
    const name = base?.base ?? variable;
    if (name === undefined) return { node };
    let root: SyntaxNode = node;
    while (this.table.memberTypes.has(root.type) && root.namedChildren[0] && root.text !== name)
      root = root.namedChildren[0];
    const shape = this.variableShape(name, root);
    if (!shape) return { node };
    const slots = this.navigate({ shape }, this.writes.readKeys(root));
    return slots.length === 1 ? slots[0] : { union: slots };
  }

  private literalShape(node: SyntaxNode): Shape {
    const literal = this.table.keyedLiteral!;
    const shape: Shape = { entries: new Map(), unknown: [], keys: [] };
    // PHP numbers positional elements from 0, past the largest integer key written before them;
    // after a spread (`...$b`) or a computed key the next number is unknown.
    let next: number | undefined = 0;
    for (const element of node.namedChildren) {
      if (!element) continue;
      const parts = element.type === literal.element ? element.namedChildren.filter((c) => c !== null) : [];
      if (parts.length !== 2) {
        const value = parts[0] ?? element;
        const spread = /^\.\.\./.test(element.text);
        if (next !== undefined && !spread && parts.length === 1)
          shape.entries.set(String(next++), this.slotOf(value));
        else {
          // A spread, or a positional element after one: at a key not written out.
          shape.unknown.push(this.slotOf(value));
          next = undefined;
        }
        continue;
      }
      const key = this.writes.keyText(parts[0]);
      if (key === undefined) {
        shape.keys.push(parts[0]);
        shape.unknown.push(this.slotOf(parts[1]));
        next = undefined;
      } else {
        shape.entries.set(key, this.slotOf(parts[1]));
        if (next !== undefined && /^-?\d+$/.test(key)) next = Math.max(next, Number(key) + 1);
      }
    }
    return shape;
  }

  /** The shape of an array function's result (`table.keyedArrays`), when its arguments' are known. */
  private callShape(call: SyntaxNode): Shape | undefined {
    const names = this.table.keyedArrays;
    if (!names) return undefined;
    const head = this.index.head(call);
    const kinds = ['values', 'keys', 'keyDiff', 'keyIntersect', 'valueIntersect', 'first'] as const;
    const kind = kinds.find((k) => names[k]?.test(head));
    if (!kind) return undefined;
    const args = argumentValues(call);
    const shapes: Shape[] = [];
    for (const arg of args) {
      const slot = this.resolve(this.slotOf(arg));
      if (!('shape' in slot)) return undefined;
      shapes.push(slot.shape);
    }
    const [first, ...others] = shapes;
    return first && picked(kind, first, others, (slots) => !!this.slotsTaint(slots));
  }

  /** `$a + $b` (the table's `union` operator) of two arrays the model knows: the keys `$a` lacks from `$b`. */
  private union(node: SyntaxNode): Shape | undefined {
    const [left, right] = [node.childForFieldName('left'), node.childForFieldName('right')];
    const operator = this.table.keyedArrays?.union;
    if (!left || !right || node.type === this.table.elementAssignment || this.operator(node) !== operator)
      return undefined;
    const [a, b] = [this.resolve(this.slotOf(left)), this.resolve(this.slotOf(right))];
    if (!('shape' in a) || !('shape' in b)) return undefined;
    const shape = copy(a.shape);
    unite(shape, b.shape);
    return shape;
  }

  /** The slots a read through `keys` reaches (a key not written out reaches every element). */
  private navigate(slot: Slot, keys: Array<string | undefined>): Slot[] {
    if (keys.length === 0) return [slot];
    const resolved = this.resolve(slot);
    if ('union' in resolved) return resolved.union.flatMap((s) => this.navigate(s, keys));
    if ('clean' in resolved) return [];
    // An element of a value the model does not know: that value, whole.
    if (!('shape' in resolved)) return [resolved];
    const [key, ...rest] = keys;
    const { shape } = resolved;
    const own = key === undefined ? [...shape.entries.values()] : [shape.entries.get(key)];
    return [...own, ...shape.unknown].flatMap((s) => (s ? this.navigate(s, rest) : []));
  }

  /** A slot whose expression is an array the model knows, as that shape. */
  private resolve(slot: Slot): Slot {
    if (!('node' in slot)) return slot;
    const again = this.slotOf(slot.node);
    return 'node' in again && again.node.id === slot.node.id ? slot : again;
  }

  private slotTaint(slot: Slot): Taint {
    if ('clean' in slot) return undefined;
    if ('node' in slot) return this.taint(slot.node);
    if ('union' in slot) return this.slotsTaint(slot.union);
    const { shape } = slot;
    return this.slotsTaint([...shape.entries.values(), ...shape.unknown]) ?? this.firstTaint(shape.keys);
  }

  private slotsTaint(slots: Slot[]): Taint {
    for (const slot of slots) {
      const found = this.slotTaint(slot);
      if (found) return found;
    }
    return undefined;
  }

  private firstTaint(nodes: SyntaxNode[]): Taint {
    for (const node of nodes) {
      const found = this.taint(node);
      if (found) return found;
    }
    return undefined;
  }

  /** The keys of a write's left side, outermost first (undefined: `$a[]`). */
  private path(left: SyntaxNode): Array<SyntaxNode | undefined> {
    const out: Array<SyntaxNode | undefined> = [];
    let node = left;
    while (this.table.memberTypes.has(node.type) && node.namedChildren.length > 0) {
      if (this.context.values.dialect.variableName(node) === node.text) break;
      out.unshift(node.namedChildren[1] ?? undefined);
      node = node.namedChildren[0]!;
    }
    return out;
  }

  private baseName(left: SyntaxNode | null): string | undefined {
    if (!left) return undefined;
    return this.writes.elementPath(left)?.base ?? this.context.values.dialect.variableName(left);
  }

  private operator(write: SyntaxNode): string {
    const right = write.childForFieldName('right');
    const left = write.childForFieldName('left');
    if (!left || !right) return '';
    return write.text.slice(left.endIndex - write.startIndex, right.startIndex - write.startIndex).trim();
  }

  /** True when a loop in the read's function holds both `write` and `use`. */
  private loopAround(write: SyntaxNode, use: SyntaxNode, scope: SyntaxNode | null): boolean {
    const loops = this.context.values.dialect.loopTypes;
    for (let p = use.parent; p && p.id !== scope?.id; p = p.parent)
      if (loops.has(p.type) && p.startIndex <= write.startIndex && write.endIndex <= p.endIndex) return true;
    return false;
  }

  /**
   * True when, between the assignment and the read, the array may change other than by an element
   * write: a reference to it (`&$a`, `foreach ($a as &$v)`), or a call that receives it whole and
   * may write it (a function of the file, an in-place call of the table).
   */
  private changedOtherwise(
    name: string,
    first: SyntaxNode,
    use: SyntaxNode,
    scope: SyntaxNode | null,
  ): boolean {
    const text = this.context.root.text.slice(first.endIndex, use.startIndex);
    const bare = escape(name);
    if (new RegExp(`&\\s*${bare}(?![\\w])|${bare}(?![\\w])\\s+as\\b[^;{]*&`).test(text)) return true;
    for (const call of this.index.callsBefore(scope ?? this.context.root, use)) {
      if (call.startIndex < first.endIndex) continue;
      const args = argumentValues(call);
      if (!args.some((a) => a.text === name)) continue;
      const head = this.index.head(call);
      if (this.index.functionNamed(head) || this.table.inPlace?.some((r) => r.callee.test(head))) return true;
    }
    return false;
  }
}
