// An api with webhooks for the tests: a fresh data folder, the file backend with loopback receivers
// allowed and a fast retry schedule, the delivery loop running.
import { rmSync } from 'node:fs';
import {
  openFileWebhooks,
  type WebhookServiceOptions,
  type WebhookService,
} from '../../../api/src/webhooks/service';
import { createTestApi, makeDataDir, type TestApi, type TestApiOptions } from '../helpers';

export interface WebhookTestApi extends TestApi {
  webhooks: WebhookService;
  /** Registers a webhook and returns its id and secret. */
  register(url: string, events: string[], secret?: string): Promise<{ id: string; secret: string }>;
}

export async function createWebhookApi(
  webhookOptions: WebhookServiceOptions = {},
  apiOptions: TestApiOptions = {},
): Promise<WebhookTestApi> {
  const dataDir = makeDataDir();
  const webhooks = await openFileWebhooks(dataDir, {
    allowLocal: true,
    retrySchedule: [0.05, 0.1, 0.2],
    timeoutMs: 2000,
    ...webhookOptions,
  });
  const api = await createTestApi({ unlimited: true, ...apiOptions, dataDir, webhooks });
  webhooks.start();
  return {
    ...api,
    webhooks,
    register: async (url, events, secret) => {
      const response = await api.call({
        method: 'POST',
        url: '/v1/webhooks',
        payload: { url, events, secret },
      });
      if (response.statusCode !== 201) throw new Error(`register failed: ${response.body}`);
      const body = response.json() as { id: string; secret?: string };
      return { id: body.id, secret: secret ?? body.secret! };
    },
    close: async () => {
      await api.close();
      await webhooks.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
