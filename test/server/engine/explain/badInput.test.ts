// Bad and unusual inputs: clear errors or partial explanations that say so, never a crash.
import assert from 'node:assert/strict';
import { CodewrightError } from '../../../../server/src/engine/errors';
import { explainCode, MAX_CODE_BYTES } from '../../../../server/src/engine/explain/index';
import { LANGUAGES } from '../../../../server/src/engine/languages';
import { explain } from './helpers';

async function rejects(promise: Promise<unknown>, code: string, field: string): Promise<void> {
  await assert.rejects(promise, (error: unknown) => {
    assert.ok(error instanceof CodewrightError, String(error));
    assert.equal(error.code, code);
    assert.equal(error.details.field, field);
    return true;
  });
}

describe('explain: bad input', () => {
  it('empty or blank code is a ValidationError on `code`', async () => {
    await rejects(explain('', 'javascript'), 'VALIDATION_ERROR', 'code');
    await rejects(explain('   \n\t', 'python'), 'VALIDATION_ERROR', 'code');
  });
  it('an unknown language is INVALID_LANGUAGE', async () => {
    await rejects(explain('x = 1', 'cobol'), 'INVALID_LANGUAGE', 'language');
  });
  it('code over the size limit is FILE_TOO_LARGE', async () => {
    await rejects(explain('x'.repeat(MAX_CODE_BYTES + 1), 'python'), 'FILE_TOO_LARGE', 'code');
  });
  it('a JS syntax error gives a partial explanation naming the line', async () => {
    const out = await explain('function ok() { return 1; }\nconst bad = (1 + ;\n', 'javascript');
    assert.equal(out.details!.syntax_error?.line, 2);
    assert.match(out.explanation.summary, /^Partial explanation: the code does not parse .* at line 2/);
    assert.ok(out.details!.units.some((u) => u.name === 'ok'));
  });
  it('a syntax error in each tree-sitter language is reported with its line', async () => {
    const broken: Record<string, string> = {
      python: 'def f(:\n    pass\n',
      go: 'package main\nfunc f( {\n',
      java: 'class A { void f( { } }',
      rust: 'fn f( {',
      c: 'int f( {',
      cpp: 'int f( {',
      csharp: 'class A { void F( { } }',
      ruby: 'def f(\n',
      php: '<?php function f( {',
    };
    for (const [language, code] of Object.entries(broken)) {
      const out = await explain(code, language);
      assert.ok(out.details!.syntax_error, `${language}: no syntax error reported`);
      assert.match(out.explanation.summary, /Partial explanation/, language);
    }
  });
  it('binary-looking garbage does not crash', async () => {
    const garbage = Array.from({ length: 2000 }, (_, i) => String.fromCharCode((i * 7919) % 65535)).join('');
    for (const language of ['javascript', 'python', 'go']) {
      const out = await explain(garbage, language);
      assert.equal(typeof out.explanation.summary, 'string');
    }
  });
  it('deeply nested code stays bounded', async () => {
    const depth = 400;
    const code = `${'if (x) {\n'.repeat(depth)}y();\n${'}\n'.repeat(depth)}`;
    const out = await explain(code, 'javascript', 'detailed');
    assert.ok(out.explanation.breakdown.length <= 300);
  });
  it('pathologically deep nesting is a clear UNPROCESSABLE error, not a crash', async () => {
    const depth = 20000;
    await rejects(
      explain(`x = ${'['.repeat(depth)}${']'.repeat(depth)};`, 'javascript'),
      'UNPROCESSABLE',
      'code',
    );
    await rejects(explain(`x = ${'['.repeat(depth)}${']'.repeat(depth)}`, 'python'), 'UNPROCESSABLE', 'code');
  });
  it('huge inputs cap the breakdown and say so', async () => {
    const code = Array.from({ length: 2000 }, (_, i) => `x${i} = ${i}`).join('\n');
    const out = await explain(code, 'python', 'detailed');
    assert.equal(out.explanation.breakdown.length, 300);
    assert.equal(out.details!.breakdown_truncated, true);
    assert.match(out.explanation.summary, /limited to the first 300 of 2000 entries/);
  });
  it('every accepted language explains a trivial snippet', async () => {
    const snippets: Record<string, string> = {
      python: 'x = 1\n',
      go: 'package main\nvar x = 1\n',
      java: 'class A { int x = 1; }',
      rust: 'fn main() { let x = 1; }',
      c: 'int x = 1;',
      cpp: 'int x = 1;',
      csharp: 'class A { int x = 1; }',
      ruby: 'x = 1',
      php: '<?php $x = 1;',
    };
    for (const language of LANGUAGES) {
      const code = snippets[language] ?? 'const x = 1;';
      const out = await explainCode({ code, language, detail_level: 'standard' });
      assert.ok(out.explanation.breakdown.length >= 1, language);
      assert.ok(!out.details!.syntax_error, `${language}: unexpected syntax error`);
    }
  });
  it('a cancelled request stops with a clear error', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(
      explainCode(
        { code: 'x = 1', language: 'python', detail_level: 'brief' },
        { signal: controller.signal },
      ),
      CodewrightError,
    );
  });
});

describe('explain: detail levels', () => {
  const code = [
    'import os',
    '',
    'def walk(root):',
    '    found = []',
    '    for name in os.listdir(root):',
    '        if name.endswith(".py"):',
    '            found.append(name)',
    '    return found',
    '',
    'print(walk("."))',
  ].join('\n');

  it('brief lists top-level units and statements only', async () => {
    const out = await explain(code, 'python', 'brief');
    assert.deepEqual(
      out.explanation.breakdown.map((b) => b.line),
      [1, 3, 10],
    );
    assert.match(
      out.explanation.breakdown[1]!.explanation,
      /^Defines `walk\(root\)` \(function, lines 3-8\); takes `root`; loops over `os.listdir\(root\)`; calls `os.listdir`, `name.endswith` and `found.append`; returns a value/,
    );
  });
  it('standard adds function bodies and their first nested blocks', async () => {
    const lines = (await explain(code, 'python', 'standard')).explanation.breakdown.map((b) => b.line);
    // Two levels below a function: its body and one nested block.
    assert.deepEqual(lines, [1, 3, 4, 5, 6, 8, 10]);
  });
  it('detailed covers every statement, naming identifiers', async () => {
    const out = await explain(code, 'python', 'detailed');
    assert.deepEqual(
      out.explanation.breakdown.map((b) => b.line),
      [1, 3, 4, 5, 6, 7, 8, 10],
    );
    const byLine = new Map(out.explanation.breakdown.map((b) => [b.line, b.explanation]));
    assert.equal(byLine.get(4), 'Assigns `[]` to `found`.');
    assert.equal(byLine.get(5), 'Loops over `os.listdir(root)`, binding each element to `name`.');
    assert.equal(byLine.get(7), 'Calls `found.append` with `name`.');
    assert.equal(byLine.get(8), 'Returns `found` to the caller.');
    assert.match(byLine.get(10)!, /^Calls `print` with `walk\("."\)` \(console output\)/);
  });
});
