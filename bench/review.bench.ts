// Review throughput on real JavaScript from installed packages (ESLint's own rule sources, at least
// 20,000 lines), against plain ESLint `Linter` running the same plugin and core rules with the
// same parser in the same run. Two comparisons: findings only (our rules on top of ESLint's), and
// the whole review with verified fixed_code against ESLint's own verifyAndFix.
import type { ESLint } from 'eslint';
import { Linter } from 'eslint/universal';
import { CHECK_TYPES } from '../server/src/engine/contracts/review';
import { reviewCode } from '../server/src/engine/review';
import { eslintConfig, reviewJavaScript } from '../server/src/engine/review/javascript/analyser';
import { JS_RULES } from '../server/src/engine/review/javascript/registry';
import { tracked } from '../server/src/engine/review/javascript/ruleTracking';
import type { AnalyserOptions } from '../server/src/engine/review/types';
import { realJavaScript } from './corpus';
import type { BenchResult } from './harness';
import { poolThroughput } from './reviewPool';

const MIN_LINES = 20_000;

/** The same config without our own rules: what plain ESLint with these plugins would run. */
function pluginOnlyConfig(options: AnalyserOptions): Linter.Config[] {
  const [config] = eslintConfig('javascript', options);
  const rules = Object.fromEntries(
    Object.entries(config!.rules ?? {}).filter(([id]) => !id.startsWith('codewright/')),
  );
  // Plugin rules we run through an extending wrapper run as themselves in the baseline.
  for (const rule of JS_RULES) {
    if (rule.eslintId !== rule.meta.id && config!.rules?.[rule.eslintId]) rules[rule.meta.id] = 'error';
  }
  const plugins = Object.fromEntries(
    Object.entries(config!.plugins ?? {}).filter(([name]) => name !== 'codewright'),
  );
  // eslint-plugin-security as shipped: the review runs its bidi rule only on files that can hold a
  // report (rules/bidi.ts), which plain ESLint does not.
  plugins.security = tracked('security', require('eslint-plugin-security') as ESLint.Plugin);
  return [{ ...config, plugins, rules }];
}

function time(run: () => void): number {
  const start = performance.now();
  run();
  return performance.now() - start;
}

async function timeAsync(run: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

export default async function reviewBench(): Promise<BenchResult[]> {
  const { files, lines } = realJavaScript(MIN_LINES);
  const options: AnalyserOptions = { checkTypes: [...CHECK_TYPES] };
  const baseline = pluginOnlyConfig(options);
  const linter = new Linter({ configType: 'flat' });
  const lintAll = (): void => files.forEach((code) => linter.verify(code, baseline, 'input.js'));
  const fixAll = (): void => files.forEach((code) => linter.verifyAndFix(code, baseline, 'input.js'));
  const analyseAll = (): void => files.forEach((code) => reviewJavaScript(code, 'javascript', options));
  const reviewAll = async (): Promise<void> => {
    for (const code of files)
      await reviewCode({ code, language: 'javascript', check_types: [...CHECK_TYPES] });
  };

  // Warm up (JIT, parser caches), then interleave the four measurements over three rounds so
  // machine noise hits them alike, and keep each one's best round.
  lintAll();
  analyseAll();
  const runs = {
    eslint: [] as number[],
    analyse: [] as number[],
    fix: [] as number[],
    review: [] as number[],
  };
  for (let round = 0; round < 3; round++) {
    runs.eslint.push(time(lintAll));
    runs.analyse.push(time(analyseAll));
    runs.fix.push(time(fixAll));
    runs.review.push(await timeAsync(reviewAll));
  }
  const best = (values: number[]): number => Math.min(...values);

  const perSecond = (ms: number): number => (lines / ms) * 1000;
  return [
    ...(await poolThroughput()),
    {
      name: `review findings, ${lines} lines of real JS (${files.length} files)`,
      value: perSecond(best(runs.analyse)),
      unit: 'lines/s',
      baseline: { name: 'ESLint Linter, same plugin rules', value: perSecond(best(runs.eslint)) },
      aim: 'higher is better; aim ratio >= 0.67 (review <= 1.5x ESLint time)',
    },
    {
      name: 'review with verified fixed_code (reviewCode)',
      value: perSecond(best(runs.review)),
      unit: 'lines/s',
      baseline: { name: 'ESLint verifyAndFix, same plugin rules', value: perSecond(best(runs.fix)) },
      aim: 'higher is better; aim ratio >= 0.67',
    },
  ];
}
