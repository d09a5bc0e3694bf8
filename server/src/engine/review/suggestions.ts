// Whole-code advice derived from the findings: one line per theme, most severe first, no repeats.
import type { Finding } from './types';
import { SEVERITY_WEIGHTS } from './score';

interface Theme {
  rules: RegExp;
  advice: string;
}

const THEMES: readonly Theme[] = [
  {
    rules: /syntax-error/,
    advice: 'Fix the syntax errors first: code after the first error may not have been reviewed.',
  },
  {
    rules: /sql-injection/,
    advice: 'Use parameterized queries everywhere; never build SQL text from request data or parameters.',
  },
  {
    rules: /command-injection/,
    advice: 'Run external programs without a shell, passing arguments as an array, and allow-list inputs.',
  },
  {
    rules: /code-injection/,
    advice: 'Remove eval/new Function on data; parse it (JSON.parse) or dispatch through a lookup table.',
  },
  {
    rules: /xss|disabled-auto-escaping|mustache-escape/,
    advice:
      'Treat all user input as text: escape or sanitise before it becomes HTML (textContent, DOMPurify).',
  },
  {
    rules: /path-traversal/,
    advice: 'Confine file access to a base directory: resolve paths and check they stay inside it.',
  },
  { rules: /open-redirect/, advice: 'Only redirect to relative paths or hosts on an allow-list.' },
  {
    rules: /hardcoded-secret/,
    advice:
      'Move credentials out of the code into environment variables or a secret manager, and rotate any that were committed.',
  },
  {
    rules: /weak-hash|weak-cipher|encryption-secure-mode|weak-keys|insecure-random|pseudoRandom/,
    advice:
      'Use modern cryptography: bcrypt/scrypt/argon2 for passwords, crypto.randomBytes for tokens, AES-GCM for encryption.',
  },
  {
    rules: /tls|weak-ssl/,
    advice: 'Keep TLS certificate verification on; trust private CAs explicitly instead of disabling checks.',
  },
  { rules: /jwt/, advice: 'Pin the accepted JWT algorithms when verifying tokens.' },
  {
    rules: /prototype-pollution/,
    advice:
      'Reject `__proto__`, `constructor` and `prototype` keys when merging or setting paths from untrusted objects.',
  },
  {
    rules: /regex|redos/,
    advice: 'Avoid regular expressions with nested quantifiers and never compile patterns from user input.',
  },
  {
    rules: /deserializ|pickle|yaml/,
    advice: 'Never deserialize untrusted data with formats that can construct arbitrary objects.',
  },
  {
    rules: /await-in-loop|unbounded-promise-all/,
    advice: 'Run independent async work concurrently with Promise.all, in bounded batches for large inputs.',
  },
  {
    rules: /sync-io/,
    advice:
      'Use asynchronous I/O in request handlers and async functions so the event loop stays responsive.',
  },
  {
    rules: /quadratic-membership/,
    advice: 'Look up membership in a Set or Map built once, not with includes/indexOf inside loops.',
  },
  {
    rules: /string-concat|string-building/,
    advice: 'Build large strings by collecting parts and joining them once.',
  },
  {
    rules: /json-deep-clone|regex-in-loop|closure-in-loop/,
    advice:
      'Hoist work that does not change per iteration out of loops, and use structuredClone for deep copies.',
  },
  { rules: /cognitive-complexity/, advice: 'Split complex functions into smaller ones with early returns.' },
  {
    rules: /no-empty|bare-except/,
    advice: 'Handle or log errors instead of silently swallowing them.',
  },
  { rules: /no-unused-vars|unused/, advice: 'Remove unused variables, imports and collections.' },
  {
    rules: /no-var|prefer-const|eqeqeq/,
    advice: 'Prefer const/let and strict equality (===); fixed_code applies the safe cases.',
  },
  {
    rules: /no-console|no-debugger|no-alert/,
    advice: 'Remove debugging leftovers (console, debugger, alert) before shipping.',
  },
];

/** Deduplicated whole-code advice, ordered by the weight of the findings behind each theme. */
export function reviewSuggestions(findings: readonly Finding[]): string[] {
  const weights = new Map<string, number>();
  for (const finding of findings) {
    const theme = THEMES.find((t) => t.rules.test(finding.rule));
    const advice = theme?.advice ?? finding.suggestion;
    weights.set(advice, (weights.get(advice) ?? 0) + SEVERITY_WEIGHTS[finding.severity]);
  }
  return [...weights.entries()].sort((a, b) => b[1] - a[1]).map(([advice]) => advice);
}
