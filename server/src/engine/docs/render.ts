// Renders documented modules as Markdown (table of contents, a section per module, stable anchors),
// HTML (the same structure, escaped) or JSON (the model itself).
import type { DocEntry, DocModule } from './model';

export interface RenderOptions {
  title: string;
  docType: 'api' | 'readme' | 'reference';
  skipped: { path: string; reason: string }[];
}

/** GitHub-style heading anchor: lower case, spaces to dashes, punctuation dropped. */
export function anchor(text: string): string {
  return text
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function entryHeading(entry: DocEntry): string {
  return `${entry.name} (${entry.kind})`;
}

function paramTable(title: string, params: DocEntry['params']): string[] {
  if (params.length === 0) return [];
  const cell = (s: string | undefined): string => (s ?? '').replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return [
    `**${title}**`,
    '',
    '| Name | Type | Default | Description |',
    '| --- | --- | --- | --- |',
    ...params.map(
      (p) =>
        `| \`${cell(p.name)}\`${p.optional ? ' (optional)' : ''} | ${p.type ? `\`${cell(p.type)}\`` : ''} | ${p.defaultValue ? `\`${cell(p.defaultValue)}\`` : ''} | ${cell(p.description)} |`,
    ),
    '',
  ];
}

function entryMarkdown(entry: DocEntry, level: number, language: string): string[] {
  const fence = language === 'python' ? 'python' : language.startsWith('typescript') ? 'ts' : 'js';
  const out = [`${'#'.repeat(level)} ${entryHeading(entry)}`, '', '```' + fence, entry.signature, '```', ''];
  if (entry.description) out.push(entry.description, '');
  out.push(...paramTable(entry.kind === 'component' ? 'Props' : 'Parameters', entry.props ?? entry.params));
  if (entry.returns && (entry.returns.type || entry.returns.description)) {
    out.push(
      `**Returns** ${entry.returns.type ? `\`${entry.returns.type}\`` : ''}${entry.returns.description ? ` — ${entry.returns.description}` : ''}`,
      '',
    );
  }
  for (const example of entry.examples) out.push('**Example**', '', '```' + fence, example, '```', '');
  for (const member of entry.members ?? [])
    out.push(...entryMarkdown(member, Math.min(level + 1, 6), language));
  return out;
}

export function renderMarkdown(modules: DocModule[], options: RenderOptions): string {
  const out = [`# ${options.title}`, ''];
  if (options.docType === 'readme') out.push('This document lists the public API of each module.', '');
  out.push('## Table of contents', '');
  for (const module of modules) {
    out.push(`- [${module.path}](#${anchor(module.path)})`);
    for (const entry of module.entries) out.push(`  - [${entry.name}](#${anchor(entryHeading(entry))})`);
  }
  out.push('');
  for (const module of modules) {
    out.push(`## ${module.path}`, '');
    if (module.entries.length === 0) out.push('_No documented declarations._', '');
    for (const entry of module.entries) out.push(...entryMarkdown(entry, 3, module.language));
  }
  if (options.skipped.length > 0) {
    out.push('## Files not documented', '');
    for (const s of options.skipped) out.push(`- \`${s.path}\`: ${s.reason}`);
    out.push('');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

const escapeHtml = (s: string): string =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

function entryHtml(entry: DocEntry, level: number): string[] {
  const h = `h${Math.min(level, 6)}`;
  const out = [
    `<section id="${escapeHtml(anchor(entryHeading(entry)))}">`,
    `<${h}>${escapeHtml(entryHeading(entry))}</${h}>`,
    `<pre><code>${escapeHtml(entry.signature)}</code></pre>`,
  ];
  if (entry.description) out.push(`<p>${escapeHtml(entry.description)}</p>`);
  const params = entry.props ?? entry.params;
  if (params.length > 0) {
    out.push(
      '<table><thead><tr><th>Name</th><th>Type</th><th>Default</th><th>Description</th></tr></thead><tbody>',
    );
    for (const p of params) {
      out.push(
        `<tr><td><code>${escapeHtml(p.name)}</code>${p.optional ? ' (optional)' : ''}</td><td>${escapeHtml(p.type ?? '')}</td><td>${escapeHtml(p.defaultValue ?? '')}</td><td>${escapeHtml(p.description ?? '')}</td></tr>`,
      );
    }
    out.push('</tbody></table>');
  }
  if (entry.returns?.type || entry.returns?.description)
    out.push(
      `<p><strong>Returns</strong> ${escapeHtml([entry.returns.type, entry.returns.description].filter(Boolean).join(' — '))}</p>`,
    );
  for (const example of entry.examples) out.push(`<pre><code>${escapeHtml(example)}</code></pre>`);
  for (const member of entry.members ?? []) out.push(...entryHtml(member, level + 1));
  out.push('</section>');
  return out;
}

export function renderHtml(modules: DocModule[], options: RenderOptions): string {
  const out = [
    '<!doctype html>',
    '<html><head><meta charset="utf-8"><title>' + escapeHtml(options.title) + '</title></head><body>',
    `<h1>${escapeHtml(options.title)}</h1>`,
    '<nav><ul>',
  ];
  for (const m of modules)
    out.push(`<li><a href="#${escapeHtml(anchor(m.path))}">${escapeHtml(m.path)}</a></li>`);
  out.push('</ul></nav>');
  for (const m of modules) {
    out.push(`<section id="${escapeHtml(anchor(m.path))}">`, `<h2>${escapeHtml(m.path)}</h2>`);
    for (const entry of m.entries) out.push(...entryHtml(entry, 3));
    out.push('</section>');
  }
  if (options.skipped.length > 0) {
    out.push(
      '<h2>Files not documented</h2><ul>',
      ...options.skipped.map((s) => `<li><code>${escapeHtml(s.path)}</code>: ${escapeHtml(s.reason)}</li>`),
      '</ul>',
    );
  }
  out.push('</body></html>', '');
  return out.join('\n');
}

export function renderJson(modules: DocModule[], options: RenderOptions): string {
  return `${JSON.stringify({ title: options.title, modules, skipped_files: options.skipped }, null, 2)}\n`;
}
