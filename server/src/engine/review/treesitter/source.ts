// Parsing for review. Where valid code parses with errors only because of the preprocessor, the
// parser gets the compiler's view of the file instead: C# `#if` inside expressions or initializers
// (csharpPreprocessor.ts), C and C++ conditionals that split braces and declarations wrapped in
// export macros (cPreprocessor.ts). C# also needs a line break after a directive on the last line.
// An ERB template given as Ruby (`show.html.erb`, VS Code's `erb`) is parsed as the Ruby of its tags
// (erb.ts); a Ruby file whose symbols hold characters the grammar does not take, with them as `x`.
import type { LanguageId } from '../../languages';
import { parse, type SyntaxTree } from '../../parsing/treeSitter';
import { compilerView } from './cPreprocessor';
import { activeBranches } from './csharpPreprocessor';
import { erbRubyView, hasErbTags } from './erb';

export interface ParsedSource {
  tree: SyntaxTree;
  /** The text the tree was parsed from: same lines and columns as the input. */
  code: string;
  /** True when the input was an ERB template and `code` is the Ruby of its tags. */
  template?: boolean;
}

/** The compiler's view of a file that parsed with errors, where the language has a preprocessor. */
const COMPILER_VIEW: Partial<Record<LanguageId, (code: string) => string | undefined>> = {
  csharp: activeBranches,
  c: (code) => compilerView(code, 'c'),
  cpp: (code) => compilerView(code, 'cpp'),
  ruby: symbolView,
};

/**
 * Ruby names may hold any non-ASCII character, but the grammar reads a symbol only of letters:
 * `alias_method :☠, :exit` (sidekiq) parses with an error. The same text with such a symbol's
 * characters written as `x`, one per UTF-16 unit so every position stays; undefined when there is none.
 */
function symbolView(code: string): string | undefined {
  const view = code.replace(/(?<![:\w]):(\P{ASCII}+)/gu, (_, name: string) => `:${'x'.repeat(name.length)}`);
  return view === code ? undefined : view;
}

/** Text that starts with a markup tag or declaration (`<button ...>`, `<!DOCTYPE`), as no Ruby file can. */
const MARKUP_START = /^\s*<[A-Za-z!]/;

/**
 * Parses `code`; the caller owns the tree and deletes it. `escapingViews: false` reads ERB output
 * tags as unescaped (Rails 2 without rails_xss).
 */
export async function parseForReview(
  code: string,
  language: LanguageId,
  escapingViews = true,
): Promise<ParsedSource> {
  // `#pragma warning restore 618` as a C# file's last line without a line break parses as an
  // error: the grammar ends every directive with a newline. Appending one moves no position.
  const text = language === 'csharp' && !code.endsWith('\n') ? `${code}\n` : code;
  const tree = await parse(text, language);
  if (language === 'ruby' && tree.rootNode.hasError && (hasErbTags(text) || MARKUP_START.test(text))) {
    const template = await erbTemplate(text, escapingViews);
    if (template) {
      tree.delete();
      return template;
    }
  }
  const view = COMPILER_VIEW[language];
  if (!tree.rootNode.hasError || !view) return { tree, code: text };
  const resolved = view(text);
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

/**
 * The Ruby of an ERB template's tags, when the text is one: it does not parse as Ruby (checked by
 * the caller) and either its tags' Ruby parses or it starts with markup, as no Ruby file can. A
 * template whose tags hold an error is still reviewed as one: the error is then at its real place.
 */
async function erbTemplate(text: string, escapes: boolean): Promise<ParsedSource | undefined> {
  const view = erbRubyView(text, escapes);
  const tree = await parse(view, 'ruby');
  if (!tree.rootNode.hasError || /^\s*</.test(text)) return { tree, code: view, template: true };
  tree.delete();
  return undefined;
}
