// Loop invariance as the tree proves it: literals, flag constants and locals/parameters declared
// before the loop that nothing in it writes; loop variables, reassigned names and fields are not.
import assert from 'node:assert/strict';
import type { LanguageId } from '../../../../../../server/src/engine/languages';
import { parse } from '../../../../../../server/src/engine/parsing/treeSitter';
import {
  enclosingLoop,
  isLoopInvariant,
  LOOP_SYNTAX,
} from '../../../../../../server/src/engine/review/treesitter/performance/loops';
import { descendants } from '../../../../../../server/src/engine/review/treesitter/syntax';

/** Invariance of every argument of calls named `probe(...)`, in order. */
async function probes(src: string, language: LanguageId, callType: string): Promise<boolean[]> {
  const tree = await parse(src, language);
  try {
    const syntax = LOOP_SYNTAX[language]!;
    return descendants(tree.rootNode, callType)
      .filter((c) =>
        /(?:^|\.)probe$/.test(
          c.childForFieldName('function')?.text ?? c.childForFieldName('name')?.text ?? '',
        ),
      )
      .map((call) => {
        const loop = enclosingLoop(call, syntax);
        const arg = call.childForFieldName('arguments')!.namedChildren[0]!;
        return !!loop && isLoopInvariant(arg, loop, syntax);
      });
  } finally {
    tree.delete();
  }
}

describe('review: loop invariance', () => {
  it('Python', async () => {
    const src = [
      'def f(items, param):',
      '    local = "x"',
      '    changed = "y"',
      '    for item in items:',
      '        probe("literal")',
      '        probe(param)',
      '        probe(local + "z")',
      '        probe(item)',
      '        probe(changed)',
      '        changed += item',
      '        probe(self.field)',
      '        probe(f"{item}")',
      '',
    ].join('\n');
    assert.deepEqual(await probes(src, 'python', 'call'), [true, true, true, false, false, false, false]);
  });

  it('Java', async () => {
    const src = [
      'class A { void f(List<String> items, String param) {',
      '  String local = "x"; int n = 0;',
      '  for (String item : items) {',
      '    probe("literal"); probe(param); probe(local + "z"); probe(item); probe(n); n++; probe(field);',
      '  }',
      '} }',
    ].join('\n');
    assert.deepEqual(await probes(src, 'java', 'method_invocation'), [true, true, true, false, false, false]);
  });

  it('C#', async () => {
    const src = [
      'class A { void F(List<string> items, string param) {',
      '  var local = "x"; string o = null;',
      '  foreach (var item in items) {',
      '    Probe("literal"); Probe(param); Probe(item); Probe(o); Parse(item, out o); Probe(field);',
      '  }',
      '} }',
    ]
      .join('\n')
      .replace(/Probe/g, 'probe');
    assert.deepEqual(await probes(src, 'csharp', 'invocation_expression'), [true, true, false, false, false]);
  });
});
