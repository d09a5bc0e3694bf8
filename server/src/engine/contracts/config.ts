import { z } from 'zod';

/** The context window in tokens when none is configured (CODEWRIGHT_CONTEXT_TOKENS); more input is CONTEXT_TOO_LONG. */
export const DEFAULT_CONTEXT_TOKENS = 128_000;

export const TOOLS = ['code_execution', 'file_operations', 'web_search'] as const;

const Temperature = z.number().min(0).max(2);
// A model identifier as the endpoint names it (`gpt-4o-mini`, `qwen2.5-coder:7b`, `org/model`).
const Model = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[\w.:/@+-]+$/, 'must be a model identifier (letters, digits and . : / @ + - _)')
  .meta({ description: "Model identifier; 'builtin' is the offline engine (no model)." });
const MaxTokens = z.int().min(1).max(32768);
const Tools = z
  .array(z.enum(TOOLS))
  .refine((tools) => new Set(tools).size === tools.length, 'tools must not repeat');

export const Config = z.object({
  model: Model,
  temperature: Temperature,
  max_tokens: MaxTokens,
  tools: Tools,
  project_context: z.object({ language: z.string().optional(), framework: z.string().optional() }),
});

export const ConfigUpdate = z
  .object({
    model: Model.optional(),
    temperature: Temperature.optional(),
    max_tokens: MaxTokens.optional(),
    tools: Tools.optional(),
  })
  .refine((update) => Object.values(update).some((value) => value !== undefined), {
    message: 'Provide at least one of model, temperature, max_tokens, tools',
  });

export const DEFAULT_CONFIG: Config = {
  model: 'builtin',
  temperature: 0.2,
  max_tokens: 4096,
  tools: ['file_operations'],
  project_context: {},
};

export type Config = z.output<typeof Config>;
export type ConfigUpdate = z.output<typeof ConfigUpdate>;
export type Tool = (typeof TOOLS)[number];
