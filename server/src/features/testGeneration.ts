// "Generate tests" for the editor: where the project keeps its tests and which framework it uses
// decide the test file's path and the engine's `test_framework`; the engine (in the worker pool)
// writes the suite, importing the module by the relative path from that file. An untrusted
// workspace never runs its code: the request goes without the `code_execution` tool.
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, extname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ErrorCodes, ResponseError, type Connection, type TextDocuments } from 'vscode-languageserver/node';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { TEST_FRAMEWORKS } from '../engine/contracts/tests';
import { isJsFamily, resolveLanguage, type LanguageId } from '../engine/languages';
import { GenerateTestsRequest } from '../protocol';
import type { EngineSession } from './engineSession';
import { cancellable } from './cancellation';
import type { Feature } from './feature';
import type { WorkspaceTrust } from './workspaceTrust';

type Framework = (typeof TEST_FRAMEWORKS)[number];

/** The languages test generation supports (see docs/testgen.md). */
export function canGenerateTests(language: LanguageId): boolean {
  return isJsFamily(language);
}

const TEST_FOLDERS = ['test', 'tests', '__tests__', 'spec'];

export interface TestPlan {
  testPath: string;
  /** The import path from the test file to the source (what `module_path` asks for). */
  modulePath: string;
  framework: Framework;
}

/**
 * The test file for a source file: `<root>/<test folder>/<name>.test.<ext>` when the project has a
 * test folder (mirroring the source's folders below `src/`, or below the root), else beside the
 * source. The framework is the one the nearest package.json depends on, else node:test.
 */
export function planTests(
  sourcePath: string,
  roots: readonly string[],
  exists: (path: string) => boolean = existsSync,
): TestPlan {
  const root = roots.filter((r) => sourcePath.startsWith(r + sep)).sort((a, b) => b.length - a.length)[0];
  const extension = extname(sourcePath);
  const name = `${basename(sourcePath, extension)}.test${extension}`;
  const folder = root && TEST_FOLDERS.map((f) => join(root, f)).find((path) => exists(path));
  let testDir = dirname(sourcePath);
  if (root && folder) {
    const within = relative(root, dirname(sourcePath)).split(sep).filter(Boolean);
    testDir = join(folder, ...(within[0] === 'src' || within[0] === 'lib' ? within.slice(1) : within));
  }
  const testPath = join(testDir, name);
  let modulePath = relative(testDir, sourcePath).split(sep).join('/');
  // TypeScript imports name the module without its extension; JavaScript keeps it (ESM needs it).
  if (/\.(ts|tsx|mts|cts)$/.test(extension)) modulePath = modulePath.slice(0, -extension.length);
  if (!modulePath.startsWith('.')) modulePath = `./${modulePath}`;
  return { testPath, modulePath, framework: projectFramework(dirname(sourcePath), root, exists) };
}

function projectFramework(
  from: string,
  root: string | undefined,
  exists: (path: string) => boolean,
): Framework {
  for (let dir = from; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (exists(manifest)) {
      try {
        const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as Record<
          string,
          Record<string, string> | undefined
        >;
        const deps = { ...pkg.dependencies, ...pkg.devDependencies };
        for (const framework of ['vitest', 'jest', 'mocha'] as const) if (deps[framework]) return framework;
      } catch {
        // An unreadable manifest says nothing about the framework.
      }
      return 'node:test';
    }
    if (dir === root || dirname(dir) === dir) return 'node:test';
  }
}

export class TestGeneration implements Feature {
  constructor(
    private readonly documents: TextDocuments<TextDocument>,
    private readonly session: EngineSession,
    /** The server's own view of workspace trust (absent: trusted); the request's flag cannot widen it. */
    private readonly trust?: Pick<WorkspaceTrust, 'trusted'>,
  ) {}

  initialize(connection: Connection): Record<string, never> {
    connection.onRequest(GenerateTestsRequest.method, (params: GenerateTestsRequest.Params, token) =>
      cancellable(token, (signal) => this.generate(params, signal)),
    );
    return {};
  }

  private async generate(
    params: GenerateTestsRequest.Params,
    signal: AbortSignal,
  ): Promise<GenerateTestsRequest.Result> {
    const document = this.documents.get(params.uri);
    const language = document && resolveLanguage(document.languageId);
    if (!document || !language || !params.uri.startsWith('file:') || !canGenerateTests(language)) {
      throw new ResponseError(
        ErrorCodes.InvalidParams,
        'Codewright generates tests for JavaScript and TypeScript files saved on disk.',
      );
    }
    const trusted = params.trusted && this.trust?.trusted !== false;
    const engine = await this.session.engine();
    const plan = planTests(fileURLToPath(params.uri), engine.roots);
    const output = await engine.run(
      'generateTests',
      {
        source_code: document.getText(),
        language,
        test_framework: plan.framework,
        coverage_target: 80,
        include_edge_cases: true,
        module_path: plan.modulePath,
      },
      { signal, withoutTools: trusted ? [] : ['code_execution'] },
    );
    const notes = [...(output.notes ?? [])];
    if (!trusted) notes.unshift('The workspace is not trusted, so its code was not run.');
    return {
      testUri: pathToFileURL(plan.testPath).href,
      testCode: output.test_code,
      framework: output.test_framework ?? plan.framework,
      testCases: output.coverage_info.test_cases,
      coverage: output.coverage_info.statement_coverage ?? output.coverage_info.estimated_coverage,
      measured: output.coverage_info.measured === true,
      notes,
    };
  }
}
