// gosec's testutils files list samples as Go composite literals; the reader must find each sample's
// sources, the expected issue count and the configuration in either spelling gosec uses.
import assert from 'node:assert/strict';
import { gosecSamples } from '../../../bench/corpusLabels/gosec';

describe('corpus labels: gosec samples', () => {
  it('reads positional and keyed samples, joined strings and comments', () => {
    const text = [
      'var SampleCodeG999 = []CodeSample{',
      '  {[]string{`package main',
      'func main() {}`}, 1, gosec.NewConfig()},',
      '  // a comment between samples',
      '  {Code: []string{"package a\\n" + `func f() {}`, `package b`}, Errors: 0, Config: gosec.NewConfig()},',
      '}',
    ].join('\n');
    assert.deepEqual(gosecSamples(text), [
      { files: ['package main\nfunc main() {}'], errors: 1, config: 'gosec.NewConfig()', limitation: false },
      {
        files: ['package a\nfunc f() {}', 'package b'],
        errors: 0,
        config: 'gosec.NewConfig()',
        limitation: false,
      },
    ]);
  });

  it("marks a sample its authors' comment calls a known limitation", () => {
    const text = [
      'var S = []CodeSample{',
      '  {[]string{`package ok`}, 1, gosec.NewConfig()},',
      '  // known limitation: should be 1 issue but detects 0',
      '  {[]string{`package lim`}, 0, gosec.NewConfig()},',
      '}',
    ].join('\n');
    assert.deepEqual(
      gosecSamples(text).map((s) => s.limitation),
      [false, true],
    );
  });
});
