// Wires the language server: creates the features with their dependencies and forwards the LSP
// lifecycle (initialize, initialized, configuration changes, shutdown) to each in order.
import {
  TextDocuments,
  TextDocumentSyncKind,
  type Connection,
  type ServerCapabilities,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { ApiHost, type StartApi } from './features/apiHost';
import { CodeActionsFeature } from './features/codeActions';
import { CodeGeneration } from './features/codeGeneration';
import { ExplainCodeLens } from './features/codeLens';
import { ReviewDiagnostics } from './features/diagnostics';
import { LatencyTrace } from './features/latencyTrace';
import { ProjectContexts } from './features/projectContext';
import { DocumentUnits } from './features/documentUnits';
import { EngineSession } from './features/engineSession';
import { ExplainFeature } from './features/explain';
import type { Feature } from './features/feature';
import { LocalKeyFeature, type OpenKeyStore } from './features/localKey';
import { ReviewFileFeature } from './features/reviewFile';
import { RefactorActions } from './features/refactorActions';
import { ReviewStore } from './features/reviewFindings';
import { ReviewFixes } from './features/reviewFixes';
import { RuleDocsLinks } from './features/ruleDocsLink';
import { ProjectCommands } from './features/projectCommands';
import { StatusFeature } from './features/status';
import { TestGeneration } from './features/testGeneration';
import { WorkspaceReview } from './features/workspaceReview';
import { WorkspaceTrust } from './features/workspaceTrust';
import { SettingsCache } from './settings';

export interface ServerDependencies {
  startApi: StartApi;
  openKeyStore: OpenKeyStore;
}

export function startServer(connection: Connection, dependencies: ServerDependencies): void {
  const documents = new TextDocuments(TextDocument);
  let canPullSettings = false;
  const settings = new SettingsCache(connection.workspace, () => canPullSettings);
  const status = new StatusFeature();
  const trust = new WorkspaceTrust();
  const session = new EngineSession(settings, status);
  const apiHost = new ApiHost(session, settings, status, dependencies.startApi, trust);
  const reviews = new ReviewStore();
  const links = new RuleDocsLinks();
  const projects = new ProjectContexts();
  const diagnostics = new ReviewDiagnostics(
    documents,
    settings,
    reviews,
    links,
    session,
    projects,
    LatencyTrace.fromEnv(),
  );
  const units = new DocumentUnits(session);
  const features: Feature[] = [
    trust,
    status,
    session,
    apiHost,
    new LocalKeyFeature(session, apiHost, dependencies.openKeyStore),
    diagnostics,
    new CodeActionsFeature(documents, [new ReviewFixes(reviews, session), new RefactorActions(session)]),
    new WorkspaceReview({ documents, session, diagnostics, store: reviews, links, projects }),
    new ExplainCodeLens(documents, units, settings),
    new ExplainFeature(documents, units, session),
    new TestGeneration(documents, session, trust),
    new ProjectCommands(session),
    new ReviewFileFeature(documents, diagnostics, reviews),
    new CodeGeneration(session),
  ];

  connection.onInitialize((params) => {
    canPullSettings = params.capabilities.workspace?.configuration === true;
    settings.push(params.initializationOptions);
    const capabilities: ServerCapabilities = {
      textDocumentSync: {
        openClose: true,
        change: TextDocumentSyncKind.Incremental,
        save: { includeText: false },
      },
    };
    for (const feature of features) mergeCapabilities(capabilities, feature.initialize(connection, params));
    return { capabilities, serverInfo: { name: 'codewright' } };
  });
  connection.onInitialized(async () => {
    for (const feature of features) await feature.initialized?.();
  });
  connection.onDidChangeConfiguration(async (params) => {
    settings.push(params.settings);
    settings.invalidate();
    for (const feature of features) await feature.settingsChanged?.();
  });
  connection.onShutdown(async () => {
    for (const feature of [...features].reverse()) await feature.shutdown?.();
  });

  documents.listen(connection);
  connection.listen();
}

// Features add disjoint capabilities; `workspace` is the one section several may fill.
function mergeCapabilities(into: ServerCapabilities, from: ServerCapabilities | void): void {
  if (!from) return;
  const { workspace, ...rest } = from;
  Object.assign(into, rest);
  if (workspace) into.workspace = { ...into.workspace, ...workspace };
}
