// Rule ids and anchors the editor needs without loading any analyser (the language server's front
// process only routes; the analysers live in the worker processes).

/** The pseudo-rule of a file that does not parse. */
export const SYNTAX_RULE = 'codewright/syntax-error';

/** The anchor of a rule's section in docs/rules.md, e.g. `codewright-sql-injection`. */
export function ruleAnchor(id: string): string {
  return id
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
