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
  url: z.url({ protocol: /^https?$/ }).max(2048),
  events: z.array(z.enum(EVENT_KINDS)).min(1),
  secret: z.string().min(16).max(256),
});

export const Webhook = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(EVENT_KINDS)),
  created_at: z.iso.datetime(),
});

export type WebhookInput = z.output<typeof WebhookInput>;
export type Webhook = z.output<typeof Webhook>;
export type EventKind = (typeof EVENT_KINDS)[number];
