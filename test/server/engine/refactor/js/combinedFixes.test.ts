// The constructor → class and async fix-alls, split by site, must give each site exactly the edits a request for
// that site alone gives (that is what makes it a safe shortcut), and must decline when it cannot split.
import assert from 'node:assert/strict';
import { fixesBySite } from '../../../../../server/src/engine/refactor/js/combinedFixes';
import {
  createVirtualFile,
  formatSettingsFor,
  USER_PREFERENCES,
  type VirtualFile,
} from '../../../../../server/src/engine/refactor/js/virtualFile';

const MANY = `function Point(x, y) {
  this.x = x;
  this.y = y;
}
Point.prototype.norm = function () {
  return Math.sqrt(this.x * this.x + this.y * this.y);
};
Point.origin = function () {
  return new Point(0, 0);
};
var Stack = function (items) {
  this.items = items || [];
};
Stack.prototype = {
  push: function (item) {
    this.items.push(item);
  },
  size: function () {
    return this.items.length;
  },
};
var lib = (function () {
  function Queue() {
    this.items = [];
  }
  Queue.prototype.take = function () {
    return this.items.shift();
  };
  return { Queue: Queue };
})();
exports.Point = Point;
exports.Stack = Stack;
`;

function perSite(file: VirtualFile, start: number, length: number, code = 80002): string {
  const settings = formatSettingsFor(file.text());
  const fixes = file.service.getCodeFixesAtPosition(
    file.fileName,
    start,
    start + length,
    [code],
    settings,
    USER_PREFERENCES,
  );
  const fix = fixes.find((candidate) => candidate.fixName !== 'fixAll' && candidate.changes.length > 0);
  return JSON.stringify(fix?.changes.flatMap((change) => change.textChanges) ?? []);
}

describe('fixesBySite', () => {
  it('gives every constructor the edits its own fix request gives', () => {
    const file = createVirtualFile(MANY, 'js');
    try {
      const diagnostics = file.service.getSuggestionDiagnostics(file.fileName);
      const sites = diagnostics.filter((diagnostic) => diagnostic.code === 80002);
      assert.equal(sites.length, 3);
      const bySite = fixesBySite(file, diagnostics, 80002, formatSettingsFor(MANY));
      assert.ok(bySite, 'the fix-all could be split by site');
      for (const site of sites) {
        assert.ok(bySite.get(site.start!)!.length > 0);
        assert.equal(JSON.stringify(bySite.get(site.start!)), perSite(file, site.start!, site.length!));
      }
    } finally {
      file.dispose();
    }
  });

  it('declines when an edit cannot be given to one site (a class inserted after a shared `var`)', () => {
    const code = `var A = function () { this.a = 1; }, B = function () { this.b = 2; };
A.prototype.get = function () { return this.a; };
B.prototype.get = function () { return this.b; };
`;
    const file = createVirtualFile(code, 'js');
    try {
      const diagnostics = file.service.getSuggestionDiagnostics(file.fileName);
      assert.equal(diagnostics.filter((diagnostic) => diagnostic.code === 80002).length, 2);
      assert.equal(fixesBySite(file, diagnostics, 80002, formatSettingsFor(code)), undefined);
    } finally {
      file.dispose();
    }
  });

  it('leaves a single constructor to its own request', () => {
    const code = 'function A() { this.a = 1; }\nA.prototype.get = function () { return this.a; };\n';
    const file = createVirtualFile(code, 'js');
    try {
      const diagnostics = file.service.getSuggestionDiagnostics(file.fileName);
      assert.equal(fixesBySite(file, diagnostics, 80002, formatSettingsFor(code)), undefined);
    } finally {
      file.dispose();
    }
  });

  it('gives every promise-returning function the async edits its own request gives', () => {
    const code = `function load(url) {
  return fetch(url).then(function (res) {
    return res.json();
  });
}
function save(url) {
  if (!url) return Promise.resolve(null);
  return fetch(url).then(function (res) {
    return res.ok;
  }).catch(function () {
    return false;
  });
}
var both = function (a, b) {
  return load(a).then(function (x) {
    return save(b).then(function () {
      return x;
    });
  });
};
`;
    const file = createVirtualFile(code, 'js');
    try {
      const diagnostics = file.service.getSuggestionDiagnostics(file.fileName);
      const sites = diagnostics.filter((diagnostic) => diagnostic.code === 80006);
      assert.ok(sites.length >= 3, `async sites: ${sites.length}`);
      const bySite = fixesBySite(file, diagnostics, 80006, formatSettingsFor(code));
      assert.ok(bySite, 'the fix-all could be split by site');
      for (const site of sites) {
        const share = bySite.get(site.start!);
        if (share) assert.equal(JSON.stringify(share), perSite(file, site.start!, site.length!, 80006));
      }
      assert.equal(bySite.size, sites.length, 'every share was complete');
    } finally {
      file.dispose();
    }
  });
});
