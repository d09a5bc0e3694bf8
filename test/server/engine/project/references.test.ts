import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { DEFAULT_CONFIG } from '../../../../server/src/engine/contracts/config';
import { analyzeProject } from '../../../../server/src/engine/project/analysis/index';
import { goModulePath, ModuleIndex } from '../../../../server/src/engine/project/analysis/references';

describe('ModuleIndex', () => {
  const modules = new Set([
    'main.go',
    'internal/store/store.go',
    'internal/store/cache.go',
    'tools/gen/go.mod.go',
    'tools/gen/gen.go',
    'api/src/main/java/com/example/foo/Bar.java',
    'api/src/main/java/com/example/util/Strings.java',
    'a/src/main/java/com/dup/Same.java',
    'b/src/main/java/com/dup/Same.java',
    'pkg/util.py',
    'lib/json/__init__.py',
    'lib/__init__.py',
    'lib/core.py',
  ]);
  const index = new ModuleIndex(
    modules,
    new Map([
      ['', 'example.com/app'],
      ['tools/gen', 'example.com/gen'],
    ]),
  );

  it('resolves files, package folders and path suffixes that name a project module', () => {
    assert.equal(index.resolve('pkg/util.py'), 'pkg/util.py');
    assert.equal(index.resolve('pkg/missing.py'), undefined);
    assert.equal(index.resolve('internal/store/'), 'internal/store/');
    assert.equal(index.resolve('*/com/example/foo/Bar.java'), 'api/src/main/java/com/example/foo/Bar.java');
    assert.equal(index.resolve('*/com/example/util/'), 'api/src/main/java/com/example/util/');
    // Whole segments only, and two classes of one name in two source roots count as neither.
    assert.equal(index.resolve('*/example/foo/Ba.java'), undefined);
    assert.equal(index.resolve('*/com/dup/Same.java'), undefined);
  });

  it('looks Python absolute imports up only under folders that are not packages themselves', () => {
    assert.equal(index.resolve('py::pkg/util.py'), 'pkg/util.py');
    // lib/ is a package: `import json` in lib/core.py is the standard library's json, not lib/json.
    assert.equal(index.resolve('py:lib:lib/json/__init__.py'), undefined);
  });

  it('resolves Go import paths through the module path of each go.mod', () => {
    assert.equal(index.resolve('go:example.com/app/internal/store'), 'internal/store/');
    assert.equal(index.resolve('go:example.com/app'), './');
    assert.equal(index.resolve('go:example.com/gen'), 'tools/gen/');
    assert.equal(index.resolve('go:example.com/application/x'), undefined);
    assert.equal(index.resolve('go:fmt'), undefined);
  });

  it('reads the module path of go.mod', () => {
    assert.equal(goModulePath('// c\nmodule example.com/app\n\ngo 1.22\n'), 'example.com/app');
    assert.equal(goModulePath('module "example.com/q"\n'), 'example.com/q');
    assert.equal(goModulePath('go 1.22\n'), undefined);
  });
});

describe('coupling through package imports (analyzeProject)', function () {
  this.timeout(120_000);
  let workspace: string;
  const FILES: Record<string, string> = {
    'go.mod': 'module example.com/shop\n\ngo 1.22\n',
    'main.go':
      'package main\n\nimport (\n\t"fmt"\n\t"example.com/shop/internal/cart"\n)\n\nfunc main() { fmt.Println(cart.Total()) }\n',
    'internal/cart/cart.go':
      'package cart\n\nimport "example.com/shop/internal/price"\n\nfunc Total() int { return price.Of(1) }\n',
    'internal/price/price.go': 'package price\n\nfunc Of(n int) int { return n }\n',
    'svc/src/main/java/com/shop/App.java':
      'package com.shop;\n\nimport com.shop.model.Item;\nimport com.shop.util.*;\nimport java.util.List;\n\nclass App { Item i; }\n',
    'svc/src/main/java/com/shop/model/Item.java': 'package com.shop.model;\n\npublic class Item {}\n',
    'svc/src/main/java/com/shop/util/Ids.java': 'package com.shop.util;\n\npublic class Ids {}\n',
    'py/app.py': 'import json\nimport helpers\nfrom lib.core import run\n',
    'lib/__init__.py': '',
    'lib/json.py': 'import json\n', // the package's own json module imports the standard one
    'py/helpers.py': 'def h():\n    return 1\n',
    'lib/core.py': 'def run():\n    return 2\n',
  };

  before(() => {
    workspace = mkdtempSync(join(tmpdir(), 'cw-coupling-'));
    for (const [rel, text] of Object.entries(FILES)) {
      mkdirSync(dirname(join(workspace, rel)), { recursive: true });
      writeFileSync(join(workspace, rel), text);
    }
  });
  after(() => rmSync(workspace, { recursive: true, force: true }));

  it('counts Go packages, Java classes and wildcard packages, and Python absolute imports', async () => {
    const out = await analyzeProject(
      { project_path: workspace, analysis_type: 'architecture', include_dependencies: false },
      { config: { ...DEFAULT_CONFIG, tools: ['file_operations'] }, roots: [workspace] },
    );
    const metrics = out.architecture!.metrics as Record<string, number>;
    // main.go→cart, cart.go→price; App→Item and →util/; app.py→helpers.py (beside it) and
    // →lib/core.py (root); fmt, java.util and json are not project modules (nor is lib/json.py for
    // `import json` inside the package lib). 6 links over 11 modules.
    assert.equal(metrics.modules, 11);
    assert.equal(metrics.max_efferent_coupling, 2);
    assert.equal(metrics.mean_efferent_coupling, Math.round((6 / 11) * 100) / 100);
  });
});
