// Parsing for review. C# needs two adjustments the grammar does not make itself: a directive on
// the last line needs its line break, and `#if` inside expressions or initializers must be
// resolved before parsing (see csharpPreprocessor.ts). Other languages parse as written.
import type { LanguageId } from '../../languages';
import { parse, type SyntaxTree } from '../../parsing/treeSitter';
import { activeBranches } from './csharpPreprocessor';

export interface ParsedSource {
  tree: SyntaxTree;
  /** The text the tree was parsed from: same lines and columns as the input. */
  code: string;
}

/** Parses `code`; the caller owns the tree and deletes it. */
export async function parseForReview(code: string, language: LanguageId): Promise<ParsedSource> {
  if (language !== 'csharp') return { tree: await parse(code, language), code };
  // `#pragma warning restore 618` as the file's last line without a line break parses as an
  // error: the grammar ends every directive with a newline. Appending one moves no position.
  const text = code.endsWith('\n') ? code : `${code}\n`;
  const tree = await parse(text, language);
  if (!tree.rootNode.hasError || !/^\s*#(?:\s*if\b|[:!])/m.test(text)) return { tree, code: text };
  const resolved = activeBranches(text);
  if (resolved === undefined) return { tree, code: text };
  const retry = await parse(resolved, language);
  // The compiler's view parses: use it. Otherwise the error is real and the whole text, with
  // every branch, stays the better basis for the rules and for the error's location.
  if (!retry.rootNode.hasError) {
    tree.delete();
    return { tree: retry, code: resolved };
  }
  retry.delete();
  return { tree, code: text };
}
