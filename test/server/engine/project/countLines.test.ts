import assert from 'node:assert/strict';
import { countLines } from '../../../../server/src/engine/project/size/countLines';
import { BY_EXTENSION, languageOfFile } from '../../../../server/src/engine/project/size/syntax';

const count = (ext: string, text: string) => countLines(text, BY_EXTENSION[ext]!.syntax);

describe('countLines', () => {
  it('splits code, comment and blank lines of JavaScript', () => {
    const text = ['// a comment', '', 'const a = 1; // trailing', '/*', ' * block', ' */', 'a;', '   '].join(
      '\n',
    );
    assert.deepEqual(count('js', text), { code: 2, comment: 4, blank: 2 });
  });

  it('does not see comment markers inside strings, template literals or regular expressions', () => {
    const text = [
      'const glob = "**/*.js";',
      "const url = 'http://example.com';",
      'const t = `// not a comment ${"/*"} still`;',
      'const re = /\\/\\*"/;',
      'x = a / b; // division, then a comment',
    ].join('\n');
    assert.deepEqual(count('js', text), { code: 5, comment: 0, blank: 0 });
  });

  it('keeps multi-line template literals as code, with their blank lines blank', () => {
    assert.deepEqual(count('ts', 'const s = `\n/* text */\n\n`;\n'), { code: 3, comment: 0, blank: 1 });
  });

  it('nests block comments where the language does (Rust) and not where it does not (C)', () => {
    const text = '/* outer /* inner */ still comment */\nfn main() {}\n';
    assert.deepEqual(count('rs', text), { code: 1, comment: 1, blank: 0 });
    // In C the first */ closes the comment, so the rest of the line is code.
    assert.deepEqual(count('c', text), { code: 2, comment: 0, blank: 0 });
  });

  it('reads Rust lifetimes as code and char literals as strings', () => {
    assert.deepEqual(count('rs', "fn f<'a>(x: &'a str) -> char { '\"' } // c\n// only\n"), {
      code: 1,
      comment: 1,
      blank: 0,
    });
  });

  it('counts Python docstrings as comment and other strings as code', () => {
    const text = [
      'def f():',
      '    """Docstring',
      '    # not a separate comment',
      '    """',
      '    s = """text',
      'more"""',
      "    return '#'  # real comment",
      '# comment',
    ].join('\n');
    assert.deepEqual(count('py', text), { code: 4, comment: 4, blank: 0 });
  });

  it('treats # in shell as a comment only at a word start, and a #! first line as code (as cloc does)', () => {
    assert.deepEqual(count('sh', '#!/bin/sh\necho ${#x}\n# note\n'), { code: 2, comment: 1, blank: 0 });
    assert.deepEqual(count('py', '#!/usr/bin/env python3\n# c\nx = 1\n#!not first\n'), {
      code: 2,
      comment: 2,
      blank: 0,
    });
  });

  it('counts every non-blank JSON line as code and handles a missing final newline', () => {
    assert.deepEqual(count('json', '{\n\n  "a": "//"\n}'), { code: 3, comment: 0, blank: 1 });
    assert.deepEqual(count('js', ''), { code: 0, comment: 0, blank: 0 });
  });

  it('counts the line of a one-line string or regular expression that ends in a backslash', () => {
    // C continues a string over a backslash-newline; the newline is still a line of its own.
    assert.deepEqual(count('c', 'char *s = "abc\\\ndef"; // x\n// only\n'), {
      code: 2,
      comment: 1,
      blank: 0,
    });
    assert.deepEqual(count('js', 'x = /a\\\n// c\n'), { code: 1, comment: 1, blank: 0 });
  });

  it('reads the same counts whichever order languages come in (one lexicon per syntax)', () => {
    const js = 'const re = /\\/\\*/; // c\n/* b */ x;\n';
    const py = 'def f():\n    """doc"""\n    return 1\n';
    const first = [count('js', js), count('py', py), count('rs', '/* a /* b */ */\nfn f() {}\n')];
    const again = [count('js', js), count('py', py), count('rs', '/* a /* b */ */\nfn f() {}\n')];
    assert.deepEqual(again, first);
    assert.deepEqual(first, [
      { code: 2, comment: 0, blank: 0 },
      { code: 2, comment: 1, blank: 0 },
      { code: 1, comment: 1, blank: 0 },
    ]);
  });

  it('treats a line of spaces and a byte-order mark as blank, a no-break space as code (as cloc does)', () => {
    assert.deepEqual(count('ts', '\ufeff\n \t \nconst é = 1;\n\u00a0\n'), { code: 2, comment: 0, blank: 2 });
    assert.deepEqual(count('json', '{\n \t\n\u00a0\n}\n  '), { code: 3, comment: 0, blank: 2 });
  });

  it('knows files by extension and by name', () => {
    assert.equal(languageOfFile('a.d.ts')?.name, 'TypeScript');
    assert.equal(languageOfFile('Makefile')?.name, 'make');
    assert.equal(languageOfFile('README'), undefined);
  });
});
