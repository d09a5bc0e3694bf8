import assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { disableRuleEdit } from '../../../server/src/features/suppressionComment';

function apply(text: string, language: 'javascript' | 'python', line: number, rule: string): string {
  const document = TextDocument.create('file:///x', language, 1, text);
  return TextDocument.applyEdits(document, [disableRuleEdit(document, language, line, rule)]);
}

describe('features/suppressionComment', () => {
  it('inserts a line comment above, indented like the line', () => {
    assert.equal(
      apply('function f() {\n    eval(x);\n}\n', 'javascript', 1, 'codewright/code-injection'),
      'function f() {\n    // codewright-disable-next-line codewright/code-injection\n    eval(x);\n}\n',
    );
  });

  it("uses the language's comment syntax and keeps CRLF line ends", () => {
    assert.equal(
      apply('def f(cmd):\r\n\tos.system(cmd)\r\n', 'python', 1, 'codewright/command-injection'),
      'def f(cmd):\r\n\t# codewright-disable-next-line codewright/command-injection\r\n\tos.system(cmd)\r\n',
    );
  });

  it('adds the rule to a directive already above the line', () => {
    assert.equal(
      apply(
        '// codewright-disable-next-line no-var\nvar x = eval(y);\n',
        'javascript',
        1,
        'codewright/code-injection',
      ),
      '// codewright-disable-next-line no-var, codewright/code-injection\nvar x = eval(y);\n',
    );
  });

  it('leaves a directive with a reason alone and writes a new one', () => {
    const text = '// codewright-disable-next-line no-var -- legacy\nvar x = eval(y);\n';
    assert.equal(
      apply(text, 'javascript', 1, 'codewright/code-injection'),
      '// codewright-disable-next-line no-var -- legacy\n// codewright-disable-next-line codewright/code-injection\nvar x = eval(y);\n',
    );
  });

  it('works on the first line', () => {
    assert.equal(apply('eval(x);', 'javascript', 0, 'r'), '// codewright-disable-next-line r\neval(x);');
  });
});
