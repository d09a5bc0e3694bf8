// Knows which plugin rule ESLint is running, so that one that runs away (a catastrophic regex, a
// quadratic walk on a huge file) can be named and turned off instead of losing the whole review.
// Each rule's `create` and every listener it returns are wrapped to record the rule's id before
// they run. When the stage budget interrupts ESLint (V8 TerminateExecution, which skips `finally`
// blocks), `trackedRule.current` still names the rule that was running.
import type { ESLint, Rule } from 'eslint';

export const trackedRule: { current: string | undefined } = { current: undefined };

/** A copy of a plugin whose rules record their id in `trackedRule` while they run. */
export function tracked(prefix: string, plugin: ESLint.Plugin): ESLint.Plugin {
  const rules = Object.fromEntries(
    Object.entries(plugin.rules ?? {}).map(([name, rule]) => [name, trackRule(`${prefix}/${name}`, rule)]),
  );
  return { ...plugin, rules };
}

function trackRule(id: string, rule: Rule.RuleModule | ((context: Rule.RuleContext) => Rule.RuleListener)) {
  const module: Rule.RuleModule = typeof rule === 'function' ? { create: rule } : rule;
  return {
    ...module,
    create(context: Rule.RuleContext): Rule.RuleListener {
      const outer = trackedRule.current;
      trackedRule.current = id;
      const listener = module.create(context);
      trackedRule.current = outer;
      const wrapped: Rule.RuleListener = {};
      for (const selector in listener) {
        const handler = listener[selector];
        if (typeof handler !== 'function' || !Object.hasOwn(listener, selector)) continue;
        // `arguments`, not a rest parameter: V8 passes it on to `apply` without building an array,
        // and these wrappers run for every node a listener matches.
        wrapped[selector] = function (this: unknown) {
          trackedRule.current = id;
          // eslint-disable-next-line prefer-rest-params
          const result = (handler as (...a: unknown[]) => unknown).apply(this, arguments as never);
          trackedRule.current = undefined;
          return result;
        } as never;
      }
      return wrapped;
    },
  } satisfies Rule.RuleModule;
}
