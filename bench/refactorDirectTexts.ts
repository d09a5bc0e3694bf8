// The text `modernize` writes itself instead of asking TypeScript (the optional chain of `&&` chains
// of names, optionalChainText.ts), compared with TypeScript's refactor on real files: `node --import tsx bench/refactorDirectTexts.ts <
// list-of-js-files`. For every `&&` chain the refactor matches, it prints a DIFF line when the written text is not TypeScript's, then the counts (sites, written, identical).
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { optionalChainRefactorEdits } from '../server/src/engine/refactor/js/guards';
import { optionalChainEdit } from '../server/src/engine/refactor/js/optionalChainText';
import {
  createVirtualFile,
  formatSettingsFor,
  type VirtualFile,
} from '../server/src/engine/refactor/js/virtualFile';

const counts = {
  files: 0,
  chains: 0,
  chainsWritten: 0,
  chainsSame: 0,
};

function compareChains(file: VirtualFile, settings: ts.FormatCodeSettings, path: string): void {
  const source = file.sourceFile();
  const visit = (node: ts.Node): void => {
    const and = ts.SyntaxKind.AmpersandAmpersandToken;
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === and &&
      !(
        ts.isBinaryExpression(node.parent) &&
        node.parent.operatorToken.kind === and &&
        node.parent.left === node
      )
    ) {
      const written = optionalChainEdit(source, node);
      if (written) {
        counts.chainsWritten++;
        const range = { pos: node.getStart(source), end: node.end };
        const theirs = optionalChainRefactorEdits(file, settings, range);
        if (JSON.stringify(theirs) === JSON.stringify([written])) counts.chainsSame++;
        else
          console.log(
            `DIFF chain ${path}@${range.pos}\n  written ${JSON.stringify(written)}\n  refactor ${JSON.stringify(theirs)}`,
          );
      }
      counts.chains++;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
}

for (const path of readFileSync(0, 'utf8').split('\n').filter(Boolean)) {
  const code = readFileSync(path, 'utf8');
  const file = createVirtualFile(code, 'js');
  try {
    counts.files++;
    const settings = formatSettingsFor(code);
    compareChains(file, settings, path);
  } finally {
    file.dispose();
  }
}
console.log(JSON.stringify(counts));
