// Real JavaScript for the benchmarks, from installed packages (never copied into the repo).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** ESLint's own rule sources, whole files, until at least `minLines` lines. */
export function realJavaScript(minLines: number): { files: string[]; lines: number } {
  const dir = join(dirname(require.resolve('eslint/package.json')), 'lib', 'rules');
  const files: string[] = [];
  let lines = 0;
  for (const name of readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .sort()) {
    // Each file in its own function scope, so files joined into one text do not collide.
    const code = `(function () {\n${readFileSync(join(dir, name), 'utf8')}\n})();`;
    files.push(code);
    lines += code.split('\n').length;
    if (lines >= minLines) break;
  }
  return { files, lines };
}

/** lodash's many small modules (one function each, as in a real package): [name, source] pairs. */
export function lodashModules(): [string, string][] {
  const dir = dirname(require.resolve('lodash/package.json'));
  return readdirSync(dir)
    .filter((name) => name.endsWith('.js') && !name.startsWith('lodash') && name !== 'core.js')
    .sort()
    .map((name) => [name, readFileSync(join(dir, name), 'utf8')]);
}
