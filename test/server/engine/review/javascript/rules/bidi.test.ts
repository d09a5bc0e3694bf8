// eslint-plugin-security's detect-bidi-characters runs only on files whose text holds one of its
// characters: the same reports as the plugin's rule on every text, whichever the file, but for
// tokens whose only such characters are marks (LRM, RLM, ALM), which reorder nothing.
import assert from 'node:assert/strict';
import type { ESLint } from 'eslint';
import { Linter } from 'eslint/universal';
import { reviewJavaScript } from '../../../../../../server/src/engine/review/javascript/analyser';
import {
  BIDI_CHARACTERS,
  withBidiPrecheck,
} from '../../../../../../server/src/engine/review/javascript/rules/bidi';

const security = require('eslint-plugin-security') as ESLint.Plugin;

function lint(plugin: ESLint.Plugin, code: string): Linter.LintMessage[] {
  return new Linter({ configType: 'flat' }).verify(
    code,
    [{ plugins: { security: plugin }, rules: { 'security/detect-bidi-characters': 'error' } }],
    'input.js',
  );
}

const RLO = '\u202E';
const TEXTS = [
  `const access = "user${RLO} \u2066// admin\u2069 \u2066";\nif (access != "user") {}`,
  `// a comment ${RLO} with\n/* two\n lines \u2067 */\nconst a = 1;`,
  `const t = \`first line\n second ${RLO} line \${x} \u200F\`;`,
  `const s = 'text\u2029more${RLO}';`,
  // Near misses: escapes in the source are not the characters; an ordinary non-ASCII text.
  'const escaped = "\\u202E \\u2066";',
  'const word = "naïve — ünïcode ✓";',
];

describe('javascript rules: detect-bidi-characters only where it can report', () => {
  it('reports what the plugin rule reports, with and without the characters, but marks alone', () => {
    const reported = TEXTS.map((code) => {
      // The plugin's reports but those of tokens that hold marks alone (the message quotes the token).
      const expected = lint(security, code).filter((m) => /[\u202A-\u202E\u2066-\u2069]/u.test(m.message));
      assert.deepEqual(lint(withBidiPrecheck(security), code), expected, code);
      return expected.length;
    });
    assert.deepEqual(
      reported.map((n) => n > 0),
      [true, true, true, true, false, false],
    );
  });

  it('knows every character of the plugin rule, each alone in a file; marks alone reorder nothing', () => {
    for (const code of [
      0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069,
    ]) {
      const text = `const a = "${String.fromCodePoint(code)}";`;
      assert.ok(BIDI_CHARACTERS.test(text));
      const mark = code === 0x061c || code === 0x200e || code === 0x200f;
      assert.equal(lint(withBidiPrecheck(security), text).length, mark ? 0 : 1, code.toString(16));
    }
    // An HTML entity table's marks are data; a mark beside an override in one token is reported.
    assert.equal(
      lint(withBidiPrecheck(security), 'const e = { "lrm;": "\u200E", "rlm;": "\u200F" };').length,
      0,
    );
    assert.equal(lint(withBidiPrecheck(security), `const b = "x\u200F${RLO}y";`).length, 2);
    assert.ok(!BIDI_CHARACTERS.test('\u200D\u2065\u206A\u061B'));
  });

  it('the review still reports Trojan Source under the public rule id', () => {
    const findings = reviewJavaScript(TEXTS[0]!, 'javascript', { checkTypes: ['security'] });
    assert.ok(findings.some((finding) => finding.rule === 'security/detect-bidi-characters'));
    const clean = reviewJavaScript(TEXTS[4]!, 'javascript', { checkTypes: ['security'] });
    assert.ok(!clean.some((finding) => finding.rule === 'security/detect-bidi-characters'));
  });
});
