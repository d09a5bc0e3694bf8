import assert from 'node:assert/strict';
import { AVAILABLE_OPERATIONS } from '../../../server/src/engine/available';
import { BUILTIN_OPERATIONS } from '../../../server/src/engine/engine';

describe('engine/available', () => {
  it('names exactly the operations the engine has (the doors offer what the workers run)', () => {
    assert.deepEqual([...AVAILABLE_OPERATIONS].sort(), Object.keys(BUILTIN_OPERATIONS).sort());
  });
});
