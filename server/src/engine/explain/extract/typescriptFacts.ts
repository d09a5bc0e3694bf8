// Fills the explanation model for JavaScript/TypeScript (and JSX/TSX) from the TypeScript compiler's
// syntax tree. Only syntax is used — no type checker — so results do not depend on project setup.
// The walk is split by concern: units (typescriptUnits), flow steps (typescriptFlow), the node
// dispatcher (typescriptNodes), sharing one TsWalk (typescriptWalk).
import ts from 'typescript';
import type { LanguageId } from '../../languages';
import type { SourceFacts } from '../model';
import { markCommonJsExports, markComponents, markReturnedFunctions, resolveWrites } from './typescriptParts';
import { visitFunction } from './typescriptUnits';
import { visitBlock, visitStatement } from './typescriptFlow';
import { visitNode } from './typescriptNodes';
import type { Scope, TsWalk } from './typescriptWalk';

const SCRIPT_KINDS: Partial<Record<LanguageId, ts.ScriptKind>> = {
  javascript: ts.ScriptKind.JS,
  javascriptreact: ts.ScriptKind.JSX,
  typescript: ts.ScriptKind.TS,
  typescriptreact: ts.ScriptKind.TSX,
};

export function parseTypeScript(code: string, language: LanguageId): ts.SourceFile {
  const kind = SCRIPT_KINDS[language] ?? ts.ScriptKind.TS;
  return ts.createSourceFile(
    `file.${kind === ts.ScriptKind.JSX ? 'jsx' : kind === ts.ScriptKind.TSX ? 'tsx' : 'ts'}`,
    code,
    ts.ScriptTarget.Latest,
    true,
    kind,
  );
}

export function typescriptFacts(code: string, language: LanguageId): SourceFacts {
  const sf = parseTypeScript(code, language);
  const facts: SourceFacts = {
    language,
    lineCount: sf.getLineStarts().length,
    units: [],
    statements: [],
    features: [],
    imports: [],
    topLevel: [],
    hashed: new Set(),
    ordered: new Set(),
    sizeAliases: new Map(),
  };
  const diagnostics =
    (sf as unknown as { parseDiagnostics?: ts.DiagnosticWithLocation[] }).parseDiagnostics ?? [];
  if (diagnostics.length > 0) {
    const first = diagnostics[0]!;
    const pos = sf.getLineAndCharacterOfPosition(first.start);
    facts.syntaxError = {
      line: pos.line + 1,
      column: pos.character + 1,
      message: `Syntax error: ${ts.flattenDiagnosticMessageText(first.messageText, ' ')}`,
    };
  }
  const line = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const w: TsWalk = {
    sf,
    facts,
    moduleLocals: new Set(),
    assignments: [],
    jsxUnits: new Set(),
    returned: [],
    line,
    endLine: (node) => sf.getLineAndCharacterOfPosition(node.getEnd()).line + 1,
    text: (node) => node.getText(sf),
    feature: (concept, node) => facts.features.push({ concept, line: line(node) }),
    declare: (scope, name) => void (scope.unit ? scope.unit.locals.add(name) : w.moduleLocals.add(name)),
    visit: (node, scope) => visitNode(w, node, scope),
    visitStatement: (node, scope) => visitStatement(w, node, scope),
    visitBlock: (node, scope, flow) => visitBlock(w, node, scope, flow),
    visitFunction: (node, scope) => visitFunction(w, node, scope),
  };

  const top: Scope = { flow: facts.topLevel, depth: 0, inReturn: false };
  sf.statements.forEach((s) => w.visitStatement(s, top));

  resolveWrites(facts.units, w.assignments, w.moduleLocals);
  markReturnedFunctions(facts.units, w.returned);
  markComponents(facts, w.jsxUnits);
  markCommonJsExports(sf, facts.units);
  return facts;
}
