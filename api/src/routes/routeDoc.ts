// What a route tells the OpenAPI document and the auth hook about itself, carried in Fastify's route
// `config` so that registering a route is the only step: the app collects these in onRoute.
import type { z } from 'zod';

export interface RouteDoc {
  operationId: string;
  summary: string;
  tag: string;
  /** Success status (200 unless the route creates something). */
  status: number;
  /** Component names and contracts of the request body (if any) and the success body. */
  request?: { name: string; schema: z.ZodType };
  response: { name: string; schema: z.ZodType };
  /** Reachable without an API key. */
  public?: boolean;
}

export interface RegisteredRoute {
  method: string;
  url: string;
  doc: RouteDoc;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    doc?: RouteDoc;
  }
}
