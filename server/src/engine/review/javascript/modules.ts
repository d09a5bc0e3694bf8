// Which local names refer to which Node modules: `const cp = require('child_process')`,
// `import { exec as run } from 'node:child_process'`, `const execAsync = promisify(exec)`.
// Rules use this to tell `child_process.exec` from `regex.exec` without type information.
import { calleeParts, pushChildNodes, staticString, type AstNode } from './ast';

export interface ModuleMember {
  module: string;
  name: string;
}

export interface ModuleBindings {
  /** Local name → module it is the namespace (or default export) of. */
  namespaces: Map<string, string>;
  /** Local name → the module member it stands for. */
  members: Map<string, ModuleMember>;
}

/** Aliases that behave like a core module for the review rules. */
const MODULE_ALIASES: Record<string, string> = {
  'fs/promises': 'fs',
  'fs-extra': 'fs',
  'graceful-fs': 'fs',
  child_process: 'child_process',
};

/**
 * Names that, used without any declaration in the file, can only be the module: reviews are often
 * of snippets that leave out their `require` lines. A name the file binds to anything else is not
 * taken for the module.
 */
const UNBOUND_NAMESPACES: Record<string, string> = {
  fs: 'fs',
  fsPromises: 'fs',
  path: 'path',
  child_process: 'child_process',
  childProcess: 'child_process',
  cp: 'child_process',
  crypto: 'crypto',
  http: 'http',
  https: 'https',
  vm: 'vm',
};
/** child_process functions often called bare in snippets; no global of these names exists in Node. */
const UNBOUND_MEMBERS: Record<string, ModuleMember> = Object.fromEntries(
  ['exec', 'execSync', 'spawn', 'spawnSync', 'execFile', 'execFileSync'].map((name) => [
    name,
    { module: 'child_process', name },
  ]),
);

export function normalizeModule(specifier: string): string {
  const name = specifier.replace(/^node:/, '');
  return MODULE_ALIASES[name] ?? name;
}

/** `require('x')`, `require('x').y` → module (and member) required. */
function requiredModule(
  node: AstNode | undefined | null,
): ModuleMember | { module: string; name?: undefined } | undefined {
  if (!node) return undefined;
  if (node.type === 'AwaitExpression') return requiredModule(node.argument);
  if (node.type === 'CallExpression' && node.callee.type === 'Identifier' && node.callee.name === 'require') {
    const specifier = staticString(node.arguments[0]);
    return specifier ? { module: normalizeModule(specifier) } : undefined;
  }
  if (node.type === 'MemberExpression' && !node.computed) {
    const inner = requiredModule(node.object);
    if (inner && inner.name === undefined) {
      // `require('fs').promises` is still the fs namespace for our purposes.
      if (inner.module === 'fs' && node.property.name === 'promises') return inner;
      return { module: inner.module, name: node.property.name };
    }
  }
  return undefined;
}

const cache = new WeakMap<AstNode, ModuleBindings>();

/** The module bindings of a file, computed once per AST (several rules ask). */
export function collectModuleBindings(program: AstNode): ModuleBindings {
  let bindings = cache.get(program);
  if (!bindings) {
    bindings = scanModuleBindings(program);
    cache.set(program, bindings);
  }
  return bindings;
}

function scanModuleBindings(program: AstNode): ModuleBindings {
  const bindings: ModuleBindings = { namespaces: new Map(), members: new Map() };
  const declared = new Set<string>();
  const stack: AstNode[] = [program];
  while (stack.length > 0) {
    const node = stack.pop()!;
    collectDeclaredNames(node, declared);
    if (node.type === 'ImportDeclaration') {
      const module = normalizeModule(String(node.source.value));
      for (const spec of node.specifiers) {
        if (spec.type === 'ImportSpecifier') {
          const imported =
            spec.imported.type === 'Identifier' ? spec.imported.name : String(spec.imported.value);
          bindings.members.set(spec.local.name, { module, name: imported });
        } else {
          bindings.namespaces.set(spec.local.name, module);
        }
      }
    } else if (node.type === 'VariableDeclarator') {
      bindDeclarator(node, bindings);
    }
    // Source order, so `promisify(exec)` is seen after the import of `exec`.
    const first = stack.length;
    pushChildNodes(node, stack);
    reverseFrom(stack, first);
  }
  bindUnboundModuleNames(bindings, declared);
  return bindings;
}

/** Reverses `items` from index `first` to the end, in place. */
function reverseFrom(items: AstNode[], first: number): void {
  for (let i = first, j = items.length - 1; i < j; i++, j--) [items[i], items[j]] = [items[j]!, items[i]!];
}

function bindUnboundModuleNames(bindings: ModuleBindings, declared: Set<string>): void {
  for (const [name, module] of Object.entries(UNBOUND_NAMESPACES)) {
    if (!declared.has(name) && !bindings.namespaces.has(name) && !bindings.members.has(name))
      bindings.namespaces.set(name, module);
  }
  for (const [name, member] of Object.entries(UNBOUND_MEMBERS)) {
    if (!declared.has(name) && !bindings.namespaces.has(name) && !bindings.members.has(name))
      bindings.members.set(name, member);
  }
}

/** Adds the names a node declares (variables, functions, classes, parameters, imports) to `into`. */
function collectDeclaredNames(node: AstNode, into: Set<string>): void {
  switch (node.type) {
    case 'VariableDeclarator':
      patternNames(node.id, into);
      break;
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
      if (node.id) into.add(node.id.name);
      for (const param of node.params) patternNames(param, into);
      break;
    case 'ClassDeclaration':
    case 'ClassExpression':
      if (node.id) into.add(node.id.name);
      break;
    case 'CatchClause':
      if (node.param) patternNames(node.param, into);
      break;
    case 'ImportSpecifier':
    case 'ImportDefaultSpecifier':
    case 'ImportNamespaceSpecifier':
      into.add(node.local.name);
      break;
  }
}

function patternNames(pattern: AstNode | null | undefined, into: Set<string>): void {
  if (!pattern) return;
  switch (pattern.type) {
    case 'Identifier':
      into.add(pattern.name);
      break;
    case 'ObjectPattern':
      for (const prop of pattern.properties)
        patternNames(prop.type === 'RestElement' ? prop : prop.value, into);
      break;
    case 'ArrayPattern':
      for (const element of pattern.elements) patternNames(element, into);
      break;
    case 'RestElement':
      patternNames(pattern.argument, into);
      break;
    case 'AssignmentPattern':
      patternNames(pattern.left, into);
      break;
    case 'TSParameterProperty':
      patternNames(pattern.parameter, into);
      break;
  }
}

function bindDeclarator(node: AstNode, bindings: ModuleBindings): void {
  const required = requiredModule(node.init);
  if (required) {
    if (node.id.type === 'Identifier') {
      if (required.name === undefined) bindings.namespaces.set(node.id.name, required.module);
      else bindings.members.set(node.id.name, { module: required.module, name: required.name });
    } else if (node.id.type === 'ObjectPattern' && required.name === undefined) {
      for (const prop of node.id.properties) {
        if (prop.type !== 'Property' || prop.key.type !== 'Identifier') continue;
        const local = prop.value.type === 'AssignmentPattern' ? prop.value.left : prop.value;
        if (local.type === 'Identifier')
          bindings.members.set(local.name, { module: required.module, name: prop.key.name });
      }
    }
    return;
  }
  // `const execAsync = util.promisify(exec)` keeps meaning child_process.exec.
  if (node.id.type === 'Identifier' && node.init?.type === 'CallExpression') {
    const { method } = calleeParts(node.init);
    const arg = node.init.arguments[0];
    if (method === 'promisify' && arg) {
      const target = resolveMember(arg, bindings);
      if (target) bindings.members.set(node.id.name, target);
    }
  }
}

/** The module member an expression refers to (`exec`, `cp.exec`, `fs.promises.readFile`). */
export function resolveMember(node: AstNode, bindings: ModuleBindings): ModuleMember | undefined {
  if (node.type === 'Identifier') return bindings.members.get(node.name);
  if (node.type === 'ChainExpression') return resolveMember(node.expression, bindings);
  if (node.type !== 'MemberExpression' || node.computed || node.property.type !== 'Identifier')
    return undefined;
  const name = node.property.name;
  const object = node.object;
  if (object.type === 'Identifier') {
    const module = bindings.namespaces.get(object.name);
    if (module) return { module, name };
    const member = bindings.members.get(object.name);
    if (member && member.module === 'fs' && member.name === 'promises') return { module: 'fs', name };
  }
  if (object.type === 'MemberExpression' && !object.computed && object.property.name === 'promises') {
    const inner = resolveMember(object, bindings);
    if (inner?.module === 'fs') return { module: 'fs', name };
  }
  const required = requiredModule(object);
  if (required && required.name === undefined) return { module: required.module, name };
  return undefined;
}

/** The module member a call invokes, if any. */
export function resolveCall(call: AstNode, bindings: ModuleBindings): ModuleMember | undefined {
  return resolveMember(call.callee, bindings);
}
