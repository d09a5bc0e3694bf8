// The builtin (offline) tier of `generate`: the best recipe for the prompt when one covers it well
// enough, renamed to the name the prompt asks for and emitted in the asked language; else a scaffold
// of the asked kind of unit that says it is one. The explanation always says which of the two it is.
import ts from 'typescript';
import type { GenerateInput, GenerateOutput } from '../contracts/generate';
import type { LanguageId } from '../languages';
import { complexityText, lineCount, measureComplexity } from './metrics';
import { fileBaseFor, identifierFor, nameFromPrompt, renameIdentifier } from './naming';
import { RECIPES, type Recipe, type RecipeFamily, type RecipeFramework } from './recipes';
import { bestRecipe, buildIndex, rankRecipes, tokenize, type RankedRecipe } from './retrieval';
import { defaultScaffoldName, scaffoldCode, unitKindOf } from './scaffold';

export const KNOWN_FRAMEWORKS: readonly RecipeFramework[] = ['express', 'fastify', 'react', 'vue'];
const index = buildIndex(RECIPES);

export function familyOf(language: LanguageId): RecipeFamily | undefined {
  if (language === 'python') return 'python';
  if (['javascript', 'typescript', 'javascriptreact', 'typescriptreact'].includes(language)) return 'js';
  return undefined;
}

export function knownFramework(framework: string | undefined): RecipeFramework | undefined {
  const name = framework
    ?.trim()
    .toLowerCase()
    .replace(/\.?js$/, '');
  return KNOWN_FRAMEWORKS.find((known) => known === name);
}

/** The ranking for a request (exported for the retrieval accuracy test). */
export function rankForInput(
  input: Pick<GenerateInput, 'prompt' | 'language' | 'framework'>,
): RankedRecipe[] {
  const family = familyOf(input.language);
  if (!family) return [];
  const prompt = nameFromPrompt(input.prompt)?.rest ?? input.prompt;
  return rankRecipes(index, prompt, { family, framework: knownFramework(input.framework) });
}

export async function generateBuiltin(input: GenerateInput): Promise<GenerateOutput> {
  const framework = knownFramework(input.framework);
  const notes: string[] = [];
  if (input.framework && !framework) {
    notes.push(
      `The framework '${input.framework}' is not one the builtin library has recipes for (${KNOWN_FRAMEWORKS.join(', ')}); it was not used.`,
    );
  }
  const family = familyOf(input.language);
  if (!family) {
    notes.push(`The builtin recipe library covers JavaScript, TypeScript and Python, not ${input.language}.`);
  }
  const best = bestRecipe(rankForInput(input));
  const result = best ? await fromRecipe(input, best) : await fromScaffold(input, framework);
  return { ...result, explanation: [result.explanation, ...notes].join('\n\n') };
}

async function fromRecipe(input: GenerateInput, ranked: RankedRecipe): Promise<GenerateOutput> {
  const { recipe } = ranked;
  const asked = nameFromPrompt(input.prompt)?.name;
  const renamable = recipe.entry !== 'main';
  const entry = asked && renamable ? identifierFor(asked, recipe.family, recipe.kind) : recipe.entry;
  const fileBase = fileBaseFor(
    recipe.kind === 'cli' && recipe.entry === 'main' ? 'cli' : entry,
    recipe.family,
  );
  let code = renameIdentifier(recipe.code, recipe.entry, entry);
  let tests = renameIdentifier(recipe.tests, recipe.entry, entry);
  tests =
    recipe.family === 'python'
      ? tests.replace(/^from subject import/m, `from ${fileBase} import`)
      : tests.replace(/from '\.\/subject'/g, `from './${fileBase}'`);
  const typed = input.language === 'typescript' || input.language === 'typescriptreact';
  if (recipe.family === 'js' && !typed) {
    code = stripTypes(code, Boolean(recipe.jsx));
    tests = stripTypes(tests, Boolean(recipe.jsx));
  }
  const extension = extensionOf(input.language, recipe);
  const parts = [
    `Builtin recipe '${recipe.id}': ${recipe.title}. ${recipe.description}`,
    `Chosen from ${RECIPES.length} builtin recipes by relevance to the prompt (BM25 over names, tags and descriptions; it covers ${Math.round(ranked.coverage * 100)}% of the prompt's weighted words). No model is configured, so the code is the recipe as written${entry !== recipe.entry ? `, with ${recipe.entry} renamed to ${entry}` : ''}; a configured model would tailor it to every detail of the prompt.`,
    `The recipe's tests (${recipe.family === 'python' ? 'unittest' : 'node:test'}) pass in this project's own test suite.`,
  ];
  if (input.options?.include_docs) parts.push(usage(recipe, entry, fileBase, extension));
  const complexity = await measureComplexity(code, input.language);
  return {
    code,
    explanation: parts.join('\n\n'),
    tests: input.options?.include_tests ? tests : '',
    metadata: {
      language: input.language,
      framework: recipe.framework ?? input.framework ?? '',
      estimated_lines: lineCount(code),
      complexity: complexityText(complexity),
      source: 'recipe',
      recipe: recipe.id,
    },
  };
}

async function fromScaffold(
  input: GenerateInput,
  framework: RecipeFramework | undefined,
): Promise<GenerateOutput> {
  const family = familyOf(input.language) ?? 'js';
  const kind = unitKindOf(input.prompt, framework);
  const asked = nameFromPrompt(input.prompt)?.name;
  const words = tokenize(input.prompt).slice(0, 3).join(' ');
  const base = asked ?? (words || defaultScaffoldName(kind));
  const name = identifierFor(base, family, kind === 'cli' ? 'function' : kind);
  const code = scaffoldCode(
    input.language,
    kind,
    /^\d/.test(name) ? `_${name}` : name,
    input.prompt,
    framework,
  );
  const complexity = await measureComplexity(code, input.language);
  return {
    code,
    explanation:
      `No builtin recipe fits this prompt well enough, so this is only a scaffold of a ${kind} (${name}) whose body is not written: it throws "not implemented". ` +
      `The builtin engine does not write new logic from a description; configure a model (config \`model\`, with OPENAI_BASE_URL / OPENAI_API_KEY) to generate the implementation.`,
    tests: '',
    metadata: {
      language: input.language,
      framework: input.framework ?? '',
      estimated_lines: lineCount(code),
      complexity: complexityText(complexity),
      source: 'scaffold',
    },
  };
}

/** TypeScript to JavaScript with the compiler (types dropped, ES modules and JSX kept). */
function stripTypes(source: string, jsx: boolean): string {
  return ts.transpileModule(source, {
    fileName: jsx ? 'recipe.tsx' : 'recipe.ts',
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      jsx: jsx ? ts.JsxEmit.Preserve : undefined,
      verbatimModuleSyntax: false,
    },
  }).outputText;
}

function extensionOf(language: LanguageId, recipe: Recipe): string {
  if (recipe.family === 'python') return 'py';
  const typed = language === 'typescript' || language === 'typescriptreact';
  if (recipe.jsx) return typed ? 'tsx' : 'jsx';
  return typed ? 'ts' : 'js';
}

function usage(recipe: Recipe, entry: string, fileBase: string, extension: string): string {
  if (recipe.family === 'python') {
    return `Usage: save the code as ${fileBase}.py, then \`from ${fileBase} import ${entry}\`; run the tests with \`python -m unittest\` (or pytest).`;
  }
  return `Usage: save the code as ${fileBase}.${extension}, then \`import { ${entry} } from './${fileBase}'\`; run the tests with \`node --test\` (TypeScript through tsx or a build step).`;
}
