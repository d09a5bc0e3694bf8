// Collections of buckets filled by appending to their elements (`adj[u].append(v)`,
// `d[k] = append(d[k], x)`, `d.computeIfAbsent(k, ...).add(x)`), and which bucket a loop over them
// is on: scanning or sorting every bucket once costs the entries in total (amortised.ts,
// bucketSort.ts), not the number of buckets times the largest one.
import type { Statement } from '../model';
import type { Estimator } from './walk';
import { escape } from '../extract/boundText';

/**
 * True when `name` is a collection of buckets filled by appending to its elements
 * (`adj[u].append(v)`, `buckets[c].push_back(x)`, `groups[k].add(x)`): all buckets together hold
 * one entry per append, so scanning every bucket once costs the number of appends in total, not
 * the number of buckets times the largest one. A grid or a list of words is not such a collection.
 */
export function filledByAppends(est: Estimator, name: string): boolean {
  return appendsToBuckets(est, name).length > 0;
}

/** The statements appending to an element of `name` (see filledByAppends). */
export function appendsToBuckets(est: Estimator, name: string): Statement[] {
  if (!/^[\w$.]+$/.test(name)) return [];
  const n = escape(name.replace(/^(self|this)(\.|->)/, ''));
  // Also Java `d.computeIfAbsent(k, x -> new ArrayList<>()).add(v)` and Go `d[k] = append(d[k], v)`.
  const append = new RegExp(
    `\\b${n}\\s*\\[(?:[^[\\]]|\\[[^[\\]]*\\])*\\]\\s*(\\.|->)\\s*(append|push_back|push|add|emplace_back|emplace|insert|extend)\\s*\\(|\\b${n}\\.setdefault\\([^)]*\\)\\.append\\(|\\b${n}\\.computeIfAbsent\\(.*\\)\\.add\\(|\\b${n}\\s*\\[((?:[^[\\]]|\\[[^[\\]]*\\])+)\\]\\s*=\\s*append\\(\\s*${n}\\s*\\[\\s*\\3\\s*\\]\\s*,`,
  );
  return est.facts.statements.filter((s) => append.test(s.code));
}

/** The statements nested in loop `header`. */
export function bodyOf(est: Estimator, header: Statement): Statement[] {
  const out: Statement[] = [];
  for (const s of est.facts.statements) {
    if (s.line <= header.line) continue;
    if (s.depth <= header.depth) break;
    out.push(s);
  }
  return out;
}

/**
 * The bucket collection whose current bucket `key` is, inside the loop whose header is at `line`,
 * when that loop walks the buckets of a collection filled by appends: the loop's item
 * (`for ts in d`, `for (auto& [k, ts] : d)`, `for k, ts := range d`), its value
 * (`e.getValue()`, `kv.second`), `d[i]` with `i` the loop's variable, or a local bound to one of
 * these in the loop body (`var ts = e.getValue();`, `auto& ts = d[k];`). Undefined otherwise.
 */
export function currentBucket(est: Estimator, line: number | undefined, key: string): string | undefined {
  const header = est.facts.statements.find((s) => s.kind === 'loop' && s.line === line);
  if (!header) return undefined;
  const vars = (header.item ?? '')
    .replace(/^.*?\b(?:var|auto|let|const|final|mut)\b\s*&?\s*/, '')
    .split(/[\s,()[\]&*:]+/)
    .filter(
      (v) => /^[A-Za-z_$][\w$]*$/.test(v) && !/^(int|long|var|auto|const|let|mut|for|in|range)$/.test(v),
    );
  const collection = (header.collection ?? '')
    .trim()
    .replace(/^(?:&\s*(?:mut\s+)?|range\s+)/, '')
    .replace(/\.(entrySet|values|items|iter|iter_mut|into_iter)\(\)$/, '');
  const itemOf = (text: string): boolean => {
    if (vars.includes(text)) return true;
    const owner = /^([\w$]+)(?:\.getValue\(\)|\.second|->second|\.Value)$/.exec(text)?.[1];
    return !!owner && vars.includes(owner);
  };
  const indexed = /^([\w$.]+)\s*\[\s*([\w$]+)\s*\]$/.exec(key);
  // `for j in adj[i]: ... adj[j]`: items of one bucket repeat across buckets.
  if (indexed && (header.collection ?? '').trim().startsWith(`${indexed[1]}[`)) return undefined;
  if (indexed && vars.includes(indexed[2]!))
    return filledByAppends(est, indexed[1]!) ? indexed[1] : undefined;
  if (!/^[\w$]+$/.test(collection) || !/^[\w$]+$/.test(key)) return undefined;
  const bucketOfCollection = new RegExp(
    `^${escape(collection)}(?:\\s*\\[\\s*[\\w$]+\\s*\\]|\\.get\\(\\s*[\\w$]+\\s*\\))$`,
  );
  const local =
    !itemOf(key) &&
    bodyOf(est, header).some(
      (s) =>
        (s.kind === 'declaration' || s.kind === 'assignment') &&
        s.target?.trim() === key &&
        (itemOf((s.value ?? '').trim()) || bucketOfCollection.test((s.value ?? '').trim())),
    );
  return (itemOf(key) || local) && filledByAppends(est, collection) ? collection : undefined;
}
