// `codewright explain` and `codewright refactor`: the engine's operations on a file, through the
// worker pool and the same contracts as the HTTP API (no HTTP involved).
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { createTwoFilesPatch } from 'diff';
import { ZodError } from 'zod';
import {
  DETAIL_LEVELS,
  ExplainInput,
  type ExplainOutput,
} from '../../../server/src/engine/contracts/explain';
import { REFACTOR_TYPES, RefactorInput } from '../../../server/src/engine/contracts/refactor';
import { languageOfPath } from '../../../server/src/features/workspaceFiles';
import { createEngine, type Engine } from '../../../server/src/pool/pooledEngine';
import type { CommandContext } from './context';
import { EXIT, UsageError } from './usage';

export const EXPLAIN_USAGE = `Usage: codewright explain <file>[:line[-line]] [options]

Explains a file, or the lines given (e.g. src/app.ts:10-42), as the editor's Explain does.

Options:
  --detail ${DETAIL_LEVELS.join('|')}   How much to say (default standard)
  --format text|json                 Output (default text; json = the API's explain object)
  -h, --help                         Show this help

Examples:
  codewright explain src/sort.py
  codewright explain src/app.ts:10-42 --detail detailed
`;

export const REFACTOR_USAGE = `Usage: codewright refactor <file> --type TYPE [options]

Refactors a file and prints a unified diff (nothing is written without --write).

Options:
  --type ${REFACTOR_TYPES.join('|')}
  --patterns LIST          Comma-separated transforms to apply (e.g. const_let,arrow_functions)
  --from NAME --to NAME [--line N]             rename
  --start-line N --end-line N [--name NAME]    extract_function
  --write                  Write the refactored code to the file instead of printing a diff
  -h, --help               Show this help

Examples:
  codewright refactor src/legacy.js --type modernize
  codewright refactor src/legacy.js --type modernize --write
  codewright refactor src/app.ts --type rename --from getData --to fetchUser
`;

/** Errors about the input (bad file, too large, over a limit): exit 2; anything else is internal. */
const INPUT_ERRORS = new Set([
  'VALIDATION_ERROR',
  'INVALID_LANGUAGE',
  'FILE_TOO_LARGE',
  'UNPROCESSABLE',
  'ANALYSIS_LIMIT',
]);

interface Target {
  path: string;
  code: string;
  language: NonNullable<ReturnType<typeof languageOfPath>>;
}

export function readTarget(cwd: string, arg: string | undefined): Target {
  if (!arg) throw new UsageError('Name a file');
  const path = resolve(cwd, arg);
  const language = languageOfPath(path);
  if (!language) throw new UsageError(`${arg}: not a supported source file`);
  let code: string;
  try {
    code = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(
      `${arg}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`,
    );
  }
  if (code.includes('\0')) throw new UsageError(`${arg}: a binary file`);
  return { path, code, language };
}

/** Parses an operation's input with its contract; a refusal is a usage error naming the field. */
export function contract<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (!(error instanceof ZodError)) throw error;
    throw new UsageError(error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
}

/** Runs an operation with a one-worker pool; engine errors become a message and an exit code. */
export async function withEngine(
  context: CommandContext,
  work: (engine: Engine) => Promise<number>,
): Promise<number> {
  const engine = createEngine({
    dataDir: context.settings.dataDir,
    roots: [context.io.cwd],
    poolOptions: { settings: { ...context.settings.pool, workers: 1 } },
  });
  try {
    return await work(engine);
  } catch (error) {
    if (error instanceof ZodError)
      throw new UsageError(error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
    const code = (error as { code?: string }).code;
    if (!code || !INPUT_ERRORS.has(code)) throw error;
    context.io.err(`codewright: ${(error as Error).message} (${code})`);
    return EXIT.usage;
  } finally {
    await engine.close();
  }
}

export async function explainCommand(argv: string[], context: CommandContext): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      detail: { type: 'string' },
      format: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    context.io.out(EXPLAIN_USAGE);
    return EXIT.ok;
  }
  const match = /^(.*?)(?::(\d+)(?:-(\d+))?)?$/.exec(positionals[0] ?? '')!;
  const target = readTarget(context.io.cwd, match[1]);
  const lines = target.code.split('\n');
  const first = match[2] ? Number(match[2]) : 1;
  const last = match[3] ? Number(match[3]) : match[2] ? first : lines.length;
  if (first < 1 || last < first || first > lines.length)
    throw new UsageError(`Lines ${first}-${last} are outside ${match[1]} (${lines.length} lines)`);
  if (values.format && !['text', 'json'].includes(values.format))
    throw new UsageError('--format must be text or json');
  // Lines before the selection become empty lines, so every line number the engine reports is the
  // file's own (the selection is explained alone, as in the editor).
  const input = contract(() =>
    ExplainInput.parse({
      code: '\n'.repeat(first - 1) + lines.slice(first - 1, last).join('\n'),
      language: target.language,
      detail_level: values.detail ?? 'standard',
    }),
  );
  return withEngine(context, async (engine) => {
    const output = await engine.run('explain', input);
    if (values.format === 'json') context.io.out(JSON.stringify(output, null, 2));
    else context.io.out(explainText(output));
    return EXIT.ok;
  });
}

function explainText(output: ExplainOutput): string {
  const { summary, breakdown, concepts, performance_impact } = output.explanation;
  const parts = [summary, ''];
  for (const entry of breakdown)
    parts.push(`  ${String(entry.line).padStart(4)}  ${entry.code.trim()}`, `        ${entry.explanation}`);
  if (concepts.length > 0) parts.push('', `Concepts: ${concepts.join(', ')}`);
  if (performance_impact) parts.push('', `Performance: ${performance_impact}`);
  for (const skipped of output.skipped ?? []) parts.push('', `Skipped: ${JSON.stringify(skipped)}`);
  return parts.join('\n');
}

export async function refactorCommand(argv: string[], context: CommandContext): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      type: { type: 'string' },
      patterns: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
      line: { type: 'string' },
      'start-line': { type: 'string' },
      'end-line': { type: 'string' },
      name: { type: 'string' },
      write: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    context.io.out(REFACTOR_USAGE);
    return EXIT.ok;
  }
  if (!values.type) throw new UsageError(`--type is required (${REFACTOR_TYPES.join(', ')})`);
  const target = readTarget(context.io.cwd, positionals[0]);
  const number = (text: string | undefined) => (text === undefined ? undefined : Number(text));
  const input = contract(() =>
    RefactorInput.parse({
      code: target.code,
      language: target.language,
      refactor_type: values.type,
      target_patterns: values.patterns
        ?.split(',')
        .map((p) => p.trim())
        .filter(Boolean),
      options: {
        from: values.from,
        to: values.to,
        line: number(values.line),
        start_line: number(values['start-line']),
        end_line: number(values['end-line']),
        name: values.name,
      },
    }),
  );
  return withEngine(context, async (engine) => {
    const output = await engine.run('refactor', input);
    const rel = relative(context.io.cwd, target.path).split(sep).join('/');
    for (const change of output.changes) context.io.err(`- ${change}`);
    if (output.refactored_code === target.code) {
      context.io.err('Nothing to change.');
      return EXIT.ok;
    }
    if (values.write) {
      writeFileSync(target.path, output.refactored_code);
      context.io.err(`Wrote ${rel}.`);
    } else {
      context.io.out(
        createTwoFilesPatch(`a/${rel}`, `b/${rel}`, target.code, output.refactored_code, '', '').trimEnd(),
      );
    }
    return EXIT.ok;
  });
}
