// Parsing for review. Where valid code parses with errors only because of the preprocessor, the
// parser gets the compiler's view of the file instead: C# `#if` inside expressions or initializers
// (csharpPreprocessor.ts), C and C++ conditionals that split braces and declarations wrapped in
// export macros (cPreprocessor.ts). C# also needs a line break after a directive on the last line.
// An ERB template given as Ruby (`show.html.erb`, VS Code's `erb`) is parsed as the Ruby of its tags
// (erb.ts); a Ruby file whose symbols hold characters the grammar does not take, with them as `x`.
// Constructs a grammar does not read yet are rewritten into ones it does (grammarGaps.ts).
import type { LanguageId } from '../../languages';
import { firstSyntaxError, parse, type SyntaxTree } from '../../parsing/treeSitter';
import { compilerView } from './cPreprocessor';
import { activeBranches } from './csharpPreprocessor';
import { erbRubyView, hasErbTags } from './erb';
import { GRAMMAR_GAPS } from './grammarGaps';

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
 * tags as unescaped (Rails 2 without rails_xss). `declaredTemplate`: the request said ERB (`language:
 * erb`), so Ruby text that does not parse is the template's, tags or none (a `.gitignore.erb`).
 */
export async function parseForReview(
  code: string,
  language: LanguageId,
  escapingViews = true,
  declaredTemplate = false,
): Promise<ParsedSource> {
  // `#pragma warning restore 618` as a C# file's last line without a line break parses as an
  // error: the grammar ends every directive with a newline. Appending one moves no position.
  const text = language === 'csharp' && !code.endsWith('\n') ? `${code}\n` : code;
  const tree = await parse(text, language);
  if (
    language === 'ruby' &&
    tree.rootNode.hasError &&
    (declaredTemplate || hasErbTags(text) || MARKUP_START.test(text))
  ) {
    const template = await erbTemplate(text, escapingViews, declaredTemplate);
    if (template) {
      tree.delete();
      return template;
    }
  }
  if (!tree.rootNode.hasError) return { tree, code: text };
  // The compiler's view parses: use it. Otherwise the error is real and the whole text, with
  // every branch, stays the better basis for the rules and for the error's location.
  const compiled = COMPILER_VIEW[language]?.(text);
  const clean = compiled === undefined ? undefined : await cleanParse(compiled, language);
  if (clean) {
    tree.delete();
    return clean;
  }
  // Then the grammar's known gaps, rewritten in the compiler's view or the text: kept when that
  // parses, or when its first error comes later than the text's (the gap was not the error).
  const gaps = GRAMMAR_GAPS[language];
  for (const base of gaps ? [compiled, text] : []) {
    const rewritten = base === undefined ? undefined : gaps!(base);
    if (rewritten === undefined) continue;
    const retry = await parse(rewritten, language);
    if (!retry.rootNode.hasError || (base === text && laterError(retry, tree))) {
      tree.delete();
      return { tree: retry, code: rewritten };
    }
    retry.delete();
  }
  return { tree, code: text };
}

/** The tree of `code` when it parses without an error (else nothing is kept). */
async function cleanParse(code: string, language: LanguageId): Promise<ParsedSource | undefined> {
  const tree = await parse(code, language);
  if (!tree.rootNode.hasError) return { tree, code };
  tree.delete();
  return undefined;
}

/** Whether `retry`'s first syntax error comes after `original`'s. */
function laterError(retry: SyntaxTree, original: SyntaxTree): boolean {
  const a = firstSyntaxError(retry);
  const b = firstSyntaxError(original);
  return !!a && !!b && (a.line > b.line || (a.line === b.line && a.column > b.column));
}

/**
 * The Ruby of an ERB template's tags, when the text is one: it does not parse as Ruby (checked by
 * the caller) and either its tags' Ruby parses, or the request declared a template, or it starts
 * with markup, as no Ruby file can. A
 * template whose tags hold an error is still reviewed as one: the error is then at its real place.
 */
async function erbTemplate(
  text: string,
  escapes: boolean,
  declared: boolean,
): Promise<ParsedSource | undefined> {
  const view = erbRubyView(text, escapes);
  const tree = await parse(view, 'ruby');
  if (!tree.rootNode.hasError || declared || /^\s*</.test(text)) return { tree, code: view, template: true };
  tree.delete();
  return undefined;
}
