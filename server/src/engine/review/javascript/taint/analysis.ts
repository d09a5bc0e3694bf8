// Taint analysis over one file's ESTree. Statements are visited in order, so a variable's taint
// follows assignments; branches merge by keeping the last assignment seen, and a validation guard
// (`if (!isValid(x)) return`) clears the variable it checks. Calls of the file's own functions are
// followed: a call that passes user input runs the helper's body with the arguments' taint (its
// sinks are reported there, its returns are the call's value), a few levels deep; other calls use
// the helper's summary (what it returns for caller data). Methods of the file's classes run for the
// instance they are called on (`w.setContents(s)` stores into `w`'s slot `contents`). Functions of
// other files are not followed: their result is clean unless they are known propagators.
//
// The walker is layered, one concern per module: walkerState.ts (what it knows), calls.ts (calls and
// the file's own functions followed), expressions.ts (expressions), and this file (statements,
// function bodies, branches and guards).
import { isFunction, memberPath, patternNames, type AstNode } from '../ast';
import type { ModuleBindings } from '../modules';
import { type SinkHit } from './sinks';
import {
  declaresNoText,
  functionRole,
  isRequestDecorated,
  isTaintedParam,
  type FunctionRole,
} from './sources';
import { affirmedNames, alwaysExits, deniedNames, validatedMembers, validatedNames } from './guards';
import { collectClasses, collectHelpers, literalSlots, slotOf } from './structures';
import { CLEAN, Scope, dynamicValue, join, source, withoutText, type Taint } from './value';
import { ExpressionWalker } from './expressions';
import { strongestHits } from './walkerState';

export function analyseTaint(program: AstNode, bindings: ModuleBindings): SinkHit[] {
  return new TaintWalker(bindings).run(program);
}

/** The page's location object under its global names. */
const LOCATION_OBJECT = /^((window|\$window|self|top|parent)\.)*(document\.)?location$/;

/** A variable made safe by the `if` around the code (`if (isLetter(c)) buf += c`). */
const AFFIRMED: Taint = Object.freeze({ tainted: false, dynamic: false, text: '' });

class TaintWalker extends ExpressionWalker {
  run(program: AstNode): SinkHit[] {
    collectHelpers(program, this.helpers);
    collectClasses(program, this.classes);
    this.statements(program.body, this.root);
    // A helper's sink is seen both in its own body (caller data) and where input is passed to it.
    return strongestHits(this.hits);
  }

  protected statements(list: AstNode[], scope: Scope): void {
    for (const statement of list) this.statement(statement, scope);
  }

  protected statement(node: AstNode | null | undefined, scope: Scope): void {
    if (!node) return;
    switch (node.type) {
      case 'VariableDeclaration':
        for (const d of node.declarations) {
          const instance = d.id.type === 'Identifier' ? this.instanceOf(d.init) : undefined;
          if (instance) {
            scope.declare(d.id.name, CLEAN);
            this.construct(d.init, scope, d.id.name);
            continue;
          }
          this.bind(d.id, d.init ? this.expr(d.init, scope) : CLEAN, scope, true);
          if (d.id.type === 'Identifier' && d.init && this.isCollection(d.init))
            this.collections.add(d.id.name);
          if (d.id.type === 'Identifier') {
            if (LOCATION_OBJECT.test(memberPath(d.init) ?? '')) this.locations.add(d.id.name);
            else this.locations.delete(d.id.name);
            for (const [slot, value] of literalSlots(d.id.name, d.init))
              scope.declare(slot, this.expr(value, scope));
            this.recordAlias(d.id.name, d.id.name, this.aliasTarget(d.init, scope), scope);
          }
        }
        return;
      case 'ExpressionStatement':
        this.expr(node.expression, scope);
        return;
      case 'ReturnStatement':
        this.returns.push(node.argument ? this.expr(node.argument, scope) : CLEAN);
        return;
      case 'ThrowStatement':
        this.expr(node.argument, scope);
        return;
      case 'BlockStatement':
      case 'StaticBlock':
        this.statements(node.body, scope);
        return;
      case 'IfStatement':
        this.expr(node.test, scope);
        // `if (false)` never runs its body (nor `if (true)` its else).
        if (!(node.test.type === 'Literal' && !node.test.value))
          this.affirmed(node.test, node.consequent, scope);
        if (!(node.test.type === 'Literal' && node.test.value === true) && node.alternate)
          this.affirmed(node.test, node.alternate, scope, true);
        if (!node.alternate && alwaysExits(node.consequent)) this.clearValidated(node.test, scope);
        return;
      case 'ForStatement':
        this.statement(node.init?.type === 'VariableDeclaration' ? node.init : null, scope);
        if (node.init && node.init.type !== 'VariableDeclaration') this.expr(node.init, scope);
        if (node.test) this.expr(node.test, scope);
        this.statement(node.body, scope);
        if (node.update) this.expr(node.update, scope);
        return;
      case 'ForOfStatement':
      case 'ForInStatement': {
        const iterated = this.expr(node.right, scope);
        const element = node.type === 'ForInStatement' ? CLEAN : withoutText(iterated);
        const target = node.left.type === 'VariableDeclaration' ? node.left.declarations[0].id : node.left;
        this.bind(target, element, scope, node.left.type === 'VariableDeclaration');
        this.statement(node.body, scope);
        return;
      }
      case 'WhileStatement':
      case 'DoWhileStatement':
        this.expr(node.test, scope);
        this.statement(node.body, scope);
        return;
      case 'TryStatement':
        this.statement(node.block, scope);
        if (node.handler) this.statement(node.handler.body, scope);
        this.statement(node.finalizer, scope);
        return;
      case 'SwitchStatement':
        this.expr(node.discriminant, scope);
        for (const c of node.cases) this.statements(c.consequent, scope);
        return;
      case 'LabeledStatement':
        this.statement(node.body, scope);
        return;
      case 'FunctionDeclaration':
        this.fn(node, scope);
        return;
      case 'ClassDeclaration':
        this.classBody(node, scope);
        return;
      case 'ExportNamedDeclaration':
      case 'ExportDefaultDeclaration':
        if (node.declaration && /Declaration$/.test(node.declaration.type))
          this.statement(node.declaration, scope);
        else if (node.declaration) this.expr(node.declaration, scope);
        return;
      default:
        return;
    }
  }

  /** Analyses a function body; returns the join of what it returns. */
  protected fn(node: AstNode, scope: Scope, elementTaint?: Taint, argValues?: Taint[]): Taint {
    if (this.depth > 200) return CLEAN;
    const role: FunctionRole = functionRole(node);
    const inner = new Scope(scope);
    if (node.id?.type === 'Identifier' && node.type === 'FunctionDeclaration')
      scope.declare(node.id.name, CLEAN);
    node.params.forEach((param: AstNode, index: number) => {
      for (const name of patternNames(param)) {
        let value: Taint;
        if (isTaintedParam(role, name, index, node) || isRequestDecorated(param))
          value = source(role === 'listener' ? `${name} (message event)` : name);
        else if (elementTaint && (index === 0 || elementTaint.tainted)) value = elementTaint;
        else if (argValues && param.type === 'RestElement')
          value = withoutText(join(...argValues.slice(index)));
        else if (argValues)
          value =
            param.type === 'Identifier'
              ? (argValues[index] ?? CLEAN)
              : withoutText(argValues[index] ?? CLEAN);
        else value = declaresNoText(param) ? CLEAN : dynamicValue(name);
        inner.declare(name, value);
      }
    });
    const saved = this.returns;
    this.returns = [];
    this.depth++;
    if (node.body.type === 'BlockStatement') this.statements(node.body.body, inner);
    else this.returns.push(this.expr(node.body, inner));
    this.depth--;
    // A single return keeps its literal text and prefix (`return '?'` folds into the caller's string).
    const result = this.returns.length === 1 ? this.returns[0]! : join(...this.returns);
    this.returns = saved;
    return result;
  }

  /** Methods run in declaration order, sharing what earlier ones stored in `this.x` (constructor first). */
  protected classBody(node: AstNode, scope: Scope): void {
    const saved = this.fields;
    this.fields = new Map();
    for (const member of node.body.body) {
      if (member.value && isFunction(member.value)) this.fn(member.value, scope);
      else if (member.value) this.expr(member.value, scope);
    }
    this.fields = saved;
  }

  /** Runs an `if` branch with the variables its condition vouches for treated as clean. */
  protected affirmed(test: AstNode, branch: AstNode, scope: Scope, otherwise = false): void {
    const names = (otherwise ? deniedNames(test) : affirmedNames(test)).filter((name) => scope.has(name));
    const saved = names.map((name) => [name, scope.get(name)!] as const);
    for (const name of names) scope.assign(name, AFFIRMED);
    this.statement(branch, scope);
    // Restore what the branch did not overwrite: after the `if`, the value may be anything again.
    for (const [name, value] of saved) if (scope.get(name) === AFFIRMED) scope.assign(name, value);
  }

  /** After `if (!allowed.has(x)) return;` the checked variable is treated as validated. */
  protected clearValidated(test: AstNode, scope: Scope): void {
    for (const name of validatedNames(test)) if (scope.has(name)) scope.assign(name, CLEAN);
    // `req.query.id` checked: its slot on `req` holds the validated value from here on.
    for (const member of validatedMembers(test)) {
      const slot = slotOf(member, this.thisOwner);
      if (slot && scope.has(slot.owner)) scope.store(slot.owner, this.resolve(slot.slot, scope), CLEAN);
    }
  }
}
