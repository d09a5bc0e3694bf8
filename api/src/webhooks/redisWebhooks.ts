// Opens the webhooks of a shared deployment: registrations in Redis (redisRegistry.ts), deliveries
// as BullMQ jobs (bullDelivery.ts) with their history in Redis (redisDeliveryLog.ts).
import type { Redis } from 'ioredis';
import { queueSettings } from '../store/queueSettings';
import { blockingConnection, type RedisSettings } from '../store/redisConnection';
import { BullDelivery } from './bullDelivery';
import { RedisDeliveryLog } from './redisDeliveryLog';
import { RedisWebhookRegistry } from './redisRegistry';
import { WebhookService, type WebhookServiceOptions } from './service';

export async function openRedisWebhooks(
  settings: RedisSettings,
  commands: Redis,
  options: WebhookServiceOptions = {},
  env: NodeJS.ProcessEnv = process.env,
): Promise<WebhookService> {
  const subscriber = blockingConnection(settings, 'webhook-events');
  const queueConnection = blockingConnection(settings, 'webhook-queue');
  try {
    const registry = await RedisWebhookRegistry.open(commands, subscriber, settings.prefix);
    const log = new RedisDeliveryLog(commands, settings.prefix);
    return new WebhookService(
      registry,
      (deps) =>
        new BullDelivery(deps, {
          connection: queueConnection,
          queue: queueSettings(settings.prefix, env),
          log,
          lookup: (id) => registry.fetch(id),
        }),
      options,
    );
  } catch (error) {
    subscriber.disconnect();
    queueConnection.disconnect();
    throw error;
  }
}
