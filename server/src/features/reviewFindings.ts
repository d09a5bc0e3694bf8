// Review findings as LSP diagnostics, and the last review of each open document (kept for the code
// actions, which need the findings' fixes and the verified fixed_code of exactly that version).
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver/node';
import type { Severity } from '../engine/contracts/reviewTerms';
import type { Finding } from '../engine/review/types';
import { DIAGNOSTIC_SOURCE } from '../protocol';
import type { RuleDocsLinks } from './ruleDocsLink';
import { plainText } from './plainText';

/**
 * critical and high block a merge, so they are errors; medium deserves a look (warning); low is
 * advice (information, still listed in the Problems panel, unlike a hint).
 */
export const SEVERITY_TO_LSP: Record<Severity, DiagnosticSeverity> = {
  critical: DiagnosticSeverity.Error,
  high: DiagnosticSeverity.Error,
  medium: DiagnosticSeverity.Warning,
  low: DiagnosticSeverity.Information,
};

/** What a diagnostic carries back to the server in code action requests. */
export interface DiagnosticData {
  fixable: boolean;
}

export function toDiagnostic(finding: Finding, links: RuleDocsLinks): Diagnostic {
  const href = links.href(finding.rule);
  const start = { line: finding.line - 1, character: Math.max(0, finding.column - 1) };
  const end =
    finding.endLine > finding.line || (finding.endLine === finding.line && finding.endColumn > finding.column)
      ? { line: finding.endLine - 1, character: Math.max(0, finding.endColumn - 1) }
      : { line: start.line, character: start.character + 1 };
  const data: DiagnosticData = { fixable: (finding.fix?.length ?? 0) > 0 };
  return {
    range: { start, end },
    severity: SEVERITY_TO_LSP[finding.severity],
    source: DIAGNOSTIC_SOURCE,
    code: finding.rule,
    ...(href ? { codeDescription: { href } } : {}),
    // Diagnostics are plain text in editors: Markdown code spans become quotes.
    message: plainText(finding.suggestion ? `${finding.message}\n${finding.suggestion}` : finding.message),
    data,
  };
}

export interface ReviewedVersion {
  version: number;
  findings: Finding[];
  /**
   * The engine's fixed_code for this version (every safe fix applied and re-verified), computed on
   * the first fix-all request: diagnostics skip it, since the verifying re-review doubles latency.
   */
  fixedCode?: Promise<string>;
}

/** The last published review per open document. */
export class ReviewStore {
  private readonly byUri = new Map<string, ReviewedVersion>();

  set(uri: string, review: ReviewedVersion): void {
    this.byUri.set(uri, review);
  }

  /** The review of exactly this version, or undefined when it is older (or absent). */
  get(uri: string, version: number): ReviewedVersion | undefined {
    const review = this.byUri.get(uri);
    return review?.version === version ? review : undefined;
  }

  delete(uri: string): void {
    this.byUri.delete(uri);
  }
}
