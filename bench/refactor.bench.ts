// Refactor latency: `modernize` on a 1,000-line and a 5,000-line ES5-style JS file, against the
// baseline of creating the TypeScript language service and one getSyntacticDiagnostics on the same
// file (the least any service-based refactor must do), measured in the same run.
import { refactorCode } from '../server/src/engine/refactor/index';
import { createVirtualFile } from '../server/src/engine/refactor/js/virtualFile';
import { percentile, sample, type BenchResult } from './harness';

// One ES5 "module" of ~50 lines: a constructor with prototype methods, callbacks, concatenation.
function unit(i: number): string {
  return `function Model${i}(name, items) {
  this.name = name;
  this.items = items || [];
}
Model${i}.prototype.total = function () {
  var sum = 0;
  this.items.forEach(function (item) {
    sum += item.price * item.qty;
  });
  return sum;
};
Model${i}.prototype.describe = function () {
  var count = this.items.length;
  return 'Model ' + this.name + ' has ' + count + ' items worth ' + this.total();
};
function build${i}(list) {
  var result = [];
  for (var k = 0; k < list.length; k++) {
    var entry = list[k];
    if (entry && entry.price) {
      result.push({ price: entry.price, qty: entry.qty || 1 });
    }
  }
  return new Model${i}('m${i}', result);
}
function load${i}(url) {
  return fetch(url).then(function (res) {
    return res.json();
  }).then(function (data) {
    return build${i}(data);
  });
}
function pick${i}(options) {
  var width = options.width;
  var height = options.height;
  var area = Math.pow(width, 2) + height;
  return { width: width, height: height, area: area };
}
exports.Model${i} = Model${i};
exports.load${i} = load${i};
exports.pick${i} = pick${i};

`;
}

function source(lines: number): string {
  const parts: string[] = [];
  for (let i = 0, total = 0; total < lines; i++) {
    const text = unit(i);
    parts.push(text);
    total += text.split('\n').length - 1;
  }
  return parts.join('');
}

export default async function bench(): Promise<BenchResult[]> {
  const results: BenchResult[] = [];
  for (const lines of [1000, 5000]) {
    const code = source(lines);
    const baseline = await sample(() => {
      const file = createVirtualFile(code, 'js');
      file.service.getSyntacticDiagnostics(file.fileName);
      file.dispose();
    }, 2000);
    let changes = 0;
    const subject = await sample(
      async () => {
        const result = await refactorCode({ code, language: 'javascript', refactor_type: 'modernize' }, {});
        changes = result.changes.length;
      },
      lines > 1000 ? 1 : 3000,
      3,
    );
    results.push({
      name: `refactor modernize ${lines}-line JS (${changes} changes listed), median`,
      value: percentile(subject, 50),
      unit: 'ms',
      baseline: { name: 'language service + syntactic diagnostics', value: percentile(baseline, 50) },
      aim: `lower is better; aim ≤ ${lines > 1000 ? 6 : 1.5} s (one compiler check per batch, one fix-all per conversion kind)`,
    });
  }
  return results;
}
