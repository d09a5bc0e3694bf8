// react-vite: a React 19 single-page app built by Vite, its component tested with Vitest.
import { title, type Template } from '../model';
import { nodeProject } from '../nodeProject';

const APP = `import { useState } from 'react';

export function App({ title }: { title: string }) {
  const [count, setCount] = useState(0);
  return (
    <main>
      <h1>{title}</h1>
      <button type="button" onClick={() => setCount((value) => value + 1)}>
        Clicked {count} times
      </button>
    </main>
  );
}
`;

const MAIN = (name: string) => `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App title="${title(name)}" />
  </StrictMode>,
);
`;

const HTML = (name: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>${title(name)}</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
`;

const TEST = `import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { App } from '../src/App';

describe('App', () => {
  it('renders its title and a counter starting at zero', () => {
    const html = renderToString(<App title="Hello" />);
    expect(html).toContain('<h1>Hello</h1>');
    expect(html).toContain('Clicked <!-- -->0<!-- --> times');
  });
});
`;

const viteConfig = (tests: boolean) => `import react from '@vitejs/plugin-react';
import { defineConfig } from '${tests ? 'vitest/config' : 'vite'}';

export default defineConfig({
  plugins: [react()],${tests ? "\n  test: { environment: 'node' }," : ''}
});
`;

export const reactVite: Template = {
  id: 'react-vite',
  description: 'A React single-page app built with Vite.',
  scaffold: (name, options) =>
    nodeProject({
      name,
      options,
      description: 'A React app built with Vite.',
      sources: { 'src/App.tsx': APP, 'src/main.tsx': MAIN(name), 'index.html': HTML(name) },
      tests: { 'test/App.test.tsx': TEST },
      extraFiles: { 'vite.config.ts': viteConfig(options.include_tests) },
      dependencies: ['react', 'react-dom'],
      devDependencies: ['vite', '@vitejs/plugin-react', '@types/react', '@types/react-dom'],
      manifest: { type: 'module', private: true },
      testRunner: 'vitest',
      build: 'tsc -p tsconfig.json && vite build',
      tsconfig: {
        compilerOptions: {
          target: 'ES2022',
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          module: 'ESNext',
          moduleResolution: 'Bundler',
          jsx: 'react-jsx',
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          isolatedModules: true,
          types: ['node'],
        },
        include: options.include_tests ? ['src', 'test', 'vite.config.ts'] : ['src', 'vite.config.ts'],
      },
      eslintGlobals: 'browser',
      readmeUsage:
        '```sh\nnpx vite          # development server\nnpm run build     # production build in dist/\n```',
      nextSteps: ['npx vite'],
    }),
};
