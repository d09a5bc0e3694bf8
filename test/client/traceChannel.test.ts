import './useFakeVscode';
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { TRACE_SETTING, TraceChannel, traceLogLevel } from '../../client/src/traceChannel';
import { changeSetting, outputChannels, settings } from './fakeVscode';

describe('client/traceChannel', () => {
  afterEach(() => settings.clear());

  it('maps codewright.trace.server to the level the language client traces at', () => {
    assert.equal(traceLogLevel('off'), vscode.LogLevel.Info);
    assert.equal(traceLogLevel(undefined), vscode.LogLevel.Info);
    assert.equal(traceLogLevel('messages'), vscode.LogLevel.Trace);
    assert.equal(traceLogLevel('verbose'), vscode.LogLevel.Trace);
  });

  it('follows the setting alone (no log-level change needed) and writes traces to its own channel', () => {
    settings.set(TRACE_SETTING, 'off');
    const channel = new TraceChannel();
    assert.equal(channel.logLevel, vscode.LogLevel.Info);
    const seen: vscode.LogLevel[] = [];
    channel.onDidChangeLogLevel((level) => seen.push(level));
    changeSetting('codewright.api.port', 1);
    changeSetting(TRACE_SETTING, 'verbose');
    assert.deepEqual(seen, [vscode.LogLevel.Trace]);
    assert.equal(channel.logLevel, vscode.LogLevel.Trace);
    channel.trace("Sending request 'initialize - (0)'.");
    const lines = outputChannels.get('Codewright LSP Trace')!;
    assert.match(lines.at(-1)!, /\[trace\] Sending request 'initialize - \(0\)'\.$/);
    changeSetting(TRACE_SETTING, 'off');
    assert.deepEqual(seen, [vscode.LogLevel.Trace, vscode.LogLevel.Info]);
    channel.dispose();
  });
});
