// The C and C++ compiler's view of a file, for the parser (tree-sitter-cpp parses both). Valid C
// often parses with errors only because of the preprocessor: braces opened in one conditional and
// closed in another (`#ifdef __cplusplus extern "C" { #endif`) and declarations wrapped in a
// function-like macro defined in a header the parser cannot see (`CJSON_PUBLIC(char *) f(void)`).
// `compilerView` resolves the conditionals as a compiler would with only the file's own macros
// (and `__cplusplus` for C++), and unwraps such macro wrappers, keeping lines and columns.
import { foldNumbers } from './arithmetic';
import { activeBranches, blank, type PreprocessorDialect } from './preprocessor';

const C: PreprocessorDialect = {
  directive(line) {
    const match = line.match(
      /^\s*#\s*(ifdef|ifndef|if|elifdef|elifndef|elif|else|endif|define|undef)\b(.*)/s,
    );
    if (!match) return undefined;
    const keyword = match[1]!;
    const rest = stripComments(match[2]!).trim();
    const name = rest.match(/^[A-Za-z_]\w*/)?.[0] ?? '';
    switch (keyword) {
      case 'ifdef':
        return { keyword: 'if', text: `defined(${name})` };
      case 'ifndef':
        return { keyword: 'if', text: `!defined(${name})` };
      case 'elifdef':
        return { keyword: 'elif', text: `defined(${name})` };
      case 'elifndef':
        return { keyword: 'elif', text: `!defined(${name})` };
      case 'define':
        // A function-like macro (`F(x)`) has no value to substitute in a condition.
        return {
          keyword,
          text: name,
          value: rest.charAt(name.length) === '(' ? '' : rest.slice(name.length).trim(),
        };
      case 'undef':
        return { keyword, text: name };
      default:
        return { keyword: keyword as 'if' | 'elif' | 'else' | 'endif', text: rest };
    }
  },
  evaluate: (condition, macros) => {
    const value = evaluateC(condition, macros);
    return value === undefined ? undefined : value !== 0;
  },
};

/**
 * The file as the compiler could see it, or undefined when nothing changes or the directives do not
 * nest. For C++ `__cplusplus` is defined; other macros are the file's own `#define`s.
 */
export function compilerView(code: string, language: 'c' | 'cpp'): string | undefined {
  const predefined = new Map(language === 'cpp' ? [['__cplusplus', '201703L']] : []);
  const resolved = activeBranches(code, C, predefined) ?? code;
  const unwrapped = unwrapDeclarationMacros(resolved);
  return unwrapped === code ? undefined : unwrapped;
}

/**
 * `NAME(type) declarator(...)` at the start of a line — an export/linkage macro such as
 * `CJSON_PUBLIC(char *) f(void)` or `EXPORT(int) g(...)` — becomes `     type  declarator(...)`: what
 * such macros expand to, less their attributes. Only upper-case names, an argument that reads as a
 * type, and a function declarator after it. A calling-convention macro inside a function pointer
 * declarator (`void (CDECL *f)(void)`) is blanked the same way.
 */
export function unwrapDeclarationMacros(code: string): string {
  return code
    .replace(
      // A calling-convention macro in a function pointer declarator: `void (CJSON_CDECL *free_fn)(void *)`.
      /(?<=\(\s*)[A-Z][A-Z0-9_]*(?=\s+\*\s*[A-Za-z_]\w*\s*\)\s*\()/g,
      blank,
    )
    .replace(
      /^([ \t]*(?:(?:static|extern|inline)[ \t]+)*)([A-Z][A-Z0-9_]*\()([A-Za-z_][\w \t]*[\w*&][ \t*&]*)\)(?=[ \t*&]*[A-Za-z_]\w*[ \t]*\()/gm,
      (_all, lead: string, open: string, type: string) => `${lead}${blank(open)}${type} `,
    );
}

function stripComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/\/\/.*$/s, '');
}

// Strings and `.` appear only in the arguments of a function-like macro (`__has_include(<a.h>)`).
const TOKEN =
  /\s*(0[xX][0-9a-fA-F]+[uUlL]*|\d+[uUlL]*|'(?:\\.|[^'\\])'|"(?:\\.|[^"\\])*"|[A-Za-z_]\w*|\|\||&&|==|!=|<=|>=|<<|>>|[-+*/%<>!~&|^?:(),.])/y;

/** Thrown inside the evaluator when the text is not an expression. */
const FAIL = Symbol('not an expression');

function notAnExpression(): never {
  throw FAIL;
}

/** Binary operators by precedence, lowest first. */
const BINARY: string[][] = [
  ['||'],
  ['&&'],
  ['|'],
  ['^'],
  ['&'],
  ['==', '!='],
  ['<', '>', '<=', '>='],
  ['<<', '>>'],
  ['+', '-'],
  ['*', '/', '%'],
];

/**
 * The integer value of a C `#if` expression: undefined identifiers are 0 and a call of an unknown
 * function-like macro (`__has_include(...)`) is 0, as a configuration that lacks them would give;
 * undefined when the text is not an expression.
 */
export function evaluateC(
  condition: string,
  macros: ReadonlyMap<string, string>,
  depth = 0,
): number | undefined {
  const tokens: string[] = [];
  const text = stripComments(condition).trim();
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < text.length) {
    const start = TOKEN.lastIndex;
    const match = TOKEN.exec(text);
    if (!match || TOKEN.lastIndex === start) return undefined;
    tokens.push(match[1]!);
  }
  let at = 0;
  const peek = () => tokens[at];
  const expect = (token: string) => {
    if (tokens[at++] !== token) throw FAIL;
  };

  function ternary(): number {
    const test = binary(0);
    if (peek() !== '?') return test;
    at++;
    const yes = ternary();
    expect(':');
    const no = ternary();
    return test !== 0 ? yes : no;
  }
  function binary(level: number): number {
    if (level === BINARY.length) return unary();
    let left = binary(level + 1);
    while (peek() !== undefined && BINARY[level]!.includes(peek()!)) {
      const op = tokens[at++]!;
      const right = binary(level + 1);
      left = apply(op, left, right);
    }
    return left;
  }
  function unary(): number {
    const token = tokens[at++];
    if (token === undefined) throw FAIL;
    if (token === '!') return unary() === 0 ? 1 : 0;
    if (token === '~') return ~unary();
    if (token === '-') return -unary();
    if (token === '+') return unary();
    if (token === '(') {
      const value = ternary();
      expect(')');
      return value;
    }
    if (token === 'defined') {
      const parenthesised = peek() === '(';
      if (parenthesised) at++;
      const name = tokens[at++];
      if (!name || !/^[A-Za-z_]/.test(name)) throw FAIL;
      if (parenthesised) expect(')');
      return macros.has(name) ? 1 : 0;
    }
    if (/^\d/.test(token))
      return Number.parseInt(
        token.replace(/[uUlL]+$/, ''),
        /^0[xX]/.test(token) ? 16 : /^0\d/.test(token) ? 8 : 10,
      );
    if (token.startsWith("'")) return token.charCodeAt(token.length === 3 ? 1 : 2);
    if (!/^[A-Za-z_]/.test(token)) throw FAIL;
    if (peek() === '(') {
      // An unknown function-like macro: skip its arguments.
      let open = 0;
      do {
        if (tokens[at] === '(') open++;
        else if (tokens[at] === ')') open--;
        at++;
      } while (open > 0 && at < tokens.length);
      if (open > 0) throw FAIL;
      return 0;
    }
    const value = macros.get(token);
    if (value === undefined) return 0;
    // An object-like macro: its value, itself an expression (bounded, as macros may refer to each other).
    const inner = depth < 8 && value !== '' ? evaluateC(value, macros, depth + 1) : undefined;
    if (inner === undefined) throw FAIL;
    return inner;
  }

  try {
    const value = ternary();
    return at === tokens.length ? value : undefined;
  } catch (error) {
    if (error === FAIL) return undefined;
    throw error;
  }
}

/** Bitwise operators here; the rest as the review's constant folding does them. */
function apply(op: string, a: number, b: number): number {
  switch (op) {
    case '|':
      return a | b;
    case '^':
      return a ^ b;
    case '&':
      return a & b;
    case '<<':
      return a << b;
    case '>>':
      return a >> b;
    default:
      // `#if` with a division by zero does not compile: not a configuration to choose.
      return foldNumbers(op, a, b) ?? notAnExpression();
  }
}
