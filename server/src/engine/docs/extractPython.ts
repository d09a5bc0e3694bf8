// Documentation of Python modules with tree-sitter: public (no leading underscore) top-level functions
// and classes with their public methods, parameters with hints and defaults, return hints, docstrings
// and `>>>` examples. `__all__`, when the module defines it, decides what is public.
import { parse, type SyntaxNode } from '../parsing/treeSitter';
import type { DocEntry, DocParam } from './model';

export async function extractPython(text: string): Promise<DocEntry[]> {
  const tree = await parse(text, 'python');
  try {
    const root = tree.rootNode;
    const all = dunderAll(root);
    const isPublic = (name: string): boolean => (all ? all.includes(name) : !name.startsWith('_'));
    const entries: DocEntry[] = [];
    for (const child of root.namedChildren) {
      const def = unwrap(child);
      if (!def) continue;
      const name = def.childForFieldName('name')?.text ?? '';
      if (!isPublic(name)) continue;
      if (def.type === 'function_definition') entries.push(functionEntry(def, name, 'function'));
      else if (def.type === 'class_definition') entries.push(classEntry(def, name));
    }
    return entries;
  } finally {
    tree.delete();
  }
}

function unwrap(node: SyntaxNode | null): SyntaxNode | undefined {
  if (!node) return undefined;
  if (node.type === 'decorated_definition') return node.childForFieldName('definition') ?? undefined;
  return node.type === 'function_definition' || node.type === 'class_definition' ? node : undefined;
}

function dunderAll(root: SyntaxNode): string[] | undefined {
  for (const statement of root.namedChildren) {
    const assignment = statement?.type === 'expression_statement' ? statement.namedChildren[0] : undefined;
    if (assignment?.type !== 'assignment' || assignment.childForFieldName('left')?.text !== '__all__')
      continue;
    const right = assignment.childForFieldName('right');
    return right?.namedChildren.filter((n) => n?.type === 'string').map((n) => n!.text.slice(1, -1));
  }
  return undefined;
}

function docstringOf(def: SyntaxNode): string | undefined {
  const first = def.childForFieldName('body')?.namedChildren[0];
  const string = first?.type === 'expression_statement' ? first.namedChildren[0] : undefined;
  if (string?.type !== 'string') return undefined;
  const raw = string.text.replace(/^[rRbBuU]*("""|'''|"|')/, '').replace(/("""|'''|"|')$/, '');
  const lines = raw.split('\n');
  const indent = Math.min(
    ...lines
      .slice(1)
      .filter((l) => l.trim())
      .map((l) => l.length - l.trimStart().length),
    1e9,
  );
  return (
    [lines[0]!.trim(), ...lines.slice(1).map((l) => l.slice(indent === 1e9 ? 0 : indent))]
      .join('\n')
      .trim() || undefined
  );
}

function paramsOf(def: SyntaxNode): DocParam[] {
  const list = def.childForFieldName('parameters');
  const params: DocParam[] = [];
  for (const p of list?.namedChildren ?? []) {
    if (!p) continue;
    const name =
      p.type === 'identifier'
        ? p.text
        : (p.childForFieldName('name')?.text ?? p.namedChildren[0]?.text ?? p.text);
    if (name === 'self' || name === 'cls') continue;
    const prefix = p.type === 'list_splat_pattern' ? '*' : p.type === 'dictionary_splat_pattern' ? '**' : '';
    params.push({
      name: prefix && !name.startsWith('*') ? `${prefix}${name}` : name,
      type: p.childForFieldName('type')?.text,
      optional: p.type.startsWith('default') || p.type.startsWith('typed_default') || prefix !== '',
      defaultValue: p.childForFieldName('value')?.text,
    });
  }
  return params;
}

function functionEntry(def: SyntaxNode, name: string, kind: 'function' | 'method'): DocEntry {
  const docstring = docstringOf(def);
  const returnType = def.childForFieldName('return_type')?.text;
  const isAsync = def.text.startsWith('async');
  const examples = (docstring ?? '')
    .split('\n')
    .filter((l) => l.trim().startsWith('>>>'))
    .map((l) => l.trim().slice(4));
  return {
    kind,
    name,
    signature: `${isAsync ? 'async ' : ''}def ${name.split('.').pop()}${def.childForFieldName('parameters')?.text ?? '()'}${returnType ? ` -> ${returnType}` : ''}`,
    // Doctest lines become the example; the description is the prose before them.
    description: docstring?.split(/\n\s*>>>/)[0]?.trim() || undefined,
    params: paramsOf(def),
    returns: returnType ? { type: returnType } : undefined,
    examples: examples.length ? [examples.join('\n')] : [],
    line: def.startPosition.row + 1,
  };
}

function classEntry(def: SyntaxNode, name: string): DocEntry {
  const members: DocEntry[] = [];
  let init: SyntaxNode | undefined;
  for (const child of def.childForFieldName('body')?.namedChildren ?? []) {
    const method = unwrap(child);
    if (method?.type !== 'function_definition') continue;
    const methodName = method.childForFieldName('name')?.text ?? '';
    if (methodName === '__init__') init = method;
    else if (!methodName.startsWith('_'))
      members.push(functionEntry(method, `${name}.${methodName}`, 'method'));
  }
  const bases = def.childForFieldName('superclasses')?.text ?? '';
  return {
    kind: 'class',
    name,
    signature: `class ${name}${bases}`,
    description: docstringOf(def),
    params: init ? paramsOf(init) : [],
    examples: [],
    members,
    line: def.startPosition.row + 1,
  };
}
