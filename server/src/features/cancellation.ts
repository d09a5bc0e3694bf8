// An LSP cancellation token as an AbortSignal, so a request the editor cancels ($/cancelRequest)
// cancels its engine task too (dropped from the queue or from the worker holding it, or its worker
// interrupted), and the request is answered as LSP asks for a cancelled one: RequestCancelled.
import { LSPErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver/node';

export function signalOf(token: CancellationToken): AbortSignal {
  const controller = new AbortController();
  if (token.isCancellationRequested) controller.abort();
  else token.onCancellationRequested(() => controller.abort());
  return controller.signal;
}

/**
 * Runs a request's work with its token as a signal. Work that fails once the editor has cancelled
 * the request (the engine task answering "cancelled", or whatever the cancel broke) answers
 * RequestCancelled, not an error the editor would show; work that finished anyway answers its result.
 */
export async function cancellable<T>(
  token: CancellationToken,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const signal = signalOf(token);
  try {
    return await work(signal);
  } catch (error) {
    if (signal.aborted) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'The request was cancelled.');
    throw error;
  }
}
