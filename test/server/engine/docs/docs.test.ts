// Documentation generation: golden Markdown for a fixture project, true counts, and counts checked
// against the TypeScript compiler's own list of exports on real installed packages.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { DEFAULT_CONFIG } from '../../../../server/src/engine/contracts/config';
import { DocsInput } from '../../../../server/src/engine/contracts/docs';
import { generateDocs } from '../../../../server/src/engine/docs/index';

const FIXTURES = resolve(__dirname, '../../../fixtures/docs');
const FILES = ['api/shapes.ts', 'api/Badge.tsx', 'api/stats.py', 'api/Card.vue', 'api/logo.js'];

export function docs(fields: Record<string, unknown>, roots: string[] = [FIXTURES]) {
  return generateDocs(DocsInput.parse(fields), { config: DEFAULT_CONFIG, roots });
}

describe('docs: generation', () => {
  it('matches the golden Markdown (TOC, one section per module, anchors, examples)', async () => {
    const out = await docs({ source_files: FILES, include_examples: true });
    const golden = join(FIXTURES, 'api.golden.md');
    if (process.env.UPDATE_GOLDEN) writeFileSync(golden, out.documentation);
    assert.equal(out.documentation, readFileSync(golden, 'utf8'));
  });

  it('counts what it documented and reports the binary file instead of dropping it', async () => {
    const out = await docs({ source_files: FILES });
    // area, Tally.add, mean, Window.push; Badge and Card are components; private members are not API.
    assert.equal(out.total_functions, 4);
    assert.equal(out.total_components, 2);
    assert.equal(out.total_classes, 2);
    assert.equal(out.total_types, 2);
    assert.equal(out.files_processed, 4);
    assert.deepEqual(out.skipped_files, [
      { path: 'api/logo.js', reason: 'binary file (contains NUL bytes)' },
    ]);
  });

  it('renders HTML escaped and JSON parseable', async () => {
    const html = await docs({ source_files: ['api/shapes.ts'], format: 'html' });
    assert.match(html.documentation, /<h2>api\/shapes\.ts<\/h2>/);
    assert.match(html.documentation, /&#39;m&#39; \| &#39;cm&#39;/);
    const json = await docs({ source_files: ['api/shapes.ts'], format: 'json' });
    const parsed = JSON.parse(json.documentation) as { modules: { entries: { name: string }[] }[] };
    assert.deepEqual(
      parsed.modules[0]!.entries.map((e) => e.name),
      ['area', 'Point', 'Unit', 'Tally'],
    );
  });
});

/** Exported functions as the TypeScript checker sees them (ES exports plus CommonJS `export =`). */
function checkerFunctionExports(file: string): number {
  const program = ts.createProgram([file], { allowJs: true, noLib: true, noResolve: true, types: [] });
  const checker = program.getTypeChecker();
  const sf = program.getSourceFile(file)!;
  const symbol = checker.getSymbolAtLocation(sf) ?? (sf as unknown as { symbol: ts.Symbol }).symbol;
  const all = [...checker.getExportsOfModule(symbol)];
  const equals = symbol.exports?.get('export=' as ts.__String);
  if (equals) all.push(equals);
  return all.filter((s) => {
    const target = s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
    return (
      (target.flags & ts.SymbolFlags.Function) !== 0 ||
      checker.getTypeOfSymbol(target).getCallSignatures().length > 0
    );
  }).length;
}

describe('docs: counts against the TypeScript compiler on real packages', () => {
  const root = resolve(__dirname, '../../../../node_modules');
  for (const file of [
    'bytes/index.js',
    'ms/index.js',
    'escape-html/index.js',
    'leven/index.js',
    'is-number/index.js',
  ]) {
    it(`${file}: total_functions equals the checker's exported functions`, async () => {
      const out = await docs({ source_files: [file] }, [root]);
      assert.equal(out.total_functions, checkerFunctionExports(join(root, file)));
      assert.ok(out.total_functions > 0);
    });
  }
});
