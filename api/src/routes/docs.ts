// /v1/docs/generate, present when the engine can generate documentation.
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../app';
import { registerOperation } from './operation';

export async function docsRoutes(app: FastifyInstance, context: RouteContext): Promise<void> {
  registerOperation(app, context, 'generateDocs', '/v1/docs/generate');
}
