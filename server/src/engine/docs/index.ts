// The generateDocs operation: reads the requested files (only under the workspace roots, only with
// the file_operations tool), extracts their documented declarations and renders them. Files that
// cannot be documented (unreadable, binary, unsupported) are listed in the output, never dropped.
import { readFileSync } from 'node:fs';
import type { DocsInput, DocsOutput } from '../contracts/docs';
import type { OperationContext } from '../engine';
import { CodewrightError } from '../errors';
import { exampleFor } from './examples';
import { extractJsModules } from './extractJs';
import { extractPython } from './extractPython';
import { extractVue } from './extractVue';
import { countFunctions, countKind, type DocEntry, type DocModule } from './model';
import { resolveSourceFiles, type ResolvedFile } from './paths';
import { renderHtml, renderJson, renderMarkdown } from './render';

export const MAX_FILE_BYTES = 1024 * 1024;

const JS_EXTENSIONS = /\.(m|c)?(j|t)sx?$/;

interface Loaded {
  file: ResolvedFile;
  text: string;
  kind: 'js' | 'python' | 'vue';
}

function languageOf(path: string): string {
  if (path.endsWith('.py')) return 'python';
  if (path.endsWith('.vue')) return 'vue';
  return /\.(m|c)?tsx?$/.test(path) ? 'typescript' : 'javascript';
}

/** Reads a file as text; binary and unreadable files come back as a reason instead. */
function load(file: ResolvedFile, index: number): { text: string } | { reason: string } {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file.real);
  } catch (error) {
    return { reason: `unreadable (${(error as NodeJS.ErrnoException).code ?? 'read error'})` };
  }
  if (bytes.length > MAX_FILE_BYTES) {
    throw new CodewrightError(
      'FILE_TOO_LARGE',
      `${file.given} is ${bytes.length} bytes; the limit is ${MAX_FILE_BYTES} bytes per file`,
      {
        field: `source_files.${index}`,
        issue: `larger than ${MAX_FILE_BYTES} bytes`,
      },
    );
  }
  if (bytes.subarray(0, 8000).includes(0)) return { reason: 'binary file (contains NUL bytes)' };
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (text.includes('\uFFFD') && !bytes.toString('utf8').includes('\uFFFD'))
    return { reason: 'binary file (not UTF-8)' };
  if (text.includes('\uFFFD') && (text.match(/\uFFFD/g)?.length ?? 0) > 8)
    return { reason: 'binary file (not UTF-8)' };
  return { text };
}

export async function generateDocs(input: DocsInput, context: OperationContext): Promise<DocsOutput> {
  if (!context.config.tools.includes('file_operations')) {
    throw new CodewrightError(
      'TOOL_DISABLED',
      'Documentation generation reads files: enable the file_operations tool in the configuration',
      {
        field: 'tools',
        issue: 'file_operations is disabled',
      },
    );
  }
  const files = resolveSourceFiles(input.source_files, context.roots);
  const skipped: { path: string; reason: string }[] = [];
  const loaded: Loaded[] = [];
  files.forEach((file, index) => {
    const isJs = JS_EXTENSIONS.test(file.real);
    const kind = isJs
      ? 'js'
      : file.real.endsWith('.py')
        ? 'python'
        : file.real.endsWith('.vue')
          ? 'vue'
          : undefined;
    if (!kind) {
      skipped.push({
        path: file.display,
        reason: 'unsupported file type (documented: .js .jsx .ts .tsx .mjs .cjs .mts .cts .vue .py)',
      });
      return;
    }
    const result = load(file, index);
    if ('reason' in result) skipped.push({ path: file.display, reason: result.reason });
    else loaded.push({ file, text: result.text, kind });
  });
  const jsEntries = extractJsModules(
    loaded.filter((l) => l.kind === 'js').map((l) => ({ path: l.file.real, text: l.text })),
  );
  const modules: DocModule[] = [];
  for (const item of loaded) {
    let entries: DocEntry[];
    if (item.kind === 'js') entries = jsEntries.get(item.file.real) ?? [];
    else if (item.kind === 'python') entries = await extractPython(item.text);
    else entries = extractVue(item.text, item.file.display);
    const language = languageOf(item.file.real);
    if (input.include_examples) addExamples(entries, language === 'python');
    modules.push({ path: item.file.display, language, entries });
  }
  const title =
    input.doc_type === 'readme' ? 'README' : input.doc_type === 'reference' ? 'Reference' : 'API reference';
  const options = { title, docType: input.doc_type, skipped };
  const documentation =
    input.format === 'html'
      ? renderHtml(modules, options)
      : input.format === 'json'
        ? renderJson(modules, options)
        : renderMarkdown(modules, options);
  return {
    documentation,
    files_processed: modules.length,
    total_functions: countFunctions(modules),
    total_components: countKind(modules, ['component']),
    total_classes: countKind(modules, ['class']),
    total_types: countKind(modules, ['interface', 'type', 'enum']),
    skipped_files: skipped,
  };
}

function addExamples(entries: DocEntry[], python: boolean): void {
  for (const entry of entries) {
    if (entry.examples.length === 0) {
      const example = exampleFor(entry, python);
      if (example) entry.examples.push(example);
    }
    addExamples(entry.members ?? [], python);
  }
}
