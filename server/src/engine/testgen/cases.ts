// Builds the calls to try for each target. Round 1 varies one parameter at a time around a base call
// (each candidate value reaches the branches that depend on that parameter alone); round 2 mixes
// parameters pairwise from a seeded generator, for branches that need two conditions at once.
import type { CallableInfo, CaseSpec, ParamInfo } from './model';
import { type Candidate, candidatesFor, EDGE_VALUES, type Value } from './values';

export const MAX_CASES_PER_TARGET = 60;

interface Pools {
  params: Candidate[][];
  ctor: Candidate[][];
}

function poolsOf(target: CallableInfo, withEdges: boolean): Pools {
  const owner = target.owner;
  const ctorTarget: CallableInfo | undefined = owner && {
    ...target,
    params: owner.params,
    literals: owner.literals,
  };
  return {
    params: target.params.map((p) => candidatesFor(p, target, withEdges)),
    ctor: ctorTarget && owner ? owner.params.map((p) => candidatesFor(p, ctorTarget, withEdges)) : [],
  };
}

/** The base call: every parameter without a default gets its most typical value. */
function baseArgs(params: ParamInfo[], pools: Candidate[][]): (Candidate | undefined)[] {
  return params.map((p, i) => (p.optional ? undefined : pools[i]![0]));
}

function toCase(
  id: number,
  target: CallableInfo,
  args: (Candidate | undefined)[],
  ctor: (Candidate | undefined)[],
  render: (v: Value) => string,
  undefinedSource: string,
): CaseSpec {
  const trimmed = [...args];
  while (trimmed.length > 0 && trimmed[trimmed.length - 1] === undefined) trimmed.pop();
  const all = [...trimmed, ...ctor];
  return {
    id,
    target,
    args: trimmed.map((c) => (c ? render(c.value) : undefinedSource)),
    ctorArgs:
      target.owner && !target.isStatic ? ctor.map((c) => (c ? render(c.value) : undefinedSource)) : undefined,
    edge: all.some((c) => c?.edge),
  };
}

/** Seeded PRNG (mulberry32): the same source gives the same cases, so results are reproducible. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface CaseBuilder {
  render: (v: Value) => string;
  undefinedSource: string;
}

/** Round 1 (one factor at a time) or round 2 (pairwise mixes, edge values included). */
export function buildCases(
  targets: CallableInfo[],
  round: 1 | 2,
  withEdges: boolean,
  builder: CaseBuilder,
  firstId: number,
): CaseSpec[] {
  const cases: CaseSpec[] = [];
  let id = firstId;
  for (const target of targets) {
    const pools = poolsOf(target, round === 2 || withEdges);
    const base = baseArgs(target.params, pools.params);
    const ctorBase = baseArgs(target.owner?.params ?? [], pools.ctor);
    const seen = new Set<string>();
    const local: CaseSpec[] = [];
    const add = (args: (Candidate | undefined)[], ctor: (Candidate | undefined)[]): void => {
      const spec = toCase(id, target, args, ctor, builder.render, builder.undefinedSource);
      const key = JSON.stringify([spec.args, spec.ctorArgs]);
      if (seen.has(key) || local.length >= MAX_CASES_PER_TARGET) return;
      seen.add(key);
      local.push(spec);
      id += 1;
    };
    if (round === 1) {
      add(base, ctorBase);
      target.params.forEach((_, i) => {
        for (const candidate of pools.params[i]!)
          add(
            base.map((b, j) => (j === i ? candidate : (b ?? (j < i ? pools.params[j]![0] : undefined)))),
            ctorBase,
          );
      });
      (target.owner?.params ?? []).forEach((_, i) => {
        for (const candidate of pools.ctor[i]!.slice(0, 6))
          add(
            base,
            ctorBase.map((b, j) => (j === i ? candidate : b)),
          );
      });
      add([], ctorBase); // every parameter omitted: the defaults' own branch
    } else {
      const next = random(target.line * 7919 + target.params.length);
      const pick = (pool: Candidate[]): Candidate | undefined =>
        pool.length === 0 ? undefined : pool[Math.floor(next() * pool.length)];
      for (let n = 0; n < MAX_CASES_PER_TARGET * 2 && local.length < MAX_CASES_PER_TARGET; n++) {
        add(
          pools.params.map((pool) => pick(pool)),
          pools.ctor.map((pool) => pick(pool)),
        );
      }
      if (target.params.length === 0 && EDGE_VALUES.length > 0) add([], ctorBase);
    }
    cases.push(...local);
  }
  return cases;
}
