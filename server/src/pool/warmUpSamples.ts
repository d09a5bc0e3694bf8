// Small sources a worker reviews while idle to warm up its review code (warmUp.ts), written for
// this purpose: each covers common syntax (modules, classes, async code, loops, regular
// expressions, DOM and Node calls, TypeScript's types, JSX) so that the parser, the scope analysis
// and most rules' listeners run on many different passes. Each is one unit of warm-up work: short
// enough that a real task arriving meanwhile waits only a few milliseconds behind it.

const MODULE = `import { readFile } from 'node:fs/promises';
import path from 'node:path';

export const DEFAULTS = { retries: 3, timeout: 1000, labels: ['a', 'b'] };

export function merge(base, { retries = 1, ...rest } = {}, ...extra) {
  const result = { ...base, retries, ...rest };
  for (const item of extra) Object.assign(result, item);
  return result?.labels?.length ?? 0 ? result : { ...result, labels: [] };
}

export async function loadJson(dir, name) {
  const file = path.join(dir, \`\${name}.json\`);
  try {
    const text = await readFile(file, 'utf8');
    return JSON.parse(text);
  } catch (error) {
    if (error.code === 'ENOENT') return null;
    throw new Error(\`cannot read \${file}: \${error.message}\`);
  }
}

const double = (n) => n * 2;
export default [1, 2, 3].map(double).filter((n) => n > 2);
`;

const CLASSES = `class Shape {
  static count = 0;
  #id;
  constructor(name) {
    this.name = name;
    this.#id = ++Shape.count;
  }
  get id() {
    return this.#id;
  }
  area() {
    return 0;
  }
  toString() {
    return this.name + ' #' + this.#id + ': ' + this.area().toFixed(2);
  }
}

class Circle extends Shape {
  constructor(radius) {
    super('circle');
    this.radius = radius;
  }
  area() {
    return Math.PI * this.radius ** 2;
  }
  set size(value) {
    if (value < 0) throw new RangeError('negative size');
    this.radius = value / 2;
  }
}

module.exports = { Shape, Circle, shapes: [new Circle(1), new Circle(2)].sort((a, b) => a.area() - b.area()) };
`;

const LOOPS = `function summarize(rows, options) {
  var total = 0;
  let i = 0;
  const seen = {};
  while (i < rows.length) {
    const row = rows[i++];
    if (!row || typeof row !== 'object') continue;
    for (const key in row) {
      if (!Object.prototype.hasOwnProperty.call(row, key)) continue;
      seen[key] = (seen[key] || 0) + 1;
    }
    switch (row.kind) {
      case 'add':
        total += Number(row.value);
        break;
      case 'sub':
        total -= parseInt(row.value, 10);
        break;
      default:
        if (row.kind == null) total = total;
    }
  }
  outer: for (let j = 0; j < 10; j++) {
    do {
      if (j % 2 === 0) continue outer;
    } while (false);
  }
  const words = String(options.text).trim().split(/\\s+/).filter((w) => /^[a-z]+$/i.test(w));
  return { total, seen, words: words.join(','), keys: Object.keys(seen).reduce((acc, k) => acc + k.length, 0) };
}
`;

const ASYNC = `const EventEmitter = require('events');

function* ids(start) {
  let next = start;
  while (true) yield next++;
}

async function* pages(fetchPage) {
  for (let page = 1; ; page++) {
    const items = await fetchPage(page);
    if (items.length === 0) return;
    yield* items;
  }
}

function retry(task, times) {
  return new Promise((resolve, reject) => {
    const attempt = (left) => {
      task()
        .then(resolve)
        .catch((err) => (left > 0 ? setTimeout(() => attempt(left - 1), 100) : reject(err)));
    };
    attempt(times);
  });
}

async function collect(fetchPage) {
  const out = [];
  for await (const item of pages(fetchPage)) out.push(item);
  const results = await Promise.all(out.map(async (item) => ({ item, at: Date.now() })));
  return results;
}

const bus = new EventEmitter();
bus.on('tick', (n) => console.log('tick', n, ids(n).next().value));
module.exports = { retry, collect, bus };
`;

const NODE = `const { exec } = require('child_process');
const crypto = require('crypto');
const http = require('http');
const fs = require('fs');

const password = process.env.PASSWORD || 'changeme';

function handler(req, res) {
  const url = new URL(req.url, 'http://localhost');
  const name = url.searchParams.get('name');
  exec('ls ' + name, (err, stdout) => {
    if (err) {
      res.statusCode = 500;
      return res.end(err.message);
    }
    res.setHeader('Content-Type', 'text/html');
    res.end('<p>' + stdout + '</p>');
  });
  const token = Math.random().toString(36).slice(2);
  const hash = crypto.createHash('md5').update(token + password).digest('hex');
  fs.writeFileSync('/tmp/' + name, hash);
  const pattern = new RegExp(name);
  return pattern.test(hash) ? eval('1 + 1') : JSON.stringify({ hash });
}

http.createServer(handler).listen(8080);
`;

const BROWSER = `document.addEventListener('DOMContentLoaded', () => {
  const list = document.querySelector('#items');
  const input = document.getElementById('search');
  let timer = null;
  input.addEventListener('input', (event) => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const response = await fetch('/api/items?q=' + encodeURIComponent(event.target.value));
      const items = await response.json();
      list.innerHTML = items.map((item) => '<li>' + item.title + '</li>').join('');
      localStorage.setItem('last', JSON.stringify(items.slice(0, 10)));
      for (let i = 0; i < items.length; i++) {
        const el = document.createElement('span');
        el.textContent = items[i].title;
        list.appendChild(el);
      }
    }, 250);
  });
  window.onmessage = function (message) {
    if (message.data && message.data.type === 'reload') location.href = message.data.url;
  };
});
`;

const TYPES = `import type { Readable } from 'node:stream';

export interface User {
  readonly id: number;
  name: string;
  email?: string;
  roles: Array<'admin' | 'user'>;
}

export type Result<T, E = Error> = { ok: true; value: T } | { ok: false; error: E };

export enum Level {
  Low = 1,
  High,
}

export abstract class Repository<T extends { id: number }> {
  protected readonly items = new Map<number, T>();
  constructor(private readonly name: string) {}
  abstract validate(item: T): boolean;
  save(item: T): Result<T> {
    if (!this.validate(item)) return { ok: false, error: new Error(\`invalid \${this.name}\`) };
    this.items.set(item.id, item);
    return { ok: true, value: item };
  }
  find(id: number): T | undefined {
    return this.items.get(id)!;
  }
}

export function first<T>(values: readonly T[], fallback: T): T {
  return values.length > 0 ? (values[0] as T) : fallback;
}

export async function readAll(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export const levels = { low: Level.Low, high: Level.High } satisfies Record<string, Level>;
`;

const SERVICE = `import { EventEmitter } from 'node:events';

type Handler<T> = (payload: T) => void | Promise<void>;

interface Options {
  retries: number;
  delayMs?: number;
}

export class Queue<T> extends EventEmitter {
  private readonly handlers: Handler<T>[] = [];
  private running = false;

  constructor(private readonly options: Options = { retries: 2 }) {
    super();
  }

  subscribe(handler: Handler<T>): () => void {
    this.handlers.push(handler);
    return () => this.handlers.splice(this.handlers.indexOf(handler), 1);
  }

  async publish(payload: T): Promise<number> {
    if (this.running) throw new Error('busy');
    this.running = true;
    let failures = 0;
    try {
      for (const handler of this.handlers) {
        for (let attempt = 0; attempt <= this.options.retries; attempt++) {
          try {
            await handler(payload);
            break;
          } catch (error: unknown) {
            failures++;
            this.emit('error', error instanceof Error ? error : new Error(String(error)));
          }
        }
      }
    } finally {
      this.running = false;
    }
    return failures;
  }
}
`;

const COMPONENT = `import { useEffect, useState } from 'react';

export function ItemList({ source, onSelect }) {
  const [items, setItems] = useState([]);
  const [query, setQuery] = useState('');
  useEffect(() => {
    let cancelled = false;
    fetch(source + '?q=' + query)
      .then((response) => response.json())
      .then((data) => !cancelled && setItems(data));
    return () => {
      cancelled = true;
    };
  }, [source, query]);
  return (
    <div className="items">
      <input value={query} onChange={(event) => setQuery(event.target.value)} />
      {items.length === 0 ? <p>Nothing found</p> : null}
      <ul>
        {items.map((item, index) => (
          <li key={index} onClick={() => onSelect(item)} dangerouslySetInnerHTML={{ __html: item.html }} />
        ))}
      </ul>
    </div>
  );
}
`;

/** The samples for a JavaScript-family language: plain JS for all, types for TS, JSX for the react ones. */
export function warmUpSamples(language: string): string[] {
  const javascript = [MODULE, CLASSES, LOOPS, ASYNC, NODE, BROWSER];
  const typed = language === 'typescript' || language === 'typescriptreact';
  const jsx = language === 'javascriptreact' || language === 'typescriptreact';
  return [...javascript, ...(typed ? [TYPES, SERVICE] : []), ...(jsx ? [COMPONENT] : [])];
}
