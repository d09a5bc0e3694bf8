// Where the model tier's endpoint and limits come from. The model is the config's `model`
// ('builtin' = no model); the endpoint is OPENAI_BASE_URL / OPENAI_API_KEY in the environment the
// engine runs in (the openai package's own variables), so any OpenAI-compatible server works:
// OpenAI, Azure, Ollama, vLLM, llama.cpp, LM Studio. Servers without keys get a placeholder key.
import type { Config } from '../contracts/config';
import { DEFAULT_CONTEXT_TOKENS } from '../contracts/config';

export interface ModelSettings {
  model: string;
  baseURL?: string;
  apiKey: string;
  temperature: number;
  maxTokens: number;
  /** One request's time limit (CODEWRIGHT_MODEL_TIMEOUT_MS, default 60 s). */
  timeoutMs: number;
  /** Retries of a 408/409/429/5xx or a lost connection, with the provider's Retry-After or backoff. */
  maxRetries: number;
  /** The context window: prompt tokens + max_tokens must fit (CONTEXT_TOO_LONG otherwise). */
  contextTokens: number;
}

export const DEFAULT_MODEL_TIMEOUT_MS = 60_000;
export const DEFAULT_MODEL_RETRIES = 2;

export function isModelConfigured(config: Readonly<Config>): boolean {
  return config.model !== 'builtin';
}

export function modelSettings(
  config: Readonly<Config>,
  env: NodeJS.ProcessEnv = process.env,
  contextTokens = DEFAULT_CONTEXT_TOKENS,
): ModelSettings {
  return {
    model: config.model,
    baseURL: env.OPENAI_BASE_URL || undefined,
    apiKey: env.OPENAI_API_KEY || 'no-key',
    temperature: config.temperature,
    maxTokens: config.max_tokens,
    timeoutMs: positive(env.CODEWRIGHT_MODEL_TIMEOUT_MS) ?? DEFAULT_MODEL_TIMEOUT_MS,
    maxRetries: nonNegative(env.CODEWRIGHT_MODEL_RETRIES) ?? DEFAULT_MODEL_RETRIES,
    contextTokens,
  };
}

function positive(text: string | undefined): number | undefined {
  const value = Number(text);
  return text && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

function nonNegative(text: string | undefined): number | undefined {
  const value = Number(text);
  return text && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}
