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

/** Refactors `code` with `modernize`, handing `keep` what its passes built. */
export type AnchorRefactor = (code: string, keep: (built: object) => void) => void;

export class ShapeAnchor {
  private readonly kept = new Set<object>();
  private built = 0;
  private armed = false;

  constructor(
    private readonly refactor: AnchorRefactor,
    private readonly samples: readonly string[],
  ) {}

  /** A large refactor of JavaScript-family code ran: build the anchor when next idle. */
  arm(): void {
    this.armed = true;
  }

  /** Whether it is armed and samples remain to build. */
  get pending(): boolean {
    return this.armed && this.built < this.samples.length;
  }

  /** Builds the next sample's structures if armed and not complete; whether it ran one. */
  step(): boolean {
    if (!this.pending) return false;
    const code = this.samples[this.built++]!;
    try {
      this.refactor(code, (built) => this.kept.add(built));
    } catch {
      // A sample that fails anchors what it built before failing; the user's tasks are unaffected.
    }
    return true;
  }

  /** Structures kept so far. */
  get size(): number {
    return this.kept.size;
  }
}
