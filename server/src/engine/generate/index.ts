// The `generate` operation. With a model configured (config `model` other than 'builtin') the model
// tier writes the code and it is verified; if the model fails (unreachable, refusing, malformed
// twice, timed out) the builtin tier answers and says why. Without a model the builtin recipe
// library answers. Either way the code goes out through `context.emit` as deltas for streaming.
import type { GenerateInput, GenerateOutput } from '../contracts/generate';
import type { OperationContext } from '../engine';
import { ModelError } from '../model/client';
import { isModelConfigured, modelSettings } from '../model/settings';
import { checkParses } from '../model/verify';
import { generateBuiltin } from './builtin';
import { generateWithModel } from './withModel';

export async function generateCode(input: GenerateInput, context: OperationContext): Promise<GenerateOutput> {
  if (!isModelConfigured(context.config)) return builtin(input, context);
  const settings = modelSettings(context.config, process.env, context.contextTokens);
  try {
    return await generateWithModel(input, context, settings);
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    context.emit?.({ type: 'reset', reason: error.message });
    const fallback = `The model '${settings.model}' failed (${error.reason}): ${error.message}. This answer is from the builtin tier.`;
    return builtin(input, context, fallback);
  }
}

async function builtin(
  input: GenerateInput,
  context: OperationContext,
  fallback?: string,
): Promise<GenerateOutput> {
  const output = await generateBuiltin(input);
  for (const line of output.code.match(/[^\n]*\n|[^\n]+$/g) ?? [])
    context.emit?.({ type: 'delta', text: line });
  const parses = await checkParses(output.code, input.language, 'code');
  return {
    ...output,
    explanation: fallback ? `${fallback}\n\n${output.explanation}` : output.explanation,
    verification: {
      tier: 'builtin',
      checks: [
        parses,
        output.metadata.source === 'recipe'
          ? {
              check: "the recipe's own tests",
              target: 'tests',
              outcome: 'passed',
              detail: 'they pass in the project test suite (test/server/engine/generate/recipes.test.ts)',
            }
          : {
              check: 'tests',
              target: 'tests',
              outcome: 'skipped',
              detail: 'a scaffold has no logic to test',
            },
      ],
      ...(fallback ? { fallback } : {}),
    },
  };
}
