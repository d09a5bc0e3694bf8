// Golden cases for the sixteenth round (issue 16): a JS/TS table of string literals declared with
// `const` / `let` (`const d: Record<number, string> = { 0: 'zero', … }`, `const d = ['zero', …]`)
// has elements as long as the text writes them, as Go, Python and PHP tables already had — the
// declaration's operator is its keyword in JS/TS, so the rule never saw them; long literals reach it
// cut short after a comma (`…, 4: 'four', 5...`). Near miss: a table whose element is also written
// from the input keeps its reading. Written here, not taken from a corpus.
import assert from 'node:assert/strict';
import { complexityOf } from '../helpers';

/** Spells each decimal digit of `n` through the table `d`; `extra` runs before the loop. */
function spell(table: string, extra = ''): string {
  return `function spell(n: number, s: string): number {
    const d${table};
${extra}    let mask = 0;
    while (n > 0) {
        const x = n % 10;
        n = Math.floor(n / 10);
        for (const c of d[x]) {
            mask ^= c.charCodeAt(0);
        }
    }
    return mask;
}`;
}

const RECORD = `: Record<number, string> = {
        0: 'zero',
        1: 'one',
        2: 'two',
        3: 'three',
        4: 'four',
        5: 'five',
        6: 'six',
        7: 'seven',
        8: 'eight',
        9: 'nine',
    }`;

describe('explain complexity: JS/TS tables of string literals', () => {
  it('a TS record of digit names indexed by a digit is a fixed-size element', async () => {
    assert.equal(await complexityOf(spell(RECORD), 'typescript', 'spell'), 'O(log n)');
  });

  it('a TS list of digit names indexed by a digit is a fixed-size element', async () => {
    const code = spell(` = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine']`);
    assert.equal(await complexityOf(code, 'typescript', 'spell'), 'O(log n)');
  });

  it('near miss: an element also written from the input keeps its reading', async () => {
    const code = spell(RECORD, '    d[0] = s;\n');
    assert.equal(await complexityOf(code, 'typescript', 'spell'), 'O(m log n)');
  });
});
