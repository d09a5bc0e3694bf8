// A minimal stand-in for the `vscode` module, enough for the client modules under unit test. It
// records what the code under test asked VS Code to do.
export const calls = {
  registered: new Map<string, (...args: unknown[]) => unknown>(),
  warnings: [] as string[],
  infos: [] as string[],
  errors: [] as string[],
  clipboard: [] as string[],
};

export function resetCalls(): void {
  calls.registered.clear();
  calls.warnings.length = 0;
  calls.infos.length = 0;
  calls.errors.length = 0;
  calls.clipboard.length = 0;
}

export const commands = {
  registerCommand(id: string, handler: (...args: unknown[]) => unknown) {
    calls.registered.set(id, handler);
    return { dispose: () => calls.registered.delete(id) };
  },
};

export const window = {
  async showWarningMessage(message: string) {
    calls.warnings.push(message);
    return undefined;
  },
  async showInformationMessage(message: string) {
    calls.infos.push(message);
    return undefined;
  },
  async showErrorMessage(message: string) {
    calls.errors.push(message);
    return undefined;
  },
};

export const env = {
  clipboard: {
    async writeText(text: string) {
      calls.clipboard.push(text);
    },
  },
};

export enum LogLevel {
  Off = 0,
  Trace = 1,
  Debug = 2,
  Info = 3,
  Warning = 4,
  Error = 5,
}

export class EventEmitter<T> {
  private listeners: ((value: T) => void)[] = [];
  readonly event = (listener: (value: T) => void) => {
    this.listeners.push(listener);
    return { dispose: () => (this.listeners = this.listeners.filter((l) => l !== listener)) };
  };
  fire(value: T): void {
    for (const listener of this.listeners) listener(value);
  }
  dispose(): void {
    this.listeners = [];
  }
}

/** Settings the fake workspace answers with (flat keys, e.g. `codewright.trace.server`). */
export const settings = new Map<string, unknown>();
const configurationListeners: ((event: { affectsConfiguration(section: string): boolean }) => void)[] = [];

/** Changes a setting and tells the listeners, as VS Code does. */
export function changeSetting(key: string, value: unknown): void {
  settings.set(key, value);
  for (const listener of configurationListeners)
    listener({ affectsConfiguration: (section) => key === section || key.startsWith(`${section}.`) });
}

export const workspace = {
  getConfiguration(section?: string) {
    return { get: (key: string) => settings.get(section ? `${section}.${key}` : key) };
  },
  onDidChangeConfiguration(listener: (typeof configurationListeners)[number]) {
    configurationListeners.push(listener);
    return { dispose: () => configurationListeners.splice(configurationListeners.indexOf(listener), 1) };
  },
};

/** Output channels created, by name, with the lines written to them. */
export const outputChannels = new Map<string, string[]>();

Object.assign(window, {
  createOutputChannel(name: string) {
    const lines: string[] = [];
    outputChannels.set(name, lines);
    return {
      name,
      append: (text: string) => lines.push(text),
      appendLine: (text: string) => lines.push(text),
      replace: (text: string) => lines.splice(0, lines.length, text),
      clear: () => (lines.length = 0),
      show: () => undefined,
      hide: () => undefined,
      dispose: () => outputChannels.delete(name),
    };
  },
});

export class Uri {
  private constructor(readonly path: string) {}
  static file(path: string): Uri {
    return new Uri(path);
  }
  static parse(value: string): Uri {
    return new Uri(value);
  }
  static joinPath(base: Uri, ...parts: string[]): Uri {
    return new Uri([base.path, ...parts].join('/'));
  }
  toString(): string {
    return this.path;
  }
}

/** The serializers registered with `window.registerWebviewPanelSerializer`, by view type. */
export const serializers = new Map<
  string,
  { deserializeWebviewPanel(panel: unknown, state: unknown): Promise<void> }
>();

Object.assign(window, {
  registerWebviewPanelSerializer(
    viewType: string,
    serializer: { deserializeWebviewPanel(panel: unknown, state: unknown): Promise<void> },
  ) {
    serializers.set(viewType, serializer);
    return { dispose: () => serializers.delete(viewType) };
  },
});

/** A webview panel that records what is posted to it and lets a test send messages from the page. */
export function fakeWebviewPanel() {
  const posted: unknown[] = [];
  let receive: (message: unknown) => void = () => undefined;
  const panel = {
    title: '',
    webview: {
      html: '',
      options: {},
      cspSource: 'vscode-resource:',
      asWebviewUri: (uri: Uri) => `webview:${uri.path}`,
      postMessage: async (message: unknown) => posted.push(message),
      onDidReceiveMessage: (listener: (message: unknown) => void) => {
        receive = listener;
        return { dispose() {} };
      },
    },
    onDidDispose: () => ({ dispose() {} }),
    reveal: () => undefined,
    dispose: () => undefined,
  };
  return { panel, posted, send: (message: unknown) => receive(message) };
}
