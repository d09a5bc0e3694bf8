// The project report view's HTML (Analyze Project): the analysis rendered server-free as static,
// escaped HTML — languages, quality by folder and the largest files as bars (<meter> elements, so no
// inline style or script is needed) — under a Content-Security-Policy that allows only the
// extension's stylesheet. Free of the vscode module for unit tests.
import type { AnalyzeProjectRequest } from '../../server/src/protocol';

export interface ProjectReportOptions {
  cspSource: string;
  styleUri: string;
}

type Report = AnalyzeProjectRequest.Result;

export function projectReportHtml(report: Report, options: ProjectReportOptions): string {
  const csp = ["default-src 'none'", `style-src ${options.cspSource}`].join('; ');
  const info = report.project_info;
  const quality = report.code_quality;
  const languages = Object.entries(info.size.languages ?? {}).sort((a, b) => b[1].code - a[1].code);
  const maxCode = Math.max(1, ...languages.map(([, counts]) => counts.code));
  const largest = info.size.largest ?? [];
  const maxLines = Math.max(1, ...largest.map((file) => file.lines));
  const folders = quality?.by_folder ?? [];
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="UTF-8">
  <meta http-equiv="Content-Security-Policy" content="${csp}">
  <meta name="viewport" content="width=device-width, initial-scale=1.0">
  <link rel="stylesheet" href="${escape(options.styleUri)}">
  <title>Codewright: Project report</title>
</head>
<body>
<main>
  <h1>${escape(info.name)}</h1>
  <p>${escape(info.type)} · ${escape(info.language)} · ${escape(info.framework)} · ${info.size.files} files, ${info.size.lines} lines, ${info.size.size_mb} MB</p>
  ${
    quality
      ? `<h2>Quality</h2><p>Score ${quality.score ?? 'not measured'} · ${quality.issues} issues · ${quality.warnings} warnings · ${quality.suggestions} suggestions</p>`
      : ''
  }
  ${
    report.architecture
      ? `<p>Complexity ${escape(report.architecture.complexity)} · maintainability ${escape(report.architecture.maintainability)} · testability ${escape(report.architecture.testability)}</p>`
      : ''
  }
  ${
    report.dependencies
      ? `<p>${report.dependencies.total} dependencies · outdated ${report.dependencies.outdated ?? 'not checked'} · vulnerable ${report.dependencies.vulnerable ?? 'not checked'}</p>`
      : ''
  }
  <h2>Languages</h2>
  ${table(
    ['Language', 'Files', 'Code lines', ''],
    languages.map(([name, counts]) => [
      escape(name),
      String(counts.files),
      String(counts.code),
      bar(counts.code, maxCode, `${name} code lines`),
    ]),
  )}
  ${
    folders.length
      ? `<h2>Quality by folder</h2>${table(
          ['Folder', 'Files', 'Issues', 'Score', ''],
          folders.map((f) => [
            escape(f.folder),
            String(f.files),
            String(f.issues),
            String(f.score),
            bar(f.score, 100, `${f.folder} score`),
          ]),
        )}`
      : ''
  }
  <h2>Largest files</h2>
  ${table(
    ['File', 'Language', 'Lines', ''],
    largest.map((file) => [
      escape(file.path),
      escape(file.language),
      String(file.lines),
      bar(file.lines, maxLines, `${file.path} lines`),
    ]),
  )}
</main>
</body>
</html>`;
}

function table(head: string[], rows: string[][]): string {
  if (rows.length === 0) return '<p class="muted">Nothing to show.</p>';
  const header = head.map((cell) => `<th scope="col">${cell}</th>`).join('');
  const body = rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('\n');
  return `<table><thead><tr>${header}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}

function bar(value: number, max: number, label: string): string {
  return `<meter min="0" max="${max}" value="${value}" aria-label="${escape(label)}"></meter>`;
}

export function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
