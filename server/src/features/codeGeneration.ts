// "Generate Code" in the editor: runs the `generate` operation in the worker pool and forwards its
// code deltas to the client as notifications, so the editor can insert the code as it streams. The
// editor's cancel ($/cancelRequest) cancels the task, which closes any model connection.
import { ErrorCodes, ResponseError, type Connection } from 'vscode-languageserver/node';
import { resolveLanguage } from '../engine/languages';
import { GenerateCodeDeltaNotification, GenerateCodeRequest } from '../protocol';
import { cancellable } from './cancellation';
import type { EngineSession } from './engineSession';
import type { Feature } from './feature';

export class CodeGeneration implements Feature {
  constructor(private readonly session: EngineSession) {}

  initialize(connection: Connection): Record<string, never> {
    connection.onRequest(GenerateCodeRequest.method, (params: GenerateCodeRequest.Params, token) =>
      cancellable(token, (signal) => this.generate(connection, params, signal)),
    );
    return {};
  }

  private async generate(
    connection: Connection,
    params: GenerateCodeRequest.Params,
    signal: AbortSignal,
  ): Promise<GenerateCodeRequest.Result> {
    const language = typeof params?.languageId === 'string' ? resolveLanguage(params.languageId) : undefined;
    if (!language)
      throw new ResponseError(
        ErrorCodes.InvalidParams,
        `Codewright cannot generate ${String(params?.languageId)} code; open a file in a supported language.`,
      );
    if (typeof params.prompt !== 'string' || !params.prompt.trim())
      throw new ResponseError(ErrorCodes.InvalidParams, 'Describe the code to generate.');
    const engine = await this.session.engine();
    const send = (message: GenerateCodeDeltaNotification.Params) =>
      void connection.sendNotification(GenerateCodeDeltaNotification.method, message);
    // The same validation as the HTTP door (prompt length, framework), so errors read the same. The
    // contracts (zod and every operation's schemas) load on the first request, not at start.
    const { validate, OPERATIONS } = require('../engine/contracts') as typeof import('../engine/contracts');
    const input = validate(OPERATIONS.generate.input, {
      prompt: params.prompt,
      language,
      ...(params.framework ? { framework: params.framework } : {}),
    });
    const output = await engine.run('generate', input, {
      signal,
      withoutTools: params.trusted ? [] : ['code_execution'],
      onEvent: (event) =>
        send(
          event.type === 'delta'
            ? { id: params.id, delta: event.text }
            : { id: params.id, reset: event.reason },
        ),
    });
    return {
      code: output.code,
      explanation: output.explanation,
      source: output.metadata.source,
      fallback: output.verification?.fallback,
      failedChecks: (output.verification?.checks ?? [])
        .filter((c) => c.outcome === 'failed')
        .map((c) => `${c.target} ${c.check}: ${c.detail}`),
    };
  }
}
