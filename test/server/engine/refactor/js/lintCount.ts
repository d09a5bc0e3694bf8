// How many whole-file ESLint lints ran, counted at `Linter#verify` (every lint of the refactor's
// rounds goes through it), as checkCount.ts counts the compiler's checks.
import { Linter } from 'eslint';

export function countingLints<T>(run: () => T): { result: T; lints: number } {
  const verify = Linter.prototype.verify;
  let lints = 0;
  Linter.prototype.verify = function (this: Linter, ...args: Parameters<Linter['verify']>) {
    lints++;
    return verify.apply(this, args);
  } as Linter['verify'];
  try {
    return { result: run(), lints };
  } finally {
    Linter.prototype.verify = verify;
  }
}
