// Recursive merges judged by their bodies: a descent into nested objects by a key the caller chose
// is prototype pollution, unless the key was first limited to a few constant names.
import assert from 'node:assert/strict';
import { reviewJavaScript } from '../../../../../../server/src/engine/review/javascript/analyser';

function found(src: string): number[] {
  return reviewJavaScript(src, 'javascript', { checkTypes: ['security'] })
    .filter((f) => f.rule === 'codewright/prototype-pollution')
    .map((f) => f.line);
}

const merge = (condition: string): string =>
  [
    'function assign(target, source) {',
    '  Object.keys(source).forEach((key) => {',
    `    if (${condition} && typeof source[key] === 'object') {`,
    '      if (!target[key]) target[key] = {};',
    '      Object.keys(source[key]).forEach((sub) => {',
    '        target[key][sub] = source[key][sub];',
    '      });',
    '    } else {',
    '      target[key] = source[key];',
    '    }',
    '  });',
    '}',
  ].join('\n');

describe('review: prototype pollution in merges', () => {
  it('reports a descent by any key, not one limited to constant names', () => {
    assert.deepEqual(found(merge('source[key]')), [9]);
    assert.deepEqual(found(merge("['tls', 'auth'].includes(key)")), []);
    assert.deepEqual(found(merge("key === 'headers'")), []);
    // Excluding one name leaves every other key, `__proto__` included.
    assert.deepEqual(found(merge("key !== 'tls'")), [9]);
  });
});
