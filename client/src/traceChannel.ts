// The LSP trace channel. vscode-languageclient traces only while its trace channel's log level is
// Trace, so with the Codewright log channel `codewright.trace.server` did nothing unless the user
// also changed the log level. This channel reports level Trace exactly while the setting is not
// "off" (and says so when the setting changes), and writes every trace line to a plain output
// channel ("Codewright LSP Trace"), which shows whatever it is given.
import * as vscode from 'vscode';

export const TRACE_SETTING = 'codewright.trace.server';

/** The log level the language client should see for a `codewright.trace.server` value. */
export function traceLogLevel(setting: unknown): vscode.LogLevel {
  return setting === 'messages' || setting === 'verbose' ? vscode.LogLevel.Trace : vscode.LogLevel.Info;
}

export class TraceChannel {
  private readonly output: vscode.OutputChannel;
  private readonly levelChanged = new vscode.EventEmitter<vscode.LogLevel>();
  private readonly watcher: vscode.Disposable;
  private level: vscode.LogLevel;
  readonly name = 'Codewright LSP Trace';
  readonly onDidChangeLogLevel = this.levelChanged.event;

  constructor() {
    this.output = vscode.window.createOutputChannel(this.name);
    this.level = traceLogLevel(vscode.workspace.getConfiguration().get(TRACE_SETTING));
    this.watcher = vscode.workspace.onDidChangeConfiguration((event) => {
      if (!event.affectsConfiguration(TRACE_SETTING)) return;
      const level = traceLogLevel(vscode.workspace.getConfiguration().get(TRACE_SETTING));
      if (level === this.level) return;
      this.level = level;
      this.levelChanged.fire(level);
    });
  }

  get logLevel(): vscode.LogLevel {
    return this.level;
  }

  /** The shape the language client expects of its `traceOutputChannel`. */
  asLogOutputChannel(): vscode.LogOutputChannel {
    return this as unknown as vscode.LogOutputChannel;
  }

  trace(message: string): void {
    this.write('trace', message);
  }
  debug(message: string): void {
    this.write('debug', message);
  }
  info(message: string): void {
    this.write('info', message);
  }
  warn(message: string): void {
    this.write('warning', message);
  }
  error(error: string | Error): void {
    this.write('error', error instanceof Error ? error.message : error);
  }
  append(value: string): void {
    this.output.append(value);
  }
  appendLine(value: string): void {
    this.output.appendLine(value);
  }
  replace(value: string): void {
    this.output.replace(value);
  }
  clear(): void {
    this.output.clear();
  }
  show(preserveFocus?: boolean): void {
    this.output.show(preserveFocus);
  }
  hide(): void {
    this.output.hide();
  }
  dispose(): void {
    this.watcher.dispose();
    this.levelChanged.dispose();
    this.output.dispose();
  }

  private write(level: string, message: string): void {
    this.output.appendLine(`${new Date().toISOString()} [${level}] ${message}`);
  }
}
