// How many times the compiler type-checked a whole file, from TypeScript's own performance marks
// (`beforeCheck` is set once per checked file; the marks are internal, so typed here).
import ts from 'typescript';

interface Marks {
  enable(): boolean;
  disable(): void;
  getCount(mark: string): number;
}

const marks = (ts as unknown as { performance: Marks }).performance;

/** Whole-file checks (`checks`) and region checks of chosen statements (`regions`) made by `run`. */
export function countChecks<T>(run: () => T): { result: T; checks: number; regions: number } {
  marks.enable();
  try {
    const before = marks.getCount('beforeCheck');
    const regionsBefore = marks.getCount('beforeCheckNodes');
    const result = run();
    return {
      result,
      checks: marks.getCount('beforeCheck') - before,
      regions: marks.getCount('beforeCheckNodes') - regionsBefore,
    };
  } finally {
    marks.disable();
  }
}
