import assert from 'node:assert/strict';
import { projectReportHtml } from '../../client/src/projectReportHtml';
import type { AnalyzeProjectRequest } from '../../server/src/protocol';

const REPORT: AnalyzeProjectRequest.Result = {
  project_info: {
    name: '<script>alert(1)</script>',
    type: 'library',
    language: 'JavaScript',
    framework: 'none',
    size: {
      files: 2,
      lines: 30,
      size_mb: 0.01,
      languages: { JavaScript: { files: 2, code: 20, comment: 5, blank: 5 } },
      largest: [{ path: 'src/<b>.js', language: 'JavaScript', lines: 20 }],
    },
  },
  code_quality: { score: 91, issues: 1, warnings: 2, suggestions: 3 },
};

describe('client/projectReportHtml', () => {
  it('allows nothing but the extension stylesheet: no script, no inline style', () => {
    const html = projectReportHtml(REPORT, {
      cspSource: 'vscode-resource:',
      styleUri: 'vscode-resource:/media/projectReport.css',
    });
    assert.match(html, /content="default-src 'none'; style-src vscode-resource:"/);
    assert.doesNotMatch(html, /<script/);
    assert.doesNotMatch(html, /style="/);
  });

  it('escapes everything the analysis returns, and draws bars as labelled meters', () => {
    const html = projectReportHtml(REPORT, { cspSource: 'x', styleUri: 'y' });
    assert.match(html, /&#60;script&#62;alert\(1\)&#60;\/script&#62;/);
    assert.match(html, /src\/&#60;b&#62;\.js/);
    assert.match(html, /<meter min="0" max="20" value="20" aria-label="JavaScript code lines"><\/meter>/);
    assert.match(html, /Score 91 · 1 issues/);
  });
});
