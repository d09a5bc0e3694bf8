// What the status bar item says for a server status. Kept free of the vscode module so it is
// unit-tested directly.
import type { ServerStatus } from '../../server/src/protocol';

export type ClientState = 'starting' | 'running' | 'stopped';

export interface StatusText {
  text: string;
  tooltip: string;
  /** True when something needs the user's attention (shown with the warning colour). */
  warning: boolean;
  /** What a screen reader says: starts with "Codewright", no codicon names. */
  label: string;
}

export function describeStatus(clientState: ClientState, status: ServerStatus | undefined): StatusText {
  const text = describeVisible(clientState, status);
  // The visible text is mostly codicons and an address; the tooltip and the accessible label name
  // the extension so a hover or a screen reader says whose item this is.
  const tooltip = text.tooltip.startsWith('Codewright') ? text.tooltip : `Codewright\n${text.tooltip}`;
  const visible = text.text
    .replace(/\$\([^)]*\)/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const lines = text.tooltip.split('\n');
  let label: string;
  if (visible === 'Codewright')
    label = lines[0]!.startsWith('Codewright') ? lines[0]! : `Codewright: ${lines[0]}`;
  else {
    const problem = text.warning
      ? ` (needs attention: ${lines.find((l) => /could not/.test(l)) ?? lines[0]})`
      : '';
    label = `Codewright: ${visible}${problem}`;
  }
  return { ...text, tooltip, label };
}

function describeVisible(
  clientState: ClientState,
  status: ServerStatus | undefined,
): Omit<StatusText, 'label'> {
  if (clientState === 'stopped') {
    return {
      text: '$(error) Codewright',
      tooltip: 'Codewright: the server is not running. Click to show the log.',
      warning: true,
    };
  }
  if (clientState === 'starting' || !status || status.engine.state === 'starting') {
    return { text: '$(sync~spin) Codewright', tooltip: 'Codewright is starting…', warning: false };
  }
  if (status.engine.state === 'failed') {
    return {
      text: '$(error) Codewright',
      tooltip: `Codewright: the engine could not start: ${status.engine.message}`,
      warning: true,
    };
  }
  const engineLine = `Engine: ${status.engine.tier} (v${status.version})\nData folder: ${status.engine.dataDir}`;
  const api = status.api;
  switch (api.state) {
    case 'listening': {
      const address = api.url.replace(/^https?:\/\//, '');
      const busy = api.fellBack
        ? `\nPort ${api.requestedPort} was busy (another window?), so ${api.port} is used.`
        : '';
      return {
        text: `$(sparkle) ${status.engine.tier} · ${address}${api.fellBack ? ' $(warning)' : ''}`,
        tooltip: `${engineLine}\nAPI: ${api.url}${busy}\nClick to show the log.`,
        warning: false,
      };
    }
    case 'disabled':
      return {
        text: `$(sparkle) ${status.engine.tier}`,
        tooltip:
          api.reason === 'untrusted'
            ? `${engineLine}\nAPI: off in this untrusted workspace (codewright.api.allowInUntrustedWorkspaces)\nClick to show the log.`
            : `${engineLine}\nAPI: off (codewright.api.enabled)\nClick to show the log.`,
        warning: false,
      };
    case 'failed':
      return {
        text: `$(sparkle) ${status.engine.tier} · API $(error)`,
        tooltip: `${engineLine}\nAPI could not start: ${api.message}\nClick to show the log.`,
        warning: true,
      };
    case 'starting':
      return {
        text: `$(sparkle) ${status.engine.tier} · $(sync~spin)`,
        tooltip: `${engineLine}\nAPI starting…`,
        warning: false,
      };
  }
}
