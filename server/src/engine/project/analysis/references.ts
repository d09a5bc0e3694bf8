// What an import in a tree-sitter language refers to inside the project, for the coupling between
// modules. An import yields a list of candidates, the first that names a project module wins:
//   `a/b.py`          a project file (relative imports, quoted includes)
//   `a/b/`            a package folder: any module directly in it (Go packages, Java wildcards)
//   `*/com/x/Y.java`  any project file (or, ending in `/`, folder) whose path ends so — Java's source
//                     roots (`src/main/java/`, ...) are not known without the build configuration
//   `go:<path>`       a Go import path, resolved against the `module` line of the project's go.mod files
//   `py:<root>:<file>` a Python absolute import looked up under a possible sys.path entry <root>: only
//                     when <root> is not itself a package (no `__init__.py`), as Python 3 has no implicit
//                     relative imports (`import json` inside a package with a `json/` is the standard one)
// Imports of the standard library or of dependencies name nothing in the project and count nothing.
import { posix } from 'node:path';
import type { LanguageId } from '../../languages';
import type { SyntaxNode } from '../../parsing/treeSitter';

/** Node types that may hold an import, per the grammars of treeSitterMetrics.ts. */
export const IMPORT_NODE_TYPES: ReadonlySet<string> = new Set([
  'preproc_include',
  'import_from_statement',
  'import_statement',
  'import_spec',
  'import_declaration',
]);

/** Per import held by `node`: its candidates in order. */
export function referencesOf(node: SyntaxNode, language: LanguageId, rel: string): string[][] {
  const folder = posix.dirname(rel);
  if ((language === 'c' || language === 'cpp') && node.type === 'preproc_include') {
    const path = node.childForFieldName('path');
    if (path?.type !== 'string_literal') return [];
    return [[posix.normalize(posix.join(folder, path.text.slice(1, -1)))]];
  }
  if (language === 'python') return pythonReferences(node, folder);
  if (language === 'go' && node.type === 'import_spec') {
    const path = node.childForFieldName('path')?.text.slice(1, -1);
    return path ? [[`go:${path}`]] : [];
  }
  if (language === 'java' && node.type === 'import_declaration') {
    const name = node.namedChildren.find((n) => n?.type === 'scoped_identifier' || n?.type === 'identifier');
    if (!name) return [];
    const parts = name.text.split('.');
    if (node.namedChildren.some((n) => n?.type === 'asterisk')) return [[`*/${parts.join('/')}/`]];
    // `import static a.b.C.member;` names a member of class C; a plain import names the class.
    const isStatic = /^import\s+static\b/.test(node.text);
    const classParts = isStatic ? parts.slice(0, -1) : parts;
    return classParts.length > 1 ? [[`*/${classParts.join('/')}.java`]] : [];
  }
  return [];
}

/** Where a top-level Python module may live: beside the importing script, at the root, under src/. */
function pythonRoots(folder: string): string[] {
  return [...new Set([folder === '.' ? '' : folder, '', 'src'])];
}

function pythonModule(base: string, dotted: string): string[] {
  const path = posix.normalize(posix.join(base || '.', ...dotted.split('.')));
  return [`${path}.py`, `${path}/__init__.py`];
}

function onPath(root: string, files: string[]): string[] {
  return files.map((file) => `py:${root}:${file}`);
}

function pythonReferences(node: SyntaxNode, folder: string): string[][] {
  if (node.type === 'import_statement') {
    // `import a.b, c as d`: each name is an absolute module.
    return node.childrenForFieldName('name').flatMap((name) => {
      const dotted = name?.type === 'aliased_import' ? name.childForFieldName('name')?.text : name?.text;
      return dotted ? [pythonRoots(folder).flatMap((root) => onPath(root, pythonModule(root, dotted)))] : [];
    });
  }
  if (node.type !== 'import_from_statement') return [];
  const module = node.childForFieldName('module_name');
  if (!module) return [];
  const names = node
    .childrenForFieldName('name')
    .flatMap((n) =>
      n ? [(n.type === 'aliased_import' ? n.childForFieldName('name')?.text : n.text) ?? ''] : [],
    )
    .filter(Boolean);
  if (module.type === 'relative_import') {
    const dots = /^\.+/.exec(module.text)![0].length;
    const dotted = module.text.slice(dots);
    let base = folder;
    for (let up = 1; up < dots; up++) base = posix.dirname(base);
    if (dotted) return [pythonModule(base, dotted)];
    // `from . import a, b`: each name may be a module of the package, else the package itself.
    return [
      [...names.map((n) => posix.normalize(posix.join(base, `${n}.py`))), posix.join(base, '__init__.py')],
    ];
  }
  // `from a.b import c`: c may be a module of package a.b, else a name in a.b.
  const dotted = module.text;
  return [
    pythonRoots(folder).flatMap((root) =>
      onPath(root, [
        ...names.flatMap((n) => pythonModule(root, `${dotted}.${n}`)),
        ...pythonModule(root, dotted),
      ]),
    ),
  ];
}

/** Resolves candidates against the project's modules, known once the walk is over. */
export class ModuleIndex {
  private readonly folders = new Set<string>();
  /** Last path segment (file or folder name) to the paths that end with it. */
  private readonly byLast = new Map<string, string[]>();

  /** `goModules`: folder of each go.mod ('' for the root) to its module path. */
  constructor(
    private readonly modules: ReadonlySet<string>,
    private readonly goModules: ReadonlyMap<string, string> = new Map(),
  ) {
    for (const module of modules) {
      this.remember(module);
      const folder = posix.dirname(module); // '.' for the root, named `./` as a package
      if (!this.folders.has(folder)) {
        this.folders.add(folder);
        this.remember(`${folder}/`);
      }
    }
  }

  private remember(path: string): void {
    const last = lastSegment(path);
    const list = this.byLast.get(last);
    if (list) list.push(path);
    else this.byLast.set(last, [path]);
  }

  /** The module (a file, or a package folder ending in `/`) a candidate names, if it is in the project. */
  resolve(candidate: string): string | undefined {
    if (candidate.startsWith('go:')) return this.resolveGo(candidate.slice(3));
    if (candidate.startsWith('py:')) {
      const split = candidate.indexOf(':', 3);
      const root = candidate.slice(3, split);
      if (this.modules.has(root ? `${root}/__init__.py` : '__init__.py')) return undefined;
      return this.resolve(candidate.slice(split + 1));
    }
    if (candidate.startsWith('*/')) {
      const suffix = candidate.slice(1); // keeps the leading slash: whole segments only
      // Several matches (the same class name in two source roots) are ambiguous: count none.
      const matches = (this.byLast.get(lastSegment(candidate)) ?? []).filter((p) => `/${p}`.endsWith(suffix));
      return matches.length === 1 ? matches[0] : undefined;
    }
    if (candidate.endsWith('/')) return this.folders.has(candidate.slice(0, -1)) ? candidate : undefined;
    return this.modules.has(candidate) ? candidate : undefined;
  }

  private resolveGo(importPath: string): string | undefined {
    for (const [folder, modulePath] of this.goModules) {
      if (importPath !== modulePath && !importPath.startsWith(`${modulePath}/`)) continue;
      const inside = importPath.slice(modulePath.length + 1);
      return this.resolve(`${posix.join(folder || '.', inside || '.')}/`);
    }
    return undefined;
  }
}

function lastSegment(path: string): string {
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/** The module path of a go.mod file (its `module` line), if it has one. */
export function goModulePath(text: string): string | undefined {
  const match = /^\s*module\s+("?)([^\s"]+)\1\s*$/m.exec(text);
  return match?.[2];
}
