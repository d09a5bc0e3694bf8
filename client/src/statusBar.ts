// The status bar item: engine tier and api address; a click shows the server log.
import * as vscode from 'vscode';
import type { ServerStatus } from '../../server/src/protocol';
import { describeStatus, type ClientState } from './statusText';

export class StatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem(
    'codewright.status',
    vscode.StatusBarAlignment.Right,
    100,
  );
  private clientState: ClientState = 'starting';
  private status?: ServerStatus;

  constructor() {
    this.item.name = 'Codewright';
    this.item.command = 'codewright.showLog';
    this.render();
    this.item.show();
  }

  setClientState(state: ClientState): void {
    this.clientState = state;
    this.render();
  }

  setStatus(status: ServerStatus): void {
    this.status = status;
    this.render();
  }

  dispose(): void {
    this.item.dispose();
  }

  private render(): void {
    const { text, tooltip, warning, label } = describeStatus(this.clientState, this.status);
    this.item.text = text;
    this.item.tooltip = tooltip;
    this.item.accessibilityInformation = { label, role: 'button' };
    this.item.backgroundColor = warning
      ? new vscode.ThemeColor('statusBarItem.warningBackground')
      : undefined;
  }
}
