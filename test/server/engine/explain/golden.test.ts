// Golden explanation cases: each fixture's expected concepts, per-function complexities, side-effect
// kinds and key phrases are asserted exactly (see test/fixtures/explain/README.md).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { explainCode } from '../../../../server/src/engine/explain/index';
import type { LanguageId } from '../../../../server/src/engine/languages';

const ROOT = join(__dirname, '../../../fixtures/explain');

interface Expected {
  language: LanguageId;
  concepts: string[];
  complexity: Record<string, string>;
  side_effects: string[];
  summary_includes?: string[];
  performance_includes?: string[];
  breakdown_includes?: { line: number; contains: string }[];
  syntax_error_line?: number;
}

const cases = readdirSync(ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

describe('explain golden cases', () => {
  it('has at least 40 cases across at least 10 languages', () => {
    const languages = new Set(
      cases.map(
        (c) => (JSON.parse(readFileSync(join(ROOT, c, 'expected.json'), 'utf8')) as Expected).language,
      ),
    );
    assert.ok(cases.length >= 40, `only ${cases.length} cases`);
    assert.ok(languages.size >= 10, `only ${languages.size} languages`);
  });

  for (const name of cases) {
    it(name, async () => {
      const dir = join(ROOT, name);
      const input = readdirSync(dir).find((file) => file.startsWith('input.'))!;
      const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as Expected;
      assert.ok(extname(input), 'input file has an extension');
      const code = readFileSync(join(dir, input), 'utf8');
      const { explanation, details } = await explainCode({
        code,
        language: expected.language,
        detail_level: 'standard',
      });

      assert.deepEqual([...explanation.concepts].sort(), [...expected.concepts].sort(), 'concepts');
      const complexities = Object.fromEntries(
        details!.units.filter((u) => u.complexity).map((u) => [u.name, u.complexity]),
      );
      assert.deepEqual(complexities, expected.complexity, 'complexity per function');
      assert.deepEqual(
        [...new Set(details!.side_effects.map((e) => e.kind))].sort(),
        [...expected.side_effects].sort(),
        'side effects',
      );
      for (const phrase of expected.summary_includes ?? [])
        assert.ok(explanation.summary.includes(phrase), `summary lacks "${phrase}":\n${explanation.summary}`);
      for (const phrase of expected.performance_includes ?? []) {
        assert.ok(
          explanation.performance_impact.includes(phrase),
          `performance lacks "${phrase}":\n${explanation.performance_impact}`,
        );
      }
      for (const { line, contains } of expected.breakdown_includes ?? []) {
        const entry = explanation.breakdown.find((b) => b.line === line);
        assert.ok(entry, `no breakdown entry at line ${line}`);
        assert.ok(
          entry.explanation.includes(contains),
          `line ${line}: "${entry.explanation}" lacks "${contains}"`,
        );
      }
      assert.equal(details!.syntax_error?.line, expected.syntax_error_line, 'syntax error line');
      // Every breakdown entry points at a real line whose text it quotes.
      const lines = code.split('\n');
      for (const entry of explanation.breakdown) {
        assert.ok(entry.line >= 1 && entry.line <= lines.length, `line ${entry.line} out of range`);
        const quoted = entry.code.replace(/ \.\.\.$|\.\.\.$/, '').slice(0, 20);
        assert.ok(
          lines[entry.line - 1]!.includes(quoted.trim().slice(0, 12)),
          `line ${entry.line} does not contain "${quoted}"`,
        );
      }
    });
  }
});
