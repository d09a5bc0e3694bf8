// The explanation webview: one panel, reused, beside the editor. It shows what the server's
// `codewright/explain` returned; clicking a breakdown entry reveals that line in the document.
import * as vscode from 'vscode';
import type { ExplainRequest } from '../../server/src/protocol';
import { plainText } from '../../server/src/features/plainText';
import { explanationHtml } from './explanationHtml';

/** Messages from media/explanation.js. */
type ViewMessage =
  { type: 'ready' } | { type: 'reveal'; line: number } | { type: 'detail'; level: DetailLevel };

type DetailLevel = ExplainRequest.Result['detailLevel'];

/** Explains the same code again at another detail level. */
export type Reexplain = (level: DetailLevel) => Promise<ExplainRequest.Result | undefined>;

const LEVELS: readonly string[] = ['brief', 'standard', 'detailed'];

export class ExplanationPanel {
  private static current?: ExplanationPanel;
  private result?: ExplainRequest.Result;
  private reexplain?: Reexplain;
  private ready = false;

  private constructor(
    private readonly panel: vscode.WebviewPanel,
    extensionUri: vscode.Uri,
  ) {
    const media = vscode.Uri.joinPath(extensionUri, 'media');
    const webview = panel.webview;
    webview.options = { enableScripts: true, localResourceRoots: [media] };
    webview.html = explanationHtml({
      cspSource: webview.cspSource,
      scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'explanation.js')).toString(),
      styleUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'explanation.css')).toString(),
    });
    webview.onDidReceiveMessage((message: ViewMessage) => this.receive(message));
    panel.onDidDispose(() => {
      if (ExplanationPanel.current === this) ExplanationPanel.current = undefined;
    });
  }

  /**
   * Restores the panel VS Code kept across a window reload (`WebviewPanelSerializer`): the webview
   * saved its last explanation in its state, which comes back here. Registered at activation, with
   * `onWebviewPanel:codewright.explanation` among the activation events.
   */
  static register(
    extensionUri: vscode.Uri,
    reexplainFor: (result: ExplainRequest.Result) => Reexplain,
  ): vscode.Disposable {
    return vscode.window.registerWebviewPanelSerializer(ExplanationPanel.viewType, {
      async deserializeWebviewPanel(panel: vscode.WebviewPanel, state: unknown) {
        const view = new ExplanationPanel(panel, extensionUri);
        ExplanationPanel.current?.panel.dispose();
        ExplanationPanel.current = view;
        const result = savedResult(state);
        if (!result) return;
        view.result = result;
        view.reexplain = reexplainFor(result);
        panel.title = `Explain: ${plainText(result.title)}`;
        view.post();
      },
    });
  }

  static readonly viewType = 'codewright.explanation';

  /** Shows a result in the panel, creating it beside the active editor if needed. */
  static show(extensionUri: vscode.Uri, result: ExplainRequest.Result, reexplain?: Reexplain): void {
    let view = ExplanationPanel.current;
    if (!view) {
      const panel = vscode.window.createWebviewPanel(
        ExplanationPanel.viewType,
        'Codewright: Explanation',
        { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
        { enableScripts: true, localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'media')] },
      );
      view = new ExplanationPanel(panel, extensionUri);
      ExplanationPanel.current = view;
    } else {
      view.panel.reveal(undefined, true);
    }
    view.result = result;
    view.reexplain = reexplain;
    view.panel.title = `Explain: ${plainText(result.title)}`;
    view.post();
  }

  private post(): void {
    if (this.ready && this.result)
      void this.panel.webview.postMessage({ type: 'explanation', result: this.result });
  }

  private receive(message: ViewMessage): void {
    if (message.type === 'ready') {
      this.ready = true;
      this.post();
    } else if (message.type === 'reveal' && this.result && Number.isInteger(message.line)) {
      void revealLine(vscode.Uri.parse(this.result.uri), message.line);
    } else if (message.type === 'detail' && LEVELS.includes(message.level) && this.reexplain) {
      const shown = this.result;
      void this.reexplain(message.level).then((result) => {
        // Another explanation may have replaced this one meanwhile.
        if (!result || this.result !== shown) return;
        this.result = result;
        this.post();
      });
    }
  }
}

/** The explanation a restored webview saved (`{ result }`), if it has the shape the view needs. */
export function savedResult(state: unknown): ExplainRequest.Result | undefined {
  const result = (state as { result?: ExplainRequest.Result } | undefined)?.result;
  if (
    typeof result?.uri !== 'string' ||
    typeof result.title !== 'string' ||
    !Number.isInteger(result.startLine) ||
    !Number.isInteger(result.endLine) ||
    typeof result.explanation?.summary !== 'string' ||
    !Array.isArray(result.explanation.breakdown) ||
    !Array.isArray(result.units) ||
    !Array.isArray(result.sideEffects)
  )
    return undefined;
  return result;
}

/** Shows the document (in the editor it is already visible in, if any) with the 1-based line selected. */
async function revealLine(uri: vscode.Uri, line: number): Promise<void> {
  const visible = vscode.window.visibleTextEditors.find((e) => e.document.uri.toString() === uri.toString());
  const editor = await vscode.window.showTextDocument(uri, {
    viewColumn: visible?.viewColumn,
    preserveFocus: false,
  });
  const target = editor.document.lineAt(Math.min(Math.max(line - 1, 0), editor.document.lineCount - 1)).range;
  editor.selection = new vscode.Selection(target.start, target.end);
  editor.revealRange(target, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}
