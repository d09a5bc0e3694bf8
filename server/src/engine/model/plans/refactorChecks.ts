// The soundness checks a model's refactored code must pass, the same kind the builtin refactor applies
// to each of its own steps (refactor/js/verify.ts): the code parses, the compiler finds no error in it
// that the input did not have (a name that no longer resolves, a redeclaration, ...), and the names
// other code uses — a module's exports, a script's or a Python module's public top-level functions
// and classes — still exist. Behaviour beyond that is not proven; the docs say so.
import ts from 'typescript';
import type { VerificationCheck } from '../../contracts/verification';
import { FILE_EXTENSIONS, isJsFamily, type LanguageId } from '../../languages';
import { parse } from '../../parsing/treeSitter';
import { errorKeys, newError } from '../../refactor/js/verify';
import { createVirtualFile } from '../../refactor/js/virtualFile';

export async function refactorSoundness(
  before: string,
  after: string,
  language: LanguageId,
): Promise<VerificationCheck[]> {
  if (isJsFamily(language)) return jsChecks(before, after, language);
  if (language === 'python') {
    const [was, now] = [await pythonPublicNames(before), await pythonPublicNames(after)];
    return [namesKept(was, now, 'public top-level functions and classes')];
  }
  return [];
}

function jsChecks(before: string, after: string, language: LanguageId): VerificationCheck[] {
  const extension = FILE_EXTENSIONS[language];
  const isTypeScript = extension === 'ts' || extension === 'tsx';
  const original = createVirtualFile(before, extension);
  const changed = createVirtualFile(after, extension);
  try {
    const added = newError(errorKeys(original, isTypeScript), errorKeys(changed, isTypeScript));
    return [
      {
        check: 'no compiler error the input did not have (TypeScript language service)',
        target: 'code',
        outcome: added ? 'failed' : 'passed',
        detail: added ? `new error ${added.replace(/^(\d+):/, 'TS$1: ')}` : 'no new errors',
      },
      namesKept(jsPublicNames(original), jsPublicNames(changed), 'exported names'),
    ];
  } finally {
    original.dispose();
    changed.dispose();
  }
}

/** A module's exports; for a script (no import/export), its top-level functions and classes. */
function jsPublicNames(file: ReturnType<typeof createVirtualFile>): Set<string> {
  const source = file.sourceFile();
  const checker = file.checker();
  const moduleSymbol = checker.getSymbolAtLocation(source);
  if (moduleSymbol) return new Set(checker.getExportsOfModule(moduleSymbol).map((s) => s.name));
  const names = new Set<string>();
  for (const statement of source.statements) {
    if ((ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name)
      names.add(statement.name.text);
  }
  return names;
}

async function pythonPublicNames(code: string): Promise<Set<string>> {
  const tree = await parse(code, 'python');
  try {
    const names = new Set<string>();
    for (const node of tree.rootNode.namedChildren) {
      const definition = node?.type === 'decorated_definition' ? node.childForFieldName('definition') : node;
      if (definition?.type !== 'function_definition' && definition?.type !== 'class_definition') continue;
      const name = definition.childForFieldName('name')?.text;
      if (name && !name.startsWith('_')) names.add(name);
    }
    return names;
  } finally {
    tree.delete();
  }
}

function namesKept(was: Set<string>, now: Set<string>, what: string): VerificationCheck {
  const lost = [...was].filter((name) => !now.has(name));
  return {
    check: `${what} kept`,
    target: 'code',
    outcome: lost.length ? 'failed' : 'passed',
    detail: lost.length ? `missing after the change: ${lost.join(', ')}` : `${was.size} kept`,
  };
}
