// One structured call to an OpenAI-compatible chat endpoint: the answer must be a JSON object
// matching a zod schema. The schema is sent as a `json_schema` response format; a server that
// refuses that (400 naming response_format/json_schema) is asked again in JSON mode, with the
// schema in the prompt. The reply is validated; an invalid or truncated one gets one repair request
// quoting what was wrong, then a ModelError. Never a partial object.
// Before any call the prompt's tokens are counted (o200k_base, limits.ts): prompt + max_tokens over
// the context window is CONTEXT_TOO_LONG. Retries of 408/409/429/5xx and lost connections, with the
// provider's Retry-After or exponential backoff, are the openai package's (maxRetries).
import OpenAI from 'openai';
import { z } from 'zod';
import { CodewrightError } from '../errors';
import { countTokens } from '../limits';
import type { ModelSettings } from './settings';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Why the model tier gave up; the caller falls back to the builtin tier and says so. */
export class ModelError extends Error {
  constructor(
    readonly reason: 'unreachable' | 'refused' | 'malformed' | 'truncated' | 'timeout',
    message: string,
  ) {
    super(message);
    this.name = 'ModelError';
  }
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Called with the whole text received so far, as it streams. */
  onText?: (soFar: string) => void;
  /** For tests: the fetch the client uses. */
  fetch?: typeof fetch;
}

// Servers (by base URL) that refused json_schema: later calls go straight to JSON mode.
const jsonModeOnly = new Set<string>();

/** Throws CONTEXT_TOO_LONG when the messages and the answer's budget exceed the context window. */
export function assertPromptFits(messages: readonly ChatMessage[], settings: ModelSettings): number {
  const budget = settings.contextTokens - settings.maxTokens;
  const text = messages.map((m) => m.content).join('\n');
  const tokens = countTokens(text, Math.max(0, budget));
  if (tokens > budget) {
    throw new CodewrightError(
      'CONTEXT_TOO_LONG',
      `The prompt for the model holds more than ${budget} tokens (context window ${settings.contextTokens} minus max_tokens ${settings.maxTokens})`,
      { limit_tokens: settings.contextTokens, max_tokens: settings.maxTokens },
    );
  }
  return tokens;
}

export async function completeJson<S extends z.ZodType>(
  settings: ModelSettings,
  messages: ChatMessage[],
  schema: S,
  name: string,
  options: CallOptions = {},
): Promise<z.output<S>> {
  assertPromptFits(messages, settings);
  const client = new OpenAI({
    apiKey: settings.apiKey,
    baseURL: settings.baseURL,
    timeout: settings.timeoutMs,
    maxRetries: settings.maxRetries,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const jsonSchema = z.toJSONSchema(schema, { io: 'output' }) as Record<string, unknown>;
  let conversation = messages;
  for (let attempt = 1; ; attempt++) {
    const text = await stream(client, settings, conversation, name, jsonSchema, options);
    const problem = check(text.content, text.truncated, schema);
    if (problem.ok) return problem.value;
    if (attempt >= 2) {
      throw new ModelError(
        text.truncated ? 'truncated' : 'malformed',
        `The model's answer was ${problem.issue} twice (after one repair request)`,
      );
    }
    conversation = [
      ...messages,
      { role: 'assistant', content: text.content.slice(0, 20_000) },
      {
        role: 'user',
        content: `That answer was ${problem.issue}. Reply again with only one complete JSON object matching this schema:\n${JSON.stringify(jsonSchema)}`,
      },
    ];
  }
}

type Checked<T> = { ok: true; value: T } | { ok: false; issue: string };

function check<S extends z.ZodType>(content: string, truncated: boolean, schema: S): Checked<z.output<S>> {
  if (truncated) return { ok: false, issue: 'cut off at max_tokens (truncated)' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(stripFence(content));
  } catch (error) {
    return { ok: false, issue: `not valid JSON (${(error as Error).message.slice(0, 120)})` };
  }
  const result = schema.safeParse(parsed);
  if (result.success) return { ok: true, value: result.data };
  const first = result.error.issues[0]!;
  return {
    ok: false,
    issue: `not valid against the schema ('${first.path.join('.') || '(root)'}': ${first.message})`,
  };
}

/** Some servers wrap JSON mode answers in a Markdown fence anyway. */
function stripFence(text: string): string {
  const fenced = /^\s*```(?:json)?\s*\n([\s\S]*?)\n```\s*$/.exec(text);
  return fenced ? fenced[1]! : text;
}

async function stream(
  client: OpenAI,
  settings: ModelSettings,
  messages: ChatMessage[],
  name: string,
  jsonSchema: Record<string, unknown>,
  options: CallOptions,
): Promise<{ content: string; truncated: boolean }> {
  const key = settings.baseURL ?? 'default';
  const schemaFormat = {
    type: 'json_schema' as const,
    json_schema: { name, schema: jsonSchema, strict: false },
  };
  const jsonMode = jsonModeOnly.has(key);
  try {
    return await streamOnce(
      client,
      settings,
      jsonMode ? withSchemaInPrompt(messages, jsonSchema) : messages,
      jsonMode ? { type: 'json_object' } : schemaFormat,
      options,
    );
  } catch (error) {
    if (
      !jsonMode &&
      error instanceof OpenAI.BadRequestError &&
      /response_format|json_schema/i.test(error.message)
    ) {
      jsonModeOnly.add(key);
      return streamOnce(
        client,
        settings,
        withSchemaInPrompt(messages, jsonSchema),
        { type: 'json_object' },
        options,
      );
    }
    throw translate(error, options.signal);
  }
}

function withSchemaInPrompt(messages: ChatMessage[], jsonSchema: Record<string, unknown>): ChatMessage[] {
  return [
    ...messages,
    {
      role: 'system',
      content: `Answer with one JSON object matching this JSON schema:\n${JSON.stringify(jsonSchema)}`,
    },
  ];
}

async function streamOnce(
  client: OpenAI,
  settings: ModelSettings,
  messages: ChatMessage[],
  responseFormat: OpenAI.Chat.Completions.ChatCompletionCreateParams['response_format'],
  options: CallOptions,
): Promise<{ content: string; truncated: boolean }> {
  try {
    const chunks = await client.chat.completions.create(
      {
        model: settings.model,
        messages,
        temperature: settings.temperature,
        max_tokens: settings.maxTokens,
        response_format: responseFormat,
        stream: true,
      },
      { signal: options.signal },
    );
    let content = '';
    let finish: string | null | undefined;
    for await (const chunk of chunks) {
      const choice = chunk.choices[0];
      const delta = choice?.delta?.content;
      if (delta) {
        content += delta;
        options.onText?.(content);
      }
      finish = choice?.finish_reason ?? finish;
    }
    // A stream that ends without a finish_reason was cut off (connection lost mid-answer).
    return { content, truncated: finish === 'length' || finish === undefined || finish === null };
  } catch (error) {
    if (error instanceof OpenAI.BadRequestError) throw error;
    throw translate(error, options.signal);
  }
}

function translate(error: unknown, signal: AbortSignal | undefined): unknown {
  if (error instanceof ModelError || error instanceof CodewrightError) return error;
  if (signal?.aborted)
    return new CodewrightError('UNPROCESSABLE', 'The task was cancelled.', { issue: 'cancelled' });
  if (error instanceof OpenAI.APIConnectionTimeoutError) {
    return new ModelError('timeout', 'The model endpoint did not answer within the time limit');
  }
  if (error instanceof OpenAI.APIConnectionError) {
    return new ModelError('unreachable', `The model endpoint could not be reached (${error.message})`);
  }
  if (error instanceof OpenAI.APIError) {
    return new ModelError(
      'refused',
      `The model endpoint answered HTTP ${error.status ?? '?'}: ${error.message.slice(0, 200)}`,
    );
  }
  return new ModelError(
    'unreachable',
    `The model call failed: ${error instanceof Error ? error.message : String(error)}`,
  );
}
