// What a template is: a function from the project name and options to the files it writes, and the
// commands that follow. Versions of the tools the templates install are pinned here, in one place,
// and checked by the slow template suite (test/server/engine/project/templates.slow.test.ts).

export interface InitOptions {
  include_tests: boolean;
  include_docs: boolean;
  use_eslint: boolean;
  use_prettier: boolean;
}

export interface Scaffold {
  /** Relative path (with `/`) to content. */
  files: Record<string, string>;
  next_steps: string[];
}

export interface Template {
  id: string;
  description: string;
  scaffold(name: string, options: InitOptions): Scaffold;
}

/** Versions of what the Node templates install (npm ranges), known to work together. */
export const VERSIONS = {
  typescript: '~6.0.3',
  '@types/node': '^20.19.0',
  eslint: '^10.15.0',
  '@eslint/js': '^10.0.1',
  'typescript-eslint': '^8.73.0',
  globals: '^17.14.0',
  prettier: '^3.10.1',
  express: '^5.3.0',
  '@types/express': '^5.0.6',
  fastify: '^5.12.8',
  react: '^19.3.1',
  'react-dom': '^19.3.1',
  '@types/react': '^19.3.0',
  '@types/react-dom': '^19.3.0',
  vite: '^8.3.8',
  '@vitejs/plugin-react': '^6.3.0',
  vitest: '^4.1.12',
  '@types/vscode': '~1.91.0',
} as const;

export type Package = keyof typeof VERSIONS;

export function pick(names: Package[]): Record<string, string> {
  return Object.fromEntries([...names].sort().map((name) => [name, VERSIONS[name]]));
}

/** A Python identifier from a package name (`my-tool` → `my_tool`). */
export function pythonModule(name: string): string {
  const id = name.replace(/[^a-z0-9_]/g, '_');
  return /^[0-9]/.test(id) ? `_${id}` : id;
}

/** A readable title from a package name (`my-tool` → `My Tool`). */
export function title(name: string): string {
  return name
    .split(/[-_.]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}
