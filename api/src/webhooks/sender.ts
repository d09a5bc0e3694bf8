// One delivery attempt: a signed POST with a time limit, through the SSRF guard's lookup, redirects
// never followed (a 3xx is a failed attempt), the response body read and dropped (at most 64 KiB).
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { guardedLookup, literalProblem, type TargetPolicy } from './ssrfGuard';
import { parseRetryAfter } from './retrySchedule';

export const DEFAULT_TIMEOUT_MS = 15_000;
const MAX_RESPONSE_BYTES = 64 * 1024;
const USER_AGENT = 'Codewright-Webhooks/1';

export interface AttemptResult {
  status: number | null;
  error: string | null;
  retryAfterMs: number | null;
}

export interface SenderOptions {
  policy: TargetPolicy;
  timeoutMs: number;
  /** Connections kept open per endpoint origin. */
  maxSocketsPerOrigin: number;
}

export class WebhookSender {
  private readonly http: HttpAgent;
  private readonly https: HttpsAgent;
  private readonly lookup;

  constructor(private readonly options: SenderOptions) {
    this.lookup = guardedLookup(options.policy);
    const agentOptions = { keepAlive: true, maxSockets: options.maxSocketsPerOrigin };
    this.http = new HttpAgent(agentOptions);
    this.https = new HttpsAgent(agentOptions);
  }

  send(
    url: string,
    headers: Record<string, string>,
    body: string,
    signal?: AbortSignal,
  ): Promise<AttemptResult> {
    const refused = literalProblem(url, this.options.policy.allowLocal);
    if (refused) return Promise.resolve({ status: null, error: `refused: ${refused}`, retryAfterMs: null });
    const target = new URL(url);
    const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise((resolve) => {
      let settled = false;
      const finish = (result: AttemptResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(result);
      };
      const req = request(
        target,
        {
          method: 'POST',
          agent: target.protocol === 'https:' ? this.https : this.http,
          lookup: this.lookup,
          signal,
          headers: {
            ...headers,
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(body)),
            'user-agent': USER_AGENT,
          },
        },
        (response) => drain(response, () => finish(resultOf(response))),
      );
      const timer = setTimeout(
        () => req.destroy(new Error(`timed out after ${this.options.timeoutMs} ms`)),
        this.options.timeoutMs,
      );
      req.on('error', (error: NodeJS.ErrnoException) =>
        finish({ status: null, error: describe(error), retryAfterMs: null }),
      );
      req.end(body);
    });
  }

  close(): void {
    this.http.destroy();
    this.https.destroy();
  }
}

function resultOf(response: IncomingMessage): AttemptResult {
  const status = response.statusCode ?? 0;
  const ok = status >= 200 && status < 300;
  const retryAfter = response.headers['retry-after'];
  return {
    status,
    error: ok ? null : status >= 300 && status < 400 ? `redirect (${status}) not followed` : `HTTP ${status}`,
    retryAfterMs: parseRetryAfter(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter, Date.now()),
  };
}

/** Reads the response to its end (so the connection can be reused), dropping it past the cap. */
function drain(response: IncomingMessage, done: () => void): void {
  let bytes = 0;
  response.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > MAX_RESPONSE_BYTES) response.destroy();
  });
  response.on('end', done);
  response.on('close', done);
  response.on('error', done);
}

function describe(error: NodeJS.ErrnoException): string {
  if (error.code === 'ERR_WEBHOOK_TARGET_REFUSED') return `refused: ${error.message}`;
  if (error.name === 'AbortError') return 'aborted (server shutting down)';
  return error.code ? `${error.code}: ${error.message}` : error.message;
}
