// Token counting for CONTEXT_TOO_LONG (server/src/engine/limits.ts): exact against js-tiktoken on
// ordinary text, bounded in time on pathological text, and the byte early exit is sound.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { Tiktoken } from 'js-tiktoken/lite';
import { assertWithinContextWindow, countTokens, inputText } from '../../server/src/engine/limits';
import { CodewrightError } from '../../server/src/engine/errors';

describe('engine limits: token counting', () => {
  let reference: Tiktoken;
  before(() => {
    reference = new Tiktoken(require('js-tiktoken/ranks/o200k_base'));
  });

  it('counts exactly as js-tiktoken (o200k_base) on code, prose and unicode', () => {
    const samples = [
      '',
      'hello world',
      readFileSync('api/src/app.ts', 'utf8'),
      readFileSync('server/src/engine/contracts/index.ts', 'utf8'),
      'def f(x):\n    return x ** 2  # квадрат 二乗 🚀\n',
      '<|endoftext|> is plain text here',
      'if (a<=b&&c!==d) { x >>>= 2; }',
    ];
    for (const text of samples)
      assert.equal(countTokens(text), reference.encode(text, [], []).length, text.slice(0, 40));
  });

  it('stays fast on one enormous piece (where plain BPE is cubic) and never counts fewer than bytes/8', () => {
    const start = performance.now();
    const tokens = countTokens('x'.repeat(200_000));
    assert.ok(performance.now() - start < 5_000);
    assert.ok(tokens >= 200_000 / 8 && tokens <= 200_000);
  });

  it('stops counting once past the limit', () => {
    const text = 'word '.repeat(10_000);
    assert.ok(countTokens(text, 100) > 100);
    assert.ok(countTokens(text, 100) < countTokens(text));
  });

  it('gathers every string of an input and refuses only what exceeds the window', () => {
    assert.equal(inputText({ a: 'one', b: ['two', { c: 'three' }], n: 4, t: true }), 'one\ntwo\nthree');
    assertWithinContextWindow({ code: 'x'.repeat(100) }, 100); // bytes <= window: cannot exceed
    assertWithinContextWindow({ code: 'a'.repeat(400) }, 100); // 400 bytes, but only 50 tokens
    assert.throws(
      () => assertWithinContextWindow({ code: 'alpha beta gamma delta '.repeat(40) }, 100),
      (error: CodewrightError) => error.code === 'CONTEXT_TOO_LONG' && error.status === 400,
    );
  });
});
