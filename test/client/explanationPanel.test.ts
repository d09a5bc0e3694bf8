import './useFakeVscode';
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { ExplanationPanel, savedResult } from '../../client/src/explanationPanel';
import type { ExplainRequest } from '../../server/src/protocol';
import { fakeWebviewPanel, serializers } from './fakeVscode';

const RESULT: ExplainRequest.Result = {
  uri: 'file:///w/app.py',
  languageId: 'python',
  startLine: 3,
  endLine: 9,
  title: 'function `load`',
  detailLevel: 'standard',
  explanation: { summary: 'Loads.', breakdown: [], concepts: [], performance_impact: 'O(n)' },
  units: [],
  sideEffects: [],
};

describe('client/explanationPanel', () => {
  it('restores the panel after a reload from the state its webview saved', async () => {
    const asked: string[] = [];
    const registration = ExplanationPanel.register(vscode.Uri.file('/ext'), (result) => async (level) => {
      asked.push(`${result.uri}:${level}`);
      return { ...result, detailLevel: level ?? 'standard' };
    });
    const serializer = serializers.get('codewright.explanation');
    assert.ok(serializer, 'a WebviewPanelSerializer for the explanation view');
    const { panel, posted, send } = fakeWebviewPanel();
    await serializer.deserializeWebviewPanel(panel, { result: RESULT });
    assert.equal(panel.title, "Explain: function 'load'");
    assert.match(panel.webview.html, /Content-Security-Policy/);
    assert.match(panel.webview.html, /webview:\/ext\/media\/explanation\.js/);
    send({ type: 'ready' });
    assert.deepEqual(posted, [{ type: 'explanation', result: RESULT }]);
    send({ type: 'detail', level: 'brief' });
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(asked, ['file:///w/app.py:brief']);
    assert.equal((posted.at(-1) as { result: ExplainRequest.Result }).result.detailLevel, 'brief');
    registration.dispose();
  });

  it('ignores saved state that is not an explanation', () => {
    assert.equal(savedResult(undefined), undefined);
    assert.equal(savedResult({ result: { uri: 1 } }), undefined);
    assert.equal(savedResult({ result: { ...RESULT, units: 'x' } }), undefined);
    assert.deepEqual(savedResult({ result: RESULT }), RESULT);
  });
});
