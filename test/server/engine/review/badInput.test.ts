// Bad input never crashes the review: empty code, binary garbage, 1 MiB of minified JS, syntax
// errors (one syntax issue with its line), and invalid requests (clear CodewrightErrors).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { transformSync } from 'esbuild';
import { validate } from '../../../../server/src/engine/contracts';
import { ReviewInput } from '../../../../server/src/engine/contracts/review';
import { CodewrightError } from '../../../../server/src/engine/errors';
import { MAX_REVIEW_SIZE, reviewCode } from '../../../../server/src/engine/review';

const review = (code: string, language = 'javascript') =>
  reviewCode(validate(ReviewInput, { code, language }));

const pkg = (root: string): string => (root.includes('sonarjs') ? 'cjs' : 'lib');

/** About `size` characters of real, minified CommonJS from ESLint's own sources. */
function minifiedRealCode(size: number): string {
  const roots = ['eslint', 'eslint-plugin-sonarjs'].map((pkg) =>
    join(require.resolve(`${pkg}/package.json`), '..'),
  );
  const files = roots.flatMap((root) =>
    (readdirSync(join(root, pkg(root)), { recursive: true }) as string[])
      .filter((f) => f.endsWith('.js'))
      .sort()
      .map((f) => join(root, pkg(root), f)),
  );
  const parts: string[] = [];
  let length = 0;
  for (const file of files) {
    const source = readFileSync(file, 'utf8');
    const { code } = transformSync(source, { minify: true, format: 'cjs', loader: 'js' });
    const wrapped = `(function(module,exports,require){${code}})({exports:{}},{},require);`;
    if (length + wrapped.length > size) continue;
    parts.push(wrapped);
    length += wrapped.length;
  }
  return parts.join('');
}

describe('review bad input', function () {
  this.timeout(300_000);

  it('reviews empty code as clean', async () => {
    const output = await review('');
    assert.equal(output.score, 100);
    assert.deepEqual(output.issues, []);
    assert.equal(output.fixed_code, '');
    const blank = await review('  \n\n\t\n', 'typescript');
    assert.equal(blank.score, 100);
    assert.deepEqual(blank.issues, []);
  });

  it('reports binary garbage as one syntax issue instead of crashing', async () => {
    let seed = 42;
    const bytes = Array.from({ length: 4096 }, () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % 256);
    const garbage = String.fromCharCode(...bytes);
    for (const language of ['javascript', 'typescript', 'typescriptreact']) {
      const output = await review(garbage, language);
      assert.equal(output.issues.length, 1);
      assert.equal(output.issues[0]!.type, 'syntax');
      assert.equal(output.fixed_code, garbage);
      assert.ok(output.score <= 50);
    }
  });

  it('reviews high-byte text that is not code as a syntax error with a line', async () => {
    const output = await review('\u00e9\u00e8\u00ff\u00fe\n\u00a0\u00b1\u00c3 \u00e4\u00f6');
    assert.equal(output.issues.length, 1);
    assert.equal(output.issues[0]!.type, 'syntax');
    assert.ok(output.issues[0]!.line >= 1);
  });

  it('reviews 1 MiB of real minified JavaScript', async () => {
    const code = minifiedRealCode(MAX_REVIEW_SIZE - 1024);
    assert.ok(code.length > 1_000_000, `only ${code.length} characters of minified code`);
    const output = await review(code);
    assert.ok(!output.issues.some((i) => i.type === 'syntax'), 'minified code parses');
    assert.ok(output.score >= 0 && output.score <= 100);
    assert.match(output.suggestions[0]!, /minified/);
    assert.equal(output.fixed_code, code);
  });

  it('rejects code over the size limit with FILE_TOO_LARGE', async () => {
    await assert.rejects(review('x'.repeat(MAX_REVIEW_SIZE + 1)), (error: unknown) => {
      assert.ok(error instanceof CodewrightError);
      assert.equal(error.code, 'FILE_TOO_LARGE');
      return true;
    });
  });

  it('reports a syntax error with its line', async () => {
    const code = 'const total = 1;\n\nfunction add(a, b {\n  return a + b;\n}\n';
    const output = await review(code);
    assert.equal(output.issues.length, 1);
    const [issue] = output.issues;
    assert.equal(issue!.type, 'syntax');
    assert.equal(issue!.rule, 'codewright/syntax-error');
    assert.equal(issue!.line, 3);
    assert.ok(output.score <= 50);
  });

  it("parses a top-level return as Node's CommonJS does, not a return in a class body (NodeBB's CLI)", async () => {
    const cli =
      "const setup = require('./setup');\nif (!process.env.CONFIG) {\n  setup.webInstall();\n  return;\n}\n";
    assert.deepEqual(
      (await review(cli)).issues.filter((i) => i.type === 'syntax'),
      [],
    );
    // Near miss: a return where no wrapper allows one is still an error.
    const broken = await review('class A {\n  return 1;\n}\n');
    assert.equal(broken.issues[0]!.type, 'syntax');
    assert.equal(broken.issues[0]!.line, 2);
  });

  it('reports TypeScript and TSX syntax errors with their line', async () => {
    const ts = await review('interface A {\n  x: number;\n}\nconst a: A = { x: 1 ;\n', 'typescript');
    assert.equal(ts.issues[0]!.type, 'syntax');
    assert.equal(ts.issues[0]!.line, 4);
    const tsx = await review('export const A = () => (\n  <div>\n    <span>\n  </div>\n);\n', 'tsx');
    assert.equal(tsx.issues[0]!.type, 'syntax');
    assert.ok(tsx.issues[0]!.line >= 3);
  });

  it('rejects an unknown check type with a ValidationError naming the field', () => {
    assert.throws(
      () => validate(ReviewInput, { code: 'x', language: 'js', check_types: ['security', 'style'] }),
      (error: unknown) => {
        assert.ok(error instanceof CodewrightError);
        assert.equal(error.code, 'VALIDATION_ERROR');
        assert.equal(error.type, 'ValidationError');
        assert.equal(error.details.field, 'check_types.1');
        return true;
      },
    );
  });

  it('rejects an unsupported language with INVALID_LANGUAGE', () => {
    assert.throws(
      () => validate(ReviewInput, { code: 'x', language: 'cobol' }),
      (error: unknown) => error instanceof CodewrightError && error.code === 'INVALID_LANGUAGE',
    );
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(
      reviewCode(validate(ReviewInput, { code: 'let a = 1;', language: 'js' }), {
        signal: controller.signal,
      }),
      (error: unknown) => error instanceof CodewrightError,
    );
  });
});
