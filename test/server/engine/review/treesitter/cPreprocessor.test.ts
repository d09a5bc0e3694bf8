// The C/C++ compiler's view before parsing: conditionals resolved with the file's own macros (and
// `__cplusplus` for C++), export macros around declarations unwrapped, at the same lines and columns.
import assert from 'node:assert/strict';
import {
  compilerView,
  evaluateC,
  unwrapDeclarationMacros,
} from '../../../../../server/src/engine/review/treesitter/cPreprocessor';

const lines = (text: string | undefined) =>
  text!
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

describe('review: C preprocessor view', () => {
  it('evaluates #if expressions as C does: undefined names are 0', () => {
    const macros = new Map([
      ['VERSION', '3'],
      ['LEVEL', '(VERSION * 2)'],
      ['EMPTY', ''],
    ]);
    assert.equal(evaluateC('defined(VERSION) && VERSION >= 2', macros), 1);
    assert.equal(evaluateC('defined EMPTY', macros), 1);
    assert.equal(evaluateC('LEVEL == 6 ? 0x10 : 0', macros), 16);
    assert.equal(evaluateC('__STDC_VERSION__ >= 199901L', macros), 0);
    assert.equal(evaluateC('!defined(_WIN32) /* posix */', macros), 1);
    assert.equal(evaluateC('__has_include(<stdio.h>) || (1 << 2) == 4', macros), 1);
    assert.equal(evaluateC("'A' == 65", macros), 1);
    // Not expressions: an empty macro used as a value, dangling operators, stray text.
    assert.equal(evaluateC('EMPTY', macros), undefined);
    assert.equal(evaluateC('VERSION &&', macros), undefined);
    assert.equal(evaluateC('1 2', macros), undefined);
  });

  it('keeps extern "C" braces for C++ and drops them for C', () => {
    const src = [
      '#ifdef __cplusplus',
      'extern "C" {',
      '#endif',
      'int f(void);',
      '#ifdef __cplusplus',
      '}',
      '#endif',
      '',
    ].join('\n');
    const c = compilerView(src, 'c')!;
    const cpp = compilerView(src, 'cpp')!;
    assert.equal(c.length, src.length);
    assert.equal(cpp.length, src.length);
    assert.deepEqual(lines(c), ['int f(void);']);
    assert.deepEqual(lines(cpp), ['extern "C" {', 'int f(void);', '}']);
  });

  it('follows #ifndef guards, #define, #elif, #else, nesting and continued lines', () => {
    const src = [
      '#ifndef GUARD_H',
      '#define GUARD_H',
      '#define MODE 2',
      '#if MODE == 1 || \\',
      '    defined(OTHER)',
      'a',
      '#elif MODE == 2',
      'b',
      '#ifdef INNER',
      'c',
      '#endif',
      '#else',
      'd',
      '#endif',
      '#endif',
      '',
    ].join('\n');
    assert.deepEqual(lines(compilerView(src, 'c')), ['#define GUARD_H', '#define MODE 2', 'b']);
  });

  it('gives up on conditionals that do not nest', () => {
    assert.equal(compilerView('#if A\nx\n', 'c'), undefined);
    assert.equal(compilerView('x\n#endif\n', 'c'), undefined);
    assert.equal(compilerView('int main(void) { return 0; }\n', 'c'), undefined);
  });

  it('unwraps export macros around function declarations only', () => {
    const src = [
      'CJSON_PUBLIC(const char *) cJSON_GetErrorPtr(void)',
      'static EXPORT_API(int) count(void);',
      'int x = MAX(a, b);',
      'ASSERT(x) ;',
      'FOO(bar) baz;',
      'void *(MY_CDECL *allocate)(size_t size);',
      'n = malloc(SIZE * count);',
      '',
    ].join('\n');
    const out = unwrapDeclarationMacros(src);
    assert.equal(out.length, src.length);
    assert.deepEqual(lines(out), [
      'const char *  cJSON_GetErrorPtr(void)',
      `static ${' '.repeat('EXPORT_API('.length)}int  count(void);`,
      'int x = MAX(a, b);',
      'ASSERT(x) ;',
      'FOO(bar) baz;',
      'void *(         *allocate)(size_t size);',
      'n = malloc(SIZE * count);',
    ]);
  });
});
