// typescript-eslint's no-unused-vars, minus top-level declarations. A review usually sees one module
// or a pasted snippet: a top-level `function run(cmd) {}` or `const LIMIT = 10` is most likely used
// by code we cannot see (exported later, called from another file), so reporting it is noise.
// `vars: 'local'` does not help here because in an ES module the top level is module scope, not
// global scope. Unused imports, locals and parameters are still reported.
import type { Rule } from 'eslint';
import type { AstNode } from '../ast';

const DECLARATIONS = /^(VariableDeclaration|FunctionDeclaration|ClassDeclaration|TSEnumDeclaration)$/;

/** True when the reported identifier is declared by a statement directly in the program body. */
export function isTopLevelDeclaration(node: AstNode | undefined): boolean {
  let child = node;
  for (let current = node?.parent; current; child = current, current = current.parent) {
    if (current.type === 'ImportDeclaration') return false;
    // The name being declared, not a parameter or something inside an initialiser.
    if (current.type === 'VariableDeclarator' && current.id !== child) return false;
    if (DECLARATIONS.test(current.type)) {
      if (current.type !== 'VariableDeclaration' && current.id !== child) return false;
      const parent = current.parent;
      return (
        parent?.type === 'Program' ||
        (parent?.type === 'ExportNamedDeclaration' && parent.parent?.type === 'Program')
      );
    }
    if (!/Pattern$|^Property$|^VariableDeclarator$|^RestElement$/.test(current.type)) return false;
  }
  return false;
}

export function withoutTopLevelDeclarations(base: Rule.RuleModule): Rule.RuleModule {
  return {
    meta: base.meta,
    create(context) {
      const filtered = Object.create(context, {
        report: {
          value(descriptor: Rule.ReportDescriptor) {
            const node = 'node' in descriptor ? (descriptor.node as unknown as AstNode) : undefined;
            if (!isTopLevelDeclaration(node)) context.report(descriptor);
          },
        },
      }) as Rule.RuleContext;
      return base.create(filtered);
    },
  };
}
