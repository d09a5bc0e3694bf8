// XML sinks: input parsed by parsers that expand external entities (libxmljs with `noent`, its SAX
// parsers, MSXML), next to safe look-alikes (default libxmljs options, node-expat, DOMParser,
// constant documents).
import assert from 'node:assert/strict';
import { reviewJavaScript } from '../../../../../../server/src/engine/review/javascript/analyser';

function found(src: string, rule = 'codewright/xxe'): number[] {
  return reviewJavaScript(src, 'javascript', { checkTypes: ['security'] })
    .filter((f) => f.rule === rule)
    .map((f) => f.line)
    .sort((a, b) => a - b);
}

describe('review taint: XXE', () => {
  it('reports input parsed with entity expansion, not default or constant parses', () => {
    const src = [
      "const xml = require('libxmljs');",
      "const expat = require('node-expat');",
      "app.post('/x', (req, res) => {",
      '  const options = { noent: true };',
      '  xml.parseXmlString(req.body, options);',
      '  xml.parseXml(req.body);',
      '  xml.parseXml(req.body, { noent: false });',
      '  const sax = new xml.SaxParser();',
      '  sax.parseString(req.body);',
      '  new xml.SaxPushParser().push(req.query.doc);',
      "  sax.parseString('<a/>');",
      '  new expat.Parser().write(req.body);',
      "  new DOMParser().parseFromString(req.body, 'text/xml');",
      '});',
      'function legacy() {',
      "  const doc = new ActiveXObject('Microsoft.XMLDOM');",
      '  doc.loadXML(document.cookie);',
      '}',
    ].join('\n');
    assert.deepEqual(found(src), [5, 9, 10, 17]);
  });
});
