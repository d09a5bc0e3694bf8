// Side effects and the summary's inputs/outputs, per language, from the calls in the tree.
import assert from 'node:assert/strict';
import { explain } from './helpers';

async function effectKinds(code: string, language: string): Promise<string[]> {
  const out = await explain(code, language);
  return [...new Set(out.details!.side_effects.map((e) => e.kind))].sort();
}

describe('explain: side effects', () => {
  const cases: [string, string, string[]][] = [
    [
      'javascript',
      "const fs = require('fs');\nfunction f(p) { console.log(fs.readFileSync(p)); }",
      ['console output', 'file system'],
    ],
    [
      'javascript',
      "function f() { document.querySelector('#a').focus(); localStorage.setItem('k', 1); }",
      ['DOM', 'browser storage'],
    ],
    ['typescript', 'let hits = 0;\nexport function f(): void { hits += 1; }', ['global state']],
    ['python', 'import requests\n\ndef f(url):\n    return requests.get(url).json()\n', ['network']],
    ['python', 'import subprocess\n\ndef f():\n    subprocess.run(["ls"])\n', ['process']],
    ['go', 'package m\nimport "os"\nfunc f() { os.Exit(1) }', ['process']],
    [
      'java',
      'class A { void f() throws Exception { java.nio.file.Files.readString(null); System.out.println(1); } }',
      ['console output', 'file system'],
    ],
    [
      'rust',
      'fn f() { let t = std::fs::read_to_string("x"); println!("{:?}", t); }',
      ['console output', 'file system'],
    ],
    [
      'csharp',
      'class A { void F() { Console.WriteLine(File.ReadAllText("x")); } }',
      ['console output', 'file system'],
    ],
    ['ruby', 'def f\n  puts File.read("x")\nend\n', ['console output', 'file system']],
    ['php', '<?php function f() { echo file_get_contents("http://x"); }', ['console output', 'network']],
    [
      'cpp',
      '#include <cstdio>\nint main() { FILE* f = fopen("x", "r"); printf("%p", f); }',
      ['console output', 'file system'],
    ],
  ];
  for (const [language, code, expected] of cases) {
    it(`${language}: ${expected.join(', ')}`, async () => {
      assert.deepEqual(await effectKinds(code, language), expected);
    });
  }

  it('pure code says it found no side effects', async () => {
    const out = await explain('function add(a, b) { return a + b; }', 'javascript');
    assert.deepEqual(out.details!.side_effects, []);
    assert.match(out.explanation.summary, /No side effects found/);
  });

  it('a local that shadows a module name is not global state', async () => {
    assert.deepEqual(
      await effectKinds('let n = 0;\nfunction f() { let n = 1; n += 1; return n; }', 'javascript'),
      [],
    );
  });
});

describe('explain: summary inputs and outputs', () => {
  it('names parameters, return types, generators and async', async () => {
    const out = await explain(
      'export async function load(id: string): Promise<number> { return 1; }\nfunction* gen() { yield 1; }',
      'typescript',
    );
    assert.match(
      out.explanation.summary,
      /`load\(id\)` \(async function, lines 1-1\); takes `id`; returns `Promise<number>`/,
    );
    assert.match(
      out.explanation.summary,
      /`gen\(\)` \(generator function, lines 2-2\); takes no parameters; yields values/,
    );
  });
  it('describes classes with their bases and methods', async () => {
    const out = await explain('class Dog(Animal):\n    def bark(self):\n        return "woof"\n', 'python');
    assert.match(
      out.explanation.summary,
      /`Dog` \(class, lines 1-3\); extends\/implements `Animal`; has 1 method: `bark`/,
    );
    assert.match(
      out.explanation.summary,
      /`bark\(self\)` \(method, lines 2-3\); takes no parameters; returns a value/,
    );
  });
  it('reports error handling with its lines', async () => {
    const out = await explain(
      'def f(x):\n    try:\n        return 1 / x\n    except ZeroDivisionError:\n        raise ValueError("x")\n',
      'python',
    );
    assert.match(
      out.explanation.summary,
      /Error handling: catches errors at line 4; throws\/raises at line 5\./,
    );
  });
});
