// The shape of one JS/TS review rule: its documentation, the ESLint rule that finds it (ours or a
// plugin's), per-message severities, and the review profiles it applies to.
import type { Rule } from 'eslint';
import type { RuleMeta } from '../types';
import type { Severity } from '../../contracts/review';
import type { ReviewProfile } from '../profile';

export interface JsRule {
  meta: RuleMeta;
  /** The ESLint rule id (`codewright/xss`, `sonarjs/slow-regex`, `no-unused-vars`). */
  eslintId: string;
  /** Our own rules carry their implementation; plugin and core rules are looked up by id. */
  module?: Rule.RuleModule;
  options?: unknown[];
  /** Severity per ESLint messageId when it differs from meta.severity. */
  severities?: Record<string, Severity>;
  /** Whether ESLint's fix for this rule is safe to apply to fixed_code. */
  safeFix?: boolean;
  /** Whether the rule runs for a review profile (default: always). */
  appliesTo?: (profile: ReviewProfile) => boolean;
  /** A profile-dependent severity (e.g. lower in tests). */
  adjustSeverity?: (severity: Severity, profile: ReviewProfile) => Severity;
}

/** One severity step down, for contexts where a finding matters less. */
export function lower(severity: Severity): Severity {
  return severity === 'critical' ? 'high' : severity === 'high' ? 'medium' : 'low';
}
