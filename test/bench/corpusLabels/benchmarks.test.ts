// Juliet's functions are found by its regular layout (header line, braces alone at the header's
// indentation); bad and good variants are then told apart by name.
import assert from 'node:assert/strict';
import { julietFunctions } from '../../../bench/corpusLabels/benchmarks';
import { partOf } from '../../../bench/corpusLabels/corpus';

describe('corpus labels: Juliet functions and the dev/held-out split', () => {
  it('finds each function with its 1-based first and last line', () => {
    const code = [
      '#include <stdio.h>',
      'void CWE78_example_bad()',
      '{',
      '    char *data = getenv("X");',
      '    if (data)',
      '    {',
      '        system(data);',
      '    }',
      '}',
      'static void goodG2B()',
      '{',
      '    system("ls");',
      '}',
      'int prototype(int a);',
    ].join('\n');
    assert.deepEqual(julietFunctions(code), [
      { name: 'CWE78_example_bad', start: 2, end: 9 },
      { name: 'goodG2B', start: 10, end: 13 },
    ]);
  });

  it('puts a case in the same half on every run, and uses both halves', () => {
    const names = Array.from({ length: 40 }, (_, i) => `case${i}`);
    assert.deepEqual(names.map(partOf), names.map(partOf));
    assert.ok(names.some((n) => partOf(n) === 'dev') && names.some((n) => partOf(n) === 'held-out'));
  });
});
