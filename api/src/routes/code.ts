// /v1/code/*: generation, review, explanation and refactoring, each present when the engine has it.
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../app';
import { registerOperation } from './operation';

export async function codeRoutes(app: FastifyInstance, context: RouteContext): Promise<void> {
  registerOperation(app, context, 'generate', '/v1/code/generate', 200, { streams: true });
  registerOperation(app, context, 'review', '/v1/code/review');
  registerOperation(app, context, 'explain', '/v1/code/explain');
  registerOperation(app, context, 'refactor', '/v1/code/refactor');
}
