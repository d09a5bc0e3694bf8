// Small helpers for the tree-sitter rule tests: review a snippet, list findings as `rule@line`.
import type { CheckType } from '../../../../../server/src/engine/contracts/review';
import type { LanguageId } from '../../../../../server/src/engine/languages';
import { reviewWithTreeSitter } from '../../../../../server/src/engine/review/treesitter';
import type { Finding } from '../../../../../server/src/engine/review/types';

export const ALL_CHECKS: readonly CheckType[] = ['security', 'performance', 'best_practices'];

export function review(
  code: string,
  language: LanguageId,
  checkTypes: readonly CheckType[] = ALL_CHECKS,
): Promise<Finding[]> {
  return reviewWithTreeSitter(code, language, { checkTypes });
}

/** Findings of one rule as `line` numbers, the shape most assertions need. */
export async function linesOf(rule: string, code: string, language: LanguageId): Promise<number[]> {
  const findings = await review(code, language);
  return findings.filter((f) => f.rule === `codewright/${rule}`).map((f) => f.line);
}

/** Findings of one rule as `line severity` (`'4 medium'`), for rules whose severity depends on the flow. */
export async function severitiesOf(rule: string, code: string, language: LanguageId): Promise<string[]> {
  const findings = await review(code, language);
  return findings.filter((f) => f.rule === `codewright/${rule}`).map((f) => `${f.line} ${f.severity}`);
}

/** Applies a finding's fix edits to the code (edits are non-overlapping; applied from the end). */
export function applyFix(code: string, finding: Finding): string {
  let out = code;
  for (const edit of [...(finding.fix ?? [])].sort((a, b) => b.start - a.start)) {
    out = out.slice(0, edit.start) + edit.text + out.slice(edit.end);
  }
  return out;
}

/** Dedent a template literal so snippets can be indented in tests. */
export function code(strings: TemplateStringsArray, ...values: unknown[]): string {
  const raw = String.raw({ raw: strings }, ...values).replace(/^\n/, '');
  const indent = Math.min(
    ...raw
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => l.match(/^ */)![0].length),
  );
  return raw
    .split('\n')
    .map((l) => l.slice(indent))
    .join('\n');
}
