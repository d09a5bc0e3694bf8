// cli: a Node command-line tool with argument parsing from node:util (no dependency), its logic
// separate from the process so tests call it directly.
import type { Template } from '../model';
import { nodeProject } from '../nodeProject';

const RUN = (name: string) => `import { parseArgs } from 'node:util';

export interface Outcome {
  code: number;
  output: string;
}

const USAGE = 'Usage: ${name} [--shout] [--times N] <name>';

/** Runs the command on its arguments (without \`node\` and the script) and says what to print. */
export function run(argv: string[]): Outcome {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        shout: { type: 'boolean', default: false },
        times: { type: 'string', default: '1' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    return { code: 2, output: \`\${(error as Error).message}\\n\${USAGE}\` };
  }
  const { values, positionals } = parsed;
  if (values.help) return { code: 0, output: USAGE };
  const times = Number(values.times);
  if (positionals.length !== 1 || !Number.isInteger(times) || times < 1) {
    return { code: 2, output: USAGE };
  }
  const line = \`Hello, \${positionals[0]}!\`;
  const text = values.shout ? line.toUpperCase() : line;
  return { code: 0, output: Array(times).fill(text).join('\\n') };
}
`;

const BIN = `#!/usr/bin/env node
import { run } from './run.js';

const { code, output } = run(process.argv.slice(2));
(code === 0 ? console.log : console.error)(output);
process.exitCode = code;
`;

const TEST = `import assert from 'node:assert/strict';
import { test } from 'node:test';
import { run } from '../src/run.js';

test('greets the name given', () => {
  assert.deepEqual(run(['Ada']), { code: 0, output: 'Hello, Ada!' });
});

test('--shout and --times change the output', () => {
  assert.equal(run(['--shout', '--times', '2', 'ada']).output, 'HELLO, ADA!\\nHELLO, ADA!');
});

test('a missing name or an unknown flag is a usage error', () => {
  assert.equal(run([]).code, 2);
  assert.equal(run(['--nope', 'x']).code, 2);
});
`;

export const cli: Template = {
  id: 'cli',
  description: 'A Node command-line tool in TypeScript.',
  scaffold: (name, options) =>
    nodeProject({
      name,
      options,
      description: 'A command-line tool.',
      sources: { 'src/run.ts': RUN(name), 'src/cli.ts': BIN },
      tests: { 'test/run.test.ts': TEST },
      manifest: { type: 'module', bin: { [name]: 'dist/src/cli.js' }, files: ['dist/src'] },
      testRunner: 'node',
      readmeUsage: `\`\`\`sh\nnpm run build\nnode dist/src/cli.js --shout Ada\n\`\`\``,
      nextSteps: [`node dist/src/cli.js --help`],
    }),
};
