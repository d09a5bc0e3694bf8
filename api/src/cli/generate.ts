// `codewright test FILE` and `codewright docs PATHS`: test and documentation generation through the
// worker pool with the API's contracts. Whether generated tests are run and measured follows the
// configuration's tools (code_execution), as for the API.
import { writeFileSync } from 'node:fs';
import { basename, extname, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { DOC_FORMATS, DOC_TYPES, DocsInput } from '../../../server/src/engine/contracts/docs';
import { TEST_FRAMEWORKS, TestGenInput } from '../../../server/src/engine/contracts/tests';
import type { CommandContext } from './context';
import { discoverFiles } from './files';
import { contract, readTarget, withEngine } from './operations';
import { EXIT, UsageError } from './usage';

export const TEST_USAGE = `Usage: codewright test FILE [--framework ${TEST_FRAMEWORKS.join('|')}] [--output FILE]

Generates a test suite for a file's exported functions and classes (the API's POST /v1/generate-tests).
The suite is printed, or written to --output; notes (coverage, what was not checked) go to stderr.

Examples:
  codewright test src/slugify.js
  codewright test src/slugify.js --framework jest --output test/slugify.test.js
`;

export const DOCS_USAGE = `Usage: codewright docs PATHS... [--type ${DOC_TYPES.join('|')}] [--format ${DOC_FORMATS.join('|')}] [--examples] [--output FILE]

Generates documentation for files, folders or globs under the current folder (the API's POST /v1/generate-docs).

Examples:
  codewright docs src --output API.md
  codewright docs 'src/**/*.py' --type reference --format html --output docs/reference.html
`;

export async function testCommand(argv: string[], context: CommandContext): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      framework: { type: 'string' },
      output: { type: 'string', short: 'o' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    context.io.out(TEST_USAGE);
    return EXIT.ok;
  }
  const target = readTarget(context.io.cwd, positionals[0]);
  const input = contract(() =>
    TestGenInput.parse({
      source_code: target.code,
      language: target.language,
      test_framework: values.framework,
      module_path: `./${basename(target.path, extname(target.path))}`.replace(/[^\w./-]/g, '_'),
    }),
  );
  return withEngine(context, async (engine) => {
    const output = await engine.run('generateTests', input);
    const { coverage_info: coverage } = output;
    context.io.err(
      `${coverage.test_cases} test cases for ${output.test_framework ?? 'the default framework'}; coverage ${coverage.estimated_coverage}% (${coverage.measured ? 'measured' : 'estimated'})`,
    );
    for (const note of output.notes ?? []) context.io.err(`note: ${note}`);
    if (values.output) writeFileSync(resolve(context.io.cwd, values.output), output.test_code);
    else context.io.out(output.test_code);
    return EXIT.ok;
  });
}

export async function docsCommand(argv: string[], context: CommandContext): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      type: { type: 'string' },
      format: { type: 'string' },
      examples: { type: 'boolean' },
      output: { type: 'string', short: 'o' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    context.io.out(DOCS_USAGE);
    return EXIT.ok;
  }
  if (positionals.length === 0) throw new UsageError('Name the files or folders to document');
  const discovery = await discoverFiles(positionals, context.io.cwd);
  for (const skipped of discovery.skipped) context.io.err(`skipped ${skipped.path}: ${skipped.reason}`);
  if (discovery.files.length === 0) throw new UsageError('No source file to document');
  const input = contract(() =>
    DocsInput.parse({
      source_files: discovery.files.map((file) => relative(context.io.cwd, file.path).split(sep).join('/')),
      doc_type: values.type,
      format: values.format,
      include_examples: values.examples ?? false,
    }),
  );
  return withEngine(context, async (engine) => {
    const output = await engine.run('generateDocs', input);
    context.io.err(`${output.files_processed} files, ${output.total_functions} functions documented`);
    if (values.output) writeFileSync(resolve(context.io.cwd, values.output), output.documentation);
    else context.io.out(output.documentation);
    return EXIT.ok;
  });
}
