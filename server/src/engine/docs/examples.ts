// Examples for entries that have no `@example` (or `>>>` doctest): a call built from the signature,
// each argument a value of the parameter's declared type (or its default), the way test generation
// picks typical values.
import { guessTypes, renderJs, renderPy, type Value } from '../testgen/values';
import type { DocEntry, DocParam } from './model';

const TYPICAL: Record<string, Value> = {
  number: { kind: 'num', n: 1 },
  string: { kind: 'str', s: 'text' },
  boolean: { kind: 'bool', b: true },
  array: { kind: 'arr', items: [] },
  object: { kind: 'obj', entries: [] },
  function: { kind: 'fn' },
  bigint: { kind: 'num', n: 1 },
};

function argument(param: DocParam, python: boolean): string {
  if (param.defaultValue !== undefined) return param.defaultValue;
  if (param.type?.trim().startsWith('{')) return python ? '{}' : '{}';
  const type = guessTypes({
    name: param.name,
    type: param.type,
    optional: param.optional,
    rest: false,
    properties: [],
    typeofChecks: [],
  })[0]!;
  return (python ? renderPy : renderJs)(TYPICAL[type]!);
}

export function exampleFor(entry: DocEntry, python: boolean): string | undefined {
  const required = (entry.props ?? entry.params).filter(
    (p) => !p.optional && !p.name.startsWith('*') && !p.name.startsWith('...'),
  );
  if (entry.kind === 'component') {
    const props = required.map((p) => `${p.name}={${argument(p, false)}}`);
    return `<${entry.name}${props.length ? ` ${props.join(' ')}` : ''} />`;
  }
  const args = required.map((p) => argument(p, python)).join(', ');
  if (entry.kind === 'function') return `${entry.name}(${args})`;
  if (entry.kind === 'class') return python ? `${entry.name}(${args})` : `new ${entry.name}(${args})`;
  if (entry.kind === 'method') {
    const [owner, method] = [entry.name.split('.').slice(0, -1).join('.'), entry.name.split('.').pop()];
    const instance = owner.charAt(0).toLowerCase() + owner.slice(1);
    return `${instance}.${method}(${args})`;
  }
  return undefined;
}
