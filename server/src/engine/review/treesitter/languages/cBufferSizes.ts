// C/C++ writes that provably do not fit their destination: the size a copy writes
// (`memcpy(d, s, 100*sizeof(int))`, `strncpy(d, s, 99)`, `strcpy(d, s)` with `s` 99 characters
// long, `snprintf(d, 100, ...)`, `for (i = 0; i < 100; i++) d[i] = ...`) compared with what the
// destination holds (`char d[50]`, `alloca(50*sizeof(char))`, `new int[50]`, or the buffer a pointer
// was last set to). Both sides must fold to constants; anything unknown is not reported, so every
// finding is a definite overflow, not a guess. Sizes are counted in units of a type (`char`, `int`,
// a struct): two sizes in different units compare only when both units have a known width.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import { closest, descendants, namedChildren } from '../syntax';
import { inDeadBranch } from '../taint/constants';
import { combine, describe, exceeds, literalLength, plus, type Size, sum, typeName, WIDTH } from './cSizes';

const MAX_DEPTH = 12;

/** Copies: destination index, how the written size is computed. */
const STRING_COPY = /^(?:strcpy|wcscpy|_mbscpy|lstrcpy[AW]?|_tcscpy)$/;
const STRING_CAT = /^(?:strcat|wcscat|_mbscat|lstrcat[AW]?|_tcscat)$/;
const STRING_NCOPY = /^(?:strncpy|wcsncpy|_tcsncpy)$/;
const STRING_NCAT = /^(?:strncat|wcsncat|_tcsncat)$/;
const MEMORY_COPY = /^(?:memcpy|memmove|wmemcpy|wmemmove|memset|wmemset)$/;
const BOUNDED_PRINT = /^(?:snprintf|_snprintf|swprintf|_snwprintf|vsnprintf|_vsnprintf|_vsnwprintf)$/;
const LENGTH = /^(?:strlen|wcslen|_tcslen|_mbslen)$/;
// `ALLOCA` is the usual portability macro for alloca/_alloca (often defined in a header we cannot see).
const ALLOCATE = /^(?:alloca|_alloca|ALLOCA|malloc|_malloca)$/;

export function reportBufferSizes(context: AnalysisContext): void {
  if (!context.findings.wants('codewright/buffer-overflow')) return;
  new BufferSizes(context).run();
}

/** Whether a copy call provably fits its destination (both sizes known, written ≤ capacity). */
export function provablyFits(context: AnalysisContext, call: SyntaxNode): boolean {
  const verdict = new BufferSizes(context).measure(call);
  return verdict !== undefined && !exceeds(verdict.written, verdict.capacity);
}

class BufferSizes {
  private readonly macros = new Map<string, string>();
  /** Steps left: folding follows assignments, so hostile code could make it branch a lot. */
  private budget = 20_000;

  constructor(private readonly context: AnalysisContext) {
    for (const def of context.nodes('preproc_def')) {
      const name = def.childForFieldName('name')?.text;
      const body = def.childForFieldName('value')?.text.trim();
      if (name && body) this.macros.set(name, body);
    }
  }

  run(): void {
    for (const call of this.context.nodes('call_expression')) this.checkCall(call);
    for (const loop of this.context.nodes('for_statement')) this.checkLoop(loop);
  }

  private name(node: SyntaxNode | null | undefined): string {
    const text = node?.text.replace(/^(?:std)?::/, '') ?? '';
    const expanded = this.macros.get(text);
    return expanded && /^\w+$/.test(expanded) ? expanded : text;
  }

  private checkCall(call: SyntaxNode): void {
    const verdict = this.measure(call);
    if (!verdict || !exceeds(verdict.written, verdict.capacity)) return;
    const { fn, dest, written, capacity } = verdict;
    this.context.findings.report(call, 'codewright/buffer-overflow', {
      message: `${fn}() writes ${describe(written)} into '${dest.text}', which holds ${describe(capacity)}.`,
      suggestion: 'Bound the copy by the destination size (sizeof dest), or make the destination larger.',
    });
  }

  /** What a copy call writes and what its destination holds, when both fold to constants. */
  measure(call: SyntaxNode): { fn: string; dest: SyntaxNode; written: Size; capacity: Size } | undefined {
    const fn = this.name(call.childForFieldName('function'));
    const args = namedChildren(call.childForFieldName('arguments') ?? call).filter(
      (a) => a.type !== 'comment',
    );
    const [dest, source, count] = args;
    if (!dest) return undefined;
    let written: Size | undefined;
    let unitOfDest = false;
    if (STRING_COPY.test(fn) && source) written = plus(this.length(source, call), 1);
    else if (STRING_CAT.test(fn) && source)
      written = plus(sum(this.length(dest, call) ?? 0, this.length(source, call)), 1);
    else if (STRING_NCOPY.test(fn) && count) written = this.count(count, call);
    else if (STRING_NCAT.test(fn) && count) {
      const n = this.count(count, call)?.n;
      const long = this.length(source, call);
      const appended = n === undefined ? undefined : long === undefined ? n : Math.min(n, long);
      written = plus(sum(this.length(dest, call) ?? 0, appended), 1);
    } else if (MEMORY_COPY.test(fn) && count) {
      written = this.count(count, call);
      // memcpy counts bytes unless the count says its unit (`n * sizeof(int)`); wmemcpy counts wchar_t.
      if (written && written.unit === '')
        written = { n: written.n, unit: fn.startsWith('w') ? 'wchar_t' : 'byte' };
    } else if (BOUNDED_PRINT.test(fn) && source) written = this.count(source, call);
    else return undefined;
    if (written && written.unit === '') unitOfDest = true;
    const capacity = this.capacity(dest, call, 0);
    if (!written || !capacity) return undefined;
    if (unitOfDest) written = { n: written.n, unit: capacity.unit };
    return { fn, dest, written, capacity };
  }

  /** `for (i = 0; i < N; i++) dest[i] = ...` writes N elements of dest. */
  private checkLoop(loop: SyntaxNode): void {
    const condition = loop.childForFieldName('condition');
    const init = loop.childForFieldName('initializer');
    if (condition?.type !== 'binary_expression' || !init) return;
    const operator = condition.childForFieldName('operator')?.text;
    const index = condition.childForFieldName('left');
    if ((operator !== '<' && operator !== '<=') || index?.type !== 'identifier') return;
    if (!new RegExp(`^(?:size_t|int|unsigned)?\\s*${index.text}\\s*=\\s*0;?$`).test(init.text.trim())) return;
    const bound = this.count(condition.childForFieldName('right'), loop);
    if (!bound || bound.unit !== '') return;
    const n = operator === '<=' ? bound.n + 1 : bound.n;
    const body = loop.childForFieldName('body');
    for (const assignment of body ? descendants(body, ['assignment_expression']) : []) {
      const left = assignment.childForFieldName('left');
      if (left?.type !== 'subscript_expression') continue;
      const subscript = left.childForFieldName('indices') ?? left.childForFieldName('index');
      if (subscript?.text.replace(/^\[|\]$/g, '').trim() !== index.text) continue;
      const array = left.childForFieldName('argument');
      const capacity = array ? this.capacity(array, loop, 0) : undefined;
      if (!capacity || n <= capacity.n) continue;
      this.context.findings.report(assignment, 'codewright/buffer-overflow', {
        message: `The loop writes ${n} elements into '${array!.text}', which holds ${describe(capacity)}.`,
        suggestion: 'Bound the loop by the destination size.',
      });
      return;
    }
  }

  /** A constant count (`100`, `N-1`, `strlen(s) + 1`, `100*sizeof(int)`, `sizeof dest`). */
  private count(node: SyntaxNode | null | undefined, use: SyntaxNode, depth = 0): Size | undefined {
    if (!node || depth > MAX_DEPTH || --this.budget < 0) return undefined;
    switch (node.type) {
      case 'number_literal': {
        const n = Number.parseInt(node.text.replace(/[uUlL]+$/, ''), node.text.startsWith('0x') ? 16 : 10);
        return Number.isFinite(n) ? { n, unit: '' } : undefined;
      }
      case 'parenthesized_expression':
        return this.count(namedChildren(node)[0], use, depth + 1);
      case 'cast_expression':
        return this.count(node.childForFieldName('value'), use, depth + 1);
      case 'sizeof_expression': {
        const type = node.childForFieldName('type');
        if (type) return { n: 1, unit: typeName(type.text) };
        const value = node.childForFieldName('value');
        // `sizeof(wchar_t)`, `sizeof(int64_t)`, `sizeof(twoIntsStruct)`: the grammar cannot tell a
        // typedef name in parentheses from a variable, so a name no declaration in scope gives is a type.
        const inner = value?.type === 'parenthesized_expression' ? namedChildren(value)[0] : undefined;
        if (inner?.type === 'identifier' && this.isTypeName(inner.text, use))
          return { n: 1, unit: typeName(inner.text) };
        return value
          ? this.capacity(
              value.type === 'parenthesized_expression' ? namedChildren(value)[0]! : value,
              use,
              depth + 1,
            )
          : undefined;
      }
      case 'call_expression': {
        const fn = this.name(node.childForFieldName('function'));
        const arg = namedChildren(node.childForFieldName('arguments') ?? node)[0];
        const n = LENGTH.test(fn) && arg ? this.length(arg, use, depth + 1) : undefined;
        return n === undefined ? undefined : { n, unit: '' };
      }
      case 'identifier': {
        const macro = this.macros.get(node.text);
        if (macro !== undefined)
          return /^\(?\s*\d+\s*\)?$/.test(macro)
            ? { n: Number(macro.replace(/[()\s]/g, '')), unit: '' }
            : undefined;
        const bindings = this.context.values.bindingsBefore(node.text, node);
        if (bindings.length !== 1 || bindings[0]!.append) return undefined;
        return this.count(bindings[0]!.value, node, depth + 1);
      }
      case 'binary_expression': {
        const a = this.count(node.childForFieldName('left'), use, depth + 1);
        const b = this.count(node.childForFieldName('right'), use, depth + 1);
        return a && b ? combine(node.childForFieldName('operator')?.text ?? '', a, b) : undefined;
      }
      default:
        return undefined;
    }
  }

  /** What a buffer expression holds: its array size, allocation, or the buffer it points to. */
  private capacity(node: SyntaxNode, use: SyntaxNode, depth: number): Size | undefined {
    if (depth > MAX_DEPTH || --this.budget < 0) return undefined;
    switch (node.type) {
      case 'parenthesized_expression':
      case 'cast_expression':
        return this.capacity(node.childForFieldName('value') ?? namedChildren(node)[0]!, use, depth + 1);
      case 'new_expression': {
        const length = descendants(node, ['new_declarator'])[0]?.childForFieldName('length');
        const n = this.count(length, use, depth + 1);
        const type = node.childForFieldName('type')?.text;
        return n && n.unit === '' && type ? { n: n.n, unit: typeName(type) } : undefined;
      }
      case 'call_expression': {
        const fn = this.name(node.childForFieldName('function'));
        const arg = namedChildren(node.childForFieldName('arguments') ?? node)[0];
        if (!ALLOCATE.test(fn) || !arg) return undefined;
        const bytes = this.count(arg, use, depth + 1);
        return bytes && (bytes.unit === '' ? { n: bytes.n, unit: 'byte' } : bytes);
      }
      case 'identifier':
        return this.variableCapacity(node.text, use, depth);
      default:
        return undefined;
    }
  }

  /** True when `name` is a type: a known width, or no variable, parameter or macro of that name is in scope. */
  private isTypeName(name: string, use: SyntaxNode): boolean {
    if (WIDTH[name] !== undefined) return true;
    if (this.macros.has(name) || this.context.values.bindingsBefore(name, use).length > 0) return false;
    const scope = closest(use, this.context.values.dialect.functionTypes) ?? this.context.root;
    const declared = (root: SyntaxNode) =>
      descendants(root, ['identifier']).some(
        (id) => id.text === name && /declarator|parameter_declaration/.test(id.parent?.type ?? ''),
      );
    if (declared(scope)) return false;
    if (!this.declaredNames) {
      this.declaredNames = new Set(
        descendants(this.context.root, ['identifier'])
          .filter((id) => /declarator|parameter_declaration/.test(id.parent?.type ?? ''))
          .map((id) => id.text),
      );
    }
    return !this.declaredNames.has(name);
  }

  private declaredNames?: Set<string>;

  private variableCapacity(name: string, use: SyntaxNode, depth: number): Size | undefined {
    const scope = closest(use, this.context.values.dialect.functionTypes);
    for (const array of descendants(scope ?? this.context.root, ['array_declarator'])) {
      if (array.childForFieldName('declarator')?.text !== name) continue;
      const declaration = closest(array, new Set(['declaration', 'field_declaration']));
      const type = declaration?.childForFieldName('type')?.text;
      const size = this.count(array.childForFieldName('size'), array, depth + 1);
      return size && size.unit === '' && type ? { n: size.n, unit: typeName(type) } : undefined;
    }
    // `char *&dataRef = data`: a reference is its target, read where the reference is used.
    const target = this.referenceTarget(name, scope);
    if (target) return this.variableCapacity(target, use, depth + 1);
    // `badSource(data)` with `void badSource(char *&data) { data = new char[50]; }`.
    const filled = this.filledByReference(name, use, scope, depth);
    if (filled) return filled;
    const values = this.context.values;
    const bindings = values
      .bindingsBefore(name, use)
      .filter((b) => !b.value || !inDeadBranch(b.value, values));
    if (bindings.some((b) => b.append || !b.value)) return undefined;
    const sources = bindings.length > 0 ? bindings.map((b) => b.value!) : this.passedAs(name, use);
    if (sources.length === 0) return undefined;
    // Every reaching buffer must be known; the largest one decides (a definite overflow only).
    let largest: Size | undefined;
    for (const source of sources) {
      const size = this.capacity(source, source, depth + 1);
      if (!size || (largest && largest.unit !== size.unit)) return undefined;
      if (!largest || size.n > largest.n) largest = size;
    }
    return largest;
  }

  /** The variable a C++ reference declared in `scope` is bound to (`T *&ref = target;`). */
  private referenceTarget(name: string, scope: SyntaxNode | undefined): string | undefined {
    for (const reference of descendants(scope ?? this.context.root, ['reference_declarator'])) {
      if (reference.namedChildren[0]?.text !== name) continue;
      const init = closest(reference, new Set(['init_declarator']));
      const value = init?.childForFieldName('value');
      return value?.type === 'identifier' && value.text !== name ? value.text : undefined;
    }
    return undefined;
  }

  /**
   * The capacity a same-file function leaves in a reference parameter (`void f(char *&p) { p =
   * new char[50]; }`) when the last call before `use` passing `name` is one.
   */
  private filledByReference(
    name: string,
    use: SyntaxNode,
    scope: SyntaxNode | undefined,
    depth: number,
  ): Size | undefined {
    if (!scope) return undefined;
    const calls = descendants(scope, ['call_expression']).filter(
      (call) =>
        call.endIndex <= use.startIndex &&
        namedChildren(call.childForFieldName('arguments') ?? call).some((a) => a.text === name),
    );
    const call = calls.at(-1);
    const callee = call ? this.functionNamed(call) : undefined;
    if (!call || !callee) return undefined;
    const position = namedChildren(call.childForFieldName('arguments') ?? call).findIndex(
      (a) => a.text === name,
    );
    const declarator = descendants(callee.childForFieldName('declarator') ?? callee, [
      'function_declarator',
    ])[0];
    const param = namedChildren(declarator?.childForFieldName('parameters') ?? callee).filter(
      (p) => p.type === 'parameter_declaration',
    )[position];
    const reference = param ? descendants(param, ['reference_declarator'])[0] : undefined;
    const pname = reference?.namedChildren[0]?.text;
    const end = callee.childForFieldName('body')?.lastChild;
    return pname && end ? this.variableCapacity(pname, end, depth + 1) : undefined;
  }

  private functionNamed(call: SyntaxNode): SyntaxNode | undefined {
    const name = call.childForFieldName('function')?.text;
    if (!name || !/^\w+$/.test(name)) return undefined;
    const found = this.context.nodes([...this.context.values.dialect.functionTypes]).filter(
      (fn) =>
        descendants(fn.childForFieldName('declarator') ?? fn, ['function_declarator'])[0]
          ?.childForFieldName('declarator')
          ?.text.replace(/^.*::/, '') === name,
    );
    return found.length === 1 ? found[0] : undefined;
  }

  /**
   * What a parameter receives: the arguments of every call of its function in the file (directly or
   * through a function pointer `void (*sink)(char *) = badSink;`). Empty when it is no parameter or
   * no call is in sight.
   */
  private passedAs(name: string, use: SyntaxNode): SyntaxNode[] {
    const fn = closest(use, this.context.values.dialect.functionTypes);
    const declarator = fn
      ? descendants(fn.childForFieldName('declarator') ?? fn, ['function_declarator'])[0]
      : undefined;
    const fnName = declarator?.childForFieldName('declarator')?.text.replace(/^.*::/, '');
    const params = namedChildren(declarator?.childForFieldName('parameters') ?? declarator ?? use).filter(
      (p) => p.type === 'parameter_declaration',
    );
    const index = params.findIndex((p) => new RegExp(`\\b${name}$`).test(p.text.trim()));
    if (!fn || !fnName || index < 0) return [];
    const functions = this.context.values.dialect.functionTypes;
    // A call through a pointer counts only in the function that pointed it at this one.
    const callsIt = (call: SyntaxNode): boolean => {
      const callee = call.childForFieldName('function')?.text ?? '';
      if (callee === fnName) return true;
      const scope = closest(call, functions);
      return this.context.values
        .bindingsAnywhere(callee)
        .some(
          (b) =>
            b.binding.value?.text.replace(/^&/, '') === fnName &&
            closest(b.node, functions)?.id === scope?.id,
        );
    };
    return this.context
      .nodes('call_expression')
      .filter((call) => !(fn.startIndex <= call.startIndex && call.endIndex <= fn.endIndex) && callsIt(call))
      .map((call) => namedChildren(call.childForFieldName('arguments') ?? call)[index])
      .filter((a): a is SyntaxNode => a !== undefined);
  }

  /** The string length a buffer or literal holds at `use` (characters, without the terminator). */
  private length(node: SyntaxNode | null | undefined, use: SyntaxNode, depth = 0): number | undefined {
    if (!node || depth > MAX_DEPTH || --this.budget < 0) return undefined;
    if (node.type === 'string_literal') return literalLength(node.text);
    if (node.type === 'cast_expression' || node.type === 'parenthesized_expression')
      return this.length(node.childForFieldName('value') ?? namedChildren(node)[0], use, depth + 1);
    if (node.type !== 'identifier') return undefined;
    const macro = this.macros.get(node.text);
    if (macro !== undefined) return /^L?"/.test(macro) ? literalLength(macro) : undefined;
    const scope = closest(use, this.context.values.dialect.functionTypes);
    if (!scope) return undefined;
    // The last write that sets the string before the use: memset fill, terminator, copy of a literal.
    let found: number | undefined;
    let at = -1;
    for (const call of descendants(scope, ['call_expression', 'assignment_expression', 'init_declarator'])) {
      if (call.startIndex >= use.startIndex || call.startIndex < at) continue;
      const set = this.sets(call, node.text, use, depth);
      if (set !== undefined) {
        found = set;
        at = call.startIndex;
      }
    }
    return found;
  }

  /** The string length `node` gives `name`, if it sets it. */
  private sets(node: SyntaxNode, name: string, use: SyntaxNode, depth: number): number | undefined {
    if (node.type === 'call_expression') {
      const fn = this.name(node.childForFieldName('function'));
      const args = namedChildren(node.childForFieldName('arguments') ?? node);
      if (args[0]?.text !== name) return undefined;
      if (/^w?memset$/.test(fn)) return this.count(args[2], node, depth + 1)?.n;
      if (STRING_COPY.test(fn)) return this.length(args[1], node, depth + 1);
      return undefined;
    }
    if (node.type === 'init_declarator') {
      const declared = node.childForFieldName('declarator');
      const inner = declared?.childForFieldName('declarator') ?? declared;
      if (inner?.text !== name) return undefined;
      const value = node.childForFieldName('value');
      return value ? this.length(value, use, depth + 1) : undefined;
    }
    const left = node.childForFieldName('left');
    const right = node.childForFieldName('right');
    // `s[n] = '\0'` ends the string at n.
    if (left?.type === 'subscript_expression' && left.childForFieldName('argument')?.text === name) {
      if (!/^L?'\\0'$/.test(right?.text ?? '')) return undefined;
      const index = left.childForFieldName('indices') ?? left.childForFieldName('index');
      const inner = index?.type === 'subscript_argument_list' ? namedChildren(index)[0] : index;
      const n = this.count(inner, node, depth + 1);
      return n && n.unit === '' ? n.n : undefined;
    }
    if (left?.text === name && right && right.startIndex < use.startIndex)
      return this.length(right, node, depth + 1);
    return undefined;
  }
}
