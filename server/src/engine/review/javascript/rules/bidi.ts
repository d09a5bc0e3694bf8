// eslint-plugin-security's detect-bidi-characters splits the text of every token and comment into
// lines and runs its regular expression on each line: on the 2,263-line file of the diagnostics
// bench that is ~8% of all the bytes a review allocates, for a finding almost no file has. Every
// token's and comment's text is a slice of the file's text, so a file whose text holds none of the
// characters gets no report from the rule; the plugin's rule runs (same id, same reports) on every
// file that holds one, except for tokens whose only such characters are marks, which reorder nothing.
import type { ESLint, Rule } from 'eslint';

/** The characters the plugin's rule looks for (its `dangerousBidiCharsRegexp`), without `g`. */
export const BIDI_CHARACTERS = /[\u061C\u200E\u200F\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069]/u;

/**
 * The characters that reorder the text after them (embeddings, overrides, isolates and their
 * ends): what a Trojan Source attack hides code with. The marks (LRM, RLM, ALM) the plugin also
 * looks for are zero-width letters of one direction; they move no other character.
 */
const REORDERING = /[\u202A-\u202E\u2066-\u2069]/u;

/**
 * The rule, run only on files whose text holds one of the characters; a token whose characters
 * are marks alone is not reported (an HTML entity table's `"lrm;": "\u200E"`).
 */
export function onlyWithBidiCharacters(base: Rule.RuleModule): Rule.RuleModule {
  return {
    ...base,
    create(context) {
      if (!BIDI_CHARACTERS.test(context.sourceCode.text)) return {};
      const report = (descriptor: Rule.ReportDescriptor) => {
        const text = (descriptor as { data?: { text?: unknown } }).data?.text;
        if (typeof text !== 'string' || REORDERING.test(text)) context.report(descriptor);
      };
      return base.create(Object.create(context, { report: { value: report } }) as Rule.RuleContext);
    },
  };
}

/** A copy of eslint-plugin-security whose detect-bidi-characters runs only where it can report. */
export function withBidiPrecheck(plugin: ESLint.Plugin): ESLint.Plugin {
  const rule = plugin.rules?.['detect-bidi-characters'] as Rule.RuleModule | undefined;
  if (!rule) return plugin;
  return { ...plugin, rules: { ...plugin.rules, 'detect-bidi-characters': onlyWithBidiCharacters(rule) } };
}
