// Ranks recipes against a prompt with BM25 (k1 = 1.2, b = 0.75) over each recipe's title, entry
// name, tags and description, the first three counted twice (a cheap BM25F). A match is accepted
// only when it covers enough of what the prompt asks for: the IDF-weighted share of the prompt's
// content words found in the recipe. Words no recipe has count at the highest IDF, so "a function
// computing Fibonacci numbers" is not answered with whatever recipe shares the word "numbers".
import type { Recipe, RecipeFamily, RecipeFramework } from './recipes';

const K1 = 1.2;
const B = 0.75;
/** The IDF-weighted share of the prompt's words a recipe must cover to be offered. */
export const MIN_COVERAGE = 0.3;

// Words of any request that say nothing about which unit is wanted.
const STOPWORDS = new Set(
  (
    'a an the and or of for to in on at by with from into that this these those is are be it its as ' +
    'i me my we our you your please can could would should will want need write create make build ' +
    'implement generate give return returns returning using use uses simple small basic quick new code ' +
    'function method class module file program script some any all which what how when where thing ' +
    'javascript typescript js ts python py node nodejs called named name like so then than such one'
  ).split(' '),
);

/** Lower-cased word stems: camelCase and snake_case split, common suffixes dropped. */
export function tokenize(text: string): string[] {
  const words = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 1 && !STOPWORDS.has(word));
  return words.map(stem);
}

function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ies')) return word.slice(0, -3) + 'y';
  if (word.length > 4 && /(ss|sh|ch|x)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  return word;
}

interface IndexedRecipe {
  recipe: Recipe;
  terms: Map<string, number>;
  length: number;
}

export interface RecipeIndex {
  documents: IndexedRecipe[];
  idf: Map<string, number>;
  maxIdf: number;
  averageLength: number;
}

export function buildIndex(recipes: readonly Recipe[]): RecipeIndex {
  const documents = recipes.map((recipe) => {
    const strong = tokenize([recipe.title, recipe.entry, recipe.framework ?? '', ...recipe.tags].join(' '));
    const tokens = [...strong, ...strong, ...tokenize(recipe.description)];
    const terms = new Map<string, number>();
    for (const token of tokens) terms.set(token, (terms.get(token) ?? 0) + 1);
    return { recipe, terms, length: tokens.length };
  });
  const frequency = new Map<string, number>();
  for (const doc of documents)
    for (const term of doc.terms.keys()) frequency.set(term, (frequency.get(term) ?? 0) + 1);
  const n = documents.length;
  const idf = new Map<string, number>();
  for (const [term, df] of frequency) idf.set(term, Math.log(1 + (n - df + 0.5) / (df + 0.5)));
  const maxIdf = Math.log(1 + (n + 0.5) / 0.5);
  const averageLength = documents.reduce((sum, doc) => sum + doc.length, 0) / Math.max(1, n);
  return { documents, idf, maxIdf, averageLength };
}

export interface RankedRecipe {
  recipe: Recipe;
  score: number;
  /** The IDF-weighted share of the prompt's distinct words this recipe contains (0..1). */
  coverage: number;
}

export interface RankOptions {
  family: RecipeFamily;
  /** A framework the builtin library knows: recipes of another framework are left out. */
  framework?: RecipeFramework;
}

/** Recipes of the family, best first. */
export function rankRecipes(index: RecipeIndex, prompt: string, options: RankOptions): RankedRecipe[] {
  const query = [...new Set(tokenize(prompt + (options.framework ? ' ' + options.framework : '')))];
  const weight = (term: string) => index.idf.get(term) ?? index.maxIdf;
  const total = query.reduce((sum, term) => sum + weight(term), 0);
  const ranked: RankedRecipe[] = [];
  for (const doc of index.documents) {
    const { recipe } = doc;
    if (recipe.family !== options.family) continue;
    if (recipe.framework && options.framework && recipe.framework !== options.framework) continue;
    let score = 0;
    let covered = 0;
    for (const term of query) {
      const tf = doc.terms.get(term);
      if (!tf) continue;
      covered += weight(term);
      score +=
        weight(term) * ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / index.averageLength)));
    }
    if (score > 0) ranked.push({ recipe, score, coverage: total > 0 ? covered / total : 0 });
  }
  return ranked.sort((a, b) => b.score - a.score || a.recipe.id.localeCompare(b.recipe.id));
}

/** The best recipe when it covers enough of the prompt, else undefined (a scaffold answers). */
export function bestRecipe(ranked: readonly RankedRecipe[]): RankedRecipe | undefined {
  const top = ranked[0];
  return top && top.coverage >= MIN_COVERAGE ? top : undefined;
}
