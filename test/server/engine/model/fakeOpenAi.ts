// A local OpenAI-compatible server for the model-tier tests: real HTTP, real SSE. Each request to
// POST /v1/chat/completions takes the next scripted reply (the last one repeats); every request
// body is kept so tests can check what the engine sent.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Reply =
  /** Streams `content` in chunks of `chunk` characters, then finish_reason (default 'stop'). */
  | { kind: 'stream'; content: string; chunk?: number; finish?: 'stop' | 'length' | null; delayMs?: number }
  /** An HTTP error with a JSON body and headers (e.g. retry-after). */
  | { kind: 'status'; status: number; message: string; headers?: Record<string, string> }
  /** Never answers (until the client gives up). */
  | { kind: 'hang' };

export interface FakeServer {
  baseURL: string;
  requests: Record<string, unknown>[];
  /** The authorization header of each request, in order (to check where a key came from). */
  authorizations: (string | undefined)[];
  /** Requests whose connection the client closed before the answer ended. */
  aborted: number;
  script(...replies: Reply[]): void;
  close(): Promise<void>;
}

export async function startFakeOpenAi(): Promise<FakeServer> {
  let replies: Reply[] = [];
  const state = {
    requests: [] as Record<string, unknown>[],
    authorizations: [] as (string | undefined)[],
    aborted: 0,
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions'))
        return void res.writeHead(404).end();
      state.requests.push(JSON.parse(body) as Record<string, unknown>);
      state.authorizations.push(req.headers.authorization);
      const reply = replies.length > 1 ? replies.shift()! : replies[0]!;
      res.on('close', () => {
        if (!res.writableFinished) state.aborted++;
      });
      void answer(reply, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    get requests() {
      return state.requests;
    },
    get authorizations() {
      return state.authorizations;
    },
    get aborted() {
      return state.aborted;
    },
    script: (...next) => {
      replies = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function answer(reply: Reply, res: ServerResponse): Promise<void> {
  if (reply.kind === 'hang') return;
  if (reply.kind === 'status') {
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(JSON.stringify({ error: { message: reply.message, type: 'invalid_request_error' } }));
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const size = reply.chunk ?? 16;
  const frame = (delta: object, finish: string | null) =>
    `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', created: 0, model: 'fake', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  res.write(frame({ role: 'assistant', content: '' }, null));
  for (let i = 0; i < reply.content.length; i += size) {
    if (res.destroyed) return;
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    res.write(frame({ content: reply.content.slice(i, i + size) }, null));
  }
  if (reply.finish !== null) res.write(frame({}, reply.finish ?? 'stop'));
  res.end('data: [DONE]\n\n');
}
