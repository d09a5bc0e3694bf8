// "Codewright: Generate Code": asks for a prompt, then inserts the code at the cursor of the active
// editor as the server streams it (GenerateCodeDeltaNotification), under a cancellable progress
// notification. A reset (the model failed, the builtin tier answers) or a cancel removes what was
// inserted; at the end the inserted text is made exactly the final code.
import * as vscode from 'vscode';
import { GenerateCodeDeltaNotification, GenerateCodeRequest } from '../../server/src/protocol';
import { plainText } from '../../server/src/features/plainText';
import type { CommandHandler, CommandTable } from './commandTable';
import type { Ctx } from './ctx';
import { setModelApiKey } from './modelSettings';

export function generateCommands(): CommandTable<Ctx> {
  return {
    generateCode: { enabled: generateCode },
    setModelApiKey: { enabled: setModelApiKey, disabled: setModelApiKey },
  };
}

let nextId = 0;

function generateCode(ctx: Ctx): CommandHandler {
  return async () => {
    const editor = vscode.window.activeTextEditor;
    const client = ctx.client;
    if (!editor || !client) {
      void vscode.window.showInformationMessage('Codewright: open a file to generate code into.');
      return;
    }
    const prompt = await vscode.window.showInputBox({
      title: `Codewright: generate ${editor.document.languageId} code`,
      prompt: 'Describe the code to generate',
      placeHolder: 'e.g. a debounce function with a cancel method',
      validateInput: (text) => (text.trim() ? undefined : 'Describe the code to generate.'),
    });
    if (!prompt?.trim()) return;
    const id = `generate-${process.pid}-${nextId++}`;
    const inserter = new StreamingInsert(editor, editor.selection.active);
    const subscription = client.onNotification(
      GenerateCodeDeltaNotification.method,
      (message: GenerateCodeDeltaNotification.Params) => {
        if (message.id !== id) return;
        if ('delta' in message) inserter.append(message.delta);
        else inserter.reset();
      },
    );
    let result: GenerateCodeRequest.Result;
    try {
      result = await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: 'Codewright: generating code…',
          cancellable: true,
        },
        (_progress, cancellation) =>
          client.sendRequest<GenerateCodeRequest.Result>(
            GenerateCodeRequest.method,
            {
              id,
              prompt,
              languageId: editor.document.languageId,
              trusted: vscode.workspace.isTrusted,
            } satisfies GenerateCodeRequest.Params,
            cancellation,
          ),
      );
    } catch (error) {
      await inserter.reset();
      if (error instanceof Error && /cancel/i.test(error.message)) return;
      const message = error instanceof Error ? error.message : String(error);
      ctx.log.error(`Generate code failed: ${message}`);
      void vscode.window.showErrorMessage(`Codewright could not generate code: ${plainText(message)}`);
      return;
    } finally {
      subscription.dispose();
    }
    await inserter.finish(result.code);
    const notes = [
      result.fallback,
      ...result.failedChecks.map((c) => `Verification failed: ${c}`),
      result.source === 'scaffold'
        ? 'No recipe fitted: this is a scaffold (a model would write the rest).'
        : '',
    ].filter(Boolean);
    ctx.log.info(`Generated ${result.source ?? 'code'}: ${plainText(result.explanation).slice(0, 500)}`);
    if (notes.length) void vscode.window.showWarningMessage(`Codewright: ${plainText(notes.join(' '))}`);
  };
}

/** Inserts text at a position piece by piece; edits are chained so they apply in order. */
class StreamingInsert {
  private inserted = '';
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly editor: vscode.TextEditor,
    private readonly at: vscode.Position,
  ) {}

  append(text: string): Promise<unknown> {
    return this.enqueue(async () => {
      const end = this.end();
      if (
        await this.editor.edit((edit) => edit.insert(end, text), {
          undoStopBefore: false,
          undoStopAfter: false,
        })
      )
        this.inserted += text;
    });
  }

  reset(): Promise<unknown> {
    return this.enqueue(() => this.replace(''));
  }

  /** Makes the inserted text exactly `code` (deltas may have been dropped or reset). */
  finish(code: string): Promise<unknown> {
    return this.enqueue(() => (this.inserted === code ? undefined : this.replace(code)));
  }

  private async replace(text: string): Promise<void> {
    const range = new vscode.Range(this.at, this.end());
    if (await this.editor.edit((edit) => edit.replace(range, text))) this.inserted = text;
  }

  private end(): vscode.Position {
    return this.editor.document.positionAt(this.editor.document.offsetAt(this.at) + this.inserted.length);
  }

  private enqueue(step: () => unknown): Promise<unknown> {
    this.chain = this.chain.then(step, step);
    return this.chain;
  }
}
