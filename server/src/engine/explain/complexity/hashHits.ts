// Rabin-Karp's check of a hash hit: inside a loop, a branch taken when a table holds entries under
// a modular hash (`if (lookup.count(curr))`, Python `if curr in lookup:`, Java
// `lookup.containsKey(h)`) walks the entries stored under that hash (`for (j : lookup[curr])`) and
// returns as soon as one entry's text equals the current one (`if (S.substr(j, L) == S.substr(i, L))
// return i;`). With a good hash, entries share a hash only when their texts are equal, so a hit is a
// match: the first entry compared returns, and the branch is entered at most once per call — its
// comparisons are paid once, not once per pass (expected, as hashing is). The hash must be computed
// with a modulus in the function (`curr = (curr * D + c) % M`); a table keyed by the text itself, or
// an arm that does not return on a match, keeps the usual charge (a loop over the whole bucket on
// every pass).
import type { BranchFlow, Flow, LoopFlow, Statement } from '../model';
import { escape } from '../extract/boundText';
import type { Estimator, Walk } from './walk';

/** The table and key of a membership test: `t.count(k)`, `t.contains(k)`, `k in t`, `t.find(k) != t.end()`. */
function membership(condition: string): { table: string; key: string } | undefined {
  const c = condition.trim();
  const method =
    /^([\w$.]+?)\s*(?:\.|->)\s*(?:count|contains|containsKey|ContainsKey|has)\s*\(\s*([\w$]+)\s*\)(?:\s*(?:>|!=)\s*0)?$/.exec(
      c,
    );
  if (method) return { table: method[1]!, key: method[2]! };
  const found = /^([\w$.]+?)\s*\.\s*find\s*\(\s*([\w$]+)\s*\)\s*!=\s*([\w$.]+?)\s*\.\s*end\s*\(\s*\)$/.exec(
    c,
  );
  if (found && found[1] === found[3]) return { table: found[1]!, key: found[2]! };
  const within = /^([\w$]+)\s+in\s+([\w$.]+)$/.exec(c);
  if (within) return { table: within[2]!, key: within[1]! };
  return undefined;
}

/** The statement of `kind` at `line` in the unit's file. */
function statementAt(est: Estimator, line: number, kind: Statement['kind']): Statement | undefined {
  return est.facts.statements.find((s) => s.line === line && s.kind === kind);
}

/** True when `flows` holds, at its top level, a branch on an equality whose arm returns at its top level. */
function returnsOnMatch(est: Estimator, flows: Flow[]): boolean {
  return flows.some(
    (f) =>
      f.kind === 'branch' &&
      /[^=!<>]==[^=]|[^=!<>]===[^=]|\.equals\s*\(/.test(
        ` ${statementAt(est, f.line, 'if')?.condition ?? ''} `,
      ) &&
      f.arms.some((arm) => arm.some((a) => a.kind === 'return')),
  );
}

/** True when `key` is given a value computed with a modulus in the unit (a modular hash). */
function modularHash(est: Estimator, walk: Walk, key: string): boolean {
  const { line, endLine } = walk.unit;
  return est.facts.statements.some(
    (s) =>
      s.line >= line &&
      s.line <= endLine &&
      (s.kind === 'assignment' || s.kind === 'declaration') &&
      s.target === key &&
      (s.operator === '%=' || /%/.test(s.value ?? '')),
  );
}

/**
 * When the arm `arm` of `branch` checks a hash hit and returns on a match (see above): the arm
 * with its walk of the bucket read as one pass, and why; undefined otherwise.
 */
export function hashHitArm(
  est: Estimator,
  walk: Walk,
  branch: BranchFlow,
  arm: Flow[],
): { flows: Flow[]; why: string } | undefined {
  if (branch.arms[0] !== arm) return undefined;
  const test = membership(statementAt(est, branch.line, 'if')?.condition ?? '');
  if (!test || !modularHash(est, walk, test.key)) return undefined;
  const bucket = new RegExp(
    `^${escape(test.table)}\\s*(?:\\[\\s*${escape(test.key)}\\s*\\]|\\.\\s*(?:get|at)\\s*\\(\\s*${escape(test.key)}\\s*\\))$`,
  );
  const walks = (f: Flow): f is LoopFlow =>
    f.kind === 'loop' &&
    bucket.test((statementAt(est, f.line, 'loop')?.collection ?? '').trim()) &&
    returnsOnMatch(est, f.body);
  const loop = arm.find(walks);
  if (!loop) return undefined;
  const why = `the branch at line ${branch.line} is taken on a hash hit in \`${test.table}\` and returns when an entry stored under \`${test.key}\` matches (line ${loop.line}): with a good hash a hit is a match, so it runs at most once per call (expected)`;
  const once: LoopFlow = {
    ...loop,
    bound: { kind: 'constant', value: 1, why: 'the first entry compared matches (expected)' },
  };
  return { flows: arm.map((f) => (f === loop ? once : f)), why };
}
