// Conditional compilation before parsing, for languages whose compiler sees one branch of each `#if`
// (C#, C, C++). Grammars accept directives between declarations and statements, but valid code that
// splits an expression, an initializer or a block across branches (`#if A if (x) { #else if (y) {
// #endif`, `#ifdef __cplusplus extern "C" { #endif`) parses with errors. `activeBranches` keeps the
// branch a compiler could take and blanks the rest, so the parser sees code at the same lines and
// columns. Each language reads its own directives and conditions through a `PreprocessorDialect`.

export interface Directive {
  keyword: 'if' | 'elif' | 'else' | 'endif' | 'define' | 'undef' | 'ignore';
  /** The condition (`if`, `elif`) or the macro name (`define`, `undef`). */
  text: string;
  /** The macro's value (`define`), when it has one. */
  value?: string;
}

export interface PreprocessorDialect {
  /** Reads one directive (continuation lines already joined); undefined for any other line. */
  directive(line: string): Directive | undefined;
  /** The condition's value with these macros defined; undefined when it cannot be read. */
  evaluate(condition: string, macros: ReadonlyMap<string, string>): boolean | undefined;
}

/**
 * The text with one branch of each conditional kept, or undefined when the directives do not nest,
 * a condition cannot be read, or there is nothing to resolve. `predefined` are the macros the
 * compiler itself defines (C++'s `__cplusplus`); the rest come from the file's own `#define`s.
 */
export function activeBranches(
  code: string,
  dialect: PreprocessorDialect,
  predefined: ReadonlyMap<string, string> = new Map(),
): string | undefined {
  const macros = new Map(predefined);
  // One frame per open #if: whether the enclosing code is active, whether a branch was taken,
  // and whether the current branch is active.
  const frames: { outer: boolean; taken: boolean; active: boolean }[] = [];
  const active = () => frames.length === 0 || frames[frames.length - 1]!.active;
  const out: string[] = [];
  let changed = false;
  const lines = code.split(/(?<=\n)/);
  for (let i = 0; i < lines.length; i++) {
    // A directive continues over lines ending in a backslash.
    let physical = lines[i]!;
    if (/^\s*#/.test(physical))
      while (/\\\r?\n$/.test(physical) && i + 1 < lines.length) physical += lines[++i]!;
    const directive = /^\s*#/.test(physical)
      ? dialect.directive(physical.replace(/\\\r?\n/g, ' '))
      : undefined;
    if (!directive || ((directive.keyword === 'define' || directive.keyword === 'undef') && active())) {
      if (directive?.keyword === 'define') macros.set(directive.text, directive.value ?? '');
      else if (directive?.keyword === 'undef') macros.delete(directive.text);
      if (active()) out.push(physical);
      else {
        out.push(blank(physical));
        changed = true;
      }
      continue;
    }
    const { keyword, text } = directive;
    if (keyword === 'if') {
      const outer = active();
      const value = outer ? dialect.evaluate(text, macros) : false;
      if (value === undefined) return undefined;
      frames.push({ outer, taken: value, active: value });
    } else if (keyword === 'elif' || keyword === 'else' || keyword === 'endif') {
      const frame = frames[frames.length - 1];
      if (!frame) return undefined;
      if (keyword === 'endif') frames.pop();
      else if (keyword === 'else') {
        frame.active = frame.outer && !frame.taken;
        frame.taken = true;
      } else {
        const value = frame.outer && !frame.taken ? dialect.evaluate(text, macros) : false;
        if (value === undefined) return undefined;
        frame.active = value;
        frame.taken ||= value;
      }
    }
    // The directive itself (and an `ignore`d one, or a #define in a skipped branch) is blanked: the
    // parser needs none of them once a branch is chosen.
    out.push(blank(physical));
    changed = true;
  }
  return frames.length === 0 && changed ? out.join('') : undefined;
}

/** Spaces for every character but line breaks: lines and columns stay where they were. */
export function blank(text: string): string {
  return text.replace(/[^\r\n]/g, ' ');
}
