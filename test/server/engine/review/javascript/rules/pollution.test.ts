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

  it('reads an object written whole under a key as a value, not a level created to walk into', () => {
    const partial = [
      'function partial(t) {',
      '  const res = { props: {} };',
      '  Object.keys(t.props).forEach((key) => {',
      '    res.props[key] = { ...t.props[key], optional: true };',
      '  });',
      '  return res;',
      '}',
    ].join('\n');
    assert.deepEqual(found(partial), []);
    // Near miss: an empty level created by key and then walked into is still a descent.
    const deepSet = [
      'function deepSet(obj, path, value) {',
      '  let cur = obj;',
      "  for (const part of path.split('.')) {",
      '    cur[part] = cur[part] || {};',
      '    cur = cur[part];',
      '  }',
      '  cur.value = value;',
      '}',
    ].join('\n');
    assert.deepEqual(found(deepSet), [4]);
  });

  it('spares a merge that writes only into a copy it made, not one that writes into its target', () => {
    const copying = [
      'function deepMerge(target, source) {',
      '  const merged = { ...target };',
      '  for (const key in source) {',
      '    const value = source[key];',
      '    if (isObject(merged[key]) && isObject(value)) merged[key] = deepMerge(merged[key], value);',
      '    else merged[key] = value;',
      '  }',
      '  return merged;',
      '}',
    ].join('\n');
    assert.deepEqual(found(copying), []);
    // Near misses: the target itself written, and a fresh object the walk then rebinds.
    assert.deepEqual(found(copying.replace('const merged = { ...target };', 'const merged = target;')), [5]);
    const walk = [
      'function set(path, value) {',
      '  let cur = {};',
      "  for (const part of path.split('.')) {",
      '    cur[part] = cur[part] || {};',
      '    cur = cur[part];',
      '  }',
      '  cur.v = value;',
      '}',
    ].join('\n');
    assert.deepEqual(found(walk), [4]);
  });

  it("reads a shallow extend of an object literal as the code's keys, a deep merge or input object as input's (NodeBB)", () => {
    const src = [
      "const _ = require('lodash');",
      "app.post('/login', (req, res) => {",
      '  req.session.meta = _.extend(req.session.meta, { platform: req.useragent.platform });',
      '  _.extend(req.session.meta, req.body);',
      '  _.merge(req.session.meta, { data: req.body });',
      '  _.extend(req.session.meta, { ...req.body });',
      '});',
    ].join('\n');
    assert.deepEqual(found(src), [4, 5, 6]);
  });
});
