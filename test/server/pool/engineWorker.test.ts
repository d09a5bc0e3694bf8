// The bundled engine worker (dist/engineWorker.js), as the api, the editor and the CLI run it: its
// TypeScript finds the standard library's declaration files beside the bundle (build.mjs copies
// them), so the refactor's programs know `Promise` as the engine run from source does. Needs
// `node build.mjs` first.
import assert from 'node:assert/strict';
import { DEFAULT_CONFIG } from '../../../server/src/engine/contracts/config';
import { EnginePool } from '../../../server/src/pool/enginePool';

const CHAIN = `function load(url) {
  return fetch(url).then(function (res) {
    return res.json();
  });
}
`;
// Nothing says `source` is a promise: no conversion, with or without the standard library.
const UNTYPED = `function relay(source) {
  return source.then(function (value) {
    return value;
  });
}
`;

describe('engine worker bundle', function () {
  this.timeout(120_000);
  let pool: EnginePool;
  before(() => {
    pool = new EnginePool({ settings: { workers: 1 } });
  });
  after(() => pool.close());

  const asyncAwait = (code: string) =>
    pool.run(
      'refactor',
      { code, language: 'javascript', refactor_type: 'async_await' },
      { config: DEFAULT_CONFIG, roots: [] },
    );

  it("converts a promise chain on fetch to async/await (its type comes from TypeScript's standard library)", async () => {
    const result = await asyncAwait(CHAIN);
    assert.match(result.refactored_code, /async function load\(url\)/);
    assert.match(result.refactored_code, /await fetch\(url\)/);
  });

  it('keeps a chain on a value of unknown type (near miss)', async () => {
    const result = await asyncAwait(UNTYPED);
    assert.equal(result.refactored_code, UNTYPED);
  });
});
