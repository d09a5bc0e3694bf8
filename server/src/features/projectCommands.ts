// The project-level editor commands, each a thin request over one engine operation run in the
// worker pool: Analyze Project (analyzeProject), New Project from Template (initProject) and
// Generate Docs (generateDocs over the workspace's JS/TS/Python files). A request the editor
// cancels cancels its task.
import {
  WorkDoneProgress,
  type Connection,
  type WorkDoneProgressBegin,
  type WorkDoneProgressEnd,
  type WorkDoneProgressReport,
} from 'vscode-languageserver/node';
import type { DocsOutput } from '../engine/contracts/docs';
import type { ProjectInitInput } from '../engine/contracts/project';
import { AnalyzeProjectRequest, GenerateDocsRequest, InitProjectRequest } from '../protocol';
import { cancellable } from './cancellation';
import type { EngineSession } from './engineSession';
import type { Feature } from './feature';
import { listSourceFiles } from './workspaceFiles';

/** Files one Generate Docs request documents at most (the operation's own limit). */
const MAX_DOC_FILES = 1000;
const DOC_LANGUAGES = new Set(['javascript', 'typescript', 'javascriptreact', 'typescriptreact', 'python']);

export class ProjectCommands implements Feature {
  constructor(private readonly session: EngineSession) {}

  initialize(connection: Connection): Record<string, never> {
    // The analysis reports its progress from the worker; it reaches the editor as work-done
    // progress under the token the client sent, if it sent one.
    connection.onRequest(AnalyzeProjectRequest.method, (params: AnalyzeProjectRequest.Params, token) =>
      cancellable(token, async (signal) => {
        const engine = await this.session.engine();
        const folder = params?.folder ?? engine.roots[0];
        if (!folder) throw new Error('Open a folder to analyze it.');
        const progress = (value: WorkDoneProgressBegin | WorkDoneProgressReport | WorkDoneProgressEnd) => {
          if (params?.workDoneToken)
            void connection.sendProgress(WorkDoneProgress.type, params.workDoneToken, value);
        };
        progress({
          kind: 'begin',
          title: 'Codewright: analyzing the project',
          cancellable: true,
          percentage: 0,
        });
        try {
          const result = await engine.run(
            'analyzeProject',
            { project_path: folder, analysis_type: 'full', include_dependencies: true },
            {
              signal,
              onProgress: (update) =>
                progress({ kind: 'report', message: update.message, percentage: update.percentage }),
            },
          );
          return result as AnalyzeProjectRequest.Result;
        } finally {
          progress({ kind: 'end' });
        }
      }),
    );
    connection.onRequest(InitProjectRequest.method, (params: InitProjectRequest.Params, token) =>
      cancellable(token, async (signal) => {
        const engine = await this.session.engine();
        const input = {
          name: params.name,
          template: params.template as ProjectInitInput['template'],
          directory: params.directory,
          options: params.options,
        };
        return engine.run('initProject', input, { signal });
      }),
    );
    connection.onRequest(GenerateDocsRequest.method, (_params: unknown, token) =>
      cancellable(token, async (signal) => {
        const engine = await this.session.engine();
        const listing = await listSourceFiles([...engine.roots], {
          maxBytes: 1024 * 1024,
          maxFiles: MAX_DOC_FILES,
          cancelled: () => signal.aborted,
        });
        const files = listing.files
          .filter((file) => DOC_LANGUAGES.has(file.language))
          .map((file) => file.path);
        if (files.length === 0)
          throw new Error('No JavaScript, TypeScript or Python files to document here.');
        const output: DocsOutput = await engine.run(
          'generateDocs',
          { source_files: files, doc_type: 'api', format: 'markdown', include_examples: true },
          { signal },
        );
        return {
          documentation: output.documentation,
          filesProcessed: output.files_processed,
          functions: output.total_functions,
          components: output.total_components,
          skipped: listing.skipped + (output.skipped_files?.length ?? 0),
        } satisfies GenerateDocsRequest.Result;
      }),
    );
    return {};
  }
}
