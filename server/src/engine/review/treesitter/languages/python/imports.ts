// The names a Python file's imports bind, shared by the security rules (which read `sp.run` as
// `subprocess.run`) and the taint tracker (a call through a module is no call of a method).
import type { AnalysisContext } from '../../analyser';

/**
 * Import aliases, so `from os import system` makes `system(...)` read as `os.system(...)` and
 * `import subprocess as sp` makes `sp.run` read as `subprocess.run`.
 */
export function importAliases(context: AnalysisContext): Map<string, string> {
  const aliases = new Map<string, string>();
  for (const stmt of context.nodes(['import_from_statement', 'import_statement'])) {
    const module = stmt.childForFieldName('module_name')?.text;
    for (const name of stmt.childrenForFieldName('name')) {
      if (!name) continue;
      const alias = name.type === 'aliased_import' ? name.childForFieldName('alias')?.text : name.text;
      const original = name.type === 'aliased_import' ? name.childForFieldName('name')?.text : name.text;
      if (alias && original) aliases.set(alias, module ? `${module}.${original}` : original);
    }
  }
  return aliases;
}
