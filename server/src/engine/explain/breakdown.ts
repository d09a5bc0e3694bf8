// The breakdown: one entry per statement or block, at the requested level of detail, each saying
// what happens to the identifiers it names.
import type { UnitComplexity } from './complexity/estimate';
import type { DETAIL_LEVELS } from '../contracts/explain';
import { describeUnit } from './describeUnit';
import { type SideEffect, effectKinds } from './effects';
import type { SourceFacts, Statement } from './model';
import { effectOf } from './tables/sideEffects';

export type DetailLevel = (typeof DETAIL_LEVELS)[number];

export const MAX_BREAKDOWN_ENTRIES = 300;

const OPERATOR_VERBS: Record<string, string> = {
  '+=': 'adds {v} to {t}',
  '-=': 'subtracts {v} from {t}',
  '*=': 'multiplies {t} by {v}',
  '/=': 'divides {t} by {v}',
  '%=': 'sets {t} to the remainder of dividing it by {v}',
  '||=': 'sets {t} to {v} if it is falsy',
  '??=': 'sets {t} to {v} if it is null or undefined',
  '&&=': 'sets {t} to {v} if it is truthy',
  '<<=': 'shifts {t} left by {v}',
  '>>=': 'shifts {t} right by {v}',
  '.=': 'appends {v} to {t}',
  '++': 'increments {t} by one',
  '--': 'decrements {t} by one',
};

function code(text: string | undefined): string {
  return `\`${(text ?? '').replace(/`/g, "'")}\``;
}

function selected(statement: Statement, level: DetailLevel): boolean {
  if (level === 'detailed') return true;
  if (level === 'brief') return statement.depth === 0 || (statement.kind === 'unit' && statement.depth === 1);
  return statement.kind === 'unit' || (statement.depth <= 2 && statement.kind !== 'jump');
}

function explainCall(facts: SourceFacts, s: Statement): string {
  const callee = s.callee ?? 'a function';
  const effect = effectOf(facts.language, callee.replace(/^(go|defer|new)\s+/, ''));
  const how =
    s.keyword === 'await'
      ? 'Awaits a call to'
      : /^go /.test(callee)
        ? 'Starts a goroutine running'
        : /^defer /.test(callee)
          ? 'Defers until the function returns a call to'
          : /^new /.test(callee)
            ? 'Creates'
            : 'Calls';
  const name = callee.replace(/^(go|defer|new)\s+/, '');
  const block = s.keyword === 'block';
  const args = s.value
    ? ` with ${code(s.value)}${block ? ' and a block' : ''}`
    : block
      ? ' with a block'
      : ' with no arguments';
  return `${how} ${code(name)}${args}${effect ? ` (${effect})` : ''}.`;
}

function explainAssignment(s: Statement): string {
  const template = s.operator ? OPERATOR_VERBS[s.operator] : undefined;
  if (template) return `${capital(template.replace('{t}', code(s.target)).replace('{v}', code(s.value)))}.`;
  if (s.value === undefined) return `Updates ${code(s.target)}.`;
  if (s.target?.endsWith('[]') && s.operator === '=')
    return `Appends ${code(s.value)} to ${code(s.target.slice(0, -2))}.`;
  const source = s.callee ? `the result of calling ${code(s.callee)}` : code(s.value);
  return `Assigns ${source} to ${code(s.target)}.`;
}

function explainDeclaration(s: Statement): string {
  if (s.operator === 'namespace')
    return `Places the code that follows in namespace/package ${code(s.target)}.`;
  if (s.operator === 'global')
    return `Marks ${code(s.target)} as global, so assignments below change module-level state.`;
  if (s.operator === 'type') return `Declares the type ${code(s.target)} as ${code(s.value)}.`;
  const what = s.operator === 'constant' ? 'constant' : s.operator === 'property' ? 'property' : 'variable';
  const names =
    s.names && s.names.length > 1 ? `${what}s ${s.names.map(code).join(', ')}` : `${what} ${code(s.target)}`;
  const destructured = s.target && /^[[{(]/.test(s.target) ? ' (destructured)' : '';
  if (s.value === undefined) return `Declares ${names}${destructured} without an initial value.`;
  const source = s.callee
    ? `the result of ${s.callee.startsWith('new ') ? 'creating' : 'calling'} ${code(s.callee.replace(/^new /, ''))}`
    : code(s.value);
  return `Declares ${names}${destructured}, initialised to ${source}.`;
}

function explainLoop(s: Statement): string {
  switch (s.loopKind) {
    case 'for-each':
      return `Loops over ${code(s.collection)}${s.operator === 'in' ? ' (its keys)' : ''}, binding each element to ${code(s.item)}.`;
    case 'counter':
      return `Counts with ${code(s.item)} while ${code(s.condition)}, stepping by ${code(s.value)} each pass.`;
    case 'while':
      return `Repeats the block while ${code(s.condition)} holds.`;
    case 'do':
      return `Runs the block once, then repeats it while ${code(s.condition)} holds.`;
    default:
      return 'Repeats the block until a `break` (no condition).';
  }
}

function explainStatement(
  facts: SourceFacts,
  s: Statement,
  complexities: Map<number, UnitComplexity>,
  effects: SideEffect[],
): string {
  switch (s.kind) {
    case 'unit': {
      const unit = s.unitId !== undefined ? facts.units[s.unitId] : undefined;
      return unit
        ? `Defines ${describeUnit(facts, unit, complexities.get(unit.id), effectKinds(effects, unit))}.`
        : `Declares ${code(s.code)}.`;
    }
    case 'import':
      if (s.keyword === 'export') return `Re-exports ${s.module ? `from ${code(s.module)}` : 'names'}.`;
      if (!s.names?.length) return `Imports ${s.module ? code(s.module) : 'a module'}.`;
      return `Imports ${s.names.map(code).join(', ')}${s.module ? ` from ${code(s.module)}` : ''}.`;
    case 'declaration':
      return explainDeclaration(s);
    case 'assignment':
      return explainAssignment(s);
    case 'return':
      return s.value ? `Returns ${code(s.value)} to the caller.` : 'Returns to the caller without a value.';
    case 'if':
      return `Checks ${code(s.condition)} and runs the following block only when it holds${s.keyword === 'else' ? ', otherwise the `else` block' : ''}.`;
    case 'match':
      return `Selects a branch according to ${code(s.condition)}.`;
    case 'loop':
      return explainLoop(s);
    case 'call':
      return explainCall(facts, s);
    case 'try':
      return `Runs the guarded block${s.exceptions ? ` and handles failures with ${code(s.exceptions)}` : ''}${s.keyword === 'finally' ? ', always running the `finally` block' : ''}.`;
    case 'throw':
      return `Raises ${code(s.value)} as an error, leaving the current function.`;
    case 'yield':
      return `Yields ${code(s.value)} to the consumer and pauses until the next value is requested.`;
    case 'jump':
      return s.keyword === 'pass'
        ? 'Does nothing (placeholder).'
        : `${capital(s.keyword ?? 'jump')}s out of the ${s.keyword === 'continue' ? 'current iteration' : 'enclosing loop or switch'}.`;
    default:
      if (s.keyword === 'export')
        return `Exports ${code(s.value)}${s.target ? ` as ${code(s.target)}` : ''}.`;
      if (s.keyword === 'with') {
        return `Enters the context manager ${code(s.value)}, which is closed/released when the block ends, even on error.`;
      }
      if (s.keyword === 'send') return `Sends ${code(s.value)} on channel ${code(s.target)}.`;
      return `Evaluates ${code(s.value ?? s.code)}.`;
  }
}

function capital(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export interface Breakdown {
  entries: { line: number; code: string; explanation: string }[];
  /** Entries the level selected before the cap. */
  total: number;
}

export function buildBreakdown(
  facts: SourceFacts,
  level: DetailLevel,
  complexities: Map<number, UnitComplexity>,
  effects: SideEffect[],
): Breakdown {
  const chosen = facts.statements.filter((s) => selected(s, level)).sort((a, b) => a.line - b.line);
  const entries: Breakdown['entries'] = [];
  for (const s of chosen) {
    const explanation = explainStatement(facts, s, complexities, effects);
    const previous = entries.at(-1);
    // A one-line block (`if (x) return y;`) reads best as one entry.
    if (previous && previous.line === s.line) {
      previous.explanation += ` Then: ${explanation.charAt(0).toLowerCase()}${explanation.slice(1)}`;
      continue;
    }
    if (entries.length === MAX_BREAKDOWN_ENTRIES) break;
    entries.push({ line: s.line, code: s.code, explanation });
  }
  return { entries, total: chosen.filter((s, i) => i === 0 || chosen[i - 1]!.line !== s.line).length };
}
