// JSON.parse of a value that cannot change between iterations, with per-iteration look-alikes.
import assert from 'node:assert/strict';
import { reviewJavaScript } from '../../../../../../server/src/engine/review/javascript/analyser';

function lines(code: string): number[] {
  return reviewJavaScript(code, 'typescript', { checkTypes: ['performance'] })
    .filter((f) => f.rule === 'codewright/json-parse-in-loop')
    .map((f) => f.line);
}

describe('review: JSON.parse in loops', () => {
  it('reports literals, outer consts and outer variables the loop never assigns', () => {
    const code = [
      'export function f(users: { raw: string }[], rawDefaults: string) {',
      '  const DEFAULTS = "{\\"a\\":1}";',
      '  let settings = "{}";',
      '  for (const user of users) {',
      '    const a = JSON.parse(DEFAULTS);',
      '    const b = JSON.parse(\'{"x":1}\');',
      '    const c = JSON.parse(rawDefaults);',
      '    const d = JSON.parse(settings);',
      '  }',
      '  users.forEach((u) => JSON.parse(DEFAULTS));',
      '}',
    ].join('\n');
    assert.deepEqual(lines(code), [5, 6, 7, 8, 10]);
  });

  it('does not report per-iteration values, reassigned variables or property reads', () => {
    const code = [
      'export function f(users: { raw: string }[], config: { raw: string }) {',
      '  let current = "{}";',
      '  for (const user of users) {',
      '    const a = JSON.parse(user.raw);',
      '    const text = user.raw;',
      '    const b = JSON.parse(text);',
      '    const c = JSON.parse(current);',
      '    current = user.raw;',
      '    const d = JSON.parse(config.raw);',
      '  }',
      '  const once = JSON.parse(current);',
      '}',
    ].join('\n');
    assert.deepEqual(lines(code), []);
  });
});
