// Finds what a Python module offers to test, with tree-sitter: public top-level functions and classes
// (`__all__` decides when present), their public methods, and for each parameter what the code tells
// about it (type hint, docstring type, default, `isinstance` checks, methods called on it, keys read
// from it). Literals of the body (and the module) become candidate values; `>>>` docstring examples
// that call the target become cases of their own.
import { firstSyntaxError, parse, type SyntaxNode } from '../../parsing/treeSitter';
import { invalidField } from '../../errors';
import type { CallableInfo, ParamInfo } from '../model';

export interface PyModuleShape {
  targets: CallableInfo[];
  /** Argument lists (source text, module names qualified) from `>>>` examples, by target name. */
  doctests: Map<string, string[]>;
  /** Properties skipped because they are read, not called. */
  properties: string[];
  /** Statements in the module, and those that run on import (outside every function body). */
  statements: { total: number; onImport: number };
}

const STRING_METHODS = new Set([
  'lower', 'upper', 'strip', 'lstrip', 'rstrip', 'split', 'rsplit', 'startswith', 'endswith', 'replace',
  'encode', 'isdigit', 'isalpha', 'isalnum', 'isspace', 'title', 'capitalize', 'casefold', 'splitlines',
  'partition', 'find', 'rfind', 'zfill', 'format', 'ljust', 'rjust', 'center', 'translate', 'islower',
  'isupper',
]); // prettier-ignore
const LIST_METHODS = new Set(['append', 'extend', 'pop', 'sort', 'insert', 'remove', 'reverse']);
const DICT_METHODS = new Set(['items', 'keys', 'values', 'get', 'setdefault', 'update']);
const ISINSTANCE_TYPES: Record<string, string> = {
  str: 'str',
  int: 'int',
  float: 'float',
  bool: 'bool',
  list: 'list',
  tuple: 'tuple',
  dict: 'dict',
  set: 'set',
  bytes: 'bytes',
};

export async function analysePython(code: string, moduleName: string): Promise<PyModuleShape> {
  const tree = await parse(code, 'python');
  try {
    const error = firstSyntaxError(tree);
    if (error)
      throw invalidField(
        'source_code',
        `syntax error at line ${error.line}, column ${error.column}: ${error.message}`,
      );
    const root = tree.rootNode;
    const topNames = topLevelNames(root);
    const all = dunderAll(root);
    const isPublic = (name: string): boolean => (all ? all.includes(name) : !name.startsWith('_'));
    const moduleLiterals = literalsOf(root);
    const shape: PyModuleShape = {
      targets: [],
      doctests: new Map(),
      properties: [],
      statements: countStatements(root),
    };
    const qualify = (text: string): string => qualifyNames(text, topNames, moduleName);
    for (const child of root.namedChildren) {
      const def = unwrap(child);
      const name = def?.childForFieldName('name')?.text ?? '';
      if (!def || !isPublic(name)) continue;
      if (def.type === 'function_definition') {
        const target = describeFunction(def, [name], name, moduleLiterals);
        shape.targets.push(target);
        addDoctests(shape, target.name, def, name, qualify);
      } else describeClass(shape, def, name, moduleLiterals, qualify);
    }
    return shape;
  } finally {
    tree.delete();
  }
}

function unwrap(node: SyntaxNode | null): SyntaxNode | undefined {
  if (!node) return undefined;
  const def = node.type === 'decorated_definition' ? node.childForFieldName('definition') : node;
  return def && (def.type === 'function_definition' || def.type === 'class_definition') ? def : undefined;
}

function decoratorsOf(def: SyntaxNode): string[] {
  const parent = def.parent;
  if (parent?.type !== 'decorated_definition') return [];
  return parent.namedChildren.filter((n) => n?.type === 'decorator').map((n) => n!.text.slice(1).trim());
}

function dunderAll(root: SyntaxNode): string[] | undefined {
  for (const statement of root.namedChildren) {
    const assignment = statement?.type === 'expression_statement' ? statement.namedChildren[0] : undefined;
    if (assignment?.type !== 'assignment' || assignment.childForFieldName('left')?.text !== '__all__')
      continue;
    return assignment
      .childForFieldName('right')
      ?.namedChildren.filter((n) => n?.type === 'string')
      .map((n) => n!.text.replace(/^[rRuU]?(['"])([\s\S]*)\1$/, '$2'));
  }
  return undefined;
}

function topLevelNames(root: SyntaxNode): Set<string> {
  const names = new Set<string>();
  for (const child of root.namedChildren) {
    const def = unwrap(child);
    if (def) names.add(def.childForFieldName('name')?.text ?? '');
    const assignment = child?.type === 'expression_statement' ? child.namedChildren[0] : undefined;
    const left = assignment?.type === 'assignment' ? assignment.childForFieldName('left') : undefined;
    if (left?.type === 'identifier') names.add(left.text);
  }
  names.delete('');
  return names;
}

function* walk(node: SyntaxNode): Generator<SyntaxNode> {
  yield node;
  for (const child of node.namedChildren) if (child) yield* walk(child);
}

/** A literal as JSON text (the language-neutral form values.ts reads), or undefined. */
function literalText(node: SyntaxNode): string | undefined {
  if (node.type === 'integer' || node.type === 'float') {
    const text = node.text.replace(/_/g, '');
    const n = /^0[xob]/i.test(text) ? Number(text) : Number(text.replace(/[jJ]$/, 'x'));
    return Number.isFinite(n) ? JSON.stringify(n) : undefined;
  }
  if (node.type !== 'string' || node.parent?.type === 'expression_statement') return undefined; // docstrings
  const match = /^([rRuU]*)('''|"""|'|")([\s\S]*)\2$/.exec(node.text);
  if (!match || match[3]!.length > 100) return undefined;
  if (!/r/i.test(match[1]!) && match[3]!.includes('\\')) return undefined; // escapes: not decoded here
  return JSON.stringify(match[3]);
}

/** Literals of a subtree; integers compared against also give their neighbours n-1 and n+1. */
function literalsOf(node: SyntaxNode): string[] {
  const out = new Set<string>();
  for (const n of walk(node)) {
    const text = literalText(n);
    if (text === undefined) continue;
    out.add(text);
    if (n.type === 'integer' && n.parent?.type === 'comparison_operator') {
      const value = Number(JSON.parse(text));
      out.add(String(value - 1));
      out.add(String(value + 1));
    }
  }
  return [...out];
}

function docstringOf(def: SyntaxNode): string {
  const first = def.childForFieldName('body')?.namedChildren[0];
  const string = first?.type === 'expression_statement' ? first.namedChildren[0] : undefined;
  return string?.type === 'string' ? string.text : '';
}

/** The type a docstring gives a parameter: Google `name (type):`, Sphinx `:type name:`, NumPy `name : type`. */
function docstringType(doc: string, name: string): string | undefined {
  const escaped = name.replace(/[^\w]/g, '');
  const patterns = [
    new RegExp(`^\\s*${escaped}\\s*\\(([^)]+)\\)\\s*:`, 'm'),
    new RegExp(`:type\\s+${escaped}\\s*:\\s*(.+)$`, 'm'),
    new RegExp(`:param\\s+(\\w[\\w\\[\\], ]*)\\s+${escaped}\\s*:`, 'm'),
    new RegExp(`^\\s*${escaped}\\s+:\\s+(\\S.*)$`, 'm'),
  ];
  for (const pattern of patterns) {
    const found = pattern.exec(doc)?.[1]?.trim();
    if (found) return found;
  }
  return undefined;
}

function paramsOf(def: SyntaxNode, body: SyntaxNode | null, doc: string): ParamInfo[] {
  const params: ParamInfo[] = [];
  let keywordOnly = false;
  for (const p of def.childForFieldName('parameters')?.namedChildren ?? []) {
    if (!p) continue;
    if (p.type === 'keyword_separator') {
      keywordOnly = true;
      continue;
    }
    if (p.type === 'positional_separator') continue;
    const inner = p.type === 'typed_parameter' ? (p.namedChildren[0] ?? p) : p;
    if (inner.type === 'dictionary_splat_pattern') continue; // **kwargs: nothing to pass
    const rest = inner.type === 'list_splat_pattern';
    const name = (
      p.type === 'identifier' ? p.text : (p.childForFieldName('name')?.text ?? inner.text)
    ).replace(/^\*+/, '');
    if (params.length === 0 && (name === 'self' || name === 'cls')) continue;
    const value = p.childForFieldName('value')?.text;
    const param: ParamInfo = {
      name,
      type: p.childForFieldName('type')?.text ?? docstringType(doc, name),
      defaultValue: value === 'None' ? undefined : value,
      optional: value !== undefined || rest,
      rest,
      properties: [],
      typeofChecks: [],
      keywordOnly: keywordOnly && !rest ? true : undefined,
    };
    if (body) usesOf(body, param);
    params.push(param);
    if (rest) keywordOnly = true;
  }
  return params;
}

/** What the body does with a parameter: isinstance checks, methods called on it, keys and len(). */
function usesOf(body: SyntaxNode, param: ParamInfo): void {
  const checked: string[] = [];
  for (const n of walk(body)) {
    if (n.type === 'attribute' && n.childForFieldName('object')?.text === param.name) {
      const attr = n.childForFieldName('attribute')?.text ?? '';
      if (STRING_METHODS.has(attr)) checked.push('str');
      else if (LIST_METHODS.has(attr)) checked.push('list');
      else if (DICT_METHODS.has(attr)) checked.push('dict');
      else param.properties.push(attr);
    } else if (n.type === 'subscript' && n.childForFieldName('value')?.text === param.name) {
      const key = n.childForFieldName('subscript');
      if (key?.type === 'string') param.properties.push(key.text.slice(1, -1));
    } else if (n.type === 'call') {
      const fn = n.childForFieldName('function')?.text;
      const args = n.childForFieldName('arguments')?.namedChildren ?? [];
      if (fn === 'len' && args[0]?.text === param.name) param.properties.push('length');
      if (fn === 'isinstance' && args[0]?.text === param.name && args[1])
        for (const t of args[1].type === 'tuple' ? args[1].namedChildren : [args[1]])
          if (t && ISINSTANCE_TYPES[t.text]) checked.push(ISINSTANCE_TYPES[t.text]!);
    } else if (n.type === 'comparison_operator' && n.namedChildren.some((c) => c?.text === param.name)) {
      for (const other of n.namedChildren) {
        if (other?.type === 'integer' || other?.type === 'float') param.typeofChecks.push('number');
        if (other?.type === 'string') param.typeofChecks.push('string');
      }
    }
  }
  param.properties = [...new Set(param.properties)];
  if (!param.type && checked.length > 0) param.type = [...new Set(checked)].join(' | ');
}

function describeFunction(
  def: SyntaxNode,
  access: string[],
  name: string,
  moduleLiterals: string[],
): CallableInfo {
  const body = def.childForFieldName('body');
  const own = body ? literalsOf(body) : [];
  return {
    name,
    access,
    kind: 'function',
    async: def.text.startsWith('async'),
    params: paramsOf(def, body, docstringOf(def)),
    literals: [...new Set([...own, ...moduleLiterals])].slice(0, 80),
    line: def.startPosition.row + 1,
  };
}

function describeClass(
  shape: PyModuleShape,
  def: SyntaxNode,
  name: string,
  moduleLiterals: string[],
  qualify: (text: string) => string,
): void {
  const body = def.childForFieldName('body');
  const methods: SyntaxNode[] = [];
  let init: SyntaxNode | undefined;
  for (const child of body?.namedChildren ?? []) {
    const method = unwrap(child);
    if (method?.type !== 'function_definition') continue;
    const methodName = method.childForFieldName('name')?.text ?? '';
    if (methodName === '__init__') init = method;
    else if (!methodName.startsWith('_')) methods.push(method);
  }
  const ctor = init
    ? describeFunction(init, [name], name, moduleLiterals)
    : { params: dataclassFields(def), literals: body ? literalsOf(body) : [] };
  const classTarget: CallableInfo = {
    name,
    access: [name],
    kind: 'class',
    async: false,
    params: ctor.params,
    literals: [...new Set([...ctor.literals, ...moduleLiterals])].slice(0, 80),
    line: def.startPosition.row + 1,
  };
  shape.targets.push(classTarget);
  addDoctests(shape, name, def, name, qualify);
  for (const method of methods) {
    const methodName = method.childForFieldName('name')!.text;
    const decorators = decoratorsOf(method);
    if (decorators.some((d) => d === 'property' || d.endsWith('.setter') || d.endsWith('.deleter'))) {
      shape.properties.push(`${name}.${methodName}`);
      continue;
    }
    const target = describeFunction(method, [name, methodName], `${name}.${methodName}`, moduleLiterals);
    target.kind = 'method';
    target.isStatic = decorators.includes('staticmethod') || decorators.includes('classmethod');
    target.owner = { access: [name], params: classTarget.params, literals: classTarget.literals };
    shape.targets.push(target);
  }
}

/** A class without `__init__` (a dataclass, a NamedTuple) is built from its annotated fields. */
function dataclassFields(def: SyntaxNode): ParamInfo[] {
  const params: ParamInfo[] = [];
  for (const child of def.childForFieldName('body')?.namedChildren ?? []) {
    const assignment = child?.type === 'expression_statement' ? child.namedChildren[0] : undefined;
    const type = assignment?.type === 'assignment' ? assignment.childForFieldName('type') : undefined;
    const left = assignment?.childForFieldName('left');
    if (!type || left?.type !== 'identifier') continue;
    const value = assignment!.childForFieldName('right')?.text;
    params.push({
      name: left.text,
      type: type.text,
      defaultValue: value,
      optional: value !== undefined,
      rest: false,
      properties: [],
      typeofChecks: [],
    });
  }
  return params;
}

/** `>>> name(args)` lines of the docstring: their argument lists, module-level names qualified. */
function addDoctests(
  shape: PyModuleShape,
  targetName: string,
  def: SyntaxNode,
  callee: string,
  qualify: (text: string) => string,
): void {
  const found: string[] = [];
  for (const line of docstringOf(def).split('\n')) {
    const call = /^\s*>>>\s*(?:\w+\.)?(\w+)\((.*)\)\s*$/.exec(line);
    if (call?.[1] === callee && balanced(call[2]!)) found.push(qualify(call[2]!));
  }
  if (found.length > 0) shape.doctests.set(targetName, found.slice(0, 20));
}

function balanced(text: string): boolean {
  let depth = 0;
  for (const c of text.replace(/(['"])(?:\\.|(?!\1).)*\1/g, '""')) {
    if ('([{'.includes(c)) depth += 1;
    if (')]}'.includes(c)) depth -= 1;
    if (depth < 0) return false;
  }
  return depth === 0;
}

/** Names the module defines, used bare in a doctest, are reached through the imported module. */
function qualifyNames(text: string, names: Set<string>, moduleName: string): string {
  return text.replace(/(['"])(?:\\.|(?!\1).)*\1|(?<![\w.])([A-Za-z_]\w*)\b(?!\s*=[^=])/g, (whole, _q, id) =>
    id && names.has(id as string) ? `${moduleName}.${id as string}` : whole,
  );
}

function countStatements(root: SyntaxNode): { total: number; onImport: number } {
  let total = 0;
  let onImport = 0;
  for (const n of walk(root)) {
    const isStatement =
      (n.type.endsWith('_statement') &&
        !(n.type === 'expression_statement' && n.namedChildren[0]?.type === 'string')) ||
      n.type === 'function_definition' ||
      n.type === 'class_definition';
    if (!isStatement) continue;
    total += 1;
    let inside = false;
    for (let p = n.parent; p; p = p.parent) if (p.type === 'function_definition') inside = true;
    if (!inside) onImport += 1;
  }
  return { total, onImport };
}
