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

  it('treats # in shell as a comment only at a word start', () => {
    assert.deepEqual(count('sh', '#!/bin/sh\necho ${#x}\n# note\n'), { code: 1, comment: 2, blank: 0 });
  });

  it('counts every non-blank JSON line as code and handles a missing final newline', () => {
    assert.deepEqual(count('json', '{\n\n  "a": "//"\n}'), { code: 3, comment: 0, blank: 1 });
    assert.deepEqual(count('js', ''), { code: 0, comment: 0, blank: 0 });
  });

  it('knows files by extension and by name', () => {
    assert.equal(languageOfFile('a.d.ts')?.name, 'TypeScript');
    assert.equal(languageOfFile('Makefile')?.name, 'make');
    assert.equal(languageOfFile('README'), undefined);
  });
});
