// Java values whose declared type says they are numbers: a query built from them and constants can
// carry no SQL syntax, whatever their origin (`"... VALUES(?, " + userId + ")"` with `Integer userId`,
// `"... IN (" + StringUtils.join(ids, ",") + ")"` with `List<Integer> ids`). So do the database's own
// names, read from its catalog (`rs.getString(3)` of `metadata.getTables(...)`, a migration's
// `"ALTER TABLE " + tableName`).
import type { SyntaxNode } from '../../../parsing/treeSitter';
import { closest, descendants, namedChildren } from '../syntax';
import type { ValueClassifier } from '../values';

/** Numbers and booleans, primitive or boxed (`char` is left out: a character can be a quote). */
const NUMBER_TYPE =
  /^(?:int|long|short|byte|double|float|boolean|Integer|Long|Short|Byte|Double|Float|Boolean|BigDecimal|BigInteger|(?:Atomic)?(?:Integer|Long))$/;
const NUMBER_ELEMENT = '(?:Integer|Long|Short|Byte|Double|Float|BigDecimal|BigInteger)';
/** A collection or array of numbers: joined, it is digits and the separator. */
const NUMBERS_TYPE = new RegExp(
  `^(?:[\\w.]*\\.)?(?:List|Set|Collection|Iterable|ArrayList|LinkedList|HashSet|LinkedHashSet|TreeSet|SortedSet)<\\s*${NUMBER_ELEMENT}\\s*>$|^(?:int|long|short|double|float|${NUMBER_ELEMENT})\\[\\]$`,
);
const METHODS = new Set(['method_declaration', 'constructor_declaration', 'lambda_expression']);
const MAX_DEPTH = 4;
/** `DatabaseMetaData`'s listings of the database's own tables, columns, schemas and catalogs. */
const CATALOG_LISTING = /\.(?:getTables|getColumns|getSchemas|getCatalogs|getPrimaryKeys|getIndexInfo)\s*\(/;

/**
 * The type `name` is declared with where `use` reads it: a parameter or local of the enclosing
 * method (or lambda), else a field of the enclosing class. Undefined when not declared in sight or
 * declared `var`.
 */
function declaredType(name: string, use: SyntaxNode): string | undefined {
  for (let scope = closest(use, METHODS); scope; scope = closest(scope, METHODS)) {
    for (const param of namedChildren(scope.childForFieldName('parameters') ?? scope)) {
      if (param.type === 'formal_parameter' && param.childForFieldName('name')?.text === name)
        return param.childForFieldName('type')?.text;
    }
    const body = scope.childForFieldName('body');
    const local = descendants(body ?? scope, 'local_variable_declaration').find(
      (d) =>
        d.startIndex < use.startIndex &&
        d.childrenForFieldName('declarator').some((v) => v?.childForFieldName('name')?.text === name),
    );
    if (local) return local.childForFieldName('type')?.text;
  }
  const cls = closest(use, new Set(['class_body']));
  const field = cls?.namedChildren.find(
    (f) =>
      f?.type === 'field_declaration' &&
      f.childrenForFieldName('declarator').some((v) => v?.childForFieldName('name')?.text === name),
  );
  return field?.childForFieldName('type')?.text;
}

/**
 * True when every part of `node` that is not constant is a number by its declared type or a name from
 * the database's catalog: a variable declared as a number, a `String` local every binding of which is
 * such or a catalog name (`catalogName`), or a join
 * (`StringUtils.join(ids, ",")`, `String.join(",", ids)`) of a collection of numbers.
 */
export function onlyNumbersSpliced(
  node: SyntaxNode | null | undefined,
  values: ValueClassifier,
  depth = 0,
): boolean {
  if (!node || depth > MAX_DEPTH) return false;
  if (values.kind(node) === 'constant') return true;
  switch (node.type) {
    case 'binary_expression':
      return (
        node.childForFieldName('operator')?.text === '+' &&
        onlyNumbersSpliced(node.childForFieldName('left'), values, depth) &&
        onlyNumbersSpliced(node.childForFieldName('right'), values, depth)
      );
    case 'parenthesized_expression':
      return onlyNumbersSpliced(namedChildren(node)[0], values, depth);
    case 'identifier': {
      const type = declaredType(node.text, node);
      if (type === undefined) return false;
      if (NUMBER_TYPE.test(type)) return true;
      if (type !== 'String') return false;
      if (catalogName(node.text, node, values)) return true;
      const bindings = values.bindingsBefore(node.text, node);
      return (
        bindings.length > 0 &&
        bindings.every((b) => !b.append && onlyNumbersSpliced(b.value, values, depth + 1))
      );
    }
    case 'method_invocation': {
      const name = node.childForFieldName('name')?.text;
      const object = node.childForFieldName('object')?.text ?? '';
      const args = namedChildren(node.childForFieldName('arguments') ?? node);
      const joined =
        name === 'join' && /(?:^|\.)StringUtils$/.test(object)
          ? args[0]
          : name === 'join' && object === 'String'
            ? args[1]
            : undefined;
      return (
        joined?.type === 'identifier' &&
        args.length === 2 &&
        NUMBERS_TYPE.test((declaredType(joined.text, joined) ?? '').replace(/\s+/g, '')) &&
        args.every((a) => a === joined || values.kind(a) === 'constant')
      );
    }
    default:
      return false;
  }
}

/**
 * A `String` every binding of which reads a column (`rs.getString(3)`) of a result set every binding
 * of which is a listing of the database's catalog (`metadata.getTables(null, null, "%", types)`).
 */
function catalogName(name: string, use: SyntaxNode, values: ValueClassifier): boolean {
  const bindings = values.bindingsBefore(name, use);
  return (
    bindings.length > 0 &&
    bindings.every((b) => {
      const read = b.value;
      const results = read?.type === 'method_invocation' ? read.childForFieldName('object') : undefined;
      if (!/^get(?:String|Object)$/.test(read?.childForFieldName('name')?.text ?? '')) return false;
      if (results?.type !== 'identifier') return false;
      const listings = values.bindingsBefore(results.text, results);
      return (
        listings.length > 0 && listings.every((l) => !l.append && CATALOG_LISTING.test(l.value?.text ?? ''))
      );
    })
  );
}
