// The parts every Node (TypeScript) template shares: package.json with its scripts, tsconfig, the
// ESLint flat config, the Prettier config, .gitignore, README and docs. Each option adds its files,
// scripts and dev dependencies here, so the templates only say what is their own.
import { pick, title, type InitOptions, type Package, type Scaffold } from './model';

export interface NodeProjectSpec {
  name: string;
  options: InitOptions;
  description: string;
  /** Source files (and test files, written only with include_tests). */
  sources: Record<string, string>;
  tests: Record<string, string>;
  dependencies?: Package[];
  devDependencies?: Package[];
  /** Extra package.json fields (main, bin, engines, contributes, type). */
  manifest?: Record<string, unknown>;
  /** How the test files run: compiled by tsc and run with node --test, or with vitest. */
  testRunner: 'node' | 'vitest';
  /** tsconfig.json content; the default compiles src (and test) to dist with tsc. */
  tsconfig?: Record<string, unknown>;
  build?: string;
  /** Globals the ESLint config declares (node or browser). */
  eslintGlobals?: 'node' | 'browser';
  readmeUsage: string;
  extraFiles?: Record<string, string>;
  nextSteps?: string[];
}

/** JSON as Prettier prints it: objects one key a line, short arrays of plain values on one line. */
export function json(value: unknown): string {
  return `${print(value, '')}\n`;
}

function print(value: unknown, indent: string): string {
  if (Array.isArray(value)) {
    const inline = `[${value.map((v) => JSON.stringify(v)).join(', ')}]`;
    if (value.every((v) => typeof v !== 'object' || v === null) && indent.length + inline.length <= 80)
      return inline;
    const inner = indent + '  ';
    return `[\n${value.map((v) => inner + print(v, inner)).join(',\n')}\n${indent}]`;
  }
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return '{}';
    const inner = indent + '  ';
    return `{\n${entries.map(([k, v]) => `${inner}${JSON.stringify(k)}: ${print(v, inner)}`).join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}

// NodeNext follows package.json "type": ES modules for "module", CommonJS otherwise.
function defaultTsconfig(options: InitOptions): Record<string, unknown> {
  return {
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      rootDir: '.',
      outDir: 'dist',
      strict: true,
      declaration: true,
      sourceMap: true,
      esModuleInterop: true,
      skipLibCheck: true,
      types: ['node'],
    },
    include: options.include_tests ? ['src', 'test'] : ['src'],
  };
}

function eslintConfig(globals: 'node' | 'browser'): string {
  return `// ESLint flat config: the recommended JavaScript and TypeScript rules.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/', 'coverage/', 'node_modules/'] },
  js.configs.recommended,
  tseslint.configs.recommended,
  { languageOptions: { globals: globals.${globals} } },
);
`;
}

export function nodeProject(spec: NodeProjectSpec): Scaffold {
  const { name, options } = spec;
  const files: Record<string, string> = { ...spec.sources, ...(spec.extraFiles ?? {}) };
  const scripts: Record<string, string> = { build: spec.build ?? 'tsc -p tsconfig.json' };
  const dev = new Set<Package>(['typescript', '@types/node', ...(spec.devDependencies ?? [])]);
  if (options.include_tests) {
    Object.assign(files, spec.tests);
    if (spec.testRunner === 'vitest') {
      scripts.test = 'vitest run';
      dev.add('vitest');
    } else scripts.test = 'npm run build && node --test dist/test/';
  }
  if (options.use_eslint) {
    files['eslint.config.mjs'] = eslintConfig(spec.eslintGlobals ?? 'node');
    scripts.lint = 'eslint .';
    for (const p of ['eslint', '@eslint/js', 'typescript-eslint', 'globals'] as const) dev.add(p);
  }
  if (options.use_prettier) {
    files['.prettierrc.json'] = json({ singleQuote: true, printWidth: 100 });
    files['.prettierignore'] = 'dist/\ncoverage/\nnode_modules/\npackage-lock.json\n';
    scripts.format = 'prettier --write .';
    scripts['format:check'] = 'prettier --check .';
    dev.add('prettier');
  }
  // Prettier formats package.json like JSON.stringify (its json-stringify parser), other JSON compactly.
  files['package.json'] = `${JSON.stringify(
    {
      name,
      version: '0.1.0',
      description: spec.description,
      license: 'MIT',
      ...spec.manifest,
      scripts,
      ...(spec.dependencies?.length ? { dependencies: pick(spec.dependencies) } : {}),
      devDependencies: pick([...dev]),
    },
    null,
    2,
  )}\n`;
  files['tsconfig.json'] = json(spec.tsconfig ?? defaultTsconfig(options));
  files['.gitignore'] = 'node_modules/\ndist/\ncoverage/\n*.log\n.env\n';
  if (options.include_docs) {
    files['README.md'] = readme(spec, scripts);
    files['docs/index.md'] =
      `# ${title(name)} documentation\n\n${spec.description}\n\n## Usage\n\n${spec.readmeUsage}\n`;
  }
  const nextSteps = [`cd ${name}`, 'npm install', 'npm run build'];
  if (scripts.test) nextSteps.push('npm test');
  if (scripts.lint) nextSteps.push('npm run lint');
  if (scripts.format) nextSteps.push('npm run format');
  return { files, next_steps: [...nextSteps, ...(spec.nextSteps ?? [])] };
}

function readme(spec: NodeProjectSpec, scripts: Record<string, string>): string {
  const commands = Object.keys(scripts)
    .map((script) => `- \`npm run ${script}\`: \`${scripts[script]}\``)
    .join('\n');
  return `# ${title(spec.name)}\n\n${spec.description}\n\n## Usage\n\n${spec.readmeUsage}\n\n## Scripts\n\n${commands}\n\nMore in [docs/](docs/index.md).\n`;
}
