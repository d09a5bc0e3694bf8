// Fills the explanation model for JavaScript/TypeScript (and JSX/TSX) from the TypeScript compiler's
// syntax tree. Only syntax is used — no type checker — so results do not depend on project setup.
import ts from 'typescript';
import type { LanguageId } from '../../languages';
import { type Flow, type SourceFacts, type Statement, type Unit, emptyUnit, hashedName } from '../model';
import { typescriptWrite } from './typescriptWrites';
import { compact, counterBound, forEachBound, isCountingIterable, whileBound } from './bounds';
import { describeStatement } from './typescriptStatements';
import {
  bindingNames,
  markComponents,
  markReturnedFunctions,
  resolveWrites,
  unitKind,
  unitName,
} from './typescriptParts';

interface Scope {
  unit?: Unit;
  flow: Flow[];
  depth: number;
  inReturn: boolean;
  /** Inside an `if` condition (keyed reads there are cache guards). */
  inCondition?: boolean;
}

const SCRIPT_KINDS: Partial<Record<LanguageId, ts.ScriptKind>> = {
  javascript: ts.ScriptKind.JS,
  javascriptreact: ts.ScriptKind.JSX,
  typescript: ts.ScriptKind.TS,
  typescriptreact: ts.ScriptKind.TSX,
};

const LEAF_KINDS: ReadonlySet<ts.SyntaxKind> = new Set([
  ts.SyntaxKind.StringLiteral,
  ts.SyntaxKind.NumericLiteral,
  ts.SyntaxKind.NoSubstitutionTemplateLiteral,
  ts.SyntaxKind.TrueKeyword,
  ts.SyntaxKind.FalseKeyword,
  ts.SyntaxKind.NullKeyword,
  ts.SyntaxKind.ThisKeyword,
  ts.SyntaxKind.EndOfFileToken,
]);

const HASHED_CONSTRUCTORS = /^new\s+(?:Weak)?(?:Set|Map)\b/;

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
  const moduleLocals = new Set<string>();
  const assignments: { unit: Unit; name: string; line: number }[] = [];
  const jsxUnits = new Set<number>();
  const returned: { unit: Unit; name: string }[] = [];
  const line = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const endLine = (node: ts.Node) => sf.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
  const text = (node: ts.Node) => node.getText(sf);
  const feature = (concept: string, node: ts.Node) => facts.features.push({ concept, line: line(node) });
  const declare = (scope: Scope, name: string) =>
    scope.unit ? scope.unit.locals.add(name) : moduleLocals.add(name);

  function startUnit(node: ts.Node, scope: Scope): Unit {
    const unit = emptyUnit(facts.units.length, unitKind(node), unitName(node, sf), line(node), endLine(node));
    unit.parent = scope.unit?.id;
    const modifiers = ts.canHaveModifiers(node) ? (ts.getModifiers(node) ?? []) : [];
    unit.isAsync = modifiers.some((m) => m.kind === ts.SyntaxKind.AsyncKeyword);
    unit.isExported =
      modifiers.some((m) => m.kind === ts.SyntaxKind.ExportKeyword) ||
      (ts.isVariableDeclaration(node.parent) &&
        (ts.getCombinedModifierFlags(node.parent) & ts.ModifierFlags.Export) !== 0);
    const decorators = ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : [];
    unit.decorators = decorators.map((d) => compact(text(d.expression), 40));
    if (decorators.length) feature('decorators', decorators[0]!);
    facts.units.push(unit);
    if (unit.name !== '<anonymous>' && !ts.isMethodDeclaration(node) && !ts.isConstructorDeclaration(node))
      declare(scope, unit.name);
    return unit;
  }

  function visitFunction(node: ts.SignatureDeclaration & { body?: ts.Node }, scope: Scope): Unit {
    const unit = startUnit(node, scope);
    unit.isGenerator = !!(node as ts.FunctionLikeDeclarationBase).asteriskToken;
    if (unit.isAsync) feature('async/await', node);
    if (unit.isGenerator) feature('generators', node);
    if (unit.isGenerator && unit.isAsync) feature('async iterators', node);
    if (ts.isArrowFunction(node)) feature('arrow functions', node);
    if (node.typeParameters?.length) feature('generics', node);
    for (const param of node.parameters) {
      const names = bindingNames(param.name);
      unit.params.push(
        param.dotDotDotToken
          ? `...${names[0]}`
          : ts.isIdentifier(param.name)
            ? names[0]!
            : compact(text(param.name), 40),
      );
      names.forEach((n) => unit.locals.add(n));
      if (param.dotDotDotToken) feature('spread/rest', param);
      if (!ts.isIdentifier(param.name)) feature('destructuring', param);
      if (param.initializer)
        visit(param.initializer, { unit, flow: unit.body, depth: scope.depth + 1, inReturn: false });
    }
    if (node.type) unit.returnType = compact(text(node.type), 50);
    const inner: Scope = { unit, flow: unit.body, depth: scope.depth + 1, inReturn: false };
    if (node.body && ts.isBlock(node.body)) node.body.statements.forEach((s) => visitStatement(s, inner));
    else if (node.body) {
      unit.returnsValue = true;
      if (ts.isFunctionLike(node.body) || ts.isArrowFunction(node.body)) unit.returnsFunction = true;
      visit(node.body, { ...inner, inReturn: true });
    }
    return unit;
  }

  function visitClass(
    node: ts.ClassLikeDeclaration | ts.InterfaceDeclaration | ts.EnumDeclaration,
    scope: Scope,
  ): void {
    const unit = startUnit(node, scope);
    const inner: Scope = { unit, flow: unit.body, depth: scope.depth + 1, inReturn: false };
    if (ts.isEnumDeclaration(node)) {
      feature('enums', node);
      return;
    }
    if (ts.isInterfaceDeclaration(node)) feature('interfaces', node);
    else feature('classes', node);
    if (node.typeParameters?.length) feature('generics', node);
    for (const clause of node.heritageClauses ?? []) {
      for (const type of clause.types) unit.bases.push(compact(text(type.expression), 40));
      if (clause.token === ts.SyntaxKind.ExtendsKeyword && !ts.isInterfaceDeclaration(node))
        feature('inheritance', clause);
      if (clause.token === ts.SyntaxKind.ImplementsKeyword) feature('interfaces', clause);
    }
    if (ts.isClassLike(node) && unit.bases.some((b) => /^(React\.)?(Pure)?Component$/.test(b))) {
      feature('React components', node);
    }
    if (ts.isInterfaceDeclaration(node)) return;
    for (const member of node.members) {
      const statement = describeStatement(member, sf, inner.depth);
      if (statement) facts.statements.push(statement);
      if (ts.isFunctionLike(member) && (member as ts.FunctionLikeDeclaration).body) {
        const method = visitFunction(member as ts.FunctionLikeDeclaration, inner);
        method.kind = ts.isConstructorDeclaration(member) ? 'constructor' : 'method';
        if (statement) statement.unitId = method.id;
      } else ts.forEachChild(member, (child) => visit(child, inner));
    }
  }

  function visitStatement(node: ts.Statement, scope: Scope): void {
    const statement: Statement | undefined = describeStatement(node, sf, scope.depth);
    if (statement) facts.statements.push(statement);
    const before = facts.units.length;
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      facts.imports.push({ module: node.moduleSpecifier.text, line: line(node) });
    }
    visit(node, scope);
    if (statement?.kind === 'unit' && facts.units.length > before) statement.unitId = before;
  }

  /** Visits the statements of a nested block one level deeper. */
  function visitBlock(node: ts.Node | undefined, scope: Scope, flow: Flow[]): void {
    if (!node) return;
    const inner: Scope = { ...scope, flow, depth: scope.depth + 1, inReturn: false };
    if (ts.isBlock(node)) node.statements.forEach((s) => visitStatement(s, inner));
    else if (ts.isStatement(node)) visitStatement(node, inner);
    else visit(node, inner);
  }

  function visitLoop(node: ts.IterationStatement, scope: Scope): void {
    const body: Flow[] = [];
    let bound;
    let variable: string | undefined;
    if (ts.isForStatement(node)) {
      const init = node.initializer;
      if (init && ts.isVariableDeclarationList(init) && init.declarations[0])
        variable = compact(text(init.declarations[0].name), 30);
      bound = counterBound(
        node.initializer ? text(node.initializer) : '',
        node.condition ? text(node.condition) : '',
        node.incrementor ? text(node.incrementor) : '',
        text(node.statement),
      );
      for (const part of [node.initializer, node.condition, node.incrementor])
        if (part) visit(part, { ...scope, flow: body });
    } else if (ts.isForOfStatement(node) || ts.isForInStatement(node)) {
      bound = forEachBound(text(node.expression));
      variable = compact(text(node.initializer), 30).replace(/^(const|let|var)\s+/, '');
      if (ts.isForOfStatement(node) && node.awaitModifier) {
        feature('async/await', node);
        feature('async iterators', node);
      }
      if (ts.isVariableDeclarationList(node.initializer)) {
        for (const d of node.initializer.declarations) {
          bindingNames(d.name).forEach((n) => declare(scope, n));
          if (!ts.isIdentifier(d.name)) feature('destructuring', d);
        }
      }
      visit(node.expression, scope);
    } else {
      const condition = (node as ts.WhileStatement | ts.DoStatement).expression;
      bound = whileBound(text(condition), text(node.statement));
      visit(condition, { ...scope, flow: body });
    }
    const counting =
      ts.isForStatement(node) || (ts.isForOfStatement(node) && isCountingIterable(text(node.expression)));
    const endLine = sf.getLineAndCharacterOfPosition(node.getEnd()).line + 1;
    scope.flow.push({ kind: 'loop', line: line(node), endLine, bound, variable, counting, body });
    visitBlock(node.statement, scope, body);
  }

  function visitCall(node: ts.CallExpression | ts.NewExpression, scope: Scope): void {
    const callee = node.expression;
    const calleeText = compact(text(callee), 300);
    const receiver = ts.isPropertyAccessExpression(callee) ? compact(text(callee.expression), 40) : undefined;
    const name = ts.isPropertyAccessExpression(callee)
      ? callee.name.text
      : ts.isIdentifier(callee)
        ? callee.text
        : calleeText;
    const call: Flow = {
      kind: 'call',
      line: line(node),
      callee: calleeText,
      name,
      receiver,
      args: [],
      callbacks: [],
      isNew: ts.isNewExpression(node),
    };
    scope.flow.push(call);
    const unit = scope.unit;
    if (unit && ts.isIdentifier(callee) && unit.params.includes(callee.text)) unit.callsParameter = true;
    if (receiver && unit && /^(get|has)$/.test(name) && scope.inReturn) unit.cacheLookups.add(receiver);
    if (receiver && unit && /^(get|has)$/.test(name) && scope.inCondition) unit.guardLookups.add(receiver);
    if (receiver && unit && name === 'set' && node.arguments?.length === 2) unit.cacheStores.add(receiver);
    if (call.isNew && /^(RegExp)$/.test(calleeText)) feature('regular expressions', node);
    if (/^Promise(\.|$)/.test(calleeText) || (receiver && /^(then|catch|finally)$/.test(name)))
      feature('promises', node);
    if (receiver && name === 'catch') feature('error handling', node);
    if (/^use[A-Z]\w*$/.test(name) && (!receiver || receiver === 'React')) feature('React hooks', node);
    if (/^(useMemo|useCallback|memo)$/.test(name)) feature('memoization', node);
    if (ts.isPropertyAccessExpression(callee) && callee.questionDotToken) feature('optional chaining', node);
    // An immediately invoked function (`(async () => { … })()`) runs its body once, now.
    let invoked: ts.Expression = callee;
    while (ts.isParenthesizedExpression(invoked)) invoked = invoked.expression;
    if (ts.isArrowFunction(invoked) || ts.isFunctionExpression(invoked))
      call.callbacks.push(visitFunction(invoked, scope).body);
    else visit(callee, scope);
    for (const arg of node.arguments ?? []) {
      call.args.push(compact(text(arg), 40));
      if (ts.isArrowFunction(arg) || ts.isFunctionExpression(arg)) {
        feature('higher-order functions', arg);
        call.callbacks.push(visitFunction(arg, scope).body);
      } else visit(arg, scope);
    }
  }

  function noteAssignment(node: ts.BinaryExpression, scope: Scope): void {
    const left = node.left;
    const write = scope.unit ? typescriptWrite(node, sf, line(node)) : undefined;
    if (write) scope.unit!.writes.push(write);
    if (ts.isObjectLiteralExpression(left) || ts.isArrayLiteralExpression(left))
      feature('destructuring', node);
    // Only a plain `=` not reading the same collection stores a result by key; `t[i] ^= 32`,
    // `cnt[x] += 1` and `t[i] = t[i].toUpperCase()` update an entry in place.
    if (
      ts.isElementAccessExpression(left) &&
      scope.unit &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      !new RegExp(`(^|[^\\w$.])${text(left.expression).replace(/[$.*+?()[\]{}|^\\]/g, '\\$&')}\\s*\\[`).test(
        text(node.right),
      )
    )
      scope.unit.cacheStores.add(compact(text(left.expression), 40));
    if (ts.isIdentifier(left) && scope.unit)
      assignments.push({ unit: scope.unit, name: left.text, line: line(node) });
    const root = ts.isPropertyAccessExpression(left) ? text(left).split('.')[0]! : '';
    if (scope.unit && /^(window|globalThis|global|document)$/.test(root))
      scope.unit.globalWrites.push({ line: line(node), name: compact(text(left), 40) });
    if (scope.unit && /^process\.env\./.test(text(left)))
      scope.unit.globalWrites.push({ line: line(node), name: compact(text(left), 40) });
  }

  function visit(node: ts.Node, scope: Scope): void {
    const unit = scope.unit;
    // Most nodes are names and literals: leaves that only need recording.
    if (node.kind === ts.SyntaxKind.Identifier) {
      unit?.references.add((node as ts.Identifier).text);
      return;
    }
    if (LEAF_KINDS.has(node.kind)) return;
    if (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node)) {
      const inner = visitFunction(node, scope);
      if (unit && scope.inReturn) unit.returnsFunction = true;
      if (ts.isFunctionDeclaration(node) && !node.body) facts.units.pop();
      void inner;
      return;
    }
    if (ts.isClassLike(node) || ts.isInterfaceDeclaration(node) || ts.isEnumDeclaration(node))
      return visitClass(node, scope);
    if (ts.isIterationStatement(node, false)) return visitLoop(node, scope);
    if (ts.isIfStatement(node)) {
      visit(node.expression, { ...scope, inCondition: true });
      const arms: Flow[][] = [[], []];
      scope.flow.push({ kind: 'branch', line: line(node), arms });
      visitBlock(node.thenStatement, scope, arms[0]!);
      if (node.elseStatement && ts.isIfStatement(node.elseStatement))
        visitBlock(node.elseStatement, { ...scope, depth: scope.depth - 1 }, arms[1]!);
      else visitBlock(node.elseStatement, scope, arms[1]!);
      return;
    }
    if (ts.isSwitchStatement(node)) {
      visit(node.expression, scope);
      const arms = node.caseBlock.clauses.map(() => [] as Flow[]);
      scope.flow.push({ kind: 'branch', line: line(node), arms });
      node.caseBlock.clauses.forEach((clause, i) =>
        clause.statements.forEach((s) => visitBlock(s, scope, arms[i]!)),
      );
      return;
    }
    if (ts.isConditionalExpression(node)) {
      visit(node.condition, scope);
      const arms: Flow[][] = [[], []];
      scope.flow.push({ kind: 'branch', line: line(node), arms });
      visit(node.whenTrue, { ...scope, flow: arms[0]! });
      visit(node.whenFalse, { ...scope, flow: arms[1]! });
      return;
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'require') {
      const [first] = node.arguments;
      if (first && ts.isStringLiteral(first)) facts.imports.push({ module: first.text, line: line(node) });
    }
    if (ts.isCallExpression(node) || ts.isNewExpression(node)) return visitCall(node, scope);
    if (ts.isReturnStatement(node)) {
      if (node.expression && unit) unit.returnsValue = true;
      if (node.expression && unit && ts.isIdentifier(node.expression))
        returned.push({ unit, name: node.expression.text });
      if (node.expression) visit(node.expression, { ...scope, inReturn: true });
      scope.flow.push({ kind: 'return', line: line(node) });
      return;
    }
    if (ts.isTryStatement(node)) {
      feature('error handling', node);
      visitBlock(node.tryBlock, scope, scope.flow);
      if (node.catchClause) {
        unit?.catchLines.push(line(node.catchClause));
        if (node.catchClause.variableDeclaration)
          bindingNames(node.catchClause.variableDeclaration.name).forEach((n) => declare(scope, n));
        visitBlock(node.catchClause.block, scope, scope.flow);
      }
      visitBlock(node.finallyBlock, scope, scope.flow);
      return;
    }
    if (ts.isThrowStatement(node)) {
      unit?.throwLines.push(line(node));
      feature('error handling', node);
    }
    if (ts.isVariableDeclaration(node)) {
      bindingNames(node.name).forEach((n) => declare(scope, n));
      if (!ts.isIdentifier(node.name)) feature('destructuring', node);
      if (ts.isIdentifier(node.name) && node.initializer) {
        const init = text(node.initializer);
        if (HASHED_CONSTRUCTORS.test(init)) facts.hashed.add(hashedName(scope.unit, node.name.text));
        // `const n = xs.length`, or a copy `const a = [...xs]` / `xs.slice()`: as large as `xs`.
        const size =
          /^([\w$.]+)\.(?:length|size)(?:\s*-\s*1)?$/.exec(init) ??
          /^\[\s*\.\.\.\s*([\w$.]+)\s*\]$|^([\w$.]+)\.slice\(\s*\)$/.exec(init);
        if (size) facts.sizeAliases.set(hashedName(scope.unit, node.name.text), (size[1] ?? size[2])!);
      }
    }
    if (
      (ts.isPostfixUnaryExpression(node) || ts.isPrefixUnaryExpression(node)) &&
      ts.isIdentifier(node.operand) &&
      unit
    ) {
      const op = node.operator;
      if (op === ts.SyntaxKind.PlusPlusToken || op === ts.SyntaxKind.MinusMinusToken) {
        assignments.push({ unit, name: node.operand.text, line: line(node) });
      }
    }
    if ((ts.isPostfixUnaryExpression(node) || ts.isPrefixUnaryExpression(node)) && unit) {
      const write = typescriptWrite(node, sf, line(node));
      if (write) unit.writes.push(write);
    }
    if (ts.isBinaryExpression(node)) {
      const op = node.operatorToken.kind;
      if (op >= ts.SyntaxKind.FirstAssignment && op <= ts.SyntaxKind.LastAssignment)
        noteAssignment(node, scope);
      if (op === ts.SyntaxKind.InKeyword && unit && scope.inCondition)
        unit.guardLookups.add(compact(text(node.right), 40));
    }
    if (ts.isElementAccessExpression(node) && unit && !ts.isNumericLiteral(node.argumentExpression)) {
      if (scope.inReturn) unit.cacheLookups.add(compact(text(node.expression), 40));
      if (scope.inCondition) unit.guardLookups.add(compact(text(node.expression), 40));
    }
    if (ts.isAwaitExpression(node)) {
      scope.flow.push({ kind: 'await', line: line(node) });
      feature('async/await', node);
    }
    if (ts.isYieldExpression(node)) feature('generators', node);
    if (ts.isSpreadElement(node) || ts.isSpreadAssignment(node)) feature('spread/rest', node);
    // `[...xs, ...ys]` copies every element of `xs` and `ys`: a call-like step of the flow, charged
    // by the library table like `Array.from(xs)`.
    if (ts.isSpreadElement(node) && ts.isArrayLiteralExpression(node.parent))
      scope.flow.push({
        kind: 'call',
        line: line(node),
        callee: '...',
        name: '...',
        args: [compact(text(node.expression), 40)],
        callbacks: [],
        isNew: false,
      });
    if (ts.isBindingElement(node) && node.dotDotDotToken) feature('spread/rest', node);
    if (ts.isRegularExpressionLiteral(node)) feature('regular expressions', node);
    if (ts.isTemplateExpression(node)) feature('template literals', node);
    if ((ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node)) && node.questionDotToken)
      feature('optional chaining', node);
    if (ts.isComputedPropertyName(node) && /Symbol\.(async)?[iI]terator/.test(text(node)))
      feature('iterators', node);
    if (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node)) {
      feature('JSX', node);
      if (unit) jsxUnits.add(unit.id);
    }
    if (ts.isIdentifier(node) && unit) unit.references.add(node.text);
    ts.forEachChild(node, (child) => visit(child, scope));
  }

  const top: Scope = { flow: facts.topLevel, depth: 0, inReturn: false };
  sf.statements.forEach((s) => visitStatement(s, top));

  resolveWrites(facts.units, assignments, moduleLocals);
  markReturnedFunctions(facts.units, returned);
  markComponents(facts, jsxUnits);
  markCommonJsExports(sf, facts.units);
  return facts;
}

/**
 * Top-level units a CommonJS module exports by name: `module.exports = f`, `module.exports = { f,
 * g: h }`, `exports.f = f`, `module.exports.f = f`, and `export { f }` lists.
 */
function markCommonJsExports(sf: ts.SourceFile, units: Unit[]): void {
  const names = new Set<string>();
  const add = (value: ts.Expression | undefined) => {
    if (value && ts.isIdentifier(value)) names.add(value.text);
  };
  for (const statement of sf.statements) {
    if (
      ts.isExportDeclaration(statement) &&
      statement.exportClause &&
      ts.isNamedExports(statement.exportClause)
    ) {
      for (const element of statement.exportClause.elements)
        names.add((element.propertyName ?? element.name).text);
    }
    if (!ts.isExpressionStatement(statement) || !ts.isBinaryExpression(statement.expression)) continue;
    const { left, operatorToken, right } = statement.expression;
    if (operatorToken.kind !== ts.SyntaxKind.EqualsToken) continue;
    const target = left.getText(sf);
    if (target === 'module.exports') {
      add(right);
      if (ts.isObjectLiteralExpression(right)) {
        for (const property of right.properties) {
          if (ts.isShorthandPropertyAssignment(property)) names.add(property.name.text);
          else if (ts.isPropertyAssignment(property)) add(property.initializer);
        }
      }
    } else if (/^(module\.)?exports\.[\w$]+$/.test(target)) add(right);
  }
  for (const unit of units) if (unit.parent === undefined && names.has(unit.name)) unit.isExported = true;
}
