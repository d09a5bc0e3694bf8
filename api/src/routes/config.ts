// GET/PUT /v1/config: the persisted configuration. PUT takes any non-empty subset of temperature,
// max_tokens and tools (and model, which the spec's config carries), and answers with the whole configuration.
import type { FastifyInstance } from 'fastify';
import { Config, ConfigUpdate } from '../../../server/src/engine/contracts/config';
import { validate } from '../../../server/src/engine/contracts';
import type { RouteContext } from '../app';
import { emitEvent } from '../webhooks/emit';
import { configEvent, type Outcome } from '../webhooks/events';

const JSON_TYPE = 'application/json; charset=utf-8';
const serialized = new WeakMap<object, string>();

/** The configuration's JSON; configurations are frozen and replaced whole, so identity is a version. */
function serializedConfig(config: Readonly<Config>): string {
  let json = serialized.get(config);
  if (json === undefined) {
    json = JSON.stringify(config);
    serialized.set(config, json);
  }
  return json;
}

export async function configRoutes(
  app: FastifyInstance,
  { engine, webhooks, now, state }: RouteContext,
): Promise<void> {
  const response = { name: 'Config', schema: Config };
  app.get(
    '/v1/config',
    {
      config: {
        doc: {
          operationId: 'getConfig',
          summary: 'Read the configuration',
          tag: 'config',
          status: 200,
          response,
        },
      },
    },
    // Every request reads the same frozen configuration until a change replaces it, so its JSON is
    // built once per configuration rather than once per request.
    (_request, reply) => {
      reply.type(JSON_TYPE).send(serializedConfig(engine.config.get()));
    },
  );
  app.put(
    '/v1/config',
    {
      config: {
        doc: {
          operationId: 'updateConfig',
          summary: 'Update model, temperature, max_tokens and/or tools; returns the whole configuration',
          tag: 'config',
          status: 200,
          request: { name: 'ConfigUpdate', schema: ConfigUpdate },
          response,
        },
      },
    },
    async (request) => {
      const emit = (outcome: Outcome<Record<string, unknown>>) =>
        emitEvent(
          webhooks,
          'config.updated',
          () => configEvent(request.id, request.body, outcome, now()),
          request.log,
        );
      let config;
      try {
        const update = validate(ConfigUpdate, request.body);
        // Through the backend when there is one: on Redis every instance sees the change.
        config = state ? await state.updateConfig(update) : engine.config.update(update);
      } catch (error) {
        await emit({ error });
        throw error;
      }
      await emit({ output: config });
      return config;
    },
  );
}
