// /v1/test/generate, present when the engine can generate unit tests.
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../app';
import { registerOperation } from './operation';

export async function testRoutes(app: FastifyInstance, context: RouteContext): Promise<void> {
  registerOperation(app, context, 'generateTests', '/v1/test/generate');
}
