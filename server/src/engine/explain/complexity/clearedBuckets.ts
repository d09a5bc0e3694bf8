// Buckets emptied after use: `neighbors = set(groups[arr[pos]] + [pos - 1, pos + 1]);
// groups[arr[pos]] = []; for p in neighbors: …` inside a loop over a work list. The inner loop walks
// the bucket of one key and the same pass empties it, and nothing in the outer loop fills a bucket
// again in bulk, so each item is walked at most once over all passes: the inner passes add up to
// the items ever put in a bucket (plus the few written beside it), not the outer count times a
// bucket. A single item appended again on a pass (`lookup[k].append(i)`) is one more item, paid
// by its append; `extend` or `+=` could put a walked bucket's items back in bulk.
// amortised.ts shares such a loop out like a drained work list.
import type { LoopFlow, Statement } from '../model';
import { escape } from '../extract/boundText';
import type { Estimator } from './walk';

const BUCKET = /^([A-Za-z_$][\w$.]*)\s*\[(.+)\]$/;

/**
 * The bucket `text` walks: `M[k]` itself, or a copy of it with at most a display beside it
 * (`set(M[k])`, `list(M[k])`, `M[k] + [a, b]`, `set(M[k] + [a, b])`).
 */
function bucketOf(text: string): { map: string; key: string } | undefined {
  let t = text.trim();
  const wrapped = /^(?:set|list|tuple|sorted)\((.*)\)$/s.exec(t);
  if (wrapped) t = wrapped[1]!.trim();
  t = t.replace(/\s*\+\s*\[[^[\]]*\]$/, '').trim();
  const m = BUCKET.exec(t);
  return m && !/[[\]]/.test(m[1]!) ? { map: m[1]!, key: m[2]!.replace(/\s+/g, '') } : undefined;
}

/** Statements inside the loop `flow` (by line). */
function inside(statements: Statement[], flow: LoopFlow): Statement[] {
  const end = flow.endLine ?? flow.line;
  return statements.filter((s) => s.line > flow.line && s.line <= end);
}

/**
 * True when `inner`, directly inside `outer`, walks the bucket `M[k]` (or a local copied from it in
 * the same pass) and the statement block holding `inner` also empties that bucket (`M[k] = []`,
 * `M[k].clear()`, `del M[k]`), while no statement of `outer` adds to a bucket of `M` in bulk.
 */
export function clearedBucket(est: Estimator, inner: LoopFlow, outer: LoopFlow): boolean {
  if (inner.bound.kind !== 'linear' || inner.counting) return false;
  const statements = est.facts.statements;
  const header = statements.find((s) => s.kind === 'loop' && s.line === inner.line);
  const walked = header?.collection?.trim();
  if (!header || !walked) return false;
  const body = inside(statements, outer);
  // A local holding the copy: written once in the outer loop, at the inner loop's depth, before it.
  const copies = body.filter(
    (s) => s.target?.trim() === walked && (s.kind === 'assignment' || s.kind === 'declaration'),
  );
  const source =
    copies.length === 1 && copies[0]!.depth === header.depth && copies[0]!.line < header.line
      ? copies[0]!.value
      : /^[A-Za-z_$][\w$]*$/.test(walked)
        ? undefined
        : walked;
  const bucket = source === undefined ? undefined : bucketOf(source);
  if (!bucket) return false;
  const bucketText = `${bucket.map}[${bucket.key}]`;
  const emptying = ['=[]', '=set()', '={}', '.clear()'].map((e) => `${bucketText}${e}`);
  const emptied = (s: Statement) => {
    const flat = s.code.replace(/\s+/g, '').replace(/;$/, '');
    return emptying.includes(flat) || flat === `del${bucketText}`;
  };
  if (!body.some((s) => s.depth === header.depth && emptied(s))) return false;
  const fills = new RegExp(
    `${escape(bucket.map)}\\s*\\[(?:[^[\\]]|\\[[^[\\]]*\\])*\\]\\s*(?:\\.\\s*(?:extend|update)\\s*\\(|\\+=)`,
  );
  return !body.some((s) => fills.test(s.code));
}
