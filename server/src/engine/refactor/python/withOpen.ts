// `f = open(...)`, statements, `f.close()` in one block → `with open(...) as f:` around those
// statements. Kept when the statements leave the block early (return/break/continue/yield: the
// original left the file open there), rebind `f`, or contain multi-line strings that re-indenting
// would change. The one intended difference: the file is now closed if a statement raises.
import type { SyntaxNode } from '../../parsing/treeSitter';
import type { Candidate, KeptNote, Proposals } from '../js/transform';
import { descendants, hasEarlyExit, indentOf, indentUnit, namedChildren } from './tree';

export function withOpenCandidates(root: SyntaxNode, text: string): Proposals {
  const candidates: Candidate[] = [];
  const kept: KeptNote[] = [];
  const unit = indentUnit(text);
  for (const block of [root, ...descendants(root, 'block')]) {
    const statements = namedChildren(block);
    statements.forEach((statement, index) => {
      const name = openedName(statement);
      if (!name) return;
      const closeIndex = statements.findIndex(
        (later, j) =>
          j > index && later.type === 'expression_statement' && later.text.trim() === `${name}.close()`,
      );
      if (closeIndex < 0) return;
      const body = statements.slice(index + 1, closeIndex);
      const reason = riskOf(body, name);
      if (reason) {
        kept.push({
          pattern: 'with_open',
          at: statement.startIndex,
          message: `kept \`${name} = open(...)\` with \`${name}.close()\` — ${reason}`,
        });
        return;
      }
      const call = statement.namedChild(0)!.childForFieldName('right')!.text;
      const indent = indentOf(text, statement);
      const bodyLineStart = text.lastIndexOf('\n', body[0]!.startIndex - 1) + 1;
      const inner = text
        .slice(bodyLineStart, body.at(-1)!.endIndex)
        .split('\n')
        .map((line) => (line.trim() === '' ? line : unit + line))
        .join('\n');
      const eol = text.includes('\r\n') ? '\r\n' : '\n';
      const replacement = `with ${call} as ${name}:${eol}${inner}`;
      const end = statements[closeIndex]!.endIndex;
      candidates.push({
        pattern: 'with_open',
        at: statement.startIndex,
        message: `\`${name} = ${call.length <= 40 ? call : 'open(...)'}\` … \`${name}.close()\` → \`with ${call.length <= 40 ? call : 'open(...)'} as ${name}:\` (closed even if an exception is raised)`,
        edits: [{ start: statement.startIndex - indent.length, end, text: indent + replacement }],
      });
    });
  }
  return { candidates, kept };
}

function openedName(statement: SyntaxNode): string | undefined {
  const assignment = statement.type === 'expression_statement' ? statement.namedChild(0) : null;
  const left = assignment?.type === 'assignment' ? assignment.childForFieldName('left') : null;
  const right = assignment?.childForFieldName('right');
  if (
    left?.type !== 'identifier' ||
    right?.type !== 'call' ||
    right.childForFieldName('function')?.text !== 'open'
  )
    return undefined;
  return left.text;
}

function riskOf(body: SyntaxNode[], name: string): string | undefined {
  if (body.length === 0) return 'nothing is done with the file between opening and closing';
  if (body.some(hasEarlyExit))
    return 'a statement in between can leave early (return/break/continue/yield), where the original kept the file open';
  for (const statement of body) {
    for (const assignment of descendants(statement, 'assignment')) {
      if (assignment.childForFieldName('left')?.text === name) return `\`${name}\` is reassigned in between`;
      if (assignment.childForFieldName('right')?.text === name)
        return `\`${name}\` is stored elsewhere in between`;
    }
    if (descendants(statement, 'string').some((node) => node.startPosition.row !== node.endPosition.row)) {
      return 'a multi-line string in between would change if re-indented';
    }
  }
  return undefined;
}
