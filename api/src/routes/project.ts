// /v1/project/*: initialization (201, it creates a folder) and analysis, each present when the engine has it.
import type { FastifyInstance } from 'fastify';
import type { RouteContext } from '../app';
import { registerOperation } from './operation';

export async function projectRoutes(app: FastifyInstance, context: RouteContext): Promise<void> {
  registerOperation(app, context, 'initProject', '/v1/project/init', 201);
  registerOperation(app, context, 'analyzeProject', '/v1/project/analyze');
}
