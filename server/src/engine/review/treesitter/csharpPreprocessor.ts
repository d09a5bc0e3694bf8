// C# conditional compilation for the parser. tree-sitter-c-sharp accepts `#if` between
// declarations and statements, but not inside an expression, an initializer or a half-open block
// (`#if A if (x) { #else if (y) { #endif`), where valid code then parses with errors. The compiler
// sees one branch of each `#if`: `activeBranches` keeps that branch and blanks the rest, so the
// parser sees code the compiler could see, at the same lines and columns.

/** The result of evaluating the directives, or undefined when they do not nest or cannot be read. */
export function activeBranches(code: string): string | undefined {
  const symbols = new Set<string>();
  // One frame per open #if: whether the enclosing code is active, whether a branch was taken,
  // and whether the current branch is active.
  const frames: { outer: boolean; taken: boolean; active: boolean }[] = [];
  const active = () => frames.length === 0 || frames[frames.length - 1]!.active;
  const out: string[] = [];
  let changed = false;
  for (const line of code.split(/(?<=\n)/)) {
    // `#:package X` / `#!` lines of .NET 10 file-based apps: directives the compiler ignores.
    if (/^\s*#[:!]/.test(line)) {
      out.push(blank(line));
      changed = true;
      continue;
    }
    const directive = line.match(/^\s*#\s*(if|elif|else|endif|define|undef)\b(.*)/);
    if (!directive) {
      if (active()) out.push(line);
      else {
        out.push(blank(line));
        changed = true;
      }
      continue;
    }
    const [, keyword, rest] = directive as unknown as [string, string, string];
    const condition = rest.replace(/\/\/.*$/, '').trim();
    if (keyword === 'define' || keyword === 'undef') {
      if (active()) {
        if (keyword === 'define') symbols.add(condition);
        else symbols.delete(condition);
      }
      out.push(line);
      continue;
    }
    if (keyword === 'if') {
      const outer = active();
      const value = outer ? evaluate(condition, symbols) : false;
      if (value === undefined) return undefined;
      frames.push({ outer, taken: value, active: value });
    } else {
      const frame = frames[frames.length - 1];
      if (!frame) return undefined;
      if (keyword === 'endif') frames.pop();
      else if (keyword === 'else') {
        frame.active = frame.outer && !frame.taken;
        frame.taken = true;
      } else {
        const value = frame.outer && !frame.taken ? evaluate(condition, symbols) : false;
        if (value === undefined) return undefined;
        frame.active = value;
        frame.taken ||= value;
      }
    }
    // The directive line itself is blanked: the parser needs none of them once a branch is chosen.
    out.push(blank(line));
    changed = true;
  }
  return frames.length === 0 && changed ? out.join('') : undefined;
}

/** Spaces for every character but line breaks: lines and columns stay where they were. */
function blank(line: string): string {
  return line.replace(/[^\r\n]/g, ' ');
}

/**
 * Evaluates a C# preprocessor condition (`!`, `&&`, `||`, `==`, `!=`, parentheses, `true`,
 * `false`, symbols). Symbols are defined only by `#define` in the file: the project's build
 * symbols are unknown, and no symbols is a configuration the compiler accepts too.
 */
export function evaluate(condition: string, symbols: ReadonlySet<string>): boolean | undefined {
  const tokens = condition.match(/\s*(\|\||&&|==|!=|!|\(|\)|[A-Za-z_][A-Za-z0-9_]*)/gy);
  if (!tokens || tokens.join('').length !== condition.length) return undefined;
  const list = tokens.map((t) => t.trim());
  let at = 0;
  const peek = () => list[at];
  function or(): boolean | undefined {
    let value = and();
    while (value !== undefined && peek() === '||') {
      at++;
      const right = and();
      value = right === undefined ? undefined : value || right;
    }
    return value;
  }
  function and(): boolean | undefined {
    let value = equality();
    while (value !== undefined && peek() === '&&') {
      at++;
      const right = equality();
      value = right === undefined ? undefined : value && right;
    }
    return value;
  }
  function equality(): boolean | undefined {
    let value = unary();
    while (value !== undefined && (peek() === '==' || peek() === '!=')) {
      const op = list[at++];
      const right = unary();
      value = right === undefined ? undefined : op === '==' ? value === right : value !== right;
    }
    return value;
  }
  function unary(): boolean | undefined {
    const token = list[at++];
    if (token === '!') {
      const value = unary();
      return value === undefined ? undefined : !value;
    }
    if (token === '(') {
      const value = or();
      return list[at++] === ')' ? value : undefined;
    }
    if (token === 'true') return true;
    if (token === 'false') return false;
    return token && /^[A-Za-z_]/.test(token) ? symbols.has(token) : undefined;
  }
  const value = or();
  return at === list.length ? value : undefined;
}
