// N+1 queries: a loop over the rows of one query that runs another query for each row, with that
// row's data (Django/SQLAlchemy, Spring Data repositories and JDBC, ActiveRecord). Both ends must be
// recognisable in the tree: the loop iterates a query (directly or through a local bound to one),
// and the inner query's arguments use the loop's element. A query in a loop over plain data, or
// one that does not depend on the element, is not reported.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import { descendants, namedChildren } from '../syntax';
import { iterated, loopVariables } from './loops';

const RULE = 'codewright/n-plus-one-query';

/** True when some identifier inside `node` is one of `names`. */
function uses(node: SyntaxNode, names: ReadonlySet<string>): boolean {
  if (node.type === 'identifier' && names.has(node.text)) return true;
  return descendants(node, 'identifier').some((id) => names.has(id.text));
}

function report(context: AnalysisContext, inner: SyntaxNode, what: string, outer: string): void {
  context.findings.report(inner, RULE, {
    message: `${what} runs once per row of ${outer.replace(/\s+/g, ' ').slice(0, 60)}: N+1 queries.`,
  });
}

/** The value a local is bound to before `loop` in the same function, when it has exactly one. */
function boundValue(context: AnalysisContext, name: string, loop: SyntaxNode): SyntaxNode | undefined {
  const bindings = context.values.bindingsBefore(name, loop).filter((b) => !b.append);
  return bindings.length === 1 ? (bindings[0]!.value ?? undefined) : undefined;
}

// Python ---------------------------------------------------------------------------------------

/** A Django manager chain (`User.objects.filter(...)`) or a SQLAlchemy session query. */
/** Django manager methods that read rows (writes such as `create`/`bulk_create`/`update` are not queries to repeat). */
const DJANGO_READ =
  'all|filter|exclude|get|get_or_create|order_by|values|values_list|annotate|aggregate|distinct|only|defer|select_related|prefetch_related|iterator|count|exists|first|last|in_bulk|using';
const PY_QUERY = new RegExp(
  String.raw`^[A-Z]\w*\.objects\.(?:${DJANGO_READ})\(|^(?:self\.)?(?:db\.)?session\.(?:query|execute|scalars)\(`,
);
const PY_CHAIN = /^(?:self\.)?(?:db\.)?session\.query\(/;
const PY_INNER = new RegExp(
  String.raw`^[A-Z]\w*\.objects\.(?:${DJANGO_READ})$|^(?:self\.)?(?:db\.)?session\.(?:query|get|execute|scalar|scalars)$`,
);
const DJANGO_RELATED_READ = new RegExp(String.raw`^(?:${DJANGO_READ})$`);

function pythonNPlusOne(context: AnalysisContext): void {
  for (const loop of descendants(context.root, 'for_statement')) {
    let source = iterated(loop);
    if (source?.type === 'identifier') source = boundValue(context, source.text, loop) ?? null;
    if (!source || !PY_QUERY.test(source.text)) continue;
    const element = new Set(loopVariables(loop));
    const prefetched = /\b(?:prefetch_related|select_related|joinedload|selectinload|subqueryload)\b/.test(
      source.text,
    );
    const body = loop.childForFieldName('body');
    if (!body || element.size === 0) continue;
    for (const call of descendants(body, 'call')) {
      const fn = call.childForFieldName('function');
      const args = call.childForFieldName('arguments');
      if (!fn || !args) continue;
      // `session.query(Address).filter(Address.user_id == row.id)`: the row may enter further down the chain.
      const query = PY_INNER.test(fn.text) || PY_CHAIN.test(fn.text);
      if (query && uses(args, element)) report(context, call, fn.text.replace(/\(.*$/s, ''), source.text);
      // `user.order_set.all()`: Django's reverse relation manager queries unless prefetched.
      const object = fn.type === 'attribute' ? fn.childForFieldName('object') : null;
      if (
        !prefetched &&
        object?.type === 'attribute' &&
        /_set$/.test(object.childForFieldName('attribute')?.text ?? '') &&
        DJANGO_RELATED_READ.test(fn.childForFieldName('attribute')?.text ?? '') &&
        element.has(object.childForFieldName('object')?.text ?? '')
      )
        report(context, call, fn.text, source.text);
    }
  }
}

// Java -----------------------------------------------------------------------------------------

const REPOSITORY = /(?:Repository|Repo|Dao|DAO|Mapper)$/;
const REPOSITORY_READ = /^(?:find|get|count|exists|load|query|search|select|fetch|read)\w*$/;
const JDBC_READ = /^(?:executeQuery|query|queryForObject|queryForList|queryForMap|queryForRowSet)$/;

function javaNPlusOne(context: AnalysisContext): void {
  for (const loop of descendants(context.root, 'enhanced_for_statement')) {
    let source = iterated(loop);
    if (source?.type === 'identifier') source = boundValue(context, source.text, loop) ?? null;
    if (source?.type !== 'method_invocation' || !isRepositoryRead(source)) continue;
    const element = new Set(loopVariables(loop));
    const body = loop.childForFieldName('body');
    if (!body) continue;
    for (const call of descendants(body, 'method_invocation')) {
      const args = call.childForFieldName('arguments');
      if (isRepositoryRead(call) && args && uses(args, element))
        report(context, call, callName(call), source.text);
    }
  }
  // JDBC: `while (rs.next()) { ps.setLong(1, rs.getLong("id")); ps.executeQuery(); }`.
  for (const loop of descendants(context.root, 'while_statement')) {
    const condition =
      loop
        .childForFieldName('condition')
        ?.text.replace(/^\(|\)$/g, '')
        .trim() ?? '';
    const rows = condition.match(/^(\w+)\.next\(\)$/)?.[1];
    const body = loop.childForFieldName('body');
    if (!rows || !body || !isResultSet(context, rows, loop)) continue;
    // The row's values: `rs.getX(...)` calls and the locals assigned from them.
    const rowNames = new Set([rows]);
    for (const declarator of descendants(body, 'variable_declarator')) {
      const value = declarator.childForFieldName('value');
      const name = declarator.childForFieldName('name')?.text;
      if (name && value && uses(value, new Set([rows]))) rowNames.add(name);
    }
    const calls = descendants(body, 'method_invocation');
    for (const call of calls) {
      const name = call.childForFieldName('name')?.text ?? '';
      const object = call.childForFieldName('object')?.text ?? '';
      if (!JDBC_READ.test(name) || object === rows) continue;
      const args = call.childForFieldName('arguments');
      // The row reaches the query through its arguments or through `object.setX(i, row value)`.
      const bound = calls.some(
        (c) =>
          c.childForFieldName('object')?.text === object &&
          /^set\w+$/.test(c.childForFieldName('name')?.text ?? '') &&
          c.startIndex < call.startIndex &&
          uses(c.childForFieldName('arguments') ?? c, rowNames),
      );
      if ((args && uses(args, rowNames)) || bound) report(context, call, callName(call), `${rows}`);
    }
  }
}

function callName(call: SyntaxNode): string {
  const object = call.childForFieldName('object')?.text;
  const name = call.childForFieldName('name')?.text ?? '';
  return object ? `${object}.${name}` : name;
}

function isRepositoryRead(call: SyntaxNode): boolean {
  const object = call.childForFieldName('object');
  const name = call.childForFieldName('name')?.text ?? '';
  const holder = object?.type === 'field_access' ? object.childForFieldName('field')?.text : object?.text;
  return !!holder && REPOSITORY.test(holder) && REPOSITORY_READ.test(name);
}

/** `rs` was declared as, or assigned from, a query's result set in this function. */
function isResultSet(context: AnalysisContext, name: string, loop: SyntaxNode): boolean {
  const value = boundValue(context, name, loop);
  return !!value && /\.executeQuery\(|\.getResultSet\(/.test(value.text);
}

// Ruby -----------------------------------------------------------------------------------------

/** An ActiveRecord relation: a model constant with a query method (`User.where(...)`, `User.all`). */
const RB_RELATION =
  /^[A-Z][\w:]*\.(?:all|where|order|limit|offset|joins|left_joins|select|distinct|group|having|not|find_each|find_in_batches|in_batches)\b/;
const RB_ITERATE = /^(?:each|each_with_index|each_with_object|map|flat_map|find_each|filter_map|collect)$/;
const RB_INNER = /^(?:find|find_by|find_by!|where|exists\?|count|pluck|sum|first|last|find_by_\w+)$/;

function rubyNPlusOne(context: AnalysisContext): void {
  for (const loop of descendants(context.root, 'call')) {
    const method = loop.childForFieldName('method')?.text ?? '';
    const receiver = loop.childForFieldName('receiver');
    const block = loop.childForFieldName('block');
    if (!receiver || !block || !RB_ITERATE.test(method)) continue;
    const relation = method === 'find_each' ? `${receiver.text}.find_each` : receiver.text;
    if (!RB_RELATION.test(relation) && !(method === 'find_each' && /^[A-Z][\w:]*$/.test(receiver.text)))
      continue;
    const parameters =
      block.childForFieldName('parameters') ??
      namedChildren(block).find((c) => c.type === 'block_parameters');
    const element = new Set(parameters ? descendants(parameters, 'identifier').map((i) => i.text) : []);
    if (element.size === 0) continue;
    for (const call of descendants(block, 'call')) {
      const inner = call.childForFieldName('method')?.text ?? '';
      const model = call.childForFieldName('receiver');
      const args = call.childForFieldName('arguments');
      if (model && /^[A-Z][\w:]*$/.test(model.text) && RB_INNER.test(inner) && args && uses(args, element))
        report(context, call, `${model.text}.${inner}`, relation);
    }
  }
}

export function checkNPlusOne(context: AnalysisContext): void {
  if (!context.findings.wants(RULE)) return;
  if (context.language === 'python') pythonNPlusOne(context);
  else if (context.language === 'java') javaNPlusOne(context);
  else if (context.language === 'ruby') rubyNPlusOne(context);
}
