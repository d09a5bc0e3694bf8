// Taking the first item of a JS/TS array (`q.shift()`) moves every other item down one place as
// the language defines it (ECMAScript's `Array.prototype.shift` re-indexes the array: O(n) per
// call), but JavaScript engines commonly detach the front of the array's storage instead of
// moving it, which makes the same call O(1). A queue drained by `shift` inside a loop is therefore
// O(V + E) or O(n²) depending on the engine running it, not on the code; the claim is withheld
// with that reason rather than picking one. PHP's `array_shift` renumbers the keys by its own
// definition and stays charged (callCost.ts).
import type { LanguageId } from '../../languages';
import type { CallFlow } from '../model';

/** Why the O(n) charge of a front take in a loop is unsure, or undefined where it is not one. */
export function frontTakeDoubt(language: LanguageId, call: CallFlow, inLoop: boolean): string | undefined {
  if (!inLoop || (language !== 'javascript' && language !== 'typescript')) return undefined;
  if (call.name !== 'shift' || call.args.length !== 0 || !call.receiver) return undefined;
  return `\`${call.receiver}.shift()\` (line ${call.line}) re-indexes the array as the language defines it (O(n) per call), but JavaScript engines usually take the front in place (O(1)): the total depends on the engine, not on the code`;
}
