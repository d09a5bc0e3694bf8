// C# conditional compilation for the parser (see preprocessor.ts): tree-sitter-c-sharp accepts `#if`
// between declarations and statements, but not inside an expression, an initializer or a half-open
// block. C# directives and conditions: `#if`/`#elif` over symbols, `!`, `&&`, `||`, `==`, `!=`.
import { activeBranches as resolve, type Directive, type PreprocessorDialect } from './preprocessor';

const CSHARP: PreprocessorDialect = {
  directive(line) {
    // `#:package X` / `#!` lines of .NET 10 file-based apps: directives the compiler ignores.
    if (/^\s*#[:!]/.test(line)) return { keyword: 'ignore', text: '' };
    const match = line.match(/^\s*#\s*(if|elif|else|endif|define|undef)\b(.*)/);
    if (!match) return undefined;
    return { keyword: match[1] as Directive['keyword'], text: match[2]!.replace(/\/\/.*$/, '').trim() };
  },
  evaluate: (condition, macros) => evaluate(condition, new Set(macros.keys())),
};

/** The result of evaluating the directives, or undefined when they do not nest or cannot be read. */
export function activeBranches(code: string): string | undefined {
  return resolve(code, CSHARP);
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
