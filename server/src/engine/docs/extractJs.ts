// Documentation of JS/TS modules from the TypeScript compiler: the checker's own list of a module's
// exports (ES exports and CommonJS `module.exports`, as the compiler sees them), each described from
// its declaration: signature, parameter and return types (annotations or JSDoc), JSDoc text and
// `@example`s. A file without exports (a script) documents its top-level declarations. React
// components are functions returning JSX with a capitalised name, or classes extending Component.
import ts from 'typescript';
import type { DocEntry, DocParam } from './model';

export interface JsFile {
  path: string;
  text: string;
}

/** One program over all files (no lib, no resolution: only their own declarations matter). */
export function extractJsModules(files: JsFile[]): Map<string, DocEntry[]> {
  const byName = new Map(files.map((f) => [f.path, f.text]));
  const host = ts.createCompilerHost({});
  host.getSourceFile = (name, version) => {
    const text = byName.get(name);
    return text === undefined ? undefined : ts.createSourceFile(name, text, version, true, scriptKind(name));
  };
  host.fileExists = (name) => byName.has(name);
  host.readFile = (name) => byName.get(name);
  const program = ts.createProgram({
    rootNames: files.map((f) => f.path),
    options: { allowJs: true, noLib: true, noResolve: true, jsx: ts.JsxEmit.Preserve, types: [] },
    host,
  });
  const checker = program.getTypeChecker();
  const result = new Map<string, DocEntry[]>();
  for (const file of files) {
    const sf = program.getSourceFile(file.path);
    if (sf) result.set(file.path, documentFile(sf, checker));
  }
  return result;
}

function scriptKind(name: string): ts.ScriptKind {
  if (name.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (/\.(c|m)?ts$/.test(name)) return ts.ScriptKind.TS;
  if (name.endsWith('.jsx')) return ts.ScriptKind.JSX;
  return ts.ScriptKind.JS;
}

function documentFile(sf: ts.SourceFile, checker: ts.TypeChecker): DocEntry[] {
  // A CommonJS file has no symbol at its location; its binder symbol (internal) holds the exports.
  const moduleSymbol = checker.getSymbolAtLocation(sf) ?? (sf as unknown as { symbol?: ts.Symbol }).symbol;
  const entries: DocEntry[] = [];
  if (moduleSymbol) {
    // getExportsOfModule leaves out `export =` / `module.exports = x`: the module's own value.
    const exportEquals = moduleSymbol.exports?.get('export=' as ts.__String);
    const all = [...(exportEquals ? [exportEquals] : []), ...checker.getExportsOfModule(moduleSymbol)];
    for (const exported of all) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const declaration = symbol.declarations?.[0] ?? exported.declarations?.[0];
      const name =
        exported.name === 'export='
          ? symbol.name === 'export='
            ? 'module.exports'
            : symbol.name
          : exported.name;
      if (declaration) entries.push(...describe(declaration, name, checker, sf));
    }
    return entries.sort((a, b) => a.line - b.line);
  }
  for (const statement of sf.statements) {
    if (
      ts.isFunctionDeclaration(statement) ||
      ts.isClassDeclaration(statement) ||
      ts.isInterfaceDeclaration(statement) ||
      ts.isTypeAliasDeclaration(statement) ||
      ts.isEnumDeclaration(statement)
    ) {
      if (statement.name) entries.push(...describe(statement, statement.name.text, checker, sf));
    } else if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        if (ts.isIdentifier(d.name)) entries.push(...describe(d, d.name.text, checker, sf));
      }
    }
  }
  return entries;
}

function describe(node: ts.Node, name: string, checker: ts.TypeChecker, sf: ts.SourceFile): DocEntry[] {
  const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
  const docs = jsDocOf(node);
  let fn: ts.SignatureDeclaration | undefined;
  if (
    ts.isFunctionDeclaration(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node)
  )
    fn = node;
  if (ts.isVariableDeclaration(node) && node.initializer) {
    const init = node.initializer;
    if (ts.isFunctionExpression(init) || ts.isArrowFunction(init)) fn = init;
    else if (ts.isClassExpression(init)) return describe(init, name, checker, sf);
  }
  const assigned = assignedValue(node);
  if (assigned && ts.isIdentifier(assigned)) {
    // `module.exports.format = format`: document the declaration the name refers to.
    const target = checker.getSymbolAtLocation(assigned)?.declarations?.[0];
    if (target && target !== node) return describe(target, name, checker, sf);
  } else if (assigned && (ts.isFunctionExpression(assigned) || ts.isArrowFunction(assigned))) fn = assigned;
  else if (assigned && ts.isClassExpression(assigned)) return describe(assigned, name, checker, sf);
  if (fn) {
    const entry = functionEntry(fn, name, line, docs);
    if (/^[A-Z]/.test(name) && returnsJsx(fn)) {
      return [{ ...entry, kind: 'component', props: propsOf(fn) }];
    }
    return [entry];
  }
  if (ts.isClassLike(node)) {
    const members = node.members
      .filter((m): m is ts.MethodDeclaration => ts.isMethodDeclaration(m) && ts.isIdentifier(m.name))
      .filter(
        (m) =>
          !(ts.getCombinedModifierFlags(m) & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) &&
          !m.name.getText().startsWith('#'),
      )
      .map((m) => ({
        ...functionEntry(
          m,
          `${name}.${m.name.getText()}`,
          sf.getLineAndCharacterOfPosition(m.getStart(sf)).line + 1,
          jsDocOf(m),
        ),
        kind: 'method' as const,
      }));
    const ctor = node.members.find(ts.isConstructorDeclaration);
    const heritage = node.heritageClauses?.flatMap((h) => h.types.map((t) => t.expression.getText())) ?? [];
    const isComponent = heritage.some((h) => /(^|\.)(Pure)?Component$/.test(h));
    const params = ctor ? ctor.parameters.map((p) => paramOf(p, docs.params)) : [];
    return [
      {
        kind: isComponent ? 'component' : 'class',
        name,
        signature: `class ${name}${heritage.length ? ` extends ${heritage.join(', ')}` : ''}`,
        description: docs.text,
        params,
        examples: docs.examples,
        members,
        props: isComponent ? classProps(node) : undefined,
        line,
      },
    ];
  }
  if (ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isEnumDeclaration(node)) {
    const kind = ts.isInterfaceDeclaration(node) ? 'interface' : ts.isEnumDeclaration(node) ? 'enum' : 'type';
    const text = node.getText(sf).replace(/\/\*\*[\s\S]*?\*\/\s*/g, '');
    return [
      {
        kind,
        name,
        signature: text.length > 600 ? `${text.slice(0, 600)} …` : text,
        description: docs.text,
        params: [],
        examples: docs.examples,
        line,
      },
    ];
  }
  const declared = ts.isVariableDeclaration(node) && node.type ? `: ${node.type.getText()}` : '';
  return [
    {
      kind: 'variable',
      name,
      signature: `${name}${declared}`,
      description: docs.text,
      params: [],
      examples: docs.examples,
      line,
    },
  ];
}

/** The value of a CommonJS export assignment (`module.exports.x = value`), if the node is one. */
function assignedValue(node: ts.Node): ts.Expression | undefined {
  const assignment = ts.isBinaryExpression(node)
    ? node
    : ts.isBinaryExpression(node.parent)
      ? node.parent
      : undefined;
  if (!assignment || assignment.operatorToken.kind !== ts.SyntaxKind.EqualsToken) return undefined;
  let value = assignment.right;
  while (ts.isBinaryExpression(value) && value.operatorToken.kind === ts.SyntaxKind.EqualsToken)
    value = value.right;
  return value;
}

interface JsDocInfo {
  text?: string;
  params: Map<string, { type?: string; text?: string }>;
  returns?: { type?: string; text?: string };
  examples: string[];
}

function commentText(comment: string | ts.NodeArray<ts.JSDocComment> | undefined): string | undefined {
  if (comment === undefined) return undefined;
  const text = typeof comment === 'string' ? comment : comment.map((c) => c.text).join('');
  return text.trim().replace(/^- /, '') || undefined;
}

function jsDocOf(node: ts.Node): JsDocInfo {
  const info: JsDocInfo = { params: new Map(), examples: [] };
  const host = ts.isVariableDeclaration(node) ? node.parent.parent : node;
  const docs = ts.getJSDocCommentsAndTags(host).filter(ts.isJSDoc);
  const last = docs[docs.length - 1];
  if (!last) return info;
  info.text = commentText(last.comment);
  for (const tag of last.tags ?? []) {
    if (ts.isJSDocParameterTag(tag)) {
      info.params.set(tag.name.getText(), {
        type: typeText(tag.typeExpression?.type),
        text: commentText(tag.comment),
      });
    } else if (ts.isJSDocReturnTag(tag)) {
      info.returns = { type: typeText(tag.typeExpression?.type), text: commentText(tag.comment) };
    } else if (tag.tagName.text === 'example') {
      const example = commentText(tag.comment);
      if (example) info.examples.push(example);
    }
  }
  return info;
}

/** Type text as written, with JSDoc's line-leading `*` and line breaks folded away. */
function typeText(node: ts.Node | undefined): string | undefined {
  return node
    ?.getText()
    .replace(/\n\s*\*?\s*/g, ' ')
    .trim();
}

function paramOf(p: ts.ParameterDeclaration, docs: JsDocInfo['params']): DocParam {
  const name = p.name.getText();
  const doc = docs.get(name);
  return {
    name: p.dotDotDotToken ? `...${name}` : name,
    type: typeText(p.type) ?? doc?.type,
    optional: Boolean(p.questionToken || p.initializer || p.dotDotDotToken),
    defaultValue: p.initializer?.getText(),
    description: doc?.text,
  };
}

function functionEntry(fn: ts.SignatureDeclaration, name: string, line: number, docs: JsDocInfo): DocEntry {
  const params = fn.parameters.map((p) => paramOf(p, docs.params));
  const returnType = typeText(fn.type) ?? docs.returns?.type;
  const isAsync =
    (ts.canHaveModifiers(fn) ? ts.getModifiers(fn) : undefined)?.some(
      (m) => m.kind === ts.SyntaxKind.AsyncKeyword,
    ) ?? false;
  const shown = params.map(
    (p) => `${p.name}${p.optional && !p.name.startsWith('...') ? '?' : ''}${p.type ? `: ${p.type}` : ''}`,
  );
  return {
    kind: 'function',
    name,
    signature: `${isAsync ? 'async ' : ''}${name}(${shown.join(', ')})${returnType ? `: ${returnType}` : ''}`,
    description: docs.text,
    params,
    returns:
      returnType || docs.returns?.text ? { type: returnType, description: docs.returns?.text } : undefined,
    examples: docs.examples,
    line,
  };
}

function returnsJsx(fn: ts.SignatureDeclaration): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isJsxElement(node) || ts.isJsxSelfClosingElement(node) || ts.isJsxFragment(node)) found = true;
    else if (node === fn || !ts.isFunctionLike(node)) ts.forEachChild(node, visit);
  };
  visit(fn);
  return found;
}

/** Props of a function component: the members of its props type, or the names it destructures. */
function propsOf(fn: ts.SignatureDeclaration): DocParam[] {
  const first = fn.parameters[0];
  if (!first) return [];
  if (first.type && ts.isTypeLiteralNode(first.type)) {
    // Defaults live in the destructuring (`{ tone = 'info' }`), types in the literal: merge them.
    const defaults = new Map(
      ts.isObjectBindingPattern(first.name)
        ? first.name.elements.map((e) => [e.name.getText(), e.initializer?.getText()])
        : [],
    );
    return typeMembers(first.type.members).map((p) => ({ ...p, defaultValue: defaults.get(p.name) }));
  }
  if (ts.isObjectBindingPattern(first.name)) {
    return first.name.elements.map((e) => ({
      name: e.name.getText(),
      optional: Boolean(e.initializer),
      defaultValue: e.initializer?.getText(),
      type: first.type ? `${first.type.getText()}['${e.name.getText()}']` : undefined,
    }));
  }
  return first.type ? [{ name: first.name.getText(), type: first.type.getText(), optional: false }] : [];
}

function classProps(node: ts.ClassLikeDeclaration): DocParam[] | undefined {
  const args = node.heritageClauses?.flatMap((h) => h.types.flatMap((t) => t.typeArguments ?? [])) ?? [];
  const first = args[0];
  return first && ts.isTypeLiteralNode(first)
    ? typeMembers(first.members)
    : first
      ? [{ name: 'props', type: first.getText(), optional: false }]
      : [];
}

function typeMembers(members: ts.NodeArray<ts.TypeElement>): DocParam[] {
  return members
    .filter(ts.isPropertySignature)
    .map((m) => ({ name: m.name.getText(), type: m.type?.getText(), optional: Boolean(m.questionToken) }));
}
