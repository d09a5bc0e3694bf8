// The model tier of `generate`: one structured call (model/client.ts) for {code, explanation, tests},
// the code streamed out as it arrives, then every piece checked (model/verify.ts) before it is
// returned. A check that fails is reported in `verification` and in the explanation, never hidden.
import { z } from 'zod';
import type { GenerateInput, GenerateOutput } from '../contracts/generate';
import type { VerificationCheck } from '../contracts/verification';
import type { OperationContext } from '../engine';
import { completeJson, type ChatMessage } from '../model/client';
import { partialStringField } from '../model/partialJson';
import type { ModelSettings } from '../model/settings';
import { checkParses, runGeneratedTests } from '../model/verify';
import { complexityText, lineCount, measureComplexity } from './metrics';

export const ModelAnswer = z.object({
  code: z.string().min(1),
  explanation: z.string(),
  tests: z.string(),
});

function messages(input: GenerateInput): ChatMessage[] {
  const python = input.language === 'python';
  const testRule = input.options?.include_tests
    ? python
      ? 'In "tests" write unittest tests that import the code with `from subject import ...`.'
      : "In \"tests\" write node:test tests (import { test } from 'node:test'; import assert from 'node:assert/strict') that import the code from './subject'."
    : 'Leave "tests" empty.';
  const docsRule = input.options?.include_docs
    ? 'Give every exported unit a doc comment, and end "explanation" with a "Usage" section.'
    : 'Keep "explanation" to a short paragraph.';
  return [
    {
      role: 'system',
      content: [
        `You write ${input.language} code. Answer with one JSON object {"code", "explanation", "tests"}.`,
        '"code" is complete, runnable source with no Markdown fences and no placeholders.',
        testRule,
        docsRule,
      ].join(' '),
    },
    {
      role: 'user',
      content: [
        input.prompt,
        input.framework ? `Framework: ${input.framework}.` : '',
        input.context?.project_type ? `Project type: ${input.context.project_type}.` : '',
        input.context?.styling ? `Styling: ${input.context.styling}.` : '',
      ]
        .filter(Boolean)
        .join('\n'),
    },
  ];
}

export async function generateWithModel(
  input: GenerateInput,
  context: OperationContext,
  settings: ModelSettings,
): Promise<GenerateOutput> {
  let sent = 0;
  const answer = await completeJson(settings, messages(input), ModelAnswer, 'generated_code', {
    signal: context.signal,
    onText: (soFar) => {
      const code = partialStringField(soFar, 'code');
      if (!code || code.value.length <= sent) return;
      context.emit?.({ type: 'delta', text: code.value.slice(sent) });
      sent = code.value.length;
    },
  });
  const checks: VerificationCheck[] = [await checkParses(answer.code, input.language, 'code')];
  const tests = input.options?.include_tests ? answer.tests : '';
  if (tests.trim()) {
    const parses = await checkParses(tests, input.language, 'tests');
    checks.push(parses);
    if (!context.config.tools.includes('code_execution')) {
      checks.push({
        check: 'tests run against the code',
        target: 'tests',
        outcome: 'skipped',
        detail: "the code_execution tool is off (PUT /v1/config with tools including 'code_execution')",
      });
    } else if (parses.outcome === 'passed' && checks[0]!.outcome === 'passed') {
      checks.push(await runGeneratedTests(answer.code, tests, input.language, context.signal));
    }
  } else if (input.options?.include_tests) {
    checks.push({
      check: 'tests present',
      target: 'tests',
      outcome: 'failed',
      detail: 'the model returned no tests',
    });
  }
  const failed = checks.filter((c) => c.outcome === 'failed');
  const warning = failed.length
    ? `Warning: verification failed: ${failed.map((c) => `${c.target} ${c.check}: ${c.detail}`).join('; ')}.\n\n`
    : '';
  const complexity =
    checks[0]!.outcome === 'passed' ? await measureComplexity(answer.code, input.language) : undefined;
  return {
    code: answer.code,
    explanation: warning + answer.explanation,
    tests,
    metadata: {
      language: input.language,
      framework: input.framework ?? '',
      estimated_lines: lineCount(answer.code),
      complexity: complexity ? complexityText(complexity) : 'unknown (the code does not parse)',
      source: 'model',
    },
    verification: { tier: 'model', model: settings.model, checks },
  };
}
