// A Vue single-file component is documented as one component named after its file, with the props its
// `<script>` declares: `defineProps<{...}>()`, `defineProps({...})` / `defineProps([...])`, or the
// `props` option of the default export. Parsed with the TypeScript compiler.
import ts from 'typescript';
import type { DocEntry, DocParam } from './model';

export function extractVue(text: string, path: string): DocEntry[] {
  const name = (path.split('/').pop() ?? 'Component').replace(/\.vue$/, '');
  const scripts = [...text.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  const props: DocParam[] = [];
  let description: string | undefined;
  for (const [, attrs, body] of scripts) {
    const typed = /lang=["']ts["']/.test(attrs ?? '');
    const sf = ts.createSourceFile(
      'component.' + (typed ? 'ts' : 'js'),
      body ?? '',
      ts.ScriptTarget.Latest,
      true,
    );
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && node.expression.getText() === 'defineProps') {
        const typeArg = node.typeArguments?.[0];
        if (typeArg && ts.isTypeLiteralNode(typeArg)) props.push(...fromTypeLiteral(typeArg));
        else if (node.arguments[0]) props.push(...fromPropsValue(node.arguments[0]));
      }
      if (ts.isExportAssignment(node) && ts.isObjectLiteralExpression(node.expression)) {
        for (const prop of node.expression.properties) {
          if (ts.isPropertyAssignment(prop) && prop.name.getText() === 'props')
            props.push(...fromPropsValue(prop.initializer));
        }
        description ??=
          ts
            .getJSDocCommentsAndTags(node)
            .filter(ts.isJSDoc)
            .map((d) => String(d.comment ?? ''))
            .join('\n') || undefined;
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return [
    {
      kind: 'component',
      name,
      signature: `<${name} />`,
      description,
      params: [],
      props,
      examples: [],
      line: 1,
    },
  ];
}

function fromTypeLiteral(node: ts.TypeLiteralNode): DocParam[] {
  return node.members
    .filter(ts.isPropertySignature)
    .map((m) => ({ name: m.name.getText(), type: m.type?.getText(), optional: Boolean(m.questionToken) }));
}

function fromPropsValue(value: ts.Expression): DocParam[] {
  if (ts.isArrayLiteralExpression(value)) {
    return value.elements.filter(ts.isStringLiteral).map((e) => ({ name: e.text, optional: true }));
  }
  if (!ts.isObjectLiteralExpression(value)) return [];
  return value.properties.filter(ts.isPropertyAssignment).map((p) => {
    const init = p.initializer;
    if (ts.isObjectLiteralExpression(init)) {
      const field = (key: string): string | undefined =>
        init.properties
          .find((q): q is ts.PropertyAssignment => ts.isPropertyAssignment(q) && q.name.getText() === key)
          ?.initializer.getText();
      return {
        name: p.name.getText(),
        type: field('type'),
        optional: field('required') !== 'true',
        defaultValue: field('default'),
      };
    }
    return { name: p.name.getText(), type: init.getText(), optional: true };
  });
}
