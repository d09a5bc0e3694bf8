// refactor with a model: for modernize, simplify, async_await and remove_dead_code the model rewrites
// the code, which is returned only when it passes the soundness checks (refactorChecks.ts); otherwise
// the builtin tier's refactoring is returned and the failed check is named. rename and
// extract_function are exact compiler refactorings (scope-aware rename, checked extraction): the
// model is not asked, and the answer says so.
import type { RefactorOutput, RefactorType } from '../../contracts/refactor';
import { RefactorOutput as RefactorContract } from '../../contracts/refactor';
import type { VerificationCheck } from '../../contracts/verification';
import type { ModelPlan } from '../tier';
import { checkParses } from '../verify';
import { refactorSoundness } from './refactorChecks';

export const ModelRefactor = RefactorContract.pick({ refactored_code: true, changes: true, benefits: true });

const GOALS: Record<RefactorType, string> = {
  modernize: 'Modernize it (current language features and idioms)',
  simplify: 'Simplify it (less nesting, clearer conditions, no redundant code)',
  async_await: 'Convert callbacks and promise chains to async/await',
  remove_dead_code: 'Remove unreachable code and unused private declarations',
  rename: '',
  extract_function: '',
};

/** The refactor types the builtin tier does exactly; a model would only add risk. */
export const EXACT_REFACTORS: readonly RefactorType[] = ['rename', 'extract_function'];

export const refactorPlan: ModelPlan<'refactor', typeof ModelRefactor> = {
  name: 'code_refactoring',
  schema: ModelRefactor,
  skip: (input) =>
    EXACT_REFACTORS.includes(input.refactor_type)
      ? `${input.refactor_type} is an exact compiler refactoring; the model was not asked`
      : undefined,
  messages: (input) => [
    {
      role: 'system',
      content: [
        `You refactor ${input.language} code without changing its behaviour. ${GOALS[input.refactor_type]}.`,
        input.target_patterns?.length
          ? `Apply only these patterns: ${input.target_patterns.join(', ')}.`
          : '',
        'Keep every exported or public name. Answer with one JSON object {"refactored_code", "changes", "benefits"}:',
        'the whole refactored source (no Markdown fences), one line per change, and the benefits.',
      ]
        .filter(Boolean)
        .join(' '),
    },
    { role: 'user', content: input.code },
  ],
  async verify(input, builtin, answer) {
    const checks: VerificationCheck[] = [await checkParses(answer.refactored_code, input.language, 'code')];
    if (checks[0]!.outcome === 'passed')
      checks.push(...(await refactorSoundness(input.code, answer.refactored_code, input.language)));
    const failed = checks.filter((c) => c.outcome === 'failed');
    if (failed.length) {
      return {
        accepted: false,
        checks,
        reason: `its refactored code failed verification (${failed.map((c) => `${c.check}: ${c.detail}`).join('; ')})`,
      };
    }
    const output: RefactorOutput = { ...builtin, ...answer };
    return {
      accepted: true,
      output,
      checks,
      merge: "the model's refactored code, changes and benefits, after the soundness checks",
    };
  },
};
