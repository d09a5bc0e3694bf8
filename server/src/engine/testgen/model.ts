// The language-neutral model test generation works on: the callables a module exposes, what is known
// about their parameters, and the test cases built for them.

export interface ParamInfo {
  name: string;
  /** Declared type as written (TypeScript annotation, JSDoc `@param {T}`, Python hint), if any. */
  type?: string;
  /** Default value as source text, if any. */
  defaultValue?: string;
  optional: boolean;
  rest: boolean;
  /** Python parameters after `*` or `*args`: passed as `name=value`. */
  keywordOnly?: boolean;
  /** Property names read from the parameter in the body (`options.long` gives `long`). */
  properties: string[];
  /** Types the body tests the parameter against (`typeof x === 'string'` gives `string`). */
  typeofChecks: string[];
  /** The declared type's structure when it has one worth building (objects, callbacks, classes, literal unions). */
  shape?: TypeShape;
}

/** A declared type's structure, resolved against the module's own named types. */
export type TypeShape =
  | { kind: 'primitive'; name: 'number' | 'string' | 'boolean' }
  | { kind: 'literal'; value: string | number | boolean | null }
  | { kind: 'union'; options: TypeShape[] }
  | { kind: 'array'; items: TypeShape }
  | { kind: 'object'; props: { name: string; optional: boolean; shape: TypeShape }[] }
  | { kind: 'function'; returns: TypeShape }
  /** A class of the module; `access` is its export path (unset when the class is not exported). */
  | {
      kind: 'class';
      className: string;
      access?: string[];
      params: { optional: boolean; shape: TypeShape }[];
    }
  | { kind: 'unknown' };

export interface CallableInfo {
  /** The name shown in test titles: `format`, `Parser.parse`, `(module)`. */
  name: string;
  /** Property path from the imported module to the callable; empty for `module.exports = fn`. */
  access: string[];
  kind: 'function' | 'class' | 'method';
  async: boolean;
  params: ParamInfo[];
  /** Literal values found in the body, as source expressions (comparison constants, cases, ...). */
  literals: string[];
  /** Line of the declaration (1-based). */
  line: number;
  /** For methods: the class they belong to and its constructor's parameters. */
  owner?: { access: string[]; params: ParamInfo[]; literals: string[] };
  /** Static methods are called on the class, not on an instance. */
  isStatic?: boolean;
}

/** One call to try: argument expressions in the target language's syntax. */
export interface CaseSpec {
  id: number;
  target: CallableInfo;
  args: string[];
  ctorArgs?: string[];
  edge: boolean;
}

/** What a call did when it ran. */
export type Outcome =
  | { kind: 'return'; value: string | undefined; typeName?: string; async?: boolean }
  | { kind: 'throw'; name: string; message: string; async?: boolean }
  | { kind: 'timeout' }
  | { kind: 'crash'; reason: string };
