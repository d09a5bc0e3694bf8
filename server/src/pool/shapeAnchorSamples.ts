// Small ES5-era modules a pool worker refactors and keeps after each large JavaScript refactor
// (shapeAnchor.ts: built after the first, refreshed after every later one), written for this
// purpose in the shapes real code has and `modernize` rewrites: a prototype-based store with node
// callbacks, promise chains on an untyped client and on `fetch` (the async conversion), an options
// widget (`Object.assign`-style merging, `Math.pow`, `a && a.b` guards, `!= null` ternaries), an
// event-emitter queue, and an object-literal module with counters. Each is one unit of the anchor's
// work (15–80 ms of CPU on a loaded machine), so a task arriving meanwhile waits for one at most.

export const SHAPE_ANCHOR_SAMPLES: readonly string[] = [
  `var fs = require('fs');
var path = require('path');

function Store(dir, options) {
  options = options || {};
  this.dir = dir;
  this.encoding = options.encoding || 'utf8';
  this.cache = {};
}

Store.prototype.file = function (name) {
  return path.join(this.dir, name + '.json');
};

Store.prototype.read = function (name, callback) {
  var self = this;
  if (self.cache[name] && self.cache[name].value) return callback(null, self.cache[name].value);
  fs.readFile(self.file(name), self.encoding, function (err, text) {
    if (err) return callback(err);
    var value = JSON.parse(text);
    self.cache[name] = { value: value, at: Date.now() };
    callback(null, value);
  });
};

module.exports = Store;
`,
  `function fetchUser(client, id) {
  return client.get('/users/' + id).then(function (response) {
    return response.json();
  }).then(function (user) {
    var name = user.first + ' ' + user.last;
    return { id: user.id, name: name, email: user.email };
  });
}

function fetchAll(client, ids) {
  var results = [];
  return Promise.all(ids.map(function (id) {
    return fetchUser(client, id);
  })).then(function (users) {
    users.forEach(function (user) {
      if (user && user.email) results.push(user);
    });
    return results;
  });
}

module.exports = { fetchUser: fetchUser, fetchAll: fetchAll };
`,
  `var DEFAULTS = { size: 10, label: 'item' };

function extend(target) {
  for (var i = 1; i < arguments.length; i++) {
    var source = arguments[i];
    for (var key in source) {
      if (Object.prototype.hasOwnProperty.call(source, key)) target[key] = source[key];
    }
  }
  return target;
}

function Widget(element, options) {
  var settings = extend({}, DEFAULTS, options);
  this.element = element;
  this.size = settings.size;
  this.label = settings.label;
  this.area = Math.pow(this.size, 2);
}

Widget.prototype.render = function () {
  var parent = this.element && this.element.parentNode;
  var title = this.label + ' (' + this.size + 'x' + this.size + ')';
  if (parent) parent.setAttribute('title', title);
  return '<div class="' + this.label + '">' + title + '</div>';
};

Widget.prototype.destroy = function () {
  var handlers = this.handlers !== null && this.handlers !== undefined ? this.handlers : [];
  handlers.forEach(function (handler) {
    handler.off();
  });
};
`,
  `var util = require('util');
var EventEmitter = require('events').EventEmitter;

function Queue(worker, concurrency) {
  EventEmitter.call(this);
  this.worker = worker;
  this.concurrency = concurrency || 1;
  this.running = 0;
  this.items = [];
}
util.inherits(Queue, EventEmitter);

Queue.prototype.push = function (item) {
  var self = this;
  self.items.push(item);
  setTimeout(function () {
    self.next();
  }, 0);
};

Queue.prototype.next = function () {
  var self = this;
  if (self.running >= self.concurrency || !self.items.length) return;
  var item = self.items.shift();
  self.running++;
  self.worker(item, function (err, result) {
    self.running--;
    if (err) self.emit('error', err, item);
    else self.emit('done', result && result.value, item);
    self.next();
  });
};

module.exports = Queue;
`,
  `function loadConfig(url, overrides) {
  return fetch(url).then(function (response) {
    if (!response.ok) throw new Error('cannot load ' + url + ': ' + response.status);
    return response.json();
  }).then(function (config) {
    var settings = Object.assign({}, config.defaults, overrides);
    var port = settings.port != null ? settings.port : 8080;
    return { host: settings.host || 'localhost', port: port, debug: !!settings.debug };
  });
}

function describe(settings) {
  var host = settings.host;
  var port = settings.port;
  return 'http://' + host + ':' + port + '/' + (settings.prefix && settings.prefix.name);
}

module.exports = { loadConfig: loadConfig, describe: describe };
`,
  `var counters = {};

function count(name, by) {
  var step = by === undefined ? 1 : by;
  counters[name] = (counters[name] || 0) + step;
  return counters[name];
}

function report(out) {
  var names = Object.keys(counters).sort();
  for (var i = 0; i < names.length; i++) {
    var name = names[i];
    out.write(name + ': ' + counters[name] + '\\n');
  }
  return names.length;
}

var api = {
  count: count,
  report: report,
  reset: function () {
    counters = {};
  },
  squares: function (values) {
    return values.map(function (v) { return Math.pow(v, 2); });
  },
};
module.exports = api;
`,
];
