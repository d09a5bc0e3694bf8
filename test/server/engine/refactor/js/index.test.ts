// `refactorJs` hands a caller's `keep` what its passes built (the pool's shape anchor, the pipeline's
// state included), and the
// refactor's result is the same with it as without.
import assert from 'node:assert/strict';
import { SourceCode } from 'eslint';
import { refactorJs } from '../../../../../server/src/engine/refactor/js/index';
import { selectPatterns } from '../../../../../server/src/engine/refactor/patterns';
import { PositionMap } from '../../../../../server/src/engine/refactor/edits';

const CODE = `var total = 0;
function add(list) {
  list.forEach(function (item) {
    total += item && item.price;
  });
  return 'total: ' + total;
}
function load(url) {
  return fetch(url).then(function (res) {
    return res.json();
  });
}
module.exports = { add: add, load: load };
`;

describe('engine/refactor/js/index', () => {
  const patterns = selectPatterns('modernize', 'js', undefined);
  const run = (keep?: (built: object) => void) =>
    refactorJs({ code: CODE, extension: 'js', patterns, deadline: Infinity, keep });

  it('hands `keep` each program its transforms read and each lint SourceCode; the result is unchanged', () => {
    const plain = run();
    const kept: object[] = [];
    const keeping = run((built) => kept.push(built));
    assert.equal(keeping.code, plain.code);
    assert.deepEqual(keeping.log.changes(patterns), plain.log.changes(patterns));
    assert.ok(plain.code.includes('async'), 'the chain on fetch converts');
    const programs = kept.filter((built) => 'getTypeChecker' in built);
    assert.ok(programs.length >= 2, 'the input and the text after the code fixes');
    assert.ok(kept.some((built) => built instanceof SourceCode));
    // The pipeline's state: its position map and change log are built the same way each request.
    const state = kept.find((built) => 'map' in built && 'log' in built) as
      { map: unknown; log: unknown } | undefined;
    assert.ok(state?.map instanceof PositionMap);
    assert.equal(state.log, keeping.log);
  });
});
