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
