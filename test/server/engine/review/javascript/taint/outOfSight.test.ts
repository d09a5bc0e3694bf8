// Objects of classes the file does not declare, in JavaScript: the JavaScript taint engine gives an
// object built by `new C(...)` of a class out of sight nothing of its arguments (`calls.ts`
// `construct`), so a property read off one is never a finding at all — stricter than the tree-sitter
// languages' medium step (table `outOfSight`). The near misses are reported high: the file's own
// class, `URL` (a class whose parts the engine knows), and the source read directly.
import assert from 'node:assert/strict';
import { reviewJavaScript } from '../../../../../../server/src/engine/review/javascript/analyser';

describe('review taint: objects of classes out of sight (JavaScript)', () => {
  it("reports no property of an object of a class out of sight; the file's class, URL and the value stay high", () => {
    const src = [
      "const express = require('express');",
      "const fs = require('fs');",
      'const app = express();',
      'class Mine { constructor(v) { this.v = v; } }',
      "app.get('/', (req, res) => {",
      '  const p = req.query.p;',
      '  const f = new Foreign(p);',
      '  fs.readFileSync(f.path);',
      '  const m = new Mine(p);',
      '  fs.readFileSync(m.v);',
      '  fs.readFileSync(p);',
      '  fs.readFileSync(new URL(p).pathname);',
      '});',
    ].join('\n');
    const found = reviewJavaScript(src, 'javascript', { checkTypes: ['security'] })
      .filter((f) => f.rule === 'codewright/path-traversal')
      .map((f) => `${f.line} ${f.severity}`);
    assert.deepEqual(found, ['10 high', '11 high', '12 high']);
  });
});
