// Prototype pollution: recursive merges and path setters that copy attacker-chosen keys such as
// `__proto__` into objects, plus deep merges (`_.merge`, `obj[a][b] = v`) fed with request data.
import type { Rule } from 'eslint';
import { containsNode, enclosingFunction, isFunction, memberPath, patternNames, type AstNode } from '../ast';
import type { JsRule } from '../rule';
import { taintHitsFor } from '../taint/rules';
import { functionName } from './context';
import { findDeclaration } from './loops';

const GUARD_LITERALS = new Set(['__proto__', 'constructor', 'prototype']);
const GUARD_CALL = /safe|forbidden|blocked|allowed|unsafe|dangerous|isValidKey|isPrototypePolluted/i;

const pollution: Rule.RuleModule = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      merge:
        'Keys are copied recursively into `{{target}}` without rejecting `__proto__`/`constructor`: prototype pollution.',
      tainted: 'User input ({{source}}) reaches {{sink}}: an attacker can set `__proto__` properties.',
    },
  },
  create(context) {
    const reported = new WeakSet<AstNode>();
    // Start from loops over keys (rare) rather than from every function: nested functions would make that quadratic.
    const check = (loop: AstNode): void => {
      const fn = enclosingFunction(loop);
      if (!fn || reported.has(fn)) return;
      const assignment = unguardedKeyCopy(fn, loop);
      if (assignment) {
        reported.add(fn);
        context.report({
          node: assignment as unknown as Rule.Node,
          messageId: 'merge',
          data: { target: memberPath(assignment.left.object) ?? 'the target' },
        });
      }
    };
    return {
      ForInStatement: check as unknown as Rule.NodeListener['ForInStatement'],
      ForOfStatement: check as unknown as Rule.NodeListener['ForOfStatement'],
      ForStatement: check as unknown as Rule.NodeListener['ForStatement'],
      // Object.entries(src).forEach(([key, value]) => ...): the callback is the loop.
      CallExpression(node) {
        const callback = keyForEachCallback(node as unknown as AstNode);
        if (callback) check(callback);
      },
      'Program:exit'(program) {
        for (const hit of taintHitsFor(program as unknown as AstNode)) {
          if (hit.kind !== 'prototype' || !hit.value.tainted) continue;
          context.report({
            node: hit.node as unknown as Rule.Node,
            messageId: 'tainted',
            data: { source: hit.value.source ?? 'input', sink: hit.sink },
          });
        }
      },
    };
  },
};

/**
 * In a function that walks keys (`for...in`, `Object.keys/entries(...)`, `path.split('.')`), a
 * `target[key] = ...` that recurses or descends (`cur = cur[key]`), with no check of the key.
 */
function unguardedKeyCopy(fn: AstNode, loop: AstNode): AstNode | undefined {
  const keys = loopKeys(loop);
  if (keys.length === 0) return undefined;
  const name = functionName(fn);
  const iterated = iteratedObject(loop);
  const recurses =
    !!name &&
    containsNode(
      loop,
      (n) =>
        n.type === 'CallExpression' &&
        n.callee.type === 'Identifier' &&
        n.callee.name === name &&
        // Recursing into `target[key]` of another object than the one whose keys are walked:
        // `target['__proto__']` is Object.prototype, which the recursion then writes into.
        n.arguments.some((arg: AstNode) => isKeyRead(arg, keys) && memberPath(arg.object) !== iterated) &&
        !allowListed(n, keys, loop),
    );
  if (!recurses && !containsNode(loop, (n) => isDescent(n, keys) && !allowListed(n, keys, loop)))
    return undefined;
  let found: AstNode | undefined;
  containsNode(loop.body, (n) => {
    const isKeyWrite =
      n.type === 'AssignmentExpression' &&
      n.left.type === 'MemberExpression' &&
      n.left.computed &&
      n.left.property.type === 'Identifier' &&
      keys.includes(n.left.property.name);
    // The write that copies a value (`target[key] = source[key]`) is where the prototype gets
    // polluted; `target[key] = {}` only creates the next level. Prefer it, then source order.
    if (
      isKeyWrite &&
      (!found || rank(n) < rank(found) || (rank(n) === rank(found) && n.range[0] < found.range[0]))
    ) {
      found = n;
    }
    return false;
  });
  return found && !isGuarded(fn) && !writesOnlyCopies(fn, loop, keys) ? found : undefined;
}

/**
 * Every key write of the loop goes into an object the function made itself and never rebinds
 * (`const merged = { ...target }`, `const out = {}`): a `__proto__` key then sets that copy's
 * prototype, and a recursion handed `merged['__proto__']` copies it in turn before writing.
 */
function writesOnlyCopies(fn: AstNode, loop: AstNode, keys: string[]): boolean {
  const targets: AstNode[] = [];
  containsNode(loop.body ?? loop, (n) => {
    if (n.type === 'AssignmentExpression' && isKeyRead(n.left, keys)) targets.push(n.left.object);
    return false;
  });
  return targets.length > 0 && targets.every((target) => madeHere(fn, target));
}

/** A local of `fn` declared with an object literal and never assigned again. */
function madeHere(fn: AstNode, target: AstNode): boolean {
  if (target.type !== 'Identifier') return false;
  const declaration = findDeclaration(target, target.name);
  let init = declaration?.init;
  while (init && /^TS(?:As|Satisfies)Expression$|^TSTypeAssertion$/.test(init.type)) init = init.expression;
  return (
    init?.type === 'ObjectExpression' &&
    !!declaration &&
    declaration.range[0] >= fn.range[0] &&
    declaration.range[1] <= fn.range[1] &&
    !containsNode(
      fn,
      (n) => n.type === 'AssignmentExpression' && n.left.type === 'Identifier' && n.left.name === target.name,
    )
  );
}

function rank(write: AstNode): number {
  const right = write.right;
  const createsLevel =
    right.type === 'ObjectExpression' ||
    (right.type === 'LogicalExpression' && right.right.type === 'ObjectExpression');
  return createsLevel ? 1 : 0;
}

/** The function checks keys: a `'__proto__'` literal, a guard call, or a module-level deny-list it consults. */
function isGuarded(fn: AstNode): boolean {
  const isGuardLiteral = (n: AstNode): boolean => n.type === 'Literal' && GUARD_LITERALS.has(String(n.value));
  return containsNode(
    fn,
    (n) =>
      isGuardLiteral(n) ||
      isGuardCall(n) ||
      (n.type === 'Identifier' &&
        !!findDeclaration(fn, n.name)?.init &&
        containsNode(findDeclaration(fn, n.name)!.init, isGuardLiteral)),
    { enterFunctions: true },
  );
}

function isGuardCall(node: AstNode): boolean {
  if (node.type !== 'CallExpression') return false;
  const path = memberPath(node.callee) ?? '';
  return GUARD_CALL.test(path);
}

/** The callback of `Object.keys(o).forEach(fn)` / `Object.entries(o).forEach(fn)`, if the call is one. */
function keyForEachCallback(call: AstNode): AstNode | undefined {
  const callee = call.callee;
  if (callee.type !== 'MemberExpression' || callee.computed || callee.property.name !== 'forEach')
    return undefined;
  const keysCall = callee.object;
  if (
    keysCall.type !== 'CallExpression' ||
    !/^Object\.(keys|entries)$/.test(memberPath(keysCall.callee) ?? '')
  )
    return undefined;
  const callback = call.arguments[0];
  return callback && isFunction(callback) ? callback : undefined;
}

/** The key variables a loop iterates: `for (k in o)`, `for (const [k] of Object.entries(o))`, `for (const k of p.split('.'))`. */
function loopKeys(loop: AstNode): string[] {
  if (isFunction(loop)) {
    const first = loop.params[0];
    if (!first) return [];
    return first.type === 'ArrayPattern' ? patternNames(first.elements[0]) : patternNames(first);
  }
  if (loop.type === 'ForInStatement') {
    return patternNames(loop.left.type === 'VariableDeclaration' ? loop.left.declarations[0].id : loop.left);
  }
  if (loop.type === 'ForOfStatement') {
    const iterable = loop.right;
    const source = iterable.type === 'CallExpression' ? (memberPath(iterable.callee) ?? '') : '';
    if (!/^Object\.(keys|entries)$|\.split$/.test(source)) return [];
    const target = loop.left.type === 'VariableDeclaration' ? loop.left.declarations[0].id : loop.left;
    return target.type === 'ArrayPattern' ? patternNames(target.elements[0]) : patternNames(target);
  }
  if (loop.type === 'ForStatement') {
    // for (let i = 0; i < keys.length; i++) { const key = keys[i]; ... }
    const names: string[] = [];
    containsNode(loop.body, (n) => {
      if (
        n.type === 'VariableDeclarator' &&
        n.id.type === 'Identifier' &&
        n.init?.type === 'MemberExpression' &&
        n.init.computed &&
        /keys|path|parts|segments/i.test(memberPath(n.init.object) ?? '')
      ) {
        names.push(n.id.name);
      }
      return false;
    });
    return names;
  }
  return [];
}

/**
 * Whether `node` runs only when a loop key is one of a few constant names (`if (['tls',
 * 'auth'].includes(key))`, `if (key === 'headers')`): the walk then never enters `__proto__`.
 */
function allowListed(node: AstNode, keys: string[], loop: AstNode): boolean {
  for (
    let child = node, parent = node.parent;
    parent && child !== loop;
    child = parent, parent = parent.parent
  ) {
    const branch =
      (parent.type === 'IfStatement' || parent.type === 'ConditionalExpression') &&
      parent.consequent === child;
    const guarded = parent.type === 'LogicalExpression' && parent.operator === '&&' && parent.right === child;
    if ((branch || guarded) && conjuncts(parent.test ?? parent.left).some((t) => namesKey(t, keys)))
      return true;
  }
  return false;
}

function conjuncts(test: AstNode): AstNode[] {
  return test.type === 'LogicalExpression' && test.operator === '&&'
    ? [...conjuncts(test.left), ...conjuncts(test.right)]
    : [test];
}

/** `['a', 'b'].includes(key)` or `key === 'a'` (either side) with literals other than the guard names. */
function namesKey(test: AstNode, keys: string[]): boolean {
  const isKey = (n: AstNode | undefined) => n?.type === 'Identifier' && keys.includes(n.name);
  const isName = (n: AstNode | undefined) =>
    n?.type === 'Literal' && typeof n.value === 'string' && !GUARD_LITERALS.has(n.value);
  if (test.type === 'BinaryExpression' && /^===?$/.test(test.operator))
    return (isKey(test.left) && isName(test.right)) || (isKey(test.right) && isName(test.left));
  const callee = test.type === 'CallExpression' ? test.callee : undefined;
  return (
    callee?.type === 'MemberExpression' &&
    callee.property?.name === 'includes' &&
    callee.object.type === 'ArrayExpression' &&
    callee.object.elements.length > 0 &&
    callee.object.elements.every(isName) &&
    isKey(test.arguments[0])
  );
}

/** `cur = cur[key]` or `target[key] = target[key] || {}`: walking into nested objects by key. */
function isDescent(node: AstNode, keys: string[]): boolean {
  if (node.type !== 'AssignmentExpression') return false;
  const { left, right } = node;
  // `cur = cur[key]` (or `cur = cur[key] as T`): walking down by key.
  if (left.type === 'Identifier') return containsNode(right, (n) => isKeyRead(n, keys, left.name));
  // `target[key] = {}` / `target[key] = target[key] || {}`: creating the next level to walk into.
  // An object written whole (`res[key] = { ...src[key], optional: true }`) is a value, not a level.
  if (isKeyRead(left, keys)) {
    const empty = (n: AstNode) => n.type === 'ObjectExpression' && n.properties.length === 0;
    return empty(right) || (right.type === 'LogicalExpression' && empty(right.right));
  }
  return false;
}

/** The object whose keys a loop walks: `for (k in o)`, `Object.keys(o)`, `Object.entries(o)`. */
function iteratedObject(loop: AstNode): string | undefined {
  if (isFunction(loop)) return memberPath(loop.parent?.callee?.object?.arguments?.[0]);
  if (loop.type === 'ForInStatement') return memberPath(loop.right);
  if (loop.type === 'ForOfStatement' && loop.right.type === 'CallExpression')
    return memberPath(loop.right.arguments[0]);
  return undefined;
}

/** `obj[key]` with a loop key (and, when given, `obj` named `object`). */
function isKeyRead(node: AstNode, keys: string[], object?: string): boolean {
  return (
    node.type === 'MemberExpression' &&
    node.computed &&
    node.property.type === 'Identifier' &&
    keys.includes(node.property.name) &&
    (!object || (node.object.type === 'Identifier' && node.object.name === object))
  );
}

export const POLLUTION_RULE: JsRule = {
  eslintId: 'codewright/prototype-pollution',
  module: pollution,
  severities: { merge: 'high', tainted: 'high' },
  meta: {
    id: 'codewright/prototype-pollution',
    type: 'security',
    severity: 'high',
    languages: ['javascript', 'typescript', 'javascriptreact', 'typescriptreact'],
    description:
      'A recursive merge / deep set that copies keys without rejecting `__proto__`, `constructor` and `prototype`, or a deep merge (`_.merge`, `obj[a][b] = v`) of request data.',
    rationale:
      'Writing to `__proto__` changes every object in the process: bypassed checks, crashes, sometimes code execution.',
    fix: 'Skip the keys `__proto__`, `constructor` and `prototype`, build targets with `Object.create(null)`, or use a `Map`.',
    example:
      'for (const key in src) { if (isObject(src[key])) merge(dst[key], src[key]); else dst[key] = src[key]; }',
  },
};
