// The model tier of each analysis operation, by operation name: one plan per operation (what it
// asks the model, how it checks the answer and merges it with the builtin result), one runner.
import type { Operation } from '../../engine';
import { runWithModel, type ModelPlan } from '../tier';
import { docsPlan } from './docs';
import { explainPlan } from './explain';
import { refactorPlan } from './refactor';
import { reviewPlan } from './review';
import { testsPlan } from './tests';

export type ModelOperationName = 'review' | 'explain' | 'refactor' | 'generateTests' | 'generateDocs';

const PLANS: { [K in ModelOperationName]: ModelPlan<K> } = {
  review: reviewPlan,
  explain: explainPlan,
  refactor: refactorPlan,
  generateTests: testsPlan,
  generateDocs: docsPlan,
};

/** Wraps a builtin operation: with a model configured its result is checked against and merged with the model's. */
export function withModelTier<K extends ModelOperationName>(name: K, builtin: Operation<K>): Operation<K> {
  const plan: ModelPlan<K> = PLANS[name];
  return (input, context) => runWithModel(plan, builtin, input, context);
}
