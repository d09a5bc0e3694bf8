// Redis unreachable (down, restarting, network cut) is a 503 in the error envelope, never a 500 and
// never a caller let through: every Redis call of a request path goes through storeCall.
import { CodewrightError } from '../../../server/src/engine/errors';

export function storeUnavailable(cause: unknown): CodewrightError {
  return new CodewrightError('SERVER_BUSY', 'The shared store (Redis) is unavailable; retry shortly', {
    reason: 'store_unavailable',
    issue: (cause as Error)?.message ?? String(cause),
  });
}

export async function storeCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof CodewrightError) throw error;
    throw storeUnavailable(error);
  }
}
