// The summary: what the code is made of, what goes in and out of each unit, its side effects and
// its error handling, all read from the model.
import type { UnitComplexity } from './complexity/estimate';
import { describeUnit } from './describeUnit';
import { type SideEffect, effectKinds } from './effects';
import { type SourceFacts, type Unit, isFunctionUnit } from './model';
import { describeEffects } from './describeUnit';

const LANGUAGE_NAMES: Record<string, string> = {
  javascript: 'JavaScript',
  javascriptreact: 'JavaScript (JSX)',
  typescript: 'TypeScript',
  typescriptreact: 'TypeScript (TSX)',
  python: 'Python',
  go: 'Go',
  java: 'Java',
  rust: 'Rust',
  c: 'C',
  cpp: 'C++',
  csharp: 'C#',
  ruby: 'Ruby',
  php: 'PHP',
};

const MAX_UNITS_IN_SUMMARY = 15;

function count(units: Unit[], noun: string): string | undefined {
  if (units.length === 0) return undefined;
  const names = units
    .slice(0, 6)
    .map((u) => `\`${u.name}\``)
    .join(', ');
  const more = units.length > 6 ? `, ...` : '';
  return `${units.length} ${noun}${units.length > 1 ? (noun.endsWith('s') ? 'es' : 's') : ''} (${names}${more})`;
}

/** Units worth describing: named ones that are top level or members of a top-level type. */
export function mainUnits(facts: SourceFacts): Unit[] {
  return facts.units.filter((u) => {
    if (u.name === '<anonymous>') return false;
    if (u.parent === undefined) return true;
    const parent = facts.units[u.parent]!;
    return !isFunctionUnit(parent) && parent.parent === undefined;
  });
}

export function buildSummary(
  facts: SourceFacts,
  complexities: Map<number, UnitComplexity>,
  effects: SideEffect[],
  notes: string[],
): string {
  const language = LANGUAGE_NAMES[facts.language] ?? facts.language;
  const top = facts.units.filter((u) => u.parent === undefined && u.name !== '<anonymous>');
  const parts: string[] = [...notes];
  const inventory = [
    count(
      top.filter((u) => u.kind === 'component'),
      'component',
    ),
    count(
      top.filter((u) => u.kind === 'function' || u.kind === 'lambda'),
      'function',
    ),
    count(
      top.filter((u) => u.kind === 'class'),
      'class',
    ),
    count(
      top.filter((u) => u.kind === 'interface' || u.kind === 'trait'),
      u(top, 'interface', 'trait'),
    ),
    count(
      top.filter((u) => u.kind === 'struct' || u.kind === 'enum'),
      'type',
    ),
    count(
      top.filter((u) => u.kind === 'impl' || u.kind === 'module'),
      'block',
    ),
  ].filter(Boolean);
  const topStatements = facts.statements.filter(
    (s) => s.depth === 0 && s.kind !== 'unit' && s.kind !== 'import' && s.operator !== 'namespace',
  ).length;
  const intro = inventory.length
    ? `This ${language} code (${facts.lineCount} lines) defines ${joinAnd(inventory as string[])}`
    : `This ${language} code (${facts.lineCount} lines) defines no functions or classes`;
  parts.push(
    `${intro}${topStatements ? ` and runs ${topStatements} top-level statement${topStatements > 1 ? 's' : ''}` : ''}.`,
  );
  if (facts.imports.length)
    parts.push(
      `It imports ${[...new Set(facts.imports.map((i) => `\`${i.module}\``))].slice(0, 8).join(', ')}.`,
    );
  const described = mainUnits(facts).slice(0, MAX_UNITS_IN_SUMMARY);
  for (const unit of described)
    parts.push(`${describeUnit(facts, unit, complexities.get(unit.id), effectKinds(effects, unit))}.`);
  if (mainUnits(facts).length > described.length)
    parts.push(`(${mainUnits(facts).length - described.length} more units are listed in the breakdown.)`);
  const allEffects = describeEffects(effectKinds(effects));
  parts.push(
    allEffects
      ? `Overall ${allEffects}.`
      : 'No side effects found: no console, file, network, DOM, process or global-state operations among the calls the analyser recognises.',
  );
  const throws = facts.units.flatMap((u) => u.throwLines);
  const catches = facts.units.flatMap((u) => u.catchLines);
  if (throws.length || catches.length) {
    const what = [
      catches.length ? `catches errors at line ${catches.slice(0, 5).join(', ')}` : '',
      throws.length ? `throws/raises at line ${throws.slice(0, 5).join(', ')}` : '',
    ].filter(Boolean);
    parts.push(`Error handling: ${what.join('; ')}.`);
  } else
    parts.push(
      `Error handling: none (no ${handlerWords(facts.language)} and no ${throwWords(facts.language)}).`,
    );
  return parts.join(' ');
}

/** How the language spells its error handling: Python has try/except, Ruby begin/rescue, Go and Rust none. */
function handlerWords(language: string): string {
  if (language === 'python') return 'try/except';
  if (language === 'ruby') return 'begin/rescue';
  if (language === 'go') return 'recover';
  if (language === 'rust') return 'catch_unwind';
  return 'try/catch';
}

function throwWords(language: string): string {
  if (language === 'python' || language === 'ruby') return 'raise';
  if (language === 'go' || language === 'rust') return 'panic';
  return 'throw';
}

function u(units: Unit[], a: string, b: string): string {
  return units.some((x) => x.kind === 'trait') && !units.some((x) => x.kind === 'interface') ? b : a;
}

function joinAnd(items: string[]): string {
  return items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}
