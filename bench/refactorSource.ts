// The generated ES5-style input of the refactor benchmark: `source(lines)` repeats one ~47-line
// "module" (a constructor with prototype methods, callbacks, concatenation, a promise chain,
// CommonJS exports) until the file has at least that many lines.

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

export function source(lines: number): string {
  const parts: string[] = [];
  for (let i = 0, total = 0; total < lines; i++) {
    const text = unit(i);
    parts.push(text);
    total += text.split('\n').length - 1;
  }
  return parts.join('');
}
