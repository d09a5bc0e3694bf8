// A real webhook receiver on a loopback port for the tests: records every request (headers and the
// raw body) and answers as the test says (status, headers, delay), or is stopped to play "down".
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  delayMs?: number;
}

export class Receiver {
  readonly received: Received[] = [];
  answer: (request: Received, index: number) => Answer = () => ({ status: 204 });
  private server?: Server;
  port = 0;

  /** Listens (on the same port as before when restarted, so a registered URL stays valid). */
  async start(port = this.port): Promise<this> {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const request = {
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
          at: Date.now(),
        };
        const index = this.received.push(request) - 1;
        const answer = this.answer(request, index);
        const reply = () => res.writeHead(answer.status, answer.headers).end();
        if (answer.delayMs) setTimeout(reply, answer.delayMs);
        else reply();
      });
    });
    server.keepAliveTimeout = 1000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** The payloads whose signature verifies with `secret`, as a receiver using `standardwebhooks` would check them. */
  verified(secret: string): { id: string; payload: { event: string; data: Record<string, unknown> } }[] {
    const webhook = new Webhook(secret);
    return this.received.map((request) => ({
      id: String(request.headers['webhook-id']),
      payload: webhook.verify(request.body, request.headers as Record<string, string>) as {
        event: string;
        data: Record<string, unknown>;
      },
    }));
  }
}

/** Polls until `condition` holds or `ms` pass. */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  ms = 10_000,
  what = 'condition',
): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Checks what a receiver got against the requests that were answered: every answered event
 * arrived, each under exactly one webhook-id, and a webhook-id always carries the same event.
 * Returns how many requests were repeats of a webhook-id already received (retries).
 */
export function assertOncePerWebhookId(
  receiver: Receiver,
  secret: string,
  answered: Iterable<string>,
): number {
  const requestByWebhookId = new Map<string, string>();
  const webhookIdsByRequest = new Map<string, Set<string>>();
  for (const { id, payload } of receiver.verified(secret)) {
    const requestId = String(payload.data.request_id);
    const seen = requestByWebhookId.get(id);
    if (seen !== undefined && seen !== requestId) throw new Error(`webhook-id ${id} carried two events`);
    requestByWebhookId.set(id, requestId);
    if (!webhookIdsByRequest.has(requestId)) webhookIdsByRequest.set(requestId, new Set());
    webhookIdsByRequest.get(requestId)!.add(id);
  }
  for (const requestId of answered) {
    const ids = webhookIdsByRequest.get(requestId);
    if (!ids) throw new Error(`event of request ${requestId} never arrived`);
    if (ids.size !== 1)
      throw new Error(`event of request ${requestId} arrived under ${ids.size} webhook-ids`);
  }
  return receiver.received.length - requestByWebhookId.size;
}
