import assert from 'node:assert/strict';
import { LANGUAGES, isJsFamily, type LanguageId } from '../../../../../server/src/engine/languages';
import { CodewrightError } from '../../../../../server/src/engine/errors';
import { reviewWithTreeSitter } from '../../../../../server/src/engine/review/treesitter';
import { code, review } from './reviewHelper';

const TREE_SITTER_LANGUAGES = LANGUAGES.filter((l) => !isJsFamily(l));

describe('tree-sitter review: bad input and options', () => {
  for (const language of TREE_SITTER_LANGUAGES) {
    it(`${language}: empty code gives no findings`, async () => {
      assert.deepEqual(await review('', language), []);
    });

    it(`${language}: binary garbage does not crash and reports a syntax error`, async () => {
      let seed = 7;
      const bytes = Array.from({ length: 4096 }, () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 256);
      const garbage = String.fromCharCode(...bytes);
      const findings = await review(garbage, language);
      assert.ok(findings.some((f) => f.type === 'syntax'));
      for (const f of findings) assert.ok(f.line >= 1 && f.column >= 1);
    });
  }

  const broken: [LanguageId, string, number][] = [
    ['python', 'def f(:\n    return 1\n', 1],
    ['go', 'package main\n\nfunc main() {\n\tx := \n}\n', 4],
    ['java', 'class A {\n  void f() {\n    int x = ;\n  }\n}\n', 3],
    ['ruby', 'def f\n  if x\n    1\nend\n', 1],
    ['php', '<?php\nfunction f( {\n}\n', 2],
  ];
  for (const [language, src, line] of broken) {
    it(`${language}: a syntax error is one finding of type syntax on its line`, async () => {
      const syntax = (await review(src, language)).filter((f) => f.type === 'syntax');
      assert.equal(syntax.length, 1);
      assert.equal(syntax[0]!.line, line);
      assert.match(syntax[0]!.message, /Syntax error/);
    });
  }

  it('still reports rules in a file that has a syntax error elsewhere', async () => {
    const src = 'import os\ndef ok(x):\n    os.system("rm " + x)\n\ndef broken(:\n    pass\n';
    const findings = await review(src, 'python');
    assert.ok(findings.some((f) => f.rule === 'codewright/command-injection' && f.line === 3));
    assert.ok(findings.some((f) => f.type === 'syntax'));
  });

  it('keeps only the requested check types', async () => {
    const src = code`
      import os
      def f(x, items=[]):
          os.system(x)
          if x == None:
              pass
    `;
    const security = await review(src, 'python', ['security']);
    assert.deepEqual([...new Set(security.map((f) => f.type))], ['security']);
    const practices = await review(src, 'python', ['best_practices']);
    assert.deepEqual(practices.map((f) => f.rule).sort(), [
      'codewright/mutable-default-argument',
      'codewright/none-comparison',
    ]);
  });

  it('gives every finding a full range inside the code', async () => {
    const src = 'import pickle\ndef f(b):\n    return pickle.loads(b)\n';
    const [finding] = await review(src, 'python');
    assert.deepEqual([finding!.line, finding!.column, finding!.endLine, finding!.endColumn], [3, 12, 3, 27]);
  });

  it('refuses JavaScript-family languages with a CodewrightError', async () => {
    await assert.rejects(
      reviewWithTreeSitter('x', 'javascript', { checkTypes: ['security'] }),
      CodewrightError,
    );
  });

  it('stops when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(
      reviewWithTreeSitter('x = 1', 'python', { checkTypes: ['security'], signal: controller.signal }),
      (error: unknown) => error instanceof CodewrightError,
    );
  });

  it('handles a large file (about 1 MiB of Python) without failing', async () => {
    const chunk = code`
      def handler_N(request, cursor):
          name = request.args.get("name")
          cursor.execute("SELECT * FROM t WHERE name = %s", (name,))
          return [row for row in cursor.fetchall() if row is not None]
    `;
    const src = Array.from({ length: 6000 }, (_, i) => chunk.replace('N', String(i))).join('\n');
    assert.ok(src.length > 900_000);
    const findings = await review(src, 'python');
    assert.deepEqual(findings, []);
  });

  it('survives deeply nested and very long expressions without false positives', async () => {
    const parens = `x = ${'('.repeat(3000)}1${')'.repeat(3000)}\n`;
    const concat = `cur.execute("SELECT * FROM t WHERE a = " + ${Array(3000).fill('"b"').join(' + ')})\n`;
    assert.deepEqual(await review(parens + concat, 'python'), []);
    const javaSql = Array.from({ length: 40 }, (_, i) => `"col${i}, "`).join(' +\n');
    const java = `class A { void f() { String sql = "SELECT " + ${javaSql} + " FROM t"; stmt.executeQuery(sql); } }`;
    assert.deepEqual(await review(java, 'java'), []);
  });

  it('follows q = q + x to the earlier value of q', async () => {
    const src = code`
      def f(cur, name):
          q = "SELECT * FROM users"
          q = q + " WHERE name = '" + name + "'"
          cur.execute(q)
    `;
    assert.deepEqual(
      (await review(src, 'python')).map((f) => `${f.rule}@${f.line}`),
      ['codewright/sql-injection@4'],
    );
  });

  it('handles non-ASCII text before a finding (UTF-16 columns and offsets)', async () => {
    const src = 'label = "héllo 😀"\nif label == None:\n    pass\n';
    const [finding] = await review(src, 'python', ['best_practices']);
    assert.equal(finding!.line, 2);
    assert.equal(src.slice(finding!.fix![0]!.start, finding!.fix![0]!.end), '==');
  });
});
