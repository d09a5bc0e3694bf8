// `os.path.exists/isfile/isdir/getsize(p)` → `Path(p).exists()/...`, and `os.path.join(a, b)` →
// `Path(a) / b` where the joined path is only handed to one of those or to `open()` (a Path names the
// same file; as a string its spelling could differ). Adds `from pathlib import Path` when needed.
import type { SyntaxNode } from '../../parsing/treeSitter';
import type { Candidate, KeptNote, Proposals } from '../js/transform';
import { descendants, namedChildren } from './tree';

const PREDICATES: Record<string, string> = {
  exists: 'exists()',
  isfile: 'is_file()',
  isdir: 'is_dir()',
  getsize: 'stat().st_size',
};

export function pathlibCandidates(root: SyntaxNode): Proposals {
  const candidates: Candidate[] = [];
  const kept: KeptNote[] = [];
  const conflict = pathNameConflict(root);
  for (const call of descendants(root, 'call')) {
    const fn = call.childForFieldName('function')?.text ?? '';
    const args = namedChildren(call.childForFieldName('arguments')!);
    const predicate = /^os\.path\.(\w+)$/.exec(fn)?.[1];
    let target: SyntaxNode | undefined;
    let replacement: string | undefined;
    if (predicate && PREDICATES[predicate] && args.length === 1 && args[0]!.type !== 'keyword_argument') {
      const path = pathExpression(args[0]!);
      target = call;
      replacement = `${path.includes(' / ') ? `(${path})` : path}.${PREDICATES[predicate]}`;
    } else if (fn === 'open' && args[0] && joinArguments(args[0])) {
      target = args[0];
      replacement = pathExpression(args[0]);
    }
    if (!target || !replacement) continue;
    if (conflict) {
      kept.push({
        pattern: 'pathlib',
        at: call.startIndex,
        message: `kept \`${call.text.slice(0, 40)}\` — ${conflict}`,
      });
      continue;
    }
    candidates.push(candidate(target, replacement));
  }
  return { candidates, kept };
}

function candidate(node: SyntaxNode, replacement: string): Candidate {
  return {
    pattern: 'pathlib',
    at: node.startIndex,
    message: `\`${node.text.slice(0, 50)}\` → \`${replacement.slice(0, 50)}\``,
    edits: [{ start: node.startIndex, end: node.endIndex, text: replacement }],
  };
}

function joinArguments(node: SyntaxNode): SyntaxNode[] | undefined {
  if (node.type !== 'call' || node.childForFieldName('function')?.text !== 'os.path.join') return undefined;
  const args = namedChildren(node.childForFieldName('arguments')!);
  return args.length >= 2 &&
    args.every((arg) => arg.type !== 'keyword_argument' && !arg.type.includes('splat'))
    ? args
    : undefined;
}

function pathExpression(node: SyntaxNode): string {
  const parts = joinArguments(node);
  if (!parts) return `Path(${node.text})`;
  return [
    `Path(${parts[0]!.text})`,
    ...parts
      .slice(1)
      .map((part) =>
        part.type === 'binary_operator' || part.type === 'conditional_expression'
          ? `(${part.text})`
          : part.text,
      ),
  ].join(' / ');
}

/** Why `Path` cannot be introduced: the name is already bound to something else. */
function pathNameConflict(root: SyntaxNode): string | undefined {
  const importsPath = /^from\s+pathlib\s+import\s+[^\n]*\bPath\b/m.test(root.text);
  if (importsPath) return undefined;
  const definitions = [
    ...descendants(root, 'assignment').map((node) => node.childForFieldName('left')),
    ...descendants(root, 'function_definition').map((node) => node.childForFieldName('name')),
    ...descendants(root, 'class_definition').map((node) => node.childForFieldName('name')),
    ...descendants(root, 'import_from_statement').flatMap((node) => namedChildren(node)),
  ];
  const bound = definitions.some((node) => node?.text.split(/[\s,]+/).includes('Path'));
  return bound ? '`Path` already names something else in this file' : undefined;
}

/** Adds `from pathlib import Path` after the imports once `Path(` is used without it. */
export function pathImportCandidate(root: SyntaxNode, text: string): Proposals {
  if (!/\bPath\(/.test(text) || /^from\s+pathlib\s+import\s+[^\n]*\bPath\b/m.test(text))
    return { candidates: [], kept: [] };
  const imports = namedChildren(root).filter(
    (node) =>
      node.type === 'import_statement' ||
      node.type === 'import_from_statement' ||
      node.type === 'future_import_statement',
  );
  const first = namedChildren(root)[0];
  const docstring =
    first?.type === 'expression_statement' && first.namedChild(0)?.type === 'string' ? first : undefined;
  const after = imports.at(-1) ?? docstring;
  const at = after ? after.endIndex : 0;
  const line = 'from pathlib import Path';
  return {
    candidates: [
      {
        pattern: 'pathlib',
        at,
        message: `added \`${line}\``,
        edits: [{ start: at, end: at, text: after ? `\n${line}` : `${line}\n` }],
      },
    ],
    kept: [],
  };
}
