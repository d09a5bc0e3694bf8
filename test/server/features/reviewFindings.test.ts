import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DiagnosticSeverity } from 'vscode-languageserver/node';
import { ReviewStore, SEVERITY_TO_LSP, toDiagnostic } from '../../../server/src/features/reviewFindings';
import { RuleDocsLinks } from '../../../server/src/features/ruleDocsLink';
import { allRuleMetas } from '../../../server/src/engine/review/rules';
import type { Finding } from '../../../server/src/engine/review/types';

const finding: Finding = {
  rule: 'codewright/sql-injection',
  type: 'security',
  severity: 'critical',
  message: 'SQL built from user input.',
  suggestion: 'Use a parameterised query.',
  line: 3,
  column: 5,
  endLine: 3,
  endColumn: 20,
};

function docsFile(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'cw-rules-')), 'rules.md');
  writeFileSync(path, text);
  return path;
}

describe('features/reviewFindings', () => {
  it('maps severities: critical/high errors, medium warnings, low information', () => {
    assert.deepEqual(SEVERITY_TO_LSP, {
      critical: DiagnosticSeverity.Error,
      high: DiagnosticSeverity.Error,
      medium: DiagnosticSeverity.Warning,
      low: DiagnosticSeverity.Information,
    });
  });

  it('turns a finding into a 0-based diagnostic with source, rule code and docs link', () => {
    const path = docsFile(
      '# Rules\n\n<a id="codewright-sql-injection"></a>\n\n### `codewright/sql-injection`\n',
    );
    const diagnostic = toDiagnostic(finding, new RuleDocsLinks([path]));
    assert.deepEqual(diagnostic.range, { start: { line: 2, character: 4 }, end: { line: 2, character: 19 } });
    assert.equal(diagnostic.source, 'codewright');
    assert.equal(diagnostic.code, 'codewright/sql-injection');
    assert.match(diagnostic.codeDescription!.href, /^file:\/\/.*rules\.md#L5$/);
    assert.equal(diagnostic.message, 'SQL built from user input.\nUse a parameterised query.');
    assert.deepEqual(diagnostic.data, { fixable: false });
  });

  it('widens an empty range to one character and leaves out links it cannot make', () => {
    const links = new RuleDocsLinks(['/nonexistent/rules.md']);
    const diagnostic = toDiagnostic(
      { ...finding, endColumn: 5, fix: [{ start: 0, end: 1, text: '' }] },
      links,
    );
    assert.deepEqual(diagnostic.range.end, { line: 2, character: 5 });
    assert.equal(diagnostic.codeDescription, undefined);
    assert.deepEqual(diagnostic.data, { fixable: true });
  });

  it('keeps the review of exactly one version per document', () => {
    const store = new ReviewStore();
    store.set('a', { version: 2, findings: [finding] });
    assert.deepEqual(store.get('a', 2)?.findings, [finding]);
    assert.equal(store.get('a', 3), undefined);
    store.delete('a');
    assert.equal(store.get('a', 2), undefined);
  });

  it('links every rule of the shipped docs/rules.md to its heading', () => {
    const links = new RuleDocsLinks();
    const missing = allRuleMetas()
      .map((meta) => meta.id)
      .filter((id) => !/docs\/rules\.md#L\d+$/.test(links.href(id) ?? ''));
    assert.deepEqual(missing, []);
  });
});
