import { z } from 'zod';

export const EVENT_KINDS = [
  'code.generated',
  'review.completed',
  'code.explained',
  'code.refactored',
  'tests.generated',
  'docs.generated',
  'project.initialized',
  'project.analyzed',
  'config.updated',
] as const;

export const WebhookInput = z.object({
  url: z.string().min(1).max(2048).meta({
    description:
      'https:// URL of the receiver. Hosts resolving to loopback, private, link-local, multicast or unspecified addresses are refused (http://localhost only with the development setting).',
  }),
  events: z
    .array(z.enum(EVENT_KINDS))
    .min(1)
    .refine((events) => new Set(events).size === events.length, 'must not repeat an event kind'),
  secret: z.string().min(1).max(300).optional().meta({
    description:
      'Signing secret: whsec_<base64 of 24..64 random bytes>, or a raw string with at least 24 bytes of entropy. Omit it to get a generated whsec_ secret in the response, once.',
  }),
});

export const Webhook = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(EVENT_KINDS)),
  created_at: z.iso.datetime(),
});

export const WebhookCreated = Webhook.extend({
  secret: z.string().optional().meta({
    description: 'Only when the request had no secret: the generated one. Shown this once, never again.',
  }),
});

export const WebhookSummary = Webhook.extend({
  active: z.boolean(),
  disabled_at: z.iso.datetime().nullable(),
  disabled_reason: z.string().nullable(),
});

export const WebhookList = z.object({ webhooks: z.array(WebhookSummary) });

export const WebhookDeleted = z.object({ id: z.string(), deleted: z.literal(true) });

export const DeliveryAttempt = z.object({
  attempt: z.int().min(1),
  at: z.iso.datetime(),
  duration_ms: z.int().min(0),
  status_code: z.int().nullable().meta({ description: "The receiver's HTTP status; null when none came." }),
  error: z.string().nullable(),
  outcome: z.enum(['succeeded', 'retrying', 'failed', 'disabled']),
  next_attempt_at: z.iso.datetime().nullable(),
});

export const Delivery = z.object({
  id: z.string().meta({ description: 'The webhook-id header of every attempt.' }),
  event: z.enum(EVENT_KINDS),
  created_at: z.iso.datetime(),
  status: z.enum(['pending', 'succeeded', 'failed', 'cancelled']),
  next_attempt_at: z.iso.datetime().nullable(),
  attempts: z.array(DeliveryAttempt),
});

export const DeliveryList = z.object({ deliveries: z.array(Delivery) });

export type WebhookInput = z.output<typeof WebhookInput>;
export type Webhook = z.output<typeof Webhook>;
export type WebhookCreated = z.output<typeof WebhookCreated>;
export type WebhookSummary = z.output<typeof WebhookSummary>;
export type Delivery = z.output<typeof Delivery>;
export type EventKind = (typeof EVENT_KINDS)[number];
