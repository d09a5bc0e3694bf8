// Performance rules: sequential awaits in loops, blocking sync I/O in async code and request
// handlers, quadratic membership checks, string building, JSON deep clones, loop-invariant regexes
// and closures, and Promise.all over unbounded inputs.
import type { Rule } from 'eslint';
import {
  calleeParts,
  containsNode,
  enclosingLoop,
  isFunction,
  isLoop,
  memberPath,
  patternNames,
  referencedNames,
  staticString,
  type AstNode,
} from '../ast';
import { collectModuleBindings, resolveCall, type ModuleBindings } from '../modules';
import type { JsRule } from '../rule';
import { functionRole } from '../taint/sources';
import { findDeclaration, loopScopedNames } from './loops';

type Listeners = Record<string, (node: AstNode) => void>;
const rule = (
  messages: Record<string, string>,
  create: (context: Rule.RuleContext) => Listeners,
): Rule.RuleModule => ({
  meta: { type: 'suggestion', schema: [], messages },
  create: create as unknown as Rule.RuleModule['create'],
});
const report = (
  context: Rule.RuleContext,
  node: AstNode,
  messageId: string,
  data?: Record<string, string>,
): void => context.report({ node: node as unknown as Rule.Node, messageId, ...(data ? { data } : {}) });

const BOUNDED_NAME = /chunk|batch|slice|page|group|pair|part|window|first|top|few/i;
const SEQUENTIAL_BY_DESIGN =
  /sleep|delay|wait|timeout|retry|backoff|lock|acquire|transaction|throttle|limit|migrat|prompt|readline|question|write|flush/i;

const awaitInLoop = rule(
  { sequential: 'await inside a loop runs the iterations one after another.' },
  (context) => {
    return {
      AwaitExpression(node) {
        const loop = enclosingLoop(node);
        // `for await` consumes an async stream: one item at a time is the point.
        if (!loop || !/^For/.test(loop.type) || loop.await) return;
        // `for (const batch of toBatches(rows, 100))`: one await per bounded batch is the intended pace.
        const iterated = loop.type === 'ForOfStatement' ? context.sourceCode.getText(loop.right) : '';
        const element = loop.type === 'ForOfStatement' ? context.sourceCode.getText(loop.left) : '';
        if (/chunk|batch/i.test(iterated) || /chunk|batch/i.test(element)) return;
        if (
          containsNode(
            loop.body,
            (n) =>
              n.type === 'BreakStatement' || n.type === 'ReturnStatement' || n.type === 'ContinueStatement',
          )
        )
          return;
        // A loop that sleeps, retries, locks or writes in order between awaits is sequential on purpose.
        // `await Promise.all(batch.map(...))` per batch is the fix for this rule, not an instance of it.
        if (/^Promise\.(all|allSettled|race|any)$/.test(memberPath(node.argument?.callee) ?? '')) return;
        const deliberate = (n: AstNode): boolean =>
          n.type === 'AwaitExpression' && SEQUENTIAL_BY_DESIGN.test(context.sourceCode.getText(n.argument));
        if (containsNode(loop.body, deliberate)) return;
        // `cursor = (await page(cursor)).next`: each iteration needs the previous one's result.
        const used = referencedNames(node.argument);
        if (
          containsNode(
            loop.body,
            (n) => n.type === 'AssignmentExpression' && n.left.type === 'Identifier' && used.has(n.left.name),
          )
        )
          return;
        report(context, node, 'sequential');
      },
    };
  },
);

const SYNC_APIS: Record<string, RegExp> = {
  fs: /Sync$/,
  child_process: /Sync$/,
  crypto: /^(pbkdf2Sync|scryptSync|generateKeyPairSync|generateKeySync|generatePrimeSync)$/,
  zlib: /Sync$/,
};

const syncIo = rule({ blocking: '{{call}} blocks the event loop inside {{where}}.' }, (context) => {
  let bindings: ModuleBindings | undefined;
  return {
    Program(node) {
      bindings = collectModuleBindings(node);
    },
    CallExpression(node) {
      const target = bindings && resolveCall(node, bindings);
      if (!target || !SYNC_APIS[target.module]?.test(target.name)) return;
      for (let fn = node.parent; fn; fn = fn.parent) {
        if (!isFunction(fn)) continue;
        const where = fn.async
          ? 'an async function'
          : functionRole(fn) === 'handler'
            ? 'a request handler'
            : undefined;
        if (where) {
          report(context, node, 'blocking', { call: `${target.module}.${target.name}`, where });
          return;
        }
      }
    },
  };
});

const MEMBERSHIP = /^(includes|indexOf|lastIndexOf|find|findIndex|some)$/;
const ARRAY_NAME =
  /(list|array|arr|seen|visited|queue|stack|ids|keys|items|entries|records|rows|results)$|[^s]s$/i;
const STRING_NAME =
  /(str|string|text|line|name|path|url|uri|query|message|content|html|word|title|label|prefix|suffix|char|chars|status|address|ss|us|is)$/i;
const ARRAY_INIT =
  /^(ArrayExpression|NewExpression)$|\.(map|filter|slice|concat|split|flat|flatMap|keys|values|from|entries|sort)$/;

/** Whether `name` (seen at `node`) is a collection that grows with the input, judged from its declaration. */
function isGrowingArray(node: AstNode, name: string): boolean {
  const declaration = name.startsWith('this.')
    ? classField(node, name.slice(5))
    : findDeclaration(node, name);
  const init = /VariableDeclarator|PropertyDefinition/.test(declaration?.type ?? '')
    ? (declaration!.init ?? declaration!.value)
    : undefined;
  const annotation = declaration?.id?.typeAnnotation ?? declaration?.typeAnnotation;
  const annotated = annotation ? JSON.stringify(annotation.typeAnnotation?.type ?? '') : '';
  if (/TSStringKeyword/.test(annotated) || (init && staticString(init) !== undefined)) return false;
  if (init?.type === 'ArrayExpression')
    return (
      init.elements.length === 0 ||
      init.elements.length > 12 ||
      !init.elements.every((e: AstNode) => e?.type === 'Literal')
    );
  if (init?.type === 'NewExpression') return memberPath(init.callee) === 'Array';
  if (init?.type === 'CallExpression')
    return ARRAY_INIT.test(`.${calleeParts(init).method ?? ''}`) || memberPath(init.callee) === 'Array.from';
  if (/TSArrayType|TSTupleType|"Array"/.test(annotated)) return true;
  return !init && ARRAY_NAME.test(name) && !STRING_NAME.test(name);
}

/** The class field `name` (`private items: T[] = []`) of the class enclosing `node`. */
function classField(node: AstNode, name: string): AstNode | undefined {
  for (let current = node.parent; current; current = current.parent) {
    if (current.type === 'ClassBody') {
      return current.body.find((m: AstNode) => m.type === 'PropertyDefinition' && m.key?.name === name);
    }
  }
  return undefined;
}

const quadratic = rule(
  { scan: '{{receiver}}.{{method}}() scans the whole array on every iteration: O(n·m).' },
  (context) => ({
    CallExpression(node) {
      const { method } = calleeParts(node);
      const receiverNode = node.callee.type === 'MemberExpression' ? node.callee.object : undefined;
      // A local (`seen.includes(x)`) or a field (`this.items.find(...)`).
      const isField =
        receiverNode?.type === 'MemberExpression' && receiverNode.object.type === 'ThisExpression';
      const receiver =
        receiverNode?.type === 'Identifier' || isField ? { name: memberPath(receiverNode)! } : undefined;
      if (!method || !MEMBERSHIP.test(method) || !receiver?.name) return;
      const loop = enclosingLoop(node);
      // Per-element loops only: a `while` poll or retry loop does not grow with the collection.
      if (!loop || loop.type === 'WhileStatement' || loop.type === 'DoWhileStatement') return;
      const scoped = loopScopedNames(loop);
      if (scoped.has(receiver.name)) return;
      const argumentNames = new Set<string>();
      node.arguments.forEach((a: AstNode) => referencedNames(a).forEach((n) => argumentNames.add(n)));
      if (![...argumentNames].some((n) => scoped.has(n))) return;
      if (!isGrowingArray(node, receiver.name)) return;
      report(context, node, 'scan', { receiver: receiver.name, method });
    },
  }),
);

const stringConcat = rule(
  { concat: 'String `{{name}}` is rebuilt with += on every iteration.' },
  (context) => {
    const reported = new Set<AstNode>();
    return {
      AssignmentExpression(node) {
        const isAppend =
          node.operator === '+=' ||
          (node.operator === '=' &&
            node.right.type === 'BinaryExpression' &&
            node.right.operator === '+' &&
            node.right.left.type === 'Identifier' &&
            node.left.type === 'Identifier' &&
            node.right.left.name === node.left.name);
        if (!isAppend || node.left.type !== 'Identifier') return;
        const loop = enclosingLoop(node);
        if (!loop || loopScopedNames(loop).has(node.left.name)) return;
        const declaration = findDeclaration(node, node.left.name);
        const init = declaration?.type === 'VariableDeclarator' ? declaration.init : undefined;
        if (
          !init ||
          (init.type !== 'TemplateLiteral' && !(init.type === 'Literal' && typeof init.value === 'string'))
        )
          return;
        if (reported.has(declaration!)) return;
        reported.add(declaration!);
        report(context, node, 'concat', { name: node.left.name });
      },
    };
  },
);

const jsonClone = rule(
  {
    clone:
      'JSON.parse(JSON.stringify(x)) deep-clones by serialising: slow, and drops Dates, Maps and undefined.',
  },
  (context) => ({
    CallExpression(node) {
      if (memberPath(node.callee) !== 'JSON.parse' || node.arguments.length !== 1) return;
      const inner = node.arguments[0];
      if (
        inner.type === 'CallExpression' &&
        memberPath(inner.callee) === 'JSON.stringify' &&
        inner.arguments.length === 1
      ) {
        report(context, node, 'clone');
      }
    },
  }),
);

/** Whether an expression inside a loop uses nothing that changes per iteration. */
function isLoopInvariant(node: AstNode, loop: AstNode): boolean {
  const scoped = loopScopedNames(loop);
  return ![...referencedNames(node)].some((name) => scoped.has(name));
}

const regexInLoop = rule(
  { regex: 'new RegExp(...) with the same pattern is compiled again on every iteration.' },
  (context) => {
    const check = (node: AstNode): void => {
      if (memberPath(node.callee) !== 'RegExp') return;
      const loop = enclosingLoop(node);
      if (loop && node.arguments.length > 0 && node.arguments.every((a: AstNode) => isLoopInvariant(a, loop)))
        report(context, node, 'regex');
    };
    return { NewExpression: check, CallExpression: check };
  },
);

const closureInLoop = rule(
  { closure: 'Function `{{name}}` is re-created on every iteration but uses nothing from it.' },
  (context) => ({
    VariableDeclarator(node) {
      if (!isFunction(node.init) || node.id.type !== 'Identifier') return;
      const loop = enclosingLoop(node);
      if (!loop || !isLoop(loop)) return;
      const scoped = loopScopedNames(loop);
      scoped.delete(node.id.name);
      const own = new Set<string>();
      node.init.params.forEach((p: AstNode) => patternNames(p).forEach((n) => own.add(n)));
      containsNode(
        node.init.body,
        (n) => {
          if (n.type === 'VariableDeclarator') patternNames(n.id).forEach((x) => own.add(x));
          return false;
        },
        { enterFunctions: true },
      );
      const uses = [...referencedNames(node.init.body)].filter((n) => !own.has(n));
      if (!uses.some((n) => scoped.has(n))) report(context, node, 'closure', { name: node.id.name });
    },
  }),
);

const LIMITER = /limit|throttle|queue|pool|semaphore|mutex|concurren|pLimit|pMap|schedule/i;

const unboundedAll = rule(
  {
    all: 'Promise.{{method}} starts one task per element of `{{source}}` at once, with no concurrency limit.',
  },
  (context) => ({
    CallExpression(node) {
      const path = memberPath(node.callee);
      if (path !== 'Promise.all' && path !== 'Promise.allSettled') return;
      const mapped = node.arguments[0];
      if (
        mapped?.type !== 'CallExpression' ||
        calleeParts(mapped).method !== 'map' ||
        !(isFunction(mapped.arguments[0]) || mapped.arguments[0]?.type === 'Identifier')
      )
        return;
      const source = mapped.callee.object;
      const sourceText = context.sourceCode.getText(source);
      if (source.type === 'ArrayExpression' || BOUNDED_NAME.test(sourceText)) return;
      // Only a short literal list is known to be small; anything else may grow with the input.
      const declaration = source.type === 'Identifier' ? findDeclaration(node, source.name) : undefined;
      if (declaration?.init?.type === 'ArrayExpression' && !isGrowingArray(node, source.name)) return;
      const callback = mapped.arguments[0];
      // `xs.map(fetchOne)`: a named task function, assumed to start work like an async arrow would.
      const bodyText = context.sourceCode.getText(callback.body ?? callback);
      if (LIMITER.test(bodyText)) return;
      if (callback.body && !(callback.async || /\(/.test(bodyText))) return;
      report(context, node, 'all', { method: path.slice(8), source: sourceText.slice(0, 40) });
    },
  }),
);

const LANGS = ['javascript', 'typescript', 'javascriptreact', 'typescriptreact'] as const;
const perf = (
  id: string,
  module: Rule.RuleModule,
  severity: JsRule['meta']['severity'],
  docs: Pick<JsRule['meta'], 'description' | 'rationale' | 'fix' | 'example'>,
  appliesTo?: JsRule['appliesTo'],
): JsRule => ({
  eslintId: `codewright/${id}`,
  module,
  appliesTo: appliesTo ?? ((profile) => !profile.test),
  meta: { id: `codewright/${id}`, type: 'performance', severity, languages: LANGS, ...docs },
});

export const PERFORMANCE_RULES: JsRule[] = [
  perf('await-in-loop', awaitInLoop, 'medium', {
    description:
      '`await` inside a `for`/`for...of` loop whose iterations do not depend on each other (no break, no carried state).',
    rationale: 'Independent I/O runs one request at a time: total latency is the sum instead of the maximum.',
    fix: 'Collect the promises and await `Promise.all` (with a concurrency limit for large inputs).',
    example: 'for (const id of ids) { users.push(await fetchUser(id)); }',
  }),
  perf(
    'sync-io-in-async',
    syncIo,
    'medium',
    {
      description:
        'Synchronous `fs`, `child_process`, `zlib` or expensive `crypto` calls (`readFileSync`, `execSync`, `pbkdf2Sync`, ...) inside async functions or request handlers.',
      rationale: 'A sync call blocks the single event loop: every other request waits until it finishes.',
      fix: 'Use the promise APIs (`fs.promises`, `util.promisify(exec)`, `crypto.pbkdf2`) and await them.',
      example: "app.get('/cfg', (req, res) => res.send(fs.readFileSync('cfg.json', 'utf8')));",
    },
    (profile) => profile.node && !profile.test && !profile.cli,
  ),
  perf('quadratic-membership', quadratic, 'medium', {
    description:
      "`includes`/`indexOf`/`find`/`some` on an array that grows with the input, called once per iteration of a loop with the loop's element.",
    rationale: 'Each call scans the array: n iterations × m elements. 10k × 10k is 100M comparisons.',
    fix: 'Build a `Set` (or `Map` keyed by id) once before the loop and use `has`/`get`.',
    example: 'for (const order of orders) if (paidIds.includes(order.id)) total += order.sum;',
  }),
  perf('string-concat-in-loop', stringConcat, 'low', {
    description: 'A string declared outside a loop grown with `+=` (or `s = s + x`) inside it.',
    rationale:
      'Repeated concatenation builds many intermediate strings; on large inputs it is slower and memory-hungry.',
    fix: 'Push parts into an array and `join` them once, or use a template over `map(...).join("")`.',
    example: "let html = ''; for (const row of rows) html += `<tr><td>${row.name}</td></tr>`;",
  }),
  perf(
    'json-deep-clone',
    jsonClone,
    'low',
    {
      description: '`JSON.parse(JSON.stringify(value))` used to deep-clone.',
      rationale:
        'Serialising and parsing is slow for large objects and silently turns Dates into strings and drops undefined, Maps and Sets.',
      fix: 'Use `structuredClone(value)` (Node 17+, all modern browsers).',
      example: 'const copy = JSON.parse(JSON.stringify(state));',
    },
    () => true,
  ),
  perf('regex-in-loop', regexInLoop, 'low', {
    description: '`new RegExp(...)` inside a loop with a pattern that does not change between iterations.',
    rationale: 'Compiling the same regular expression on every iteration wastes time in hot loops.',
    fix: 'Create the RegExp once before the loop.',
    example: "for (const line of lines) { if (new RegExp('^ERROR').test(line)) errors++; }",
  }),
  perf('closure-in-loop', closureInLoop, 'low', {
    description:
      'A function declared with `const f = () => ...` inside a loop body that uses no variable of the loop.',
    rationale:
      'A new closure is allocated on each iteration for no reason; hot loops pay in allocation and GC.',
    fix: 'Declare the function once, before the loop.',
    example:
      'for (const item of items) { const format = (n) => n.toFixed(2); out.push(format(item.price)); }',
  }),
  perf('unbounded-promise-all', unboundedAll, 'medium', {
    description: '`Promise.all(xs.map(async ...))` over an input-sized array with no concurrency limit.',
    rationale:
      'Thousands of simultaneous requests or file handles exhaust sockets, descriptors, memory or the remote rate limit.',
    fix: 'Process in batches, or limit concurrency (e.g. `p-limit`, a small worker pool).',
    example: 'await Promise.all(userIds.map((id) => fetch(`/api/users/${id}`)));',
  }),
];
