// Code actions from the last review of a document: a quick fix per fixable diagnostic (the finding's
// own edits), "Disable <rule> for this line", and `source.fixAll.codewright`, which applies the
// engine's fixed_code (every safe fix, re-reviewed by the engine to add nothing and parse).
import {
  CodeActionKind,
  CodeActionTriggerKind,
  type CodeAction,
  type CodeActionParams,
  type Diagnostic,
} from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { CHECK_TYPES } from '../engine/contracts/reviewTerms';
import { isTemplateLanguage, resolveLanguage, type LanguageId } from '../engine/languages';
import { SYNTAX_RULE } from '../engine/review/ruleIds';
import type { Finding } from '../engine/review/types';
import { DIAGNOSTIC_SOURCE } from '../protocol';
import type { CodeActionProvider } from './codeActions';
import type { EngineSession } from './engineSession';
import { FIX_ALL_KIND, isRequested } from './codeActionKinds';
import type { ReviewStore } from './reviewFindings';
import { disableRuleEdit } from './suppressionComment';
import { documentEdit, minimalEdit, toLspEdits } from './textEdits';

export class ReviewFixes implements CodeActionProvider {
  constructor(
    private readonly store: ReviewStore,
    private readonly session: EngineSession,
  ) {}

  async provide(document: TextDocument, params: CodeActionParams): Promise<CodeAction[]> {
    const language = resolveLanguage(document.languageId);
    if (!language) return [];
    const review = this.store.get(document.uri, document.version);
    const actions: CodeAction[] = [];
    if (isRequested(CodeActionKind.QuickFix, params.context.only)) {
      // Several findings of one rule on one line (two `var`s, say) need one "Disable" entry, not one each.
      const disabled = new Set<string>();
      for (const diagnostic of params.context.diagnostics) {
        if (diagnostic.source !== DIAGNOSTIC_SOURCE || typeof diagnostic.code !== 'string') continue;
        const finding = review?.findings.find((f) => matches(f, diagnostic));
        if (finding?.fix?.length) actions.push(this.quickFix(document, diagnostic, finding));
        const disableKey = `${diagnostic.range.start.line}:${diagnostic.code}`;
        if (diagnostic.code !== SYNTAX_RULE && !disabled.has(disableKey)) {
          disabled.add(disableKey);
          actions.push(disableAction(document, language, diagnostic));
        }
      }
    }
    if (review && review.findings.some((f) => f.fix?.length) && this.wantsFixAll(params)) {
      review.fixedCode ??= verifiedFixedCode(this.session, document, language);
      const edit = minimalEdit(document, await review.fixedCode);
      if (edit) {
        actions.push({
          title: 'Fix all safe Codewright problems',
          kind: FIX_ALL_KIND,
          edit: documentEdit(document, [edit]),
        });
      }
    }
    return actions;
  }

  /**
   * Fix-all costs a verifying re-review, so it is built when asked for (the Source Action menu,
   * `editor.codeActionsOnSave`, an invoked Quick Fix), not for the automatic light-bulb check.
   */
  private wantsFixAll(params: CodeActionParams): boolean {
    const { only, triggerKind } = params.context;
    if (!isRequested(FIX_ALL_KIND, only)) return false;
    return only !== undefined || triggerKind !== CodeActionTriggerKind.Automatic;
  }

  private quickFix(document: TextDocument, diagnostic: Diagnostic, finding: Finding): CodeAction {
    return {
      title: `Fix this ${finding.rule} problem`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [diagnostic],
      isPreferred: true,
      edit: documentEdit(document, toLspEdits(document, finding.fix!)),
    };
  }
}

/** The engine's fixed_code: all safe fixes together, re-reviewed to parse and add nothing new. */
async function verifiedFixedCode(
  session: EngineSession,
  document: TextDocument,
  language: LanguageId,
): Promise<string> {
  const code = document.getText();
  try {
    const engine = await session.engine();
    const { output } = await engine.task('reviewFindings', {
      input: {
        code,
        language,
        check_types: [...CHECK_TYPES],
        ...(isTemplateLanguage(document.languageId) && { template: true }),
      },
      fixedCode: true,
    });
    return output.fixed_code;
  } catch {
    return code;
  }
}

function matches(finding: Finding, diagnostic: Diagnostic): boolean {
  return (
    finding.rule === diagnostic.code &&
    finding.line - 1 === diagnostic.range.start.line &&
    Math.max(0, finding.column - 1) === diagnostic.range.start.character
  );
}

function disableAction(document: TextDocument, language: LanguageId, diagnostic: Diagnostic): CodeAction {
  const rule = diagnostic.code as string;
  return {
    title: `Disable ${rule} for this line`,
    kind: CodeActionKind.QuickFix,
    diagnostics: [diagnostic],
    edit: documentEdit(document, [disableRuleEdit(document, language, diagnostic.range.start.line, rule)]),
  };
}
