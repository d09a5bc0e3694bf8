import './useFakeVscode';
import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { needsServerRestart, offerRestart } from '../../client/src/config';

function changeOf(...settings: string[]): vscode.ConfigurationChangeEvent {
  return {
    affectsConfiguration: (section: string) =>
      settings.some((s) => s === section || s.startsWith(`${section}.`)),
  };
}

describe('client/config', () => {
  it('asks for a restart only when the data folder changes', () => {
    assert.equal(needsServerRestart(changeOf('codewright.dataDir')), true);
    // The server follows these itself (it restarts the api on the new port).
    assert.equal(needsServerRestart(changeOf('codewright.api.port')), false);
    assert.equal(needsServerRestart(changeOf('codewright.api.enabled')), false);
    assert.equal(needsServerRestart(changeOf('editor.fontSize')), false);
  });

  it('does not bother the user for settings the server follows', async () => {
    assert.equal(await offerRestart(changeOf('codewright.review.onType')), false);
  });
});
