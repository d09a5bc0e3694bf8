// Names from the prompt ("a debounce helper called delaySave") and the spelling each language
// expects for the kind of unit (camelCase functions, PascalCase classes and components, snake_case
// Python functions).
import type { RecipeFamily, UnitKind } from './recipes';

// "called X", "named X", "name it X", or `X` in backticks; X an identifier.
const NAME_PATTERNS = [
  /\b(?:called|named|name it|name)\s+[`'"]?([A-Za-z_$][\w$]{0,63})[`'"]?/i,
  /`([A-Za-z_$][\w$]{0,63})`/,
];

export interface PromptName {
  name: string;
  /** The prompt without the naming phrase, for ranking (the name itself says nothing of the unit). */
  rest: string;
}

export function nameFromPrompt(prompt: string): PromptName | undefined {
  for (const pattern of NAME_PATTERNS) {
    const match = pattern.exec(prompt);
    if (match) return { name: match[1]!, rest: prompt.replace(match[0], ' ') };
  }
  return undefined;
}

function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

const capital = (word: string): string => word[0]!.toUpperCase() + word.slice(1);

/** The identifier for a unit of this kind in this family, from any spelling of a name. */
export function identifierFor(name: string, family: RecipeFamily, kind: UnitKind): string {
  const parts = words(name);
  if (parts.length === 0) return name;
  const pascal = kind === 'class' || kind === 'component';
  if (family === 'python') return pascal ? parts.map(capital).join('') : parts.join('_');
  return pascal ? parts.map(capital).join('') : parts[0]! + parts.slice(1).map(capital).join('');
}

/** The file a unit would live in: `debounce.ts`, `lru_cache.py`, `TodoList.tsx`. */
export function fileBaseFor(identifier: string, family: RecipeFamily): string {
  return family === 'python' ? words(identifier).join('_') : identifier;
}

/** Replaces whole-identifier occurrences of `from` with `to`. */
export function renameIdentifier(source: string, from: string, to: string): string {
  if (from === to) return source;
  const escaped = from.replace(/[$]/g, '\\$');
  return source.replace(new RegExp(`(?<![\\w$])${escaped}(?![\\w$])`, 'g'), to);
}
