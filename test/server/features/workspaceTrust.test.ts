import assert from 'node:assert/strict';
import { readTrust } from '../../../server/src/features/workspaceTrust';

describe('server/features/workspaceTrust', () => {
  it('is untrusted only when the client says so explicitly', () => {
    assert.equal(readTrust({ workspaceTrusted: false }), false);
    assert.equal(readTrust({ workspaceTrusted: true, codewright: {} }), true);
    // Neovim and other clients send nothing (or only settings): the user started the server there.
    assert.equal(readTrust(undefined), true);
    assert.equal(readTrust({ codewright: { api: { enabled: false } } }), true);
    assert.equal(readTrust({ workspaceTrusted: 'no' }), true);
    assert.equal(readTrust(null), true);
  });
});
