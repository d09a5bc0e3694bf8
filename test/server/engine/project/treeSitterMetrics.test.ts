import assert from 'node:assert/strict';
import type { LanguageId } from '../../../../server/src/engine/languages';
import { treeSitterFileMetrics } from '../../../../server/src/engine/project/analysis/treeSitterMetrics';

/** Complexity per function name (McCabe: 1 + each decision), in document order. */
async function complexities(
  language: LanguageId,
  code: string,
  rel = 'src/file',
): Promise<Record<string, number>> {
  const metrics = await treeSitterFileMetrics(code, language, rel);
  return Object.fromEntries(metrics.functions.map((f) => [f.name, f.complexity]));
}

describe('treeSitterFileMetrics', () => {
  it('Python: if/elif, loops, except, and/or, conditional expressions, comprehensions, match arms', async () => {
    const code = [
      'def f(a, b):',
      '    if a and b or a:', // if +1, and +1, or +1
      '        pass',
      '    elif b:', // +1
      '        pass',
      '    for i in a:', // +1
      '        while b:', // +1
      '            pass',
      '    try:',
      '        pass',
      '    except ValueError:', // +1
      '        pass',
      '    v = [i for i in a if i]', // for +1, if +1
      '    w = 1 if a else 2', // +1
      '    match a:',
      '        case 1:', // +1
      '            pass',
      '        case _:', // wildcard: +0
      '            pass',
      '    g = lambda q: q', // its own function
      '',
      'def plain():',
      '    return 1',
    ].join('\n');
    assert.deepEqual(await complexities('python', code), { f: 12, '(anonymous)': 1, plain: 1 });
  });

  it('Go: if, for, cases (not default), && and ||, function literals apart', async () => {
    const code = [
      'package m',
      'func f(a int, b bool) int {',
      '  if a > 1 && b || !b { }', // +3
      '  for i := 0; i < a; i++ { }', // +1
      '  switch a { case 1: ; case 2: ; default: }', // +2
      '  g := func() { if b { } }', // own: 2
      '  _ = g',
      '  return 0',
      '}',
      'func (r R) m() {}',
    ].join('\n');
    assert.deepEqual(await complexities('go', code), { f: 7, '(anonymous)': 2, m: 1 });
  });

  it('Java: loops, case labels, catch, ternary, lambdas; abstract methods are not functions', async () => {
    const code = [
      'abstract class A {',
      '  abstract int none();',
      '  int f(int a, boolean b) {',
      '    if (a > 1 && b) {}', // +2
      '    for (int x : xs) {}', // +1
      '    do {} while (b);', // +1
      '    switch (a) { case 1: break; case 2: break; default: }', // +2
      '    try {} catch (Exception e) {}', // +1
      '    int v = b ? 1 : 2;', // +1
      '    Runnable r = () -> { if (b) {} };', // own: 2
      '    return v;',
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(await complexities('java', code), { f: 9, '(anonymous)': 2 });
  });

  it('C#: ?? counts, a default section and a discard arm do not', async () => {
    const code = [
      'class A {',
      '  int F(int a, object b) {',
      '    var c = b ?? a;', // +1
      '    foreach (var x in xs) {}', // +1
      '    switch (a) { case 1: break; default: break; }', // +1
      '    var s = a switch { 1 => 2, 2 => 3, _ => 4 };', // +2
      '    return a > 0 || a < -5 ? 1 : 0;', // || +1, ?: +1
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(await complexities('csharp', code), { F: 8 });
  });

  it('C/C++: names from declarators, case (not default), quoted includes as references', async () => {
    const code = [
      '#include "util.h"',
      '#include <stdio.h>',
      'int A::m(int a) {',
      '  switch (a) { case 1: return 1; default: return 0; }', // +1
      '}',
      'static int f(int a) { return a > 0 && a < 9 ? 1 : 0; }', // && +1, ?: +1
      'auto g = [](int q) { return q ? 1 : 0; };', // a lambda: anonymous, ?: +1
    ].join('\n');
    const metrics = await treeSitterFileMetrics(code, 'cpp', 'src/a.cpp');
    assert.deepEqual(
      metrics.functions.map((f) => [f.name, f.complexity, f.line]),
      [
        ['A::m', 2, 3],
        ['f', 3, 6],
        ['(anonymous)', 2, 7],
      ],
    );
    assert.deepEqual(metrics.references, [['src/util.h']]);
  });

  it('Rust: match arms except the wildcard, closures apart', async () => {
    const code = [
      'fn f(a: i32) -> i32 {',
      '  if a > 1 || a < 0 {}', // +2
      '  for x in xs {}', // +1
      '  let r = |q: i32| if q > 0 { 1 } else { 0 };', // own: 2
      '  match a { 1 => 2, 2 => 3, _ => 4 }', // +2
      '}',
    ].join('\n');
    assert.deepEqual(await complexities('rust', code), { f: 6, '(anonymous)': 2 });
  });

  it('Ruby: modifiers, unless, when and rescue', async () => {
    const code = [
      'def f(a)',
      '  x = 1 if a', // +1
      '  unless a then 1 end', // +1
      '  case a',
      '  when 1 then 2', // +1
      '  else 3',
      '  end',
      '  begin',
      '  rescue StandardError', // +1
      '  end',
      '  a && a.b', // +1
      'end',
    ].join('\n');
    assert.deepEqual(await complexities('ruby', code), { f: 6 });
  });

  it('PHP: elseif, case, match arms (not default), arrow functions apart', async () => {
    const code = [
      '<?php',
      'function f($a) {',
      '  if ($a) {} elseif ($a > 1) {}', // +2
      '  switch ($a) { case 1: break; default: break; }', // +1
      '  $m = match($a) { 1 => 2, default => 3 };', // +1
      '  $g = fn($q) => $q ?? 1;', // own: 2
      '  return $a;',
      '}',
    ].join('\n');
    assert.deepEqual(await complexities('php', code), { f: 5, '(anonymous)': 2 });
  });

  it('resolves Python relative imports to candidate files', async () => {
    const code = 'from .models import User\nfrom .. import settings\n';
    const metrics = await treeSitterFileMetrics(code, 'python', 'app/api/views.py');
    assert.deepEqual(metrics.references, [
      ['app/api/models.py', 'app/api/models/__init__.py'],
      ['app/settings.py', 'app/__init__.py'],
    ]);
  });

  it('gives Python absolute imports candidates beside the file, at the root and under src/', async () => {
    const code = 'import pkg.util as u, os\nfrom pkg import models\n';
    const metrics = await treeSitterFileMetrics(code, 'python', 'tools/run.py');
    const under = (root: string, ...files: string[]) => files.map((f) => `py:${root}:${f}`);
    assert.deepEqual(metrics.references, [
      [
        ...under('tools', 'tools/pkg/util.py', 'tools/pkg/util/__init__.py'),
        ...under('', 'pkg/util.py', 'pkg/util/__init__.py'),
        ...under('src', 'src/pkg/util.py', 'src/pkg/util/__init__.py'),
      ],
      [
        ...under('tools', 'tools/os.py', 'tools/os/__init__.py'),
        ...under('', 'os.py', 'os/__init__.py'),
        ...under('src', 'src/os.py', 'src/os/__init__.py'),
      ],
      [
        ...under(
          'tools',
          'tools/pkg/models.py',
          'tools/pkg/models/__init__.py',
          'tools/pkg.py',
          'tools/pkg/__init__.py',
        ),
        ...under('', 'pkg/models.py', 'pkg/models/__init__.py', 'pkg.py', 'pkg/__init__.py'),
        ...under(
          'src',
          'src/pkg/models.py',
          'src/pkg/models/__init__.py',
          'src/pkg.py',
          'src/pkg/__init__.py',
        ),
      ],
    ]);
  });

  it('names Go imports by import path and Java imports by class path or package', async () => {
    const go = 'package main\nimport (\n\t"fmt"\n\tx "example.com/m/internal/foo"\n)\n';
    assert.deepEqual((await treeSitterFileMetrics(go, 'go', 'cmd/main.go')).references, [
      ['go:fmt'],
      ['go:example.com/m/internal/foo'],
    ]);
    const java = [
      'package com.example.app;',
      'import com.example.foo.Bar;',
      'import com.example.util.*;',
      'import static com.example.Baz.method;',
      'class X {}',
    ].join('\n');
    assert.deepEqual(
      (await treeSitterFileMetrics(java, 'java', 'src/main/java/com/example/app/X.java')).references,
      [['*/com/example/foo/Bar.java'], ['*/com/example/util/'], ['*/com/example/Baz.java']],
    );
  });

  it('gives a Halstead volume, and the top level as a function when it branches', async () => {
    const metrics = await treeSitterFileMetrics('x = 1 if y else 2\n', 'python', 'a.py');
    assert.deepEqual(
      metrics.functions.map((f) => f.complexity),
      [2],
    );
    assert.ok(metrics.halsteadVolume > 0);
  });

  it('walks deeply nested code without overflowing and measures code that does not parse', async () => {
    const deep = `def f():\n    return ${'('.repeat(5000)}1${')'.repeat(5000)}\n`;
    assert.equal((await complexities('python', deep)).f, 1);
    const broken = 'def g(:\n    if a:\n        pass\n';
    const metrics = await treeSitterFileMetrics(broken, 'python', 'b.py');
    assert.ok(metrics.functions.length >= 1);
  });
});
