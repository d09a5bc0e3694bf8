// Loads tree-sitter grammars from @vscode/tree-sitter-wasm (the runtime and grammars VS Code ships)
// and parses source with them. Grammars load once per process and are cached.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import TreeSitter = require('@vscode/tree-sitter-wasm');
import { GRAMMARS, type LanguageId } from '../languages';

export type SyntaxNode = TreeSitter.Node;
export type SyntaxTree = TreeSitter.Tree;
export type Language = TreeSitter.Language;

/** The bundle's directory when running bundled (dist/, with the .wasm files beside it). */
function bundleDirectory(): string | undefined {
  const besideBundle = typeof __dirname === 'string' ? __dirname : '';
  return besideBundle && existsSync(join(besideBundle, 'tree-sitter.wasm')) ? besideBundle : undefined;
}

/** Where the .wasm files are: beside the bundle when bundled (dist/), else in node_modules. */
function wasmDirectory(): string {
  // createRequire keeps esbuild from trying to bundle the resolution; only unbundled runs get here.
  return bundleDirectory() ?? dirname(createRequire(__filename).resolve('@vscode/tree-sitter-wasm'));
}

let runtime: Promise<void> | undefined;
const languages = new Map<string, Promise<TreeSitter.Language>>();

function initRuntime(): Promise<void> {
  const dir = wasmDirectory();
  runtime ??= TreeSitter.Parser.init({ locateFile: (file: string) => join(dir, file) });
  return runtime;
}

/**
 * Grammars newer than the one VS Code ships, from their own npm package (same runtime ABI). The
 * bundle build copies each beside the bundle under the usual name, so bundled runs need no lookup.
 * C#: the shipped grammar predates C# 12 collection expressions (`= []`) and `#if` in expressions.
 */
export const NEWER_GRAMMARS: Readonly<Record<string, string>> = {
  'c-sharp': 'tree-sitter-c-sharp/tree-sitter-c_sharp.wasm',
};

function grammarFile(grammar: string): string {
  const newer = NEWER_GRAMMARS[grammar];
  // Beside the bundle, build.mjs has already put the newer grammar under the usual name.
  if (!newer || bundleDirectory()) return join(wasmDirectory(), `tree-sitter-${grammar}.wasm`);
  return createRequire(__filename).resolve(newer);
}

/** The tree-sitter Language for a language id (C uses the C++ grammar). */
export async function loadLanguage(language: LanguageId): Promise<TreeSitter.Language> {
  const grammar = GRAMMARS[language];
  let loaded = languages.get(grammar);
  if (!loaded) {
    loaded = initRuntime().then(() => TreeSitter.Language.load(grammarFile(grammar)));
    languages.set(grammar, loaded);
  }
  return loaded;
}

/** Parses code; the caller owns the returned tree and should `delete()` it when done. */
export async function parse(code: string, language: LanguageId): Promise<TreeSitter.Tree> {
  // The language must load first: it initialises the runtime, and a Parser cannot exist before that.
  const grammar = await loadLanguage(language);
  const parser = new TreeSitter.Parser();
  try {
    parser.setLanguage(grammar);
    const tree = parser.parse(code);
    if (!tree) throw new Error(`tree-sitter could not parse ${language} source`);
    return tree;
  } finally {
    parser.delete();
  }
}

/** Compiles a query for a language. Queries are cached by source text. */
const queries = new Map<string, TreeSitter.Query>();
export async function query(language: LanguageId, source: string): Promise<TreeSitter.Query> {
  const key = `${GRAMMARS[language]}\u0000${source}`;
  let compiled = queries.get(key);
  if (!compiled) {
    compiled = new TreeSitter.Query(await loadLanguage(language), source);
    queries.set(key, compiled);
  }
  return compiled;
}

/** The first syntax error in a tree as a 1-based line and a message, or undefined when it parses. */
export function firstSyntaxError(
  tree: TreeSitter.Tree,
): { line: number; column: number; message: string } | undefined {
  if (!tree.rootNode.hasError) return undefined;
  const cursor = tree.walk();
  // A node can have an error the binding does not expose as a child (a MISSING token the grammar
  // hides, such as a directive's line end): then the deepest node holding the error is the place.
  let deepest: TreeSitter.Node = tree.rootNode;
  const visit = (): TreeSitter.Node | undefined => {
    const node = cursor.currentNode;
    if (node.isError || node.isMissing) return node;
    if (node.hasError) deepest = node;
    if (node.hasError && cursor.gotoFirstChild()) {
      do {
        const found = visit();
        if (found) return found;
      } while (cursor.gotoNextSibling());
      cursor.gotoParent();
    }
    return undefined;
  };
  const found = visit();
  const node = found ?? deepest;
  const what = node.isMissing
    ? `missing ${node.type}`
    : found
      ? `unexpected ${JSON.stringify(node.text.slice(0, 20))}`
      : `incomplete ${node.type.replace(/_/g, ' ')}`;
  return {
    line: node.startPosition.row + 1,
    column: node.startPosition.column + 1,
    message: `Syntax error: ${what}`,
  };
}
