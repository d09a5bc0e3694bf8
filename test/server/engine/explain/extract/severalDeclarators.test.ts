// A declaration of several names (C/C++ `int n = s.size(), m = t.size();`, Java `int a = 0, b = 1;`,
// C# `int n = s.Length, m = t.Length;`) is one statement per declarator, each with its own target,
// value and text: before, the statement named the first declarator only and took its value from the
// first declarator that had one (`int a, b = 2;` read `a = 2`), so readings that look a local up by
// its target did not see the later names. Written here, not taken from any corpus.
import assert from 'node:assert/strict';
import { treeSitterFacts } from '../../../../../server/src/engine/explain/extract/treeSitterFacts';
import type { LanguageId } from '../../../../../server/src/engine/languages';

async function declarations(language: string, code: string): Promise<string[]> {
  const facts = await treeSitterFacts(code, language as LanguageId);
  return facts.statements
    .filter((s) => s.kind === 'declaration')
    .map((s) => `${s.target?.trim()} = ${s.value?.trim() ?? '-'} | ${s.code} @${s.line}`);
}

describe('explain extract: declarations of several names', () => {
  it('gives each declarator of a C++ declaration its own statement, target, value and text', async () => {
    const found = await declarations(
      'cpp',
      'int f(string s, string t) {\n  int n = s.size(), m = t.size();\n  int a, b = 2, *c = nullptr;\n  return n + m;\n}',
    );
    assert.deepEqual(found, [
      'n = s.size() | int n = s.size(); @2',
      'm = t.size() | int m = t.size(); @2',
      'a = - | int a; @3',
      'b = 2 | int b = 2; @3',
      'c = nullptr | int *c = nullptr; @3',
    ]);
  });
  it('does the same in C, Java and C#, keeping qualifiers before the type', async () => {
    const codes: Record<string, string> = {
      c: 'int f(char* s, char* t) {\n  const int n = strlen(s), m = strlen(t);\n  return n + m;\n}',
      java: 'class A { int f(String s, String t) {\n  final int n = s.length(), m = t.length();\n  return n + m;\n} }',
      csharp:
        'class A { int F(string s, string t) {\n  const int n = s.Length, m = t.Length;\n  return n + m;\n} }',
    };
    for (const [language, code] of Object.entries(codes)) {
      const found = await declarations(language, code);
      assert.equal(found.length, 2, `${language}: ${found.join(' / ')}`);
      assert.match(found[0]!, /^n = \S+ \| (const|final) int n = \S+; @2$/, language);
      assert.match(found[1]!, /^m = \S+ \| (const|final) int m = \S+; @2$/, language);
    }
  });
  it('C++: each container built with a count in one declaration is an allocation of its own', async () => {
    const facts = await treeSitterFacts(
      'int f(int n, int m) {\n  vector<int> d(n), e(m);\n  return 0;\n}',
      'cpp' as LanguageId,
    );
    const calls = facts.units[0]!.body.filter((f) => f.kind === 'call').map(
      (f) => f.kind === 'call' && `${f.callee}(${f.args.join(', ')})`,
    );
    assert.deepEqual(calls, ['vector<int>(n)', 'vector<int>(m)']);
  });
  it('near miss: a declaration of one name, and Go’s `n, m := …`, are read as before', async () => {
    assert.deepEqual(await declarations('cpp', 'int f(string s) {\n  int n = s.size();\n  return n;\n}'), [
      'n = s.size() | int n = s.size(); @2',
    ]);
    assert.deepEqual(
      await declarations(
        'go',
        'package main\nfunc f(s, t string) int {\n  n, m := len(s), len(t)\n  return n + m\n}',
      ),
      ['main = - | package main @1', 'n, m = len(s), len(t) | n, m := len(s), len(t) @3'],
    );
  });
});
