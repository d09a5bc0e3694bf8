// The script the sandboxed Node process runs to observe calls. It is a string written into the work
// folder (the bundle has no loader for plain .js assets). It loads the instrumented module, runs each
// case, and prints one JSON line per event: `{start}` before a call (so a call that never returns is
// known by the idle limit), then `{id, outcome, hits}` with the statements and branch arms it reached.
// Network use is refused in-process too, on every OS, by replacing the socket and DNS entry points.
/** Replaces the socket, datagram, DNS and fetch entry points with a refusal (same in the suite runs). */
export const NETWORK_GUARD = String.raw`const refuse = function () {
  const e = new Error('network access is refused by the Codewright sandbox');
  e.code = 'ERR_ACCESS_DENIED';
  throw e;
};
require('net').Socket.prototype.connect = refuse;
require('dgram').Socket.prototype.send = refuse;
const dns = require('dns');
dns.lookup = refuse; dns.resolve = refuse; dns.promises.lookup = refuse;
if (typeof globalThis.fetch === 'function') globalThis.fetch = refuse;
`;

export const HARNESS_SOURCE = String.raw`'use strict';
const fs = require('fs');
const spec = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));
${NETWORK_GUARD}const print = (o) => fs.writeSync(1, JSON.stringify(o) + '\n');
const coverage = () => {
  const all = globalThis[spec.coverageVar];
  return all && all[spec.moduleFile];
};
function snapshot() {
  const c = coverage();
  if (!c) return { s: {}, b: {} };
  const b = {};
  for (const k of Object.keys(c.b)) b[k] = c.b[k].slice();
  return { s: Object.assign({}, c.s), b };
}
function hitsSince(before) {
  const c = coverage();
  const hits = [];
  if (!c) return hits;
  for (const k of Object.keys(c.s)) if (c.s[k] > (before.s[k] || 0)) hits.push('s' + k);
  for (const k of Object.keys(c.b)) c.b[k].forEach((n, i) => { if (n > ((before.b[k] || [])[i] || 0)) hits.push('b' + k + '.' + i); });
  return hits;
}
const IDENT = /^[A-Za-z_$][\w$]*$/;
function serialize(v, depth, seen) {
  if (v === undefined) return { expr: 'undefined' };
  if (v === null) return { expr: 'null' };
  const t = typeof v;
  if (t === 'boolean') return { expr: String(v) };
  if (t === 'number') {
    if (Number.isNaN(v)) return { expr: 'NaN' };
    if (v === Infinity) return { expr: 'Infinity' };
    if (v === -Infinity) return { expr: '-Infinity' };
    return { expr: Object.is(v, -0) ? '-0' : String(v) };
  }
  if (t === 'bigint') return { expr: String(v) + 'n' };
  if (t === 'string') return v.length > 5000 ? { type: 'string' } : { expr: JSON.stringify(v) };
  if (t === 'function') return { type: 'function' };
  if (t === 'symbol') return { type: 'symbol' };
  if (depth > 6 || seen.has(v)) return { type: 'object' };
  seen.add(v);
  try {
    if (Array.isArray(v)) {
      if (v.length > 200) return { type: 'array' };
      const parts = [];
      for (let i = 0; i < v.length; i++) {
        if (!(i in v)) return { type: 'array' };
        const p = serialize(v[i], depth + 1, seen);
        if (p.expr === undefined) return { type: 'array' };
        parts.push(p.expr);
      }
      return { expr: '[' + parts.join(', ') + ']' };
    }
    const proto = Object.getPrototypeOf(v);
    if (v instanceof Date) return Number.isNaN(v.getTime()) ? { expr: 'new Date(NaN)' } : { expr: 'new Date(' + v.getTime() + ')' };
    if (v instanceof RegExp) return { expr: String(v) };
    if (proto === Object.prototype) {
      const keys = Object.keys(v);
      if (keys.length > 200 || Object.getOwnPropertySymbols(v).length > 0) return { type: 'object' };
      const parts = [];
      for (const k of keys) {
        const d = Object.getOwnPropertyDescriptor(v, k);
        if (!d || !('value' in d)) return { type: 'object' };
        const p = serialize(d.value, depth + 1, seen);
        if (p.expr === undefined) return { type: 'object' };
        parts.push((IDENT.test(k) ? k : JSON.stringify(k)) + ': ' + p.expr);
      }
      return { expr: parts.length ? '{ ' + parts.join(', ') + ' }' : '{}' };
    }
    const name = proto && proto.constructor && typeof proto.constructor.name === 'string' ? proto.constructor.name : '';
    return { type: 'instance', className: name };
  } finally {
    seen.delete(v);
  }
}
function describeError(e) {
  if (e instanceof Error || (e && typeof e === 'object' && 'message' in e)) {
    return { name: String(e.name || 'Error'), message: String(e.message) };
  }
  const s = serialize(e, 0, new Set());
  return { name: '(thrown value)', message: s.expr === undefined ? String(e) : s.expr };
}
function withTimeout(p, ms) {
  let timer;
  return Promise.race([p, new Promise((_, reject) => { timer = setTimeout(() => reject({ __timeout: true }), ms); })])
    .finally(() => clearTimeout(timer));
}
async function main() {
  const before = snapshot();
  let subject;
  try {
    subject = require(spec.modulePath);
  } catch (e) {
    print({ load: 'throw', error: describeError(e) });
    return;
  }
  const functions = subject && (typeof subject === 'object' || typeof subject === 'function')
    ? Object.keys(subject).filter((k) => typeof subject[k] === 'function').map((k) => [k, subject[k].length])
    : [];
  print({ load: 'ok', hits: hitsSince(before), functions, arity: typeof subject === 'function' ? subject.length : -1 });
  const skip = new Set(spec.skip);
  for (const c of spec.cases) {
    if (skip.has(c.id)) continue;
    print({ start: c.id });
    const pre = snapshot();
    let outcome;
    try {
      const build = new Function('subject', 'return [[' + c.args.join(', ') + '], [' + (c.ctorArgs || []).join(', ') + ']];');
      const built = build(subject);
      let owner = subject;
      for (const k of c.access.slice(0, -1)) owner = owner[k];
      const last = c.access[c.access.length - 1];
      let result;
      if (c.kind === 'class') {
        const Ctor = c.access.length ? owner[last] : subject;
        result = new Ctor(...built[0]);
      } else if (c.kind === 'method' && !c.isStatic) {
        const Ctor = c.access.length > 1 ? c.access.slice(0, -1).reduce((o, k) => o[k], subject) : subject;
        const instance = new Ctor(...built[1]);
        result = instance[last](...built[0]);
      } else {
        const fn = c.access.length ? owner[last] : subject;
        result = c.access.length ? fn.apply(owner, built[0]) : fn(...built[0]);
      }
      if (result && typeof result.then === 'function') {
        try {
          const value = await withTimeout(result, spec.asyncMs);
          outcome = Object.assign({ kind: 'return', async: true }, serialize(value, 0, new Set()));
        } catch (e) {
          outcome = e && e.__timeout ? { kind: 'timeout' } : Object.assign({ kind: 'throw', async: true }, describeError(e));
        }
      } else {
        outcome = Object.assign({ kind: 'return' }, serialize(result, 0, new Set()));
      }
    } catch (e) {
      outcome = Object.assign({ kind: 'throw' }, describeError(e));
    }
    print({ id: c.id, outcome, hits: hitsSince(pre) });
  }
}
main().then(() => print({ done: true }), (e) => print({ fatal: String(e && e.message) }));
`;
