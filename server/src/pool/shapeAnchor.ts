// The optimized code a large refactor leaves behind is compiled against the hidden classes (maps) of
// the objects it ran on: TypeScript's nodes, symbols and types, ESLint's trees, tokens and scopes.
// Objects built the same way share those maps, since V8 finds each next map through the transitions
// of the one before; but a transition is weak, and a worker releases dead maps promptly
// (collectGarbage.ts), so the full collection after a large task freed every map that only the
// finished request's objects used, and with them ~450 optimized functions ("weak objects"): the
// next large request recompiled ~1,000 functions with TurboFan and ran the slower code meanwhile
// (docs/refactor.md, "Eighteenth" and "Nineteenth look at 10,000 lines").
//
// The anchor keeps, for the worker's life, what `modernize` built on a few small samples
// (shapeAnchorSamples.ts): the programs and checkers its transforms read and its lints' SourceCode,
// a few MB. Their objects hold the maps that objects of the same shapes in any later request get, so
// the collection no longer frees those maps nor throws away the code compiled against them. Nothing
// of a user's request is kept: only the samples' own structures. Each sample is one unit of work,
// run when the worker is idle after a large JavaScript-family refactor, before that task's collection
// (collectGarbage.ts, AfterTaskCollector): a task arriving meanwhile waits for the unit running.
//
// Maps are not all the collection takes. V8 holds a function's optimized code weakly from the
// feedback that all closures of one source function share, and strongly only from the closures it
// was installed in when they were called. TypeScript makes its checker, its printer and its scanner
// as closures per program or per use, ESLint its rule listeners per lint: once a request's programs
// and lints are dead, the code those closures ran on is freed by the next full collection without
// being marked (no map of it died), and the next request compiles it again — about two thirds of the
// ~700 TurboFan compilations left after the anchor (docs/refactor.md, "Twentieth look at 10,000
// lines"). So after every large refactor, before its collection, the samples are refactored again
// and what they build replaces what the previous refresh kept: their new closures, called while the
// request's optimized code is still in the shared feedback, install it and keep it alive. The first
// build stays (its maps), and the refresh costs the same idle units after each large refactor.
//
// The first build does not wait for a large refactor: a worker builds it in its idle time after its
// first JavaScript-family refactor of any size (the pool keeps one worker warm, and a user's first
// large request rarely follows a small one at once). The first large request then runs on the
// anchor's maps and is followed by a refresh, as a worker's later requests are; built after it
// instead, the first build held that request's maps but the request after it compiled ~180 more
// functions with TurboFan than the worker's later ones (docs/refactor.md, "Twenty-first look at
// 10,000 lines").

/** Refactors `code` with `modernize`, handing `keep` what its passes built. */
export type AnchorRefactor = (code: string, keep: (built: object) => void) => void;

export class ShapeAnchor {
  /** The first complete build, kept for the worker's life. */
  private readonly first = new Set<object>();
  /** The last complete refresh, and the one being built. */
  private refreshed = new Set<object>();
  private building = this.first;
  private next = 0;
  private armed = false;
  private rounds = 0;

  constructor(
    private readonly refactor: AnchorRefactor,
    private readonly samples: readonly string[],
  ) {}

  /**
   * A large refactor of JavaScript-family code ran: build the anchor (if `armFirst` had not) or
   * refresh it (every later time) when next idle. Armed again before a round is complete, it goes on
   * with it.
   */
  arm(): void {
    if (this.pending) return;
    this.armed = true;
    this.next = 0;
    if (this.rounds > 0) this.building = new Set();
  }

  /**
   * A refactor of JavaScript-family code of any size ran: build the anchor when next idle if it was
   * never built nor armed, so that a worker's first large refactor finds it (its later ones are
   * armed by `arm`). Does nothing once a round has started.
   */
  armFirst(): void {
    if (this.rounds === 0 && !this.armed && this.next === 0) this.armed = true;
  }

  /** Whether it is armed and samples of the round remain to build. */
  get pending(): boolean {
    return this.armed && this.next < this.samples.length;
  }

  /** Builds the round's next sample if armed and not complete; whether it ran one. */
  step(): boolean {
    if (!this.pending) return false;
    const code = this.samples[this.next++]!;
    const into = this.building;
    try {
      this.refactor(code, (built) => into.add(built));
    } catch {
      // A sample that fails anchors what it built before failing; the user's tasks are unaffected.
    }
    if (this.next === this.samples.length) this.complete();
    return true;
  }

  /**
   * One unit of idle work before the collection after a task: the first build's next sample after
   * a task of any size, a refresh's only after a task that left a large heap (`leftLargeHeap`,
   * asked only then). Whether it ran one.
   */
  stepWhenIdle(leftLargeHeap: () => boolean): boolean {
    return this.pending && (this.rounds === 0 || leftLargeHeap()) && this.step();
  }

  private complete(): void {
    this.armed = false;
    // The refresh built, the previous one can go: objects of the same shapes hold the same maps.
    if (this.rounds++ > 0) this.refreshed = this.building;
  }

  /** Structures kept: the first build's and the last refresh's. */
  get size(): number {
    return this.first.size + this.refreshed.size;
  }

  /** Rounds completed: the first build, then one refresh per large refactor after it. */
  get completed(): number {
    return this.rounds;
  }
}
