// An LSP cancellation token as an AbortSignal, so a request the editor cancels ($/cancelRequest)
// cancels its engine task too (dropped from the queue, or its worker stopped).
import type { CancellationToken } from 'vscode-languageserver/node';

export function signalOf(token: CancellationToken): AbortSignal {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  else token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}
