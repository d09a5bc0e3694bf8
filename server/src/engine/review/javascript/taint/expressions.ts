// Expressions in the taint walk (taint/analysis.ts has the overview): what each kind of expression
// evaluates to (literals, templates, members, assignments, JSX), and the sinks of assignments and
// object properties.
import { memberPath, propertyName, type AstNode } from '../ast';
import { checkAssignment, isDangerousHtmlProperty } from './sinks';
import { globalSource, runtimeArgv, SITE_LOCATION_PART, sourceFor } from './sources';
import { validatedNames } from './guards';
import { literalSlots, slotOf, walkJsx } from './structures';
import { CLEAN, Scope, concat, join, literal, withoutText, type Taint } from './value';
import { CallWalker } from './calls';

/** Session data lives on the server: only what the code stored there (`req.session.x = ...`) is input. */
const SESSION_PATH = /^(req|request|ctx)\.session(\.|$)/;

/** An uploaded file's object in the request: `req.file`, `req.files.avatar`, `ctx.input.file`. */
const UPLOAD_OBJECT = /(?:^|\.)(?:file|files(?:\.\w+|\[[^\]]*\])?)$/;
/** The fields of an upload the server fills in: where it stored the file, under what name. */
const UPLOAD_FIELD = /^(?:filepath|newFilename|tempFilePath|path|filename|destination)$/;

export abstract class ExpressionWalker extends CallWalker {
  protected expr(node: AstNode | null | undefined, scope: Scope): Taint {
    if (!node) return CLEAN;
    switch (node.type) {
      case 'Literal':
        return typeof node.value === 'string' ? literal(node.value) : CLEAN;
      case 'TemplateLiteral': {
        const parts: Taint[] = [];
        node.quasis.forEach((q: AstNode, i: number) => {
          parts.push(literal(q.value.cooked ?? ''));
          if (i < node.expressions.length) parts.push(this.expr(node.expressions[i], scope));
        });
        return concat(...parts);
      }
      case 'TaggedTemplateExpression':
        // sql`...`, html`...`: tag functions receive the values separately and escape them.
        node.quasi.expressions.forEach((e: AstNode) => this.expr(e, scope));
        return CLEAN;
      case 'Identifier':
        if (scope.has(node.name)) return scope.get(node.name)!;
        return globalSource(node, () => false) ? sourceFor(node.name) : CLEAN;
      case 'MemberExpression':
        return this.member(node, scope);
      case 'ChainExpression':
      case 'TSNonNullExpression':
      case 'TSAsExpression':
      case 'TSSatisfiesExpression':
      case 'TSTypeAssertion':
      case 'AwaitExpression':
        return this.expr(node.expression ?? node.argument, scope);
      case 'BinaryExpression': {
        const left = this.expr(node.left, scope);
        const right = this.expr(node.right, scope);
        return node.operator === '+' ? concat(left, right) : CLEAN;
      }
      case 'LogicalExpression':
        return join(this.expr(node.left, scope), this.expr(node.right, scope));
      case 'ConditionalExpression': {
        this.expr(node.test, scope);
        // `allowed.has(x) ? x : fallback`: the branch taken only for validated x is clean.
        const validated =
          node.consequent.type === 'Identifier' && validatedNames(node.test).includes(node.consequent.name);
        const consequent = this.expr(node.consequent, scope);
        return join(validated ? CLEAN : consequent, this.expr(node.alternate, scope));
      }
      case 'AssignmentExpression':
        return this.assignment(node, scope);
      case 'SequenceExpression':
        return node.expressions.map((e: AstNode) => this.expr(e, scope)).at(-1) ?? CLEAN;
      case 'ArrayExpression':
        return withoutText(join(...node.elements.map((e: AstNode | null) => this.expr(e, scope))));
      case 'ObjectExpression': {
        const values = node.properties.map((p: AstNode) => this.property(p, scope));
        // `React.createElement('div', { dangerouslySetInnerHTML: { __html: x } })` (JSX is walked apart).
        node.properties.forEach((p: AstNode, i: number) => {
          if (isDangerousHtmlProperty(p) && values[i]!.tainted)
            this.sinks([{ kind: 'xss', node: p, value: values[i]!, sink: 'dangerouslySetInnerHTML' }]);
        });
        return withoutText(join(...values));
      }
      case 'SpreadElement':
        return this.expr(node.argument, scope);
      case 'CallExpression':
        return this.call(node, scope);
      case 'NewExpression':
        return this.construct(node, scope);
      case 'FunctionExpression':
      case 'ArrowFunctionExpression':
        this.fn(node, scope);
        return CLEAN;
      case 'ClassExpression':
        this.classBody(node, scope);
        return CLEAN;
      case 'UnaryExpression':
      case 'UpdateExpression':
        this.expr(node.argument, scope);
        return CLEAN;
      case 'JSXElement':
      case 'JSXFragment':
        this.jsx(node, scope);
        return CLEAN;
      default:
        return CLEAN;
    }
  }

  protected member(node: AstNode, scope: Scope): Taint {
    if (runtimeArgv(node, (name) => scope.has(name))) return CLEAN;
    const from = globalSource(node, (name) => scope.has(name));
    if (from) return sourceFor(from);
    // multer's `req.file.path`/`filename`/`destination` are chosen by the server; only `originalname` is the user's.
    if (/^(req|request)\.file\.(path|filename|destination|size|mimetype)$/.test(memberPath(node) ?? ''))
      return CLEAN;
    const field =
      node.object.type === 'ThisExpression' && !node.computed
        ? this.fields?.get(propertyName(node) ?? '')
        : undefined;
    if (field) return field;
    const slot = slotOf(node, this.thisOwner);
    if (slot) {
      const resolved = this.resolve(slot.slot, scope);
      if (scope.has(resolved)) return scope.get(resolved)!;
      // A slot of an instance that was never stored holds nothing from input (`this.next` of a new node).
      if (node.object.type === 'ThisExpression') return CLEAN;
    }
    const path = memberPath(node) ?? '';
    if (SESSION_PATH.test(path)) return CLEAN;
    // `location.protocol`, `location.host`: the page's own address, not the part a link chooses.
    if (SITE_LOCATION_PART.test(path) && !scope.has(path.split('.')[0]!)) return CLEAN;
    const object = this.expr(node.object, scope);
    if (node.computed) this.expr(node.property, scope);
    if (propertyName(node) === 'length') return CLEAN;
    // An upload's own object (`const file = ctx.request.files.doc`, `req.files.avatar`): where the
    // server stored it (formidable's `filepath`, `newFilename`; express-fileupload's `tempFilePath`;
    // multer's `path`) is the server's choice; the client's is `originalFilename`/`name`.
    if (
      !node.computed &&
      UPLOAD_FIELD.test(propertyName(node) ?? '') &&
      object.tainted &&
      UPLOAD_OBJECT.test(object.source ?? '')
    )
      return CLEAN;
    // `location.href.split('#')[0]`: the first piece still starts with the page's address.
    const head =
      object.siteUrl === 'head' &&
      node.computed &&
      node.property.type === 'Literal' &&
      node.property.value === 0;
    if (object.tainted && object.source && !object.source.includes('(')) {
      return {
        ...object,
        text: '',
        source: memberPath(node) ?? object.source,
        siteUrl: head ? 'page' : undefined,
      };
    }
    return head ? { ...withoutText(object), siteUrl: 'page' } : withoutText(object);
  }

  protected property(node: AstNode, scope: Scope): Taint {
    if (node.type === 'SpreadElement') return this.expr(node.argument, scope);
    if (node.computed) this.expr(node.key, scope);
    return this.expr(node.value, scope);
  }

  protected assignment(node: AstNode, scope: Scope): Taint {
    const right = this.expr(node.right, scope);
    const left = node.left;
    const keys: Taint[] = [];
    if (left.type === 'MemberExpression') {
      this.expr(left.object, scope);
      if (left.computed) keys.push(this.expr(left.property, scope));
      if (left.object.type === 'MemberExpression' && left.object.computed)
        keys.push(this.expr(left.object.property, scope));
    }
    const value =
      node.operator === '+=' && left.type === 'Identifier' ? concat(this.expr(left, scope), right) : right;
    this.sinks(checkAssignment(node, value, keys, this.globalPath(memberPath(left))));
    const target = this.aliasTarget(node.right, scope);
    const slot = slotOf(left, this.thisOwner);
    if (slot && scope.has(slot.owner)) {
      const resolved = this.resolve(slot.slot, scope);
      const owner = resolved.split('\u0000')[0]!;
      scope.store(owner, resolved, value);
      scope.unalias(resolved);
      this.recordAlias(owner, resolved, target, scope);
      // `grid[0] = [input, 'abc']`: each element of the stored literal is a slot of its own.
      if (node.operator === '=')
        for (const [inner, element] of literalSlots(resolved, node.right))
          scope.store(owner, inner, this.expr(element, scope));
    } else if (
      !slot &&
      left.type === 'MemberExpression' &&
      left.object.type === 'Identifier' &&
      scope.has(left.object.name) &&
      value.tainted
    ) {
      // `params[kv[0]] = kv[1]`: under a key known only at run time, any later read may get the value.
      const name = this.resolve(left.object.name, scope, true);
      if (scope.has(name)) scope.assign(name, join(scope.get(name)!, withoutText(value)));
    }
    if (left.type === 'Identifier') {
      this.locations.delete(left.name);
      scope.assign(left.name, value);
      scope.unalias(left.name);
      this.instances.delete(left.name);
      this.recordAlias(left.name, left.name, target, scope);
    } else if (
      this.fields &&
      left.type === 'MemberExpression' &&
      left.object.type === 'ThisExpression' &&
      !left.computed
    ) {
      this.fields.set(propertyName(left) ?? '', value);
    } else if (left.type === 'ObjectPattern' || left.type === 'ArrayPattern')
      this.bind(left, right, scope, false);
    return value;
  }

  protected jsx(node: AstNode, scope: Scope): void {
    walkJsx(
      node,
      (expression) => this.expr(expression, scope),
      (hit) => this.sinks([hit]),
    );
  }
}
