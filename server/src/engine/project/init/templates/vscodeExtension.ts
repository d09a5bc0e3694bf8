// vscode-extension: a VS Code extension with one command; its logic lives in a plain module so the
// unit test runs without an editor (integration tests in VS Code are a next step, see its README).
import { title, type Template } from '../model';
import { nodeProject } from '../nodeProject';

const GREETING = `/** The message the command shows; kept free of the vscode API so it is unit-testable. */
export function greeting(workspaceName: string | undefined): string {
  return workspaceName ? \`Hello from \${workspaceName}!\` : 'Hello! Open a folder to get started.';
}
`;

const EXTENSION = (name: string) => `import * as vscode from 'vscode';
import { greeting } from './greeting';

export function activate(context: vscode.ExtensionContext): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('${name}.helloWorld', () => {
      void vscode.window.showInformationMessage(greeting(vscode.workspace.name));
    }),
  );
}

export function deactivate(): void {}
`;

const TEST = `import assert from 'node:assert/strict';
import { test } from 'node:test';
import { greeting } from '../src/greeting';

test('greeting names the workspace', () => {
  assert.equal(greeting('demo'), 'Hello from demo!');
});

test('greeting without a workspace asks to open a folder', () => {
  assert.match(greeting(undefined), /Open a folder/);
});
`;

export const vscodeExtension: Template = {
  id: 'vscode-extension',
  description: 'A VS Code extension in TypeScript with one command.',
  scaffold: (name, options) =>
    nodeProject({
      name,
      options,
      description: 'A VS Code extension.',
      sources: { 'src/extension.ts': EXTENSION(name), 'src/greeting.ts': GREETING },
      tests: { 'test/greeting.test.ts': TEST },
      devDependencies: ['@types/vscode'],
      manifest: {
        displayName: title(name),
        publisher: 'your-publisher-id',
        private: true,
        engines: { vscode: '^1.91.0' },
        main: './dist/src/extension.js',
        contributes: { commands: [{ command: `${name}.helloWorld`, title: `${title(name)}: Hello World` }] },
      },
      tsconfig: {
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          rootDir: '.',
          outDir: 'dist',
          strict: true,
          sourceMap: true,
          skipLibCheck: true,
          types: ['node', 'vscode'],
        },
        include: options.include_tests ? ['src', 'test'] : ['src'],
      },
      testRunner: 'node',
      readmeUsage:
        'Press F5 in VS Code to start an Extension Development Host, then run **Hello World** from the Command Palette.',
      nextSteps: ['Press F5 in VS Code to try the extension'],
    }),
};
