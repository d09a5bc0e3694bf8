// Golden cases for the thirteenth round (issue 16): KMP with the link index kept one below the
// position (`j = -1; while j + 1 > 0 and pattern[j + 1] != text[i]: j = prefix[j]`) follows failure
// links back, as `while j > 0 and …: j = prefix[j - 1]` already did: the passes are shared out over
// the scan. Near miss: the same condition with a body that does not follow a link indexed by `j`.
// Written here, not taken from a corpus.
import assert from 'node:assert/strict';
import { complexityOf } from '../helpers';

describe('explain complexity: failure links kept one below the position', () => {
  it('a prefix function with j starting at -1 is linear', async () => {
    const code = `def get_prefix(pattern):
    prefix = [-1] * len(pattern)
    j = -1
    for i in range(1, len(pattern)):
        while j + 1 > 0 and pattern[j + 1] != pattern[i]:
            j = prefix[j]
        if pattern[j + 1] == pattern[i]:
            j += 1
        prefix[i] = j
    return prefix
`;
    assert.equal(await complexityOf(code, 'python', 'get_prefix'), 'O(n)');
  });

  it('near miss: a body that does not follow a link indexed by j stays unknown', async () => {
    const code = `def walk(pattern, back):
    j = -1
    for i in range(1, len(pattern)):
        while j + 1 > 0 and pattern[j + 1] != pattern[i]:
            j = back
        if pattern[j + 1] == pattern[i]:
            j += 1
    return j
`;
    assert.equal(await complexityOf(code, 'python', 'walk'), 'unknown');
  });
});
