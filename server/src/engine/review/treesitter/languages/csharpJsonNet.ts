// Json.NET type-name handling. `TypeNameHandling` other than None lets a payload's `$type` choose
// which class to instantiate, which is a vulnerability only when the payload can come from outside.
// The setting alone (a serializer library's own options, a test) proves nothing, so the finding is
// placed on the deserializing call that uses the configured settings or serializer; the C# taint
// table lists this rule as tainted-only, so it stands only when that call's data can carry input.
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import { namedChildren } from '../syntax';

const UNSAFE_VALUE = /(?:^|\.)TypeNameHandling\.(?:All|Auto|Objects|Arrays)$/;
/** Static entry points that take the data first and the settings among the later arguments. */
const STATIC_DESERIALIZE =
  /(?:^|\.)JsonConvert\.(?:DeserializeObject|PopulateObject|DeserializeAnonymousType)$/;
/** Instance calls on a serializer built from the settings. */
const SERIALIZER_DESERIALIZE = /^(?:Deserialize|Populate)$/;
const SERIALIZER_FACTORY = /(?:^|\.)JsonSerializer\.(?:Create|CreateDefault)$/;

/** The C# invocation's callee without generic arguments (`DeserializeObject<T>` → `DeserializeObject`). */
function callee(call: SyntaxNode): string {
  return (call.childForFieldName('function')?.text ?? '').replace(/<[^<>]*>$/, '');
}

function argumentValues(call: SyntaxNode): SyntaxNode[] {
  const list = call.childForFieldName('arguments');
  return list ? namedChildren(list).map((a) => namedChildren(a).at(-1) ?? a) : [];
}

/** Where a created object goes: the variable or member it is stored in, if any. */
function storedName(node: SyntaxNode): string | undefined {
  const parent = node.parent;
  if (parent?.type === 'variable_declarator') return parent.childForFieldName('name')?.text;
  if (parent?.type === 'assignment_expression' && parent.childForFieldName('right')?.id === node.id)
    return parent.childForFieldName('left')?.text.replace(/^this\./, '');
  return undefined;
}

export function checkTypeNameHandling(context: AnalysisContext): void {
  if (!context.findings.wants('codewright/unsafe-deserialization')) return;
  // Names (locals, fields) and inline creations that carry an unsafe setting, with its line.
  const unsafeNames = new Map<string, number>();
  const unsafeCreations = new Map<number, number>();
  for (const assignment of context.nodes('assignment_expression')) {
    const left = assignment.childForFieldName('left');
    const right = assignment.childForFieldName('right');
    if (!left || !right || !UNSAFE_VALUE.test(right.text)) continue;
    const line = assignment.startPosition.row + 1;
    if (left.type === 'identifier' && left.text === 'TypeNameHandling') {
      // `new JsonSerializerSettings { TypeNameHandling = ... }`; an attribute argument
      // (`[JsonProperty(TypeNameHandling = ...)]`) configures a type, not a call, and is skipped.
      const creation = assignment.parent?.type === 'initializer_expression' ? assignment.parent.parent : null;
      if (creation?.type !== 'object_creation_expression') continue;
      unsafeCreations.set(creation.id, line);
      const name = storedName(creation);
      if (name) unsafeNames.set(name, line);
    } else if (
      left.type === 'member_access_expression' &&
      left.childForFieldName('name')?.text === 'TypeNameHandling'
    ) {
      const receiver = left.childForFieldName('expression')?.text.replace(/^this\./, '');
      if (receiver) unsafeNames.set(receiver, line);
    }
  }
  if (unsafeNames.size === 0 && unsafeCreations.size === 0) return;
  const calls = context.nodes('invocation_expression');
  const unsafeLine = (node: SyntaxNode): number | undefined =>
    unsafeCreations.get(node.id) ?? unsafeNames.get(node.text.replace(/^this\./, ''));
  // `var serializer = JsonSerializer.Create(settings)` carries the settings' handling.
  for (const call of calls) {
    if (!SERIALIZER_FACTORY.test(callee(call))) continue;
    const line = argumentValues(call)
      .map(unsafeLine)
      .find((l) => l !== undefined);
    const name = storedName(call);
    if (line !== undefined && name) unsafeNames.set(name, line);
  }
  for (const call of calls) {
    const fn = call.childForFieldName('function');
    let line: number | undefined;
    if (STATIC_DESERIALIZE.test(callee(call))) {
      line = argumentValues(call)
        .slice(1)
        .map(unsafeLine)
        .find((l) => l !== undefined);
    } else if (fn?.type === 'member_access_expression') {
      const method = fn.childForFieldName('name')?.text.replace(/<.*$/, '') ?? '';
      const receiver = fn.childForFieldName('expression');
      if (SERIALIZER_DESERIALIZE.test(method) && receiver) line = unsafeLine(receiver);
    }
    if (line === undefined) continue;
    context.findings.report(call, 'codewright/unsafe-deserialization', {
      message: `Json.NET TypeNameHandling (set on line ${line}) lets this payload choose which types to instantiate.`,
    });
  }
}
