// The builtin tier of `generate` (no model configured): recipes renamed and emitted in the asked
// language, scaffolds that say so, notes for frameworks and languages the library lacks, bad input.
import assert from 'node:assert/strict';
import ts from 'typescript';
import { validate } from '../../../../server/src/engine/contracts';
import { DEFAULT_CONFIG } from '../../../../server/src/engine/contracts/config';
import { GenerateInput, GenerateOutput } from '../../../../server/src/engine/contracts/generate';
import { CodewrightError } from '../../../../server/src/engine/errors';
import { generateCode } from '../../../../server/src/engine/generate/index';

async function generate(body: object) {
  const deltas: string[] = [];
  const output = await generateCode(validate(GenerateInput, body), {
    config: DEFAULT_CONFIG,
    roots: [],
    emit: (event) => event.type === 'delta' && deltas.push(event.text),
  });
  GenerateOutput.parse(output);
  return { output, streamed: deltas.join('') };
}

describe('generate: builtin tier', () => {
  it('answers with a recipe renamed to the name the prompt asks for, tests included', async () => {
    const { output, streamed } = await generate({
      prompt: 'a debounce helper called delaySave',
      language: 'ts',
      options: { include_tests: true, include_docs: true },
    });
    assert.equal(output.metadata.recipe, 'js.debounce');
    assert.match(output.code, /export function delaySave</);
    assert.doesNotMatch(output.code, /\bdebounce\(/);
    assert.match(output.tests, /import \{ delaySave \} from '\.\/delaySave'/);
    assert.match(output.explanation, /No model is configured/);
    assert.match(output.explanation, /Usage: save the code as delaySave\.ts/);
    assert.equal(output.metadata.estimated_lines, output.code.trimEnd().split('\n').length);
    assert.equal(streamed, output.code, 'the code streams as deltas too');
    assert.equal(output.verification?.tier, 'builtin');
    assert.equal(output.verification?.checks[0]?.outcome, 'passed');
  });

  it('emits JavaScript without types for a JavaScript request, and snake_case names for Python', async () => {
    const { output } = await generate({
      prompt: 'an lru cache',
      language: 'javascript',
      options: { include_tests: true },
    });
    assert.equal(output.metadata.recipe, 'js.lruCache');
    assert.doesNotMatch(output.code, /private readonly|: number|<K, V>/);
    const check = ts.transpileModule(output.code, {
      fileName: 'x.js',
      reportDiagnostics: true,
      compilerOptions: { allowJs: true },
    });
    assert.equal(check.diagnostics?.length, 0);
    const py = await generate({
      prompt: 'remove duplicates from a list keeping order, name it dedupeItems',
      language: 'python',
    });
    assert.match(py.output.code, /^def dedupe_items\(/m);
    assert.equal(py.output.tests, '', 'tests only when asked');
  });

  it('says plainly when nothing fits: a scaffold of the asked kind, never unrelated code', async () => {
    const { output } = await generate({ prompt: 'compute the nth fibonacci number', language: 'typescript' });
    assert.equal(output.metadata.source, 'scaffold');
    assert.match(output.explanation, /No builtin recipe fits/);
    assert.match(output.explanation, /configure a model/);
    assert.match(output.code, /throw new Error\('not implemented/);
    const component = await generate({
      prompt: 'a weather forecast chart',
      language: 'tsx',
      framework: 'react',
    });
    assert.match(component.output.code, /export function \w+\(props: Record<string, unknown>\)/);
    const go = await generate({ prompt: 'parse an ini file', language: 'go' });
    assert.match(go.output.code, /^func \w+\(\) error/m);
    assert.match(go.output.explanation, /covers JavaScript, TypeScript and Python, not go/);
    assert.equal(
      go.output.verification?.checks[0]?.outcome,
      'passed',
      'the Go scaffold parses (tree-sitter)',
    );
  });

  it('accepts an unknown framework with a note, and uses a known one', async () => {
    const angular = await generate({
      prompt: 'a todo list component',
      language: 'typescript',
      framework: 'angular',
    });
    assert.match(angular.output.explanation, /'angular' is not one the builtin library has recipes for/);
    const vue = await generate({
      prompt: 'a todo list component',
      language: 'typescript',
      framework: 'Vue.js',
    });
    assert.equal(vue.output.metadata.recipe, 'vue.todoList');
  });

  it('refuses bad input with clear errors', () => {
    const field = (body: object) => {
      try {
        validate(GenerateInput, body);
      } catch (error) {
        assert.ok(error instanceof CodewrightError);
        return [error.code, error.details.field];
      }
      return undefined;
    };
    assert.deepEqual(field({ prompt: '', language: 'ts' }), ['VALIDATION_ERROR', 'prompt']);
    assert.deepEqual(field({ prompt: '   \n ', language: 'ts' }), ['VALIDATION_ERROR', 'prompt']);
    assert.deepEqual(field({ prompt: 'x'.repeat(1024 * 1024), language: 'ts' }), [
      'VALIDATION_ERROR',
      'prompt',
    ]);
    assert.deepEqual(field({ prompt: 'a stack', language: 'cobol' }), ['INVALID_LANGUAGE', 'language']);
    assert.deepEqual(field({ prompt: 'a stack' }), ['VALIDATION_ERROR', 'language']);
    assert.deepEqual(field({ prompt: 'a stack', language: 'ts', options: { include_tests: 'yes' } }), [
      'VALIDATION_ERROR',
      'options.include_tests',
    ]);
  });
});
