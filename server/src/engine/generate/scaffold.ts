// When no recipe fits: the skeleton of the kind of unit the prompt asks for, in the asked language,
// with the prompt as its doc comment and a body that throws "not implemented". The answer says
// plainly that the logic is not written and that a configured model would write it.
import type { LanguageId } from '../languages';
import type { RecipeFramework, UnitKind } from './recipes';

/** The kind of unit a prompt asks for, from its words (a function when nothing says otherwise). */
export function unitKindOf(prompt: string, framework?: RecipeFramework): UnitKind {
  const text = prompt.toLowerCase();
  if (/\b(cli|command[- ]line|terminal tool|command)\b/.test(text)) return 'cli';
  if (
    /\b(component|widget|page|view|form|button)\b/.test(text) ||
    framework === 'react' ||
    framework === 'vue'
  ) {
    return 'component';
  }
  if (/\b(endpoint|route|api|handler)\b/.test(text) || framework === 'express' || framework === 'fastify')
    return 'route';
  if (/\bclass\b|\brepresent(s|ing)?\b/.test(text)) return 'class';
  return 'function';
}

const todo = 'not implemented: the builtin engine had no recipe for this; configure a model to generate it';

function comment(language: LanguageId, prompt: string): string {
  const line = prompt.replace(/\s+/g, ' ').trim().slice(0, 200);
  if (language === 'python') return `# ${line}`;
  if (language === 'ruby') return `# ${line}`;
  return `// ${line}`;
}

export function scaffoldCode(
  language: LanguageId,
  kind: UnitKind,
  name: string,
  prompt: string,
  framework?: RecipeFramework,
): string {
  const c = comment(language, prompt);
  switch (language) {
    case 'python':
      if (kind === 'class')
        return `${c}\nclass ${name}:\n    def __init__(self):\n        raise NotImplementedError("${todo}")\n`;
      if (kind === 'cli') {
        return `${c}\nimport argparse\nimport sys\n\n\ndef ${name}(argv=None):\n    parser = argparse.ArgumentParser()\n    args = parser.parse_args(argv)\n    raise NotImplementedError("${todo}")\n\n\nif __name__ == "__main__":\n    sys.exit(${name}())\n`;
      }
      return `${c}\ndef ${name}(*args, **kwargs):\n    raise NotImplementedError("${todo}")\n`;
    case 'javascript':
    case 'typescript':
    case 'javascriptreact':
    case 'typescriptreact':
      return jsScaffold(language, kind, name, c, framework);
    case 'go':
      return `${c}\npackage main\n\nimport "errors"\n\nfunc ${name}() error {\n\treturn errors.New("${todo}")\n}\n`;
    case 'rust':
      return `${c}\npub fn ${name}() {\n    unimplemented!("${todo}")\n}\n`;
    case 'java':
      return `${c}\npublic class ${name} {\n    public void run() {\n        throw new UnsupportedOperationException("${todo}");\n    }\n}\n`;
    case 'csharp':
      return `${c}\npublic class ${name}\n{\n    public void Run()\n    {\n        throw new System.NotImplementedException("${todo}");\n    }\n}\n`;
    case 'c':
    case 'cpp':
      return `${c}\n#include <stdio.h>\n\nint ${name}(void) {\n    fprintf(stderr, "${todo}\\n");\n    return -1;\n}\n`;
    case 'ruby':
      return `${c}\ndef ${name}(*args)\n  raise NotImplementedError, "${todo}"\nend\n`;
    case 'php':
      return `<?php\n${c}\nfunction ${name}(...$args)\n{\n    throw new \\LogicException('${todo}');\n}\n`;
  }
}

function jsScaffold(
  language: LanguageId,
  kind: UnitKind,
  name: string,
  c: string,
  framework?: RecipeFramework,
): string {
  const typed = language === 'typescript' || language === 'typescriptreact';
  const fail = `throw new Error('${todo}');`;
  if (kind === 'component' && framework === 'vue') {
    return `${c}\nimport { defineComponent, h } from 'vue';\n\nexport const ${name} = defineComponent({\n  name: '${name}',\n  setup() {\n    return () => h('div', '${name}: ${todo}');\n  },\n});\n`;
  }
  if (kind === 'component') {
    return `${c}\nexport function ${name}(${typed ? 'props: Record<string, unknown>' : 'props'}) {\n  return <div>{/* ${todo} */}</div>;\n}\n`;
  }
  if (kind === 'route' && framework === 'fastify') {
    return `${c}\n${typed ? "import type { FastifyInstance } from 'fastify';\n\n" : ''}export async function ${name}(app${typed ? ': FastifyInstance' : ''}) {\n  app.get('/', async (_request, reply) => reply.code(501).send({ error: '${todo}' }));\n}\n`;
  }
  if (kind === 'route') {
    return `${c}\nimport express from 'express';\n\nexport function ${name}() {\n  const router = express.Router();\n  router.all('/', (_req, res) => {\n    res.status(501).json({ error: '${todo}' });\n  });\n  return router;\n}\n`;
  }
  if (kind === 'class') return `${c}\nexport class ${name} {\n  constructor() {\n    ${fail}\n  }\n}\n`;
  if (kind === 'cli') {
    return `${c}\nimport { parseArgs } from 'node:util';\n\nexport function ${name}(argv${typed ? ': string[]' : ''})${typed ? ': number' : ''} {\n  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: {} });\n  void values;\n  void positionals;\n  ${fail}\n}\n`;
  }
  return `${c}\nexport function ${name}(...args${typed ? ': unknown[]' : ''})${typed ? ': never' : ''} {\n  void args;\n  ${fail}\n}\n`;
}

/** A name for the scaffold's unit from the prompt's first content words. */
export function defaultScaffoldName(kind: UnitKind): string {
  return {
    function: 'todo',
    class: 'Todo',
    route: 'routes',
    component: 'Component',
    cli: 'main',
    hook: 'useTodo',
    middleware: 'middleware',
  }[kind];
}
