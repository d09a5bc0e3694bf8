// `for` headers whose condition the header's own counter does not decide (split from bounds.ts;
// `whileBound` is passed in by it, so the modules do not import each other).
import type { LoopBound } from '../model';
import { escape, shorten } from './boundText';
import { counterOf, splitTopLevel } from './loopSteps';
import { counterSum, drawnDown, stepsUp } from './counterSums';

/**
 * A header whose condition the header's counter does not decide. `for (int c = 0; i >= 0 || j >= 0
 * || c > 0; --i, --j)` runs while any disjunct holds (one comparison read from it would bound `i`
 * alone, counting down from `c`'s start); `for (int i = 0; candies > 0; ++i)` tests a variable the
 * body changes, not the counter (its start `0` is not where `candies` starts). Both are read as a
 * `while` over the condition, the update being the body's last statement; a count the header's
 * constant start would give is withheld.
 */
export function headerIgnored(
  init: string,
  condition: string,
  update: string,
  body: string,
  whileBound: (condition: string, body: string) => LoopBound,
): LoopBound | undefined {
  // The update runs after the body on every pass, as if it were the body's last statement.
  const disjuncts = splitTopLevel(condition, '||');
  // `for ; i <= m1 || i <= m2; i++ { … m1 -= i … m2 -= i }`: the header's counter against the larger
  // of two limits that lose it (counterSums.ts).
  const first = disjuncts.length === 2 ? /^([\w$]+)\s*<=?\s*([\w$]+)$/.exec(disjuncts[0]!) : null;
  const summed =
    first && first[1] === counterOf(update) && stepsUp(first[1], update)
      ? counterSum(first[1], `${first[2]} || ${disjuncts[1]}`, body)
      : undefined;
  if (summed) return summed;
  if (disjuncts.length > 1) return whileBound(condition, `${body}\n${update};`);
  const counter = counterOf(update);
  const tested = /^\s*!?\(?\s*([\w$.]+)\s*(?:<=|<|>=|>|!==|!=)\s*(.+?)\)?\s*$/.exec(condition);
  const initialised = /^(?:[\w$<>[\]]+\s+)?([\w$]+)\s*:?=/.exec(init.trim())?.[1];
  if (!counter || !tested || tested[1] === counter || tested[1] === initialised) return undefined;
  // Every name the update steps or assigns (`head = head.next, ++i`): one the condition tests
  // decides the loop as the header says.
  const updated = update
    .split(',')
    .map((part) => counterOf(part) ?? /^\s*([\w$]+)\s*=/.exec(part)?.[1])
    .filter((name): name is string => !!name);
  if (updated.some((name) => new RegExp(`(^|[^\\w$.])${escape(name)}\\b`).test(condition))) return undefined;
  // `for (; cnt > k; --right) cnt -= nums[right];`: no initialiser, so the update moves a pointer
  // that continues from earlier passes (not reset by this header), one step per pass, and a plain
  // subscript with it (`nums[right]`, `nums[right - 1]`) keeps it inside that collection: linear
  // in it, and amortised over an enclosing loop that does not reset it (amortised.ts).
  const stepped =
    !init.trim() && /^\s*(?:\+\+|--)\s*[\w$]+\s*$|^\s*[\w$]+\s*(?:\+\+|--|[-+]=\s*1)\s*$/.test(update);
  const subscripted = stepped
    ? new RegExp(`([A-Za-z_$][\\w$.]*)\\s*\\[\\s*${escape(counter)}\\s*(?:[-+]\\s*\\d+\\s*)?\\]`).exec(
        body,
      )?.[1]
    : undefined;
  if (subscripted && subscripted !== counter)
    return { kind: 'linear', key: subscripted.replace(/^\$/, ''), amortised: 'pointer', pointer: counter };
  // `for (let i = 0; candies > 0; ++i) candies -= Math.min(candies, i + 1);`: what each pass takes
  // from the tested number grows with the counter, so √ passes (counterSums.ts).
  const drawn = stepsUp(counter, update) ? drawnDown(condition, body, counter) : undefined;
  if (drawn) return drawn;
  // The update is left out below: a counter it steps (`out[i % k]`) says nothing of `candies`.
  const bound = whileBound(condition, body);
  return bound.kind === 'constant'
    ? {
        kind: 'unknown',
        reason: `its condition \`${shorten(condition, 40)}\` does not test the counter \`${counter}\``,
      }
    : bound;
}
