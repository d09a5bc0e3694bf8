// The model tier of the analysis operations (review, explain, refactor, generateTests, generateDocs).
// The builtin tier always runs first: it validates the input (a bad request never costs a model
// call), and its measured result is what the model's answer is checked against and merged with.
// Then one structured call (client.ts) asks for JSON matching the operation's contract; the plan of
// the operation (model/plans/) verifies the answer and merges it. A model failure, or an answer
// whose code fails verification, returns the builtin result saying why — never a partial object.
import type { z } from 'zod';
import type { OperationInput, OperationName, OperationOutput } from '../contracts';
import type { Verification, VerificationCheck } from '../contracts/verification';
import type { Operation, OperationContext } from '../engine';
import { completeJson, ModelError, type ChatMessage } from './client';
import { modelSettings, type ModelSettings } from './settings';

/** What a plan returns once the model's answer is checked. */
export type PlanResult<K extends OperationName> =
  /** The answer passed: the merged output, the checks and how the two tiers were combined. */
  | { accepted: true; output: OperationOutput<K>; checks: VerificationCheck[]; merge: string }
  /** The answer failed a check that matters: the builtin output stands, with the checks and why. */
  | { accepted: false; checks: VerificationCheck[]; reason: string };

/** How one operation uses a model: what it asks, in what shape, and how it checks and merges. */
export interface ModelPlan<K extends OperationName, S extends z.ZodType = z.ZodType> {
  /** The json_schema name sent to the server. */
  name: string;
  /** The answer's shape, derived from the operation's own contract. */
  schema: S;
  /** Why the model is not asked for this input (the builtin answer is exact), or undefined. */
  skip?(input: OperationInput<K>): string | undefined;
  messages(input: OperationInput<K>, builtin: OperationOutput<K>): ChatMessage[];
  verify(
    input: OperationInput<K>,
    builtin: OperationOutput<K>,
    answer: z.output<S>,
    context: OperationContext,
  ): Promise<PlanResult<K>>;
}

/** Runs `builtin`, then the model per `plan`, and returns one output carrying `verification`. */
export async function runWithModel<K extends OperationName>(
  plan: ModelPlan<K>,
  builtin: Operation<K>,
  input: OperationInput<K>,
  context: OperationContext,
): Promise<OperationOutput<K>> {
  const base = await builtin(input, context);
  const settings = withinBudget(modelSettings(context.config, process.env, context.contextTokens), context);
  const withVerification = (verification: Verification) => ({ ...base, verification }) as OperationOutput<K>;
  const skipped = plan.skip?.(input);
  if (skipped) return withVerification({ tier: 'builtin', checks: [], fallback: `${skipped}.` });
  let answer: unknown;
  try {
    answer = await completeJson(settings, plan.messages(input, base), plan.schema, plan.name, {
      signal: context.signal,
    });
  } catch (error) {
    if (!(error instanceof ModelError)) throw error;
    return withVerification({
      tier: 'builtin',
      checks: [],
      fallback: `The model '${settings.model}' failed (${error.reason}): ${error.message}. This answer is from the builtin tier.`,
    });
  }
  const result = await plan.verify(input, base, answer, context);
  if (!result.accepted) {
    return withVerification({
      tier: 'builtin',
      model: settings.model,
      checks: result.checks,
      fallback: `The model '${settings.model}' answered, but ${result.reason}. This answer is from the builtin tier.`,
    });
  }
  return {
    ...result.output,
    verification: { tier: 'model', model: settings.model, checks: result.checks, merge: result.merge },
  } as OperationOutput<K>;
}

/**
 * In the pool a task has a time limit (poolSettings.ts); the model call gets the share of what is left
 * that a stage may take, split over its attempts, so a slow model falls back to the builtin answer
 * before the pool would kill the task and lose it.
 */
function withinBudget(settings: ModelSettings, context: OperationContext): ModelSettings {
  const room = context.budget?.stageMs();
  if (room === undefined) return settings;
  const perAttempt = Math.max(1000, Math.floor(room / (settings.maxRetries + 1)));
  return { ...settings, timeoutMs: Math.min(settings.timeoutMs, perAttempt) };
}

/** The source with line numbers, for prompts that ask about lines. Never cut: the token count decides. */
export function numbered(code: string): string {
  return code
    .split('\n')
    .map((line, i) => `${i + 1}: ${line}`)
    .join('\n');
}
