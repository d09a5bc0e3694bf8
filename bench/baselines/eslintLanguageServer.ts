// The baseline of the editor benchmarks: the smallest useful ESLint language server. It lints each
// open JavaScript document in its own process with the same parser and rules as Codewright's review
// and publishes the messages as diagnostics: no worker pool, no isolation, nothing else.
import { Linter } from 'eslint/universal';
import {
  createConnection,
  DiagnosticSeverity,
  TextDocuments,
  TextDocumentSyncKind,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CHECK_TYPES } from '../../server/src/engine/contracts/review';
import { eslintConfig } from '../../server/src/engine/review/javascript/analyser';

const connection = createConnection();
const documents = new TextDocuments(TextDocument);
const linter = new Linter({ configType: 'flat' });
const config = eslintConfig('javascript', { checkTypes: [...CHECK_TYPES] });

connection.onInitialize(() => ({ capabilities: { textDocumentSync: TextDocumentSyncKind.Incremental } }));
documents.onDidChangeContent(({ document }) => {
  const messages = linter.verify(document.getText(), config, 'input.js');
  void connection.sendDiagnostics({
    uri: document.uri,
    version: document.version,
    diagnostics: messages.map((message) => ({
      range: {
        start: { line: message.line - 1, character: message.column - 1 },
        end: {
          line: (message.endLine ?? message.line) - 1,
          character: (message.endColumn ?? message.column) - 1,
        },
      },
      severity: DiagnosticSeverity.Warning,
      source: 'eslint',
      message: message.message,
    })),
  });
});
documents.listen(connection);
connection.listen();
