// Golden refactoring cases: each folder in test/fixtures/refactor/<case>/ holds the input, the request
// (options.json), the expected code and the expected `changes` (expected.json). Set
// UPDATE_GOLDEN=1 to rewrite the expectations after a deliberate change, then review the diff.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { validate } from '../../../../server/src/engine/contracts/index';
import { RefactorInput } from '../../../../server/src/engine/contracts/refactor';
import { firstSyntaxError, parse } from '../../../../server/src/engine/parsing/treeSitter';
import { refactorCode } from '../../../../server/src/engine/refactor/index';

const ROOT = join(__dirname, '../../../fixtures/refactor');
const UPDATE = process.env.UPDATE_GOLDEN === '1';

interface Expected {
  applied_lines: number[];
  changes: string[];
  benefits: string[];
}

const cases = readdirSync(ROOT).filter(
  (name) => existsSync(join(ROOT, name, 'options.json')) && statSync(join(ROOT, name)).isDirectory(),
);

describe('refactor golden cases', () => {
  it('has at least 60 cases across JS, TS and Python', () => {
    assert.ok(cases.length >= 60, `only ${cases.length} cases`);
    for (const prefix of ['js-', 'ts-', 'py-'])
      assert.ok(
        cases.some((name) => name.startsWith(prefix)),
        prefix,
      );
  });

  for (const name of cases) {
    it(name, async () => {
      const dir = join(ROOT, name);
      const inputFile = readdirSync(dir).find((file) => file.startsWith('input.'))!;
      const extension = inputFile.slice('input.'.length);
      const code = readFileSync(join(dir, inputFile), 'utf8');
      const request = JSON.parse(readFileSync(join(dir, 'options.json'), 'utf8')) as Record<string, unknown>;
      const result = await refactorCode(validate(RefactorInput, { ...request, code }), {});
      const applied = result.changes.filter(isApplied);
      const actual: Expected = {
        applied_lines: applied.map(lineOf),
        changes: result.changes,
        benefits: result.benefits,
      };
      const expectedCodeFile = join(dir, `expected.${extension}`);
      const expectedFile = join(dir, 'expected.json');
      if (UPDATE) {
        writeFileSync(expectedCodeFile, result.refactored_code);
        writeFileSync(expectedFile, `${JSON.stringify(actual, null, 2)}\n`);
      }
      assert.equal(result.refactored_code, readFileSync(expectedCodeFile, 'utf8'));
      assert.deepEqual(actual, JSON.parse(readFileSync(expectedFile, 'utf8')));
      await assertParses(result.refactored_code, extension);
      if (applied.length === 0) {
        assert.equal(result.refactored_code, code, 'no applied change but the code changed');
        assert.match(result.changes[0]!, /^No changes applied: /);
      } else {
        assert.notEqual(result.refactored_code, code, 'changes listed but the code is unchanged');
        assert.ok(result.benefits.length > 0 && !result.benefits[0]!.startsWith('None'));
      }
    });
  }
});

function isApplied(change: string): boolean {
  return !/^No changes applied|^Line \d+: (kept|not applied)|^Line \d+: stopped early|visible to other files/.test(
    change,
  );
}

function lineOf(change: string): number {
  return Number(/^Line (\d+)/.exec(change)?.[1] ?? 0);
}

async function assertParses(code: string, extension: string): Promise<void> {
  if (extension === 'py') {
    const tree = await parse(code, 'python');
    assert.equal(firstSyntaxError(tree), undefined, 'refactored Python does not parse');
    tree.delete();
    return;
  }
  const source = ts.createSourceFile(`out.${extension}`, code, ts.ScriptTarget.Latest, true);
  const diagnostics = (source as ts.SourceFile & { parseDiagnostics: ts.Diagnostic[] }).parseDiagnostics;
  assert.equal(diagnostics.length, 0, 'refactored code does not parse');
}
