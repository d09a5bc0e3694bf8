// What documentation is made of: one module per source file, holding its documented declarations.

export type EntryKind =
  'function' | 'class' | 'method' | 'interface' | 'type' | 'enum' | 'variable' | 'component';

export interface DocParam {
  name: string;
  type?: string;
  optional: boolean;
  defaultValue?: string;
  description?: string;
}

export interface DocEntry {
  kind: EntryKind;
  name: string;
  signature: string;
  description?: string;
  params: DocParam[];
  returns?: { type?: string; description?: string };
  /** From `@example` tags, or a call built from the signature when examples are asked for. */
  examples: string[];
  /** Component props (React: the props parameter's type or destructured names; Vue: `props`). */
  props?: DocParam[];
  members?: DocEntry[];
  line: number;
}

export interface DocModule {
  path: string;
  language: string;
  entries: DocEntry[];
}

/** Functions and methods documented (components are counted apart). */
export function countFunctions(modules: DocModule[]): number {
  const count = (entries: DocEntry[]): number =>
    entries.reduce(
      (n, e) => n + (e.kind === 'function' || e.kind === 'method' ? 1 : 0) + count(e.members ?? []),
      0,
    );
  return modules.reduce((n, m) => n + count(m.entries), 0);
}

export function countKind(modules: DocModule[], kinds: EntryKind[]): number {
  return modules.reduce((n, m) => n + m.entries.filter((e) => kinds.includes(e.kind)).length, 0);
}
