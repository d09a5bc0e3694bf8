// Per-key rate limits: minute, hour and day windows, each with the plan's budget, all enforced.
// Windows are fixed and aligned to the (injectable) clock: the store key carries the window's index,
// so resets are exact epoch seconds and tests move time without sleeping. The counters live in a
// rate-limiter-flexible store when `createLimiter` is given (RateLimiterRedis shares the budget between
// instances); the embedded default counts in this process's memory, synchronously (see MemoryWindows).
//
// Exactness: a request consumes one point from all three windows; when any window refuses, the
// points taken are given back, so a refused request costs nothing. Requests of one key run this
// consume/give-back step one at a time, so no concurrent request can see a point that is about to be
// returned; across instances (Redis) a refusal can at worst be a little early, never late.
import { RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Plan } from './auth/keyStore';

export const WINDOWS = [
  { name: 'minute', ms: 60_000 },
  { name: 'hour', ms: 3_600_000 },
  { name: 'day', ms: 86_400_000 },
] as const;
export type WindowName = (typeof WINDOWS)[number]['name'];
export type PlanLimits = Record<WindowName, number>;

/** The spec's numbers. */
export const PLAN_LIMITS: Record<Plan, PlanLimits> = {
  free: { minute: 20, hour: 100, day: 1000 },
  pro: { minute: 100, hour: 1000, day: 10000 },
  enterprise: { minute: 500, hour: 5000, day: 50000 },
};

export interface RateLimitDecision {
  allowed: boolean;
  /** The window reported in the headers: the tightest one, or on refusal the one that frees last. */
  window: WindowName;
  limit: number;
  remaining: number;
  /** When that window resets, in Unix epoch seconds. */
  resetEpochSeconds: number;
  /** On refusal: seconds until every refusing window has reset. */
  retryAfterSeconds?: number;
}

export interface RateLimiterOptions {
  now?: () => number;
  plans?: Record<Plan, PlanLimits>;
  createLimiter?: (options: { keyPrefix: string; points: number; duration: number }) => RateLimiterAbstract;
}

interface WindowState {
  name: WindowName;
  limit: number;
  remaining: number;
  resetMs: number;
  refused: boolean;
}

export class RateLimiter {
  private readonly now: () => number;
  private readonly plans: Record<Plan, PlanLimits>;
  /** A shared store's limiters by `plan:window`; undefined for the embedded in-memory counters. */
  private readonly limiters?: Map<string, RateLimiterAbstract>;
  private readonly memory = new MemoryWindows();
  private readonly queues = new Map<string, Promise<unknown>>();
  /**
   * Refusals remembered until the refusing window resets: within a window counts only grow, so a
   * full window stays full (on every instance sharing the store), and a refused caller that keeps
   * calling costs one map lookup instead of three store round trips and three give-backs.
   */
  private readonly refusals = new Map<string, Refusal>();

  constructor(options: RateLimiterOptions = {}) {
    this.now = options.now ?? Date.now;
    this.plans = options.plans ?? PLAN_LIMITS;
    const create = options.createLimiter;
    if (!create) return;
    this.limiters = new Map();
    for (const plan of Object.keys(this.plans) as Plan[]) {
      for (const window of WINDOWS) {
        const points = this.plans[plan][window.name];
        // The duration only lets the store forget old windows; the window index in the key decides.
        const limiter = create({
          keyPrefix: `cw:${plan}:${window.name}`,
          points,
          duration: window.ms / 1000,
        });
        this.limiters.set(`${plan}:${window.name}`, limiter);
      }
    }
  }

  /**
   * Takes one request from the key's budget, or refuses it without taking anything. The embedded
   * counters and a remembered refusal answer at once (no promise on the hot path); a shared store
   * answers with a promise.
   */
  consume(keyId: string, plan: Plan): Readonly<RateLimitDecision> | Promise<Readonly<RateLimitDecision>> {
    // Keyed by the key id alone (a key has one plan; a remembered refusal of another plan is
    // forgotten, and the counters, which are per plan, decide again).
    const refusal = this.refusals.get(keyId);
    if (refusal) {
      const now = this.now();
      if (refusal.plan === plan && now < refusal.untilMs) return refusal.at(now);
      this.refusals.delete(keyId);
    }
    if (!this.limiters) return this.consumeInMemory(keyId, plan);
    return this.oneAtATime(keyId, () => this.consumeAll(keyId, plan));
  }

  /** The embedded path: no await between counting and giving back, so no request can interleave. */
  private consumeInMemory(keyId: string, plan: Plan): RateLimitDecision {
    const now = this.now();
    const counters = this.memory.countersOf(keyId, plan);
    const states: WindowState[] = WINDOWS.map((window, i) => {
      const index = Math.floor(now / window.ms);
      const limit = this.plans[plan][window.name];
      const count = counters[i]!.add(index, 1);
      return {
        name: window.name,
        limit,
        remaining: Math.max(limit - count, 0),
        resetMs: (index + 1) * window.ms,
        refused: count > limit,
      };
    });
    return this.settle(keyId, plan, states, now, () => {
      WINDOWS.forEach((window, i) => counters[i]!.add(Math.floor(now / window.ms), -1));
    });
  }

  private async consumeAll(keyId: string, plan: Plan): Promise<RateLimitDecision> {
    const limiters = this.limiters!;
    const now = this.now();
    const targets = WINDOWS.map((window) => {
      const index = Math.floor(now / window.ms);
      return {
        name: window.name,
        limiter: limiters.get(`${plan}:${window.name}`)!,
        storeKey: `${keyId}:${index}`,
        resetMs: (index + 1) * window.ms,
        limit: this.plans[plan][window.name],
      };
    });
    const outcomes = await Promise.allSettled(targets.map((t) => t.limiter.consume(t.storeKey, 1)));
    const states: WindowState[] = outcomes.map((outcome, i) => {
      const target = targets[i]!;
      const result = outcome.status === 'fulfilled' ? outcome.value : outcome.reason;
      if (!(result instanceof RateLimiterRes)) throw result; // a store failure, not a refusal
      return {
        name: target.name,
        limit: target.limit,
        remaining: result.remainingPoints,
        resetMs: target.resetMs,
        refused: outcome.status === 'rejected',
      };
    });
    if (!states.some((state) => state.refused)) return decision(true, tightest(states), now);
    // Every window counted this request (a refusing one too), so every window gets it back.
    await Promise.all(targets.map((t) => t.limiter.reward(t.storeKey, 1)));
    return this.settle(keyId, plan, states, now, () => undefined);
  }

  /** The decision from the windows' counts; a refusal first gives the request back and is remembered. */
  private settle(
    keyId: string,
    plan: Plan,
    states: WindowState[],
    now: number,
    giveBack: () => void,
  ): RateLimitDecision {
    const refused = states.filter((state) => state.refused);
    if (refused.length === 0) return decision(true, tightest(states), now);
    giveBack();
    const last = refused.reduce((a, b) => (b.resetMs > a.resetMs ? b : a));
    const refusal = new Refusal(plan, last.resetMs, decision(false, { ...last, remaining: 0 }, now));
    this.refusals.set(keyId, refusal);
    return refusal.at(now);
  }

  private oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(key);
    // The common case, nothing of this key in flight: start at once, without a promise hop.
    const result = previous ? previous.then(task, task) : task();
    const tail: Promise<void> = result.then(
      () => {
        if (this.queues.get(key) === tail) this.queues.delete(key);
      },
      () => {
        if (this.queues.get(key) === tail) this.queues.delete(key);
      },
    );
    this.queues.set(key, tail);
    return result;
  }
}

/**
 * A remembered refusal. Its decision changes only when Retry-After (whole seconds) does, so one
 * object is handed out per second: a caller that keeps calling allocates nothing, and what is
 * derived from a decision (the refusal's headers and body) can be kept with it.
 */
class Refusal {
  private current?: Readonly<RateLimitDecision>;

  constructor(
    readonly plan: Plan,
    readonly untilMs: number,
    private readonly decision: Readonly<RateLimitDecision>,
  ) {}

  at(now: number): Readonly<RateLimitDecision> {
    const retryAfterSeconds = Math.ceil((this.untilMs - now) / 1000);
    if (this.current?.retryAfterSeconds !== retryAfterSeconds) {
      this.current = Object.freeze({ ...this.decision, retryAfterSeconds });
    }
    return this.current;
  }
}

/**
 * The embedded counters: per key and plan, its count in the current window of each of WINDOWS. A
 * counter is reset when its window index moves on, so the map holds one entry per key. Written here
 * rather than through RateLimiterMemory because every authenticated request counts in three windows:
 * this is one map lookup (on the key's id, a string whose hash V8 keeps) and three updates, where the
 * library's promise-based consume cost about 8 µs for the three (measured), a tenth of serving
 * GET /v1/config.
 */
class MemoryWindows {
  private readonly counts = new Map<string, Partial<Record<Plan, WindowCounter[]>>>();

  /** The key's counters under the plan, in the order of WINDOWS. */
  countersOf(keyId: string, plan: Plan): WindowCounter[] {
    let byPlan = this.counts.get(keyId);
    if (byPlan === undefined) this.counts.set(keyId, (byPlan = {}));
    return (byPlan[plan] ??= WINDOWS.map(() => new WindowCounter()));
  }
}

class WindowCounter {
  private index = -Infinity;
  private count = 0;

  /** Adds `delta` to the count in window `index` and returns the new count. */
  add(index: number, delta: number): number {
    if (this.index < index) {
      this.index = index;
      this.count = Math.max(delta, 0);
    } else if (this.index === index) {
      this.count = Math.max(this.count + delta, 0);
    } // else a clock that moved back: the newer window stands
    return this.count;
  }
}

/** Fewest requests left; on a tie, the window that resets first. */
function tightest(states: WindowState[]): WindowState {
  return states.reduce((a, b) =>
    b.remaining < a.remaining || (b.remaining === a.remaining && b.resetMs < a.resetMs) ? b : a,
  );
}

function decision(allowed: boolean, state: WindowState, _now: number): RateLimitDecision {
  return {
    allowed,
    window: state.name,
    limit: state.limit,
    remaining: state.remaining,
    resetEpochSeconds: Math.ceil(state.resetMs / 1000),
  };
}
