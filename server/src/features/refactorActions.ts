// Refactor code actions (`refactor.rewrite.codewright.<type>`) for a selection or the cursor's line,
// from the refactor engine's `refactorRange`: only the refactors it says would change something
// there are offered. They cost a language-service run, so they are computed when the user asks
// (the refactor menu, Ctrl+.) — not for the automatic light-bulb check on every cursor move — and
// remembered for the document version and range.
import { CodeActionTriggerKind, type CodeAction, type CodeActionParams } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { RefactorType } from '../engine/contracts/refactor';
import { resolveLanguage } from '../engine/languages';
import type { RefactorOffer, SelectionRange } from '../engine/refactor/index';
import type { CodeActionProvider } from './codeActions';
import type { EngineSession } from './engineSession';
import { isRequested, REFACTOR_KIND } from './codeActionKinds';
import { documentEdit, minimalEdit } from './textEdits';

/** Refactors that make sense on one line at the cursor (extracting needs a selection). */
const CURSOR_TYPES: readonly RefactorType[] = ['modernize', 'simplify', 'remove_dead_code', 'async_await'];

export class RefactorActions implements CodeActionProvider {
  private cached?: { key: string; offers: Promise<RefactorOffer[]> };

  constructor(private readonly session: EngineSession) {}

  async provide(document: TextDocument, params: CodeActionParams): Promise<CodeAction[]> {
    const { only, triggerKind } = params.context;
    // `only` may name a parent kind (`refactor`) or one refactor (`refactor.rewrite.codewright.modernize`).
    const wanted = only
      ? only.some((kind) => isRequested(REFACTOR_KIND, [kind]) || kind.startsWith(`${REFACTOR_KIND}.`))
      : triggerKind !== CodeActionTriggerKind.Automatic;
    if (!wanted) return [];
    const language = resolveLanguage(document.languageId);
    if (!language) return [];
    const offers = await this.offers(document, params, language);
    const actions: CodeAction[] = [];
    for (const offer of offers) {
      const kind = `${REFACTOR_KIND}.${offer.refactorType}`;
      const edit = minimalEdit(document, offer.result.refactored_code);
      if (!edit || !isRequested(kind, only)) continue;
      actions.push({ title: offer.title, kind, edit: documentEdit(document, [edit]) });
    }
    return actions;
  }

  private offers(
    document: TextDocument,
    params: CodeActionParams,
    language: NonNullable<ReturnType<typeof resolveLanguage>>,
  ): Promise<RefactorOffer[]> {
    const { start, end } = params.range;
    const empty = start.line === end.line && start.character === end.character;
    // An empty selection means the cursor's whole line; a selection is taken to the character.
    const range: SelectionRange = empty
      ? { startLine: start.line + 1, endLine: start.line + 1 }
      : {
          startLine: start.line + 1,
          startColumn: start.character + 1,
          endLine: end.line + 1,
          endColumn: end.character + 1,
        };
    const key = JSON.stringify([document.uri, document.version, range]);
    if (this.cached?.key !== key) {
      const code = document.getText();
      const types = empty ? [...CURSOR_TYPES] : undefined;
      const offers = this.session
        .engine()
        .then((engine) => engine.task('refactorOffers', { code, language, range, types }));
      this.cached = { key, offers: offers.catch(() => []) };
    }
    return this.cached.offers;
  }
}
