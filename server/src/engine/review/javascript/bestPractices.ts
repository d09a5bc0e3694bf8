// Best-practice rules: ESLint core, typescript-eslint and a few sonarjs rules that catch real bugs
// (dead code, identical branches, swallowed errors) rather than style. `safeFix` marks rules whose
// ESLint fix never changes behaviour, so fixed_code may include it.
import type { Severity } from '../../contracts/review';
import type { Rule } from 'eslint';
import tseslint from 'typescript-eslint';
import type { JsRule } from './rule';
import { withoutTopLevelDeclarations } from './rules/unusedVars';

const LANGS = ['javascript', 'typescript', 'javascriptreact', 'typescriptreact'] as const;

type Docs = [description: string, rationale: string, fix: string, example: string];

function bp(eslintId: string, severity: Severity, docs: Docs, extra: Partial<JsRule> = {}): JsRule {
  const [description, rationale, fix, example] = docs;
  return {
    eslintId,
    ...extra,
    meta: {
      id: eslintId,
      type: 'best_practices',
      severity,
      languages: LANGS,
      description,
      rationale,
      fix,
      example,
    },
  };
}

export const BEST_PRACTICE_RULES: JsRule[] = [
  bp(
    'eqeqeq',
    'low',
    [
      '`==`/`!=` instead of `===`/`!==` (comparisons with `null` allowed).',
      'Loose equality converts types in surprising ways (`"0" == false`).',
      'Use `===` and `!==`. Fixed automatically where the operand types make it safe.',
      'if (count == "0") reset();',
    ],
    { options: ['always', { null: 'ignore' }], safeFix: true },
  ),
  bp('no-var', 'low', [
    '`var` declarations.',
    '`var` is function-scoped and hoisted, which causes bugs in loops and blocks.',
    'Use `const` (or `let` when reassigned).',
    'var total = 0;',
  ]),
  bp(
    'prefer-const',
    'low',
    [
      '`let` variables that are never reassigned.',
      '`const` tells readers the binding never changes and prevents accidental reassignment.',
      'Declare them with `const` (fixed automatically).',
      'let url = base + path; fetch(url);',
    ],
    { options: [{ destructuring: 'all' }], safeFix: true },
  ),
  bp(
    '@typescript-eslint/no-unused-vars',
    'low',
    [
      'Imports, local variables, functions and parameters that are never used. Top-level declarations are not reported: a reviewed module or snippet is usually used by code the review cannot see.',
      'Dead declarations hide real problems (a misspelt name, forgotten logic) and add noise.',
      'Remove them, or prefix intentionally unused parameters with `_`.',
      "import { readFile } from 'fs'; // never used",
    ],
    {
      eslintId: 'codewright/no-unused-vars',
      module: withoutTopLevelDeclarations(
        (tseslint.plugin as unknown as { rules: Record<string, Rule.RuleModule> }).rules['no-unused-vars']!,
      ),
      options: [
        {
          vars: 'all',
          args: 'after-used',
          argsIgnorePattern: '^_|^next$',
          varsIgnorePattern: '^_|^React$',
          caughtErrors: 'none',
          ignoreRestSiblings: true,
        },
      ],
    },
  ),
  bp('no-empty', 'medium', [
    'Empty blocks, including a `catch {}` that silently swallows the error (a comment inside marks it deliberate).',
    'Failures disappear and the program continues in a broken state; other empty blocks are usually unfinished code.',
    'Handle, log or rethrow the error, or add a comment saying why nothing happens.',
    'try { save(doc); } catch (e) {}',
  ]),
  bp(
    'no-debugger',
    'medium',
    [
      '`debugger` statements.',
      'They pause execution whenever dev tools are open and should never ship.',
      'Remove the statement.',
      'debugger;',
    ],
    { adjustSeverity: (s, p) => (p.production ? 'high' : s) },
  ),
  bp(
    'no-console',
    'low',
    [
      '`console.log`/`debug`/`info` calls (warn and error allowed) in production or library code.',
      'Leftover logging leaks data and clutters output; libraries should let callers decide what to log.',
      'Use a logger, or remove the call.',
      "console.log('user', user);",
    ],
    {
      options: [{ allow: ['warn', 'error'] }],
      appliesTo: (p) => (p.production || p.library) && !p.cli && !p.test,
    },
  ),
  bp(
    'no-alert',
    'low',
    [
      '`alert`, `confirm` and `prompt` in production browser code.',
      'They block the page and are a poor user interface.',
      'Use in-page UI components.',
      "alert('Saved');",
    ],
    { appliesTo: (p) => p.production && p.browser },
  ),
  bp('no-unreachable', 'medium', [
    'Code after `return`, `throw`, `break` or `continue`.',
    'It never runs; usually a sign of a logic error.',
    'Remove it or move it before the jump.',
    'return total; cleanup();',
  ]),
  bp('no-fallthrough', 'medium', [
    'A `switch` case that falls into the next without a comment.',
    'Usually a forgotten `break`.',
    'Add `break`/`return`, or a `// falls through` comment when intended.',
    "case 'a': run(); case 'b': stop();",
  ]),
  bp('no-dupe-keys', 'medium', [
    'An object literal with the same key twice.',
    'The first value is silently overwritten.',
    'Remove or rename one of the keys.',
    '{ id: 1, name: "a", id: 2 }',
  ]),
  bp('no-duplicate-case', 'medium', [
    'Two `case` clauses with the same test.',
    'The second can never run.',
    'Remove or correct the duplicate.',
    "case 'GET': ... case 'GET':",
  ]),
  bp('no-self-compare', 'medium', [
    'Comparing a value with itself.',
    'Always true or false (except NaN checks): a typo.',
    'Compare with the intended value; use `Number.isNaN` for NaN.',
    'if (a.id === a.id)',
  ]),
  bp('no-unsafe-finally', 'medium', [
    '`return`/`throw` inside `finally`.',
    'It silently replaces the result or error of the `try` block.',
    'Move the control flow out of `finally`.',
    'finally { return null; }',
  ]),
  bp('no-unsafe-optional-chaining', 'medium', [
    'Optional chaining in a place where `undefined` throws (`(a?.b)()`, `new (a?.b)`, arithmetic).',
    'The short-circuit yields undefined exactly where it crashes.',
    'Handle the undefined case explicitly.',
    'const n = (user?.age) + 1;',
  ]),
  bp('no-async-promise-executor', 'medium', [
    'An `async` function passed to `new Promise`.',
    'Errors thrown inside are lost and the promise never settles.',
    'Call the async code directly, or remove `async` and handle errors with reject.',
    'new Promise(async (resolve) => resolve(await load()));',
  ]),
  bp('use-isnan', 'medium', [
    'Comparisons with `NaN`.',
    '`x === NaN` is always false.',
    'Use `Number.isNaN(x)`.',
    'if (value === NaN)',
  ]),
  bp('valid-typeof', 'medium', [
    '`typeof x === "strnig"` and other impossible typeof results.',
    'The comparison is always false: a typo.',
    'Use a valid type name.',
    "typeof id === 'numbr'",
  ]),
  bp('no-cond-assign', 'medium', [
    'Assignment inside an `if`/`while` test.',
    'Usually `=` where `===` was meant.',
    'Use a comparison, or wrap an intended assignment in extra parentheses.',
    'if (user = find(id))',
  ]),
  bp('no-dupe-else-if', 'medium', [
    'An `else if` with the same condition as an earlier branch.',
    'The later branch never runs.',
    'Fix the condition.',
    'if (a) x(); else if (a) y();',
  ]),
  bp('no-throw-literal', 'low', [
    '`throw` of a string or other non-Error value.',
    'No stack trace; callers checking `instanceof Error` miss it.',
    'Throw `new Error(message)`.',
    "throw 'not found';",
  ]),
  bp('no-new-wrappers', 'low', [
    '`new String`, `new Number`, `new Boolean`.',
    'Wrapper objects are always truthy and compare by identity.',
    'Call them without `new`, or use literals.',
    'const flag = new Boolean(false);',
  ]),
  bp('no-prototype-builtins', 'low', [
    '`obj.hasOwnProperty(key)` called on the object itself.',
    'Objects from `Object.create(null)` or user JSON may lack or override it.',
    'Use `Object.hasOwn(obj, key)`.',
    'if (body.hasOwnProperty("id"))',
  ]),
  bp('no-useless-catch', 'low', [
    'A `catch` that only rethrows.',
    'It adds nesting and nothing else.',
    'Remove the try/catch.',
    'try { run(); } catch (e) { throw e; }',
  ]),
  bp(
    'no-useless-return',
    'low',
    [
      'A `return;` at the end of a function.',
      'Redundant code.',
      'Remove it (fixed automatically).',
      'function f() { work(); return; }',
    ],
    { safeFix: true },
  ),
  bp(
    'no-extra-boolean-cast',
    'low',
    [
      '`!!x` or `Boolean(x)` where a boolean is already expected.',
      'Redundant noise.',
      'Remove the cast (fixed automatically).',
      'if (!!user) {}',
    ],
    { safeFix: true },
  ),
  bp(
    'no-unneeded-ternary',
    'low',
    [
      '`cond ? true : false` and similar.',
      'A roundabout way to write a boolean.',
      'Use the condition (fixed automatically).',
      'const isAdmin = role === "admin" ? true : false;',
    ],
    { safeFix: true },
  ),
  bp(
    'no-useless-rename',
    'low',
    [
      'Renaming to the same name in imports, exports and destructuring.',
      'Redundant noise.',
      'Drop the rename (fixed automatically).',
      'const { id: id } = user;',
    ],
    { safeFix: true },
  ),
  bp('no-loss-of-precision', 'medium', [
    'Number literals that lose precision at runtime.',
    'The value in the code is not the value used.',
    'Use BigInt or a string.',
    'const id = 9007199254740993;',
  ]),
  bp('array-callback-return', 'medium', [
    '`map`/`filter`/`reduce`/... callbacks that do not return a value.',
    'The result is full of undefined: usually a forgotten `return`.',
    'Return a value, or use `forEach`.',
    'const names = users.map((u) => { u.name; });',
  ]),
  bp(
    'sonarjs/cognitive-complexity',
    'medium',
    [
      'Functions whose cognitive complexity exceeds 15.',
      'Deeply nested, branching code is hard to understand, test and change safely.',
      'Extract helpers, return early, and flatten nesting.',
      'function route(req) { if (a) { for (...) { if (b) { ... } } } }',
    ],
    { options: [15] },
  ),
  bp('sonarjs/no-all-duplicated-branches', 'medium', [
    'An `if`/`switch`/ternary whose branches are all identical.',
    'The condition does nothing: a copy-paste error.',
    'Remove the condition or fix the branches.',
    'const x = cond ? a : a;',
  ]),
  bp('sonarjs/no-identical-expressions', 'medium', [
    'Identical operands on both sides of a binary operator.',
    '`a === a`, `x - x`: almost always a typo.',
    'Use the intended operand.',
    'if (a.length === a.length)',
  ]),
  bp('sonarjs/no-identical-functions', 'low', [
    'Two functions with identical bodies (3+ lines).',
    'Duplicated logic drifts apart when one copy is fixed.',
    'Keep one function and call it from both places.',
    'function a() {...} function b() {...same...}',
  ]),
  bp('sonarjs/no-collapsible-if', 'low', [
    'An `if` whose only statement is another `if`.',
    'Extra nesting for nothing.',
    'Merge the conditions with `&&`.',
    'if (a) { if (b) { run(); } }',
  ]),
  bp('sonarjs/no-element-overwrite', 'medium', [
    'An array element or map key written twice in a row without being read.',
    'The first write is lost: usually a wrong index.',
    'Fix the index or key.',
    'list[1] = a; list[1] = b;',
  ]),
  bp('sonarjs/no-use-of-empty-return-value', 'medium', [
    'Using the result of a function that returns nothing.',
    'The value is always undefined.',
    'Make the function return a value or stop using the result.',
    'const x = log("hi");',
  ]),
  bp('sonarjs/no-unused-collection', 'low', [
    'A collection that is filled but never read.',
    'Wasted work, or missing logic that should read it.',
    'Remove it or use it.',
    'const seen = []; for (const x of xs) seen.push(x);',
  ]),
  bp('sonarjs/no-misleading-array-reverse', 'medium', [
    '`reverse()`/`sort()` on an array whose result is assigned elsewhere.',
    'Both mutate the original array in place, surprising the caller.',
    'Copy first (`[...a].sort()`) or use `toSorted`/`toReversed`.',
    'const sorted = input.sort();',
  ]),
  bp('sonarjs/no-array-delete', 'medium', [
    '`delete` on an array element.',
    'Leaves a hole; length does not change.',
    'Use `splice`.',
    'delete items[i];',
  ]),
];
