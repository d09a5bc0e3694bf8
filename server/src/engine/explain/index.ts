// Explains code: parses it (TypeScript compiler API for the JS family, tree-sitter otherwise) into
// the shared model, then derives summary, breakdown, concepts and performance from that model.
import type { OperationContext } from '../engine';
import type { ExplainInput, ExplainOutput } from '../contracts/explain';
import { CodewrightError, invalidField } from '../errors';
import { type LanguageId, acceptedLanguageNames, isJsFamily, resolveLanguage } from '../languages';
import { buildBreakdown, MAX_BREAKDOWN_ENTRIES } from './breakdown';
import { asciiCost } from './complexity/cost';
import { ComplexityEstimator, type UnitComplexity } from './complexity/estimate';
import { detectConcepts } from './concepts';
import { withAlgorithms } from './concepts/algorithms';
import { sideEffectsOf } from './effects';
import { treeSitterFacts } from './extract/treeSitterFacts';
import { typescriptFacts } from './extract/typescriptFacts';
import type { SourceFacts } from './model';
import { basis, buildPerformance, legend, spaceBasis } from './performance';
import { buildSummary } from './summary';
import { describeInputs, describeOutput, kindName } from './describeUnit';

/** Above this size the engine refuses the code rather than spend unbounded time on it. */
export const MAX_CODE_BYTES = 1024 * 1024;

function extractFactsUnchecked(code: string, language: LanguageId): Promise<SourceFacts> | SourceFacts {
  return isJsFamily(language) ? typescriptFacts(code, language) : treeSitterFacts(code, language);
}

/**
 * The model of the code. Pathologically deep nesting exhausts the parser's or the walk's stack: that
 * is reported as UNPROCESSABLE instead of crashing.
 */
export async function extractFacts(code: string, language: LanguageId): Promise<SourceFacts> {
  try {
    return await extractFactsUnchecked(code, language);
  } catch (error) {
    if (!(error instanceof RangeError)) throw error;
    throw new CodewrightError(
      'UNPROCESSABLE',
      'The code is nested too deeply to analyse; reduce the nesting or explain a smaller part',
      {
        field: 'code',
        issue: 'nesting too deep',
      },
    );
  }
}

function checkInput(input: ExplainInput): void {
  if (typeof input.code !== 'string' || input.code.trim() === '') {
    throw invalidField(
      'code',
      'must contain source code',
      "Invalid request: 'code' is empty; send the source code to explain",
    );
  }
  const bytes = Buffer.byteLength(input.code, 'utf8');
  if (bytes > MAX_CODE_BYTES) {
    throw new CodewrightError(
      'FILE_TOO_LARGE',
      `The code is ${bytes} bytes; the limit for one explanation is ${MAX_CODE_BYTES} bytes`,
      {
        field: 'code',
        issue: `larger than ${MAX_CODE_BYTES} bytes`,
      },
    );
  }
}

export async function explainCode(
  input: ExplainInput,
  context?: Partial<OperationContext>,
): Promise<ExplainOutput> {
  checkInput(input);
  // Callers inside the engine may pass an alias (`js`, `py`); the doors have already resolved it.
  const language: LanguageId | undefined =
    typeof input.language === 'string' ? resolveLanguage(input.language) : undefined;
  if (!language) {
    throw new CodewrightError(
      'INVALID_LANGUAGE',
      `Unsupported language '${String(input.language).slice(0, 40)}'. Accepted: ${acceptedLanguageNames().join(', ')}`,
      { field: 'language', issue: 'unsupported language' },
    );
  }
  const level = input.detail_level ?? 'standard';
  // An excerpt is parsed below blank lines standing for the file's lines above it, so every line
  // the explanation mentions (summary prose included) is a file line; the line count stays the excerpt's.
  const padding = (input.first_line ?? 1) - 1;
  const facts = await extractFacts('\n'.repeat(padding) + input.code, language);
  facts.lineCount -= padding;
  if (context?.signal?.aborted) throw new CodewrightError('UNPROCESSABLE', 'The explanation was cancelled');
  const estimator = new ComplexityEstimator(facts);
  const results = estimator.all();
  const complexities = new Map<number, UnitComplexity>(results.map((r) => [r.unit.id, r]));
  const effects = sideEffectsOf(facts);
  const concepts = withAlgorithms(detectConcepts(facts), results, facts);
  const breakdown = buildBreakdown(facts, level, complexities, effects);
  const notes: string[] = [];
  if (facts.syntaxError) {
    notes.push(
      `Partial explanation: the code does not parse — ${facts.syntaxError.message} at line ${facts.syntaxError.line}, column ${facts.syntaxError.column}. What follows covers what the parser could recover.`,
    );
  }
  if (breakdown.total > breakdown.entries.length) {
    notes.push(
      `The breakdown is limited to the first ${MAX_BREAKDOWN_ENTRIES} of ${breakdown.total} entries; use a smaller selection or detail_level 'brief' for the rest.`,
    );
  }
  return {
    explanation: {
      summary: buildSummary(facts, complexities, effects, notes),
      breakdown: breakdown.entries,
      concepts: concepts.map((c) => c.concept),
      performance_impact: buildPerformance(results, !!facts.syntaxError),
    },
    details: {
      language,
      analyzer: isJsFamily(language) ? 'typescript' : 'tree-sitter',
      detail_level: level,
      syntax_error: facts.syntaxError,
      breakdown_truncated: breakdown.total > breakdown.entries.length,
      units: facts.units
        .filter((u) => u.name !== '<anonymous>')
        .map((unit) => {
          const result = complexities.get(unit.id);
          return {
            name: unit.name,
            kind: unit.kind,
            description: kindName(unit),
            line: unit.line,
            end_line: unit.endLine,
            params: unit.params,
            ...(result ? { inputs: describeInputs(unit), output: describeOutput(unit) } : {}),
            ...(result
              ? {
                  complexity: asciiCost(result.cost),
                  complexity_basis: basis(result),
                  complexity_legend: legend(result),
                  ...(result.space
                    ? { space_complexity: asciiCost(result.space), space_basis: spaceBasis(result.space) }
                    : {}),
                }
              : {}),
          };
        }),
      concepts: concepts,
      side_effects: effects.map((e) => ({ kind: e.kind, what: e.what, line: e.line })),
    },
  };
}
