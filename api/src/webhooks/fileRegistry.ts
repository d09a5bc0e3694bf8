// The registered webhooks of a data folder, in webhooks/endpoints.json (mode 0600: it holds the
// signing secrets), written atomically. Only this process writes it while it holds the outbox lock.
import { join } from 'node:path';
import { z } from 'zod';
import {
  readJsonFile,
  removeStaleTempFiles,
  writeJsonFile,
} from '../../../server/src/engine/storage/atomicFile';
import { StoredWebhookSchema, type StoredWebhook, type WebhookRegistry } from './store';

const EndpointsFile = z.object({ webhooks: z.array(StoredWebhookSchema) });

export class FileWebhookRegistry implements WebhookRegistry {
  private readonly path: string;
  private webhooks: StoredWebhook[];

  constructor(dir: string) {
    this.path = join(dir, 'endpoints.json');
    removeStaleTempFiles(this.path);
    const raw = readJsonFile(this.path);
    const parsed =
      raw === undefined ? { success: true as const, data: { webhooks: [] } } : EndpointsFile.safeParse(raw);
    // A damaged file stops the server rather than silently dropping subscriptions.
    if (!parsed.success) throw new Error(`${this.path} does not hold valid webhooks; fix or remove it`);
    this.webhooks = parsed.data.webhooks;
  }

  list(): StoredWebhook[] {
    return [...this.webhooks];
  }

  get(id: string): StoredWebhook | undefined {
    return this.webhooks.find((webhook) => webhook.id === id);
  }

  async add(webhook: StoredWebhook): Promise<void> {
    this.save([...this.webhooks, webhook]);
  }

  async remove(id: string): Promise<boolean> {
    if (!this.get(id)) return false;
    this.save(this.webhooks.filter((webhook) => webhook.id !== id));
    return true;
  }

  async disable(id: string, reason: string, at: string): Promise<void> {
    this.save(
      this.webhooks.map((webhook) =>
        webhook.id === id ? { ...webhook, disabled_at: at, disabled_reason: reason } : webhook,
      ),
    );
  }

  private save(webhooks: StoredWebhook[]): void {
    writeJsonFile(this.path, { webhooks });
    this.webhooks = webhooks;
  }
}
