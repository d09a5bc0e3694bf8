// The taint analysis exposed as ESLint rules, one per sink kind, so each finding has its own rule
// id, docs and severity. The analysis runs once per file and is shared by the rules.
import type { Rule } from 'eslint';
import type { AstNode } from '../ast';
import { collectModuleBindings } from '../modules';
import { lower, type JsRule } from '../rule';
import { analyseTaint } from './analysis';
import type { SinkHit, SinkKind } from './sinks';
import { isWholeRequest } from './sources';

const analyses = new WeakMap<object, SinkHit[]>();

function hitsFor(program: AstNode): SinkHit[] {
  let hits = analyses.get(program);
  if (!hits) {
    try {
      hits = analyseTaint(program, collectModuleBindings(program));
    } catch (error) {
      // Pathologically deep code (minified bundles) can exhaust the stack: report nothing rather than crash.
      if (!(error instanceof RangeError)) throw error;
      hits = [];
    }
    analyses.set(program, hits);
  }
  return hits;
}

interface TaintRuleSpec {
  kind: SinkKind;
  /** Message when user input reaches the sink. */
  tainted: string;
  /** Message when a caller-supplied value reaches it, or undefined when only user input counts. */
  dynamic?: string;
  /** Message when a value of unknown origin (neither input nor a constant) reaches it. */
  opaque?: string;
}

/** The sink call is given the request parameter itself (`require(request)`), not a value read from it. */
function wholeRequestArgument(hit: SinkHit): boolean {
  const source = hit.value.source;
  return (
    isWholeRequest(source) &&
    hit.node.type === 'CallExpression' &&
    hit.node.arguments.some((arg: AstNode) => arg.type === 'Identifier' && arg.name === source)
  );
}

/** Sinks that read their value as text: SQL, a command, code, a path, a pattern. */
const TEXT_SINKS: ReadonlySet<SinkKind> = new Set(['sql', 'command', 'code', 'path', 'regex']);

function taintRule(spec: TaintRuleSpec): Rule.RuleModule {
  return {
    meta: {
      type: 'problem',
      schema: [],
      messages: {
        tainted: spec.tainted,
        ...(spec.dynamic ? { dynamic: spec.dynamic } : {}),
        ...(spec.opaque ? { opaque: spec.opaque } : {}),
      },
    },
    create(context) {
      return {
        'Program:exit'(program) {
          for (const hit of hitsFor(program as unknown as AstNode)) {
            if (hit.kind !== spec.kind) continue;
            if (TEXT_SINKS.has(hit.kind) && hit.value.tainted && wholeRequestArgument(hit)) continue;
            const messageId = hit.value.tainted ? 'tainted' : hit.value.dynamic ? 'dynamic' : 'opaque';
            if (messageId !== 'tainted' && !spec[messageId]) continue;
            context.report({
              node: hit.node as unknown as Rule.Node,
              messageId,
              data: { source: hit.value.source ?? 'input', sink: hit.sink },
            });
          }
        },
      };
    },
  };
}

const LANGS = ['javascript', 'typescript', 'javascriptreact', 'typescriptreact'] as const;

export const TAINT_RULES: JsRule[] = [
  {
    eslintId: 'codewright/sql-injection',
    module: taintRule({
      kind: 'sql',
      tainted: 'SQL query built from user input ({{source}}) and passed to {{sink}}: SQL injection.',
      dynamic: 'SQL query built by interpolating {{source}} into the text passed to {{sink}}.',
    }),
    // A caller's parameter built into SQL (an ORM's driver querying the catalog for the table names
    // of its schema) is medium, as PHP reports a parameter no call in the file passes: whether input
    // can reach it is decided by callers this file does not show. Input stays critical.
    severities: { tainted: 'critical', dynamic: 'medium' },
    meta: {
      id: 'codewright/sql-injection',
      type: 'security',
      severity: 'critical',
      languages: LANGS,
      description:
        'A query string built with concatenation or a template literal from user input (or a parameter) reaches a query method (`query`, `execute`, `raw`, `$queryRawUnsafe`, ...).',
      rationale:
        'An attacker who controls part of the SQL text can read or change any data the connection can reach.',
      fix: 'Use placeholders (`?`, `$1`) and pass values separately, or a query builder or tagged `sql` template that escapes.',
      example: "app.get('/u', (req, res) => db.query(`SELECT * FROM users WHERE id = ${req.query.id}`));",
    },
  },
  {
    eslintId: 'codewright/command-injection',
    module: taintRule({
      kind: 'command',
      tainted: 'Shell command built from user input ({{source}}) run by {{sink}}: command injection.',
      dynamic: 'Shell command built from {{source}} run by {{sink}}; a caller can inject shell syntax.',
    }),
    severities: { tainted: 'critical', dynamic: 'high' },
    adjustSeverity: (severity, profile) => (profile.cli ? lower(severity) : severity),
    meta: {
      id: 'codewright/command-injection',
      type: 'security',
      severity: 'critical',
      languages: LANGS,
      description:
        "`child_process.exec`/`execSync`, `spawn`/`execFile` with `shell: true` or a shell given `-c` (`sh`, `bash`, `cmd /c`, `powershell -Command`, also through a constant or an array filled later), execa (`command`, `execaCommand`, `shell: true`), shelljs `exec`, cross-spawn, child-process-promise and node-cmd, under any local name, run a command string that contains user input or a parameter; or input chooses the program (`spawn(input)`, `execFile(input)`) or the shell (`shell: input`); or input reaches git or hg where an option could name a program to run (`execFile('git', ['clone', input])`, `fetch`, `pull`, `push`, `ls-remote`, `archive`, any hg command; not after `--`). Escaped input (`shell-quote`, `shescape`, `parseInt`) is clean, and so is a caller's whole command run as given (a wrapper such as `function run(cmd) { exec(cmd) }`: input reaching it is found at the call). Not found: commands built in another file, option injection into other programs run without a shell.",
      rationale:
        "The shell interprets `;`, `|`, `$()` and backticks, so any injected text runs as a command with the process's rights.",
      fix: 'Call `execFile`/`spawn` without a shell and pass arguments as an array; validate against an allow-list.',
      example: 'exec(`convert ${req.query.file} out.png`);',
    },
  },
  {
    eslintId: 'codewright/code-injection',
    module: taintRule({
      kind: 'code',
      tainted: 'User input ({{source}}) is evaluated as code by {{sink}}.',
      dynamic: '{{sink}} evaluates a string built from {{source}}.',
      opaque: '{{sink}} evaluates a string that is not a constant: whoever controls it runs code.',
    }),
    // A caller's parameter evaluated (a bundler running the module it built, a template compiler
    // checking an expression's syntax) is medium, as in Python, Ruby and PHP: whether input can
    // reach it is decided by callers this file does not show.
    severities: { tainted: 'critical', dynamic: 'medium', opaque: 'medium' },
    meta: {
      id: 'codewright/code-injection',
      type: 'security',
      severity: 'critical',
      languages: LANGS,
      description:
        '`eval`, `new Function`/`Function()`, `setTimeout`/`setInterval` with a string, or `vm.runIn*Context` run a non-constant string. Critical for user input, medium for a parameter or any other non-constant string; a string literal is not reported.',
      rationale:
        'Evaluating text as code lets whoever controls the text run arbitrary code in the process or page.',
      fix: 'Parse data with `JSON.parse`, map names to functions with an object, or pass a function to timers.',
      example: 'const result = eval(req.body.expression);',
    },
  },
  {
    eslintId: 'codewright/path-traversal',
    module: taintRule({
      kind: 'path',
      tainted: 'File path built from user input ({{source}}) passed to {{sink}}: path traversal.',
    }),
    severities: { tainted: 'high' },
    appliesTo: (profile) => profile.node,
    meta: {
      id: 'codewright/path-traversal',
      type: 'security',
      severity: 'high',
      languages: LANGS,
      description:
        'An `fs` call that reads, writes, lists or removes (not `existsSync`/`stat`), `res.sendFile`, `res.download`, `res.render` or `require` receives a path or name built from user input.',
      rationale:
        '`../` sequences or absolute paths let a caller read or overwrite files outside the intended folder.',
      fix: 'Use `path.basename`, or resolve the path and check it `startsWith` the allowed root; use `sendFile` with a `root` option.',
      example: "fs.readFile(path.join(__dirname, 'uploads', req.params.name), cb);",
    },
  },
  {
    eslintId: 'codewright/open-redirect',
    module: taintRule({
      kind: 'redirect',
      tainted: 'Redirect target comes from user input ({{source}}) via {{sink}}: open redirect.',
    }),
    severities: { tainted: 'medium' },
    meta: {
      id: 'codewright/open-redirect',
      type: 'security',
      severity: 'medium',
      languages: LANGS,
      description:
        "`res.redirect`, `Location` headers, `location.href = ...` (also `top`/`parent`), `location.assign/replace`, `window.open` (also `navigate`, `openDialog`, `showModalDialog`), `location.protocol`/`host`/`hostname` writes, AngularJS `$location.url(...)` (and `$window` as `window`), `$(location).attr('href', ...)`, or a script URL (`new Worker(...)`, `src` of a `<script>` or `<iframe>` made with `createElement` or written in JSX) with a URL from user input. Not reported: input only after a constant `?`/`#`, a constant start that fixes the host (`/path/`, `https://host/`), allow-list checks, and the page's own address (`location.href`, `document.URL`, their prefixes and `split(...)[0]`); suffixes and regex groups of the address are input.",
      rationale:
        'Attackers send links on your domain that forward victims to phishing pages, or run `javascript:` URLs in the page.',
      fix: 'Redirect only to relative paths (starting with a single `/`) or to hosts on an allow-list.',
      example: 'res.redirect(req.query.next);',
    },
  },
  {
    eslintId: 'codewright/xss',
    module: taintRule({
      kind: 'xss',
      tainted: 'User input ({{source}}) is written as HTML by {{sink}}: cross-site scripting.',
      dynamic: '{{sink}} renders {{source}} as HTML without sanitising it.',
    }),
    severities: { tainted: 'high', dynamic: 'medium' },
    meta: {
      id: 'codewright/xss',
      type: 'security',
      severity: 'high',
      languages: LANGS,
      description:
        '`innerHTML`/`outerHTML`/`srcdoc`, `insertAdjacentHTML`, `createContextualFragment`, `document.write` (also `window.document.write`), `setAttribute` with an attribute name from input or input in an `on…` handler, `dangerouslySetInnerHTML` (JSX or `createElement` props), jQuery (`$(text)` and targets of `appendTo`/`insertAfter`/... unless they start as a selector, `html`/`append`/`wrap`/..., `$.parseHTML`, also on a variable holding a jQuery object), AngularJS `angular.element(text)`, `$sce.trustAsHtml`, Ember `htmlSafe`, `new Handlebars.SafeString`, an HTML response (`res.send`/`write`/`end`, also through `res.status(404).send(...)`, unless the handler sets a non-HTML type), a Koa body that is or starts with request text, or a nodemailer `html` body receive unescaped input. Input with every `<` removed or escaped is not reported in element content.',
      rationale:
        "Markup from an attacker runs script in your users' sessions: stolen tokens, forged actions.",
      fix: 'Use `textContent` or JSX text, escape for HTML, or sanitise with DOMPurify before inserting markup.',
      example: 'el.innerHTML = `<p>${location.hash.slice(1)}</p>`;',
    },
  },
  {
    eslintId: 'codewright/regex-injection',
    module: taintRule({
      kind: 'regex',
      tainted: 'Regular expression built from user input ({{source}}) by {{sink}}.',
    }),
    severities: { tainted: 'high' },
    meta: {
      id: 'codewright/regex-injection',
      type: 'security',
      severity: 'high',
      languages: LANGS,
      description:
        '`new RegExp(...)`/`RegExp(...)` compiles a pattern taken from user input, or `match`/`matchAll`/`search` on a string or a value of unknown type (not routers, search clients, indexes or databases, and not with an options argument) receive input (they compile a string argument as a pattern). Escaped input is clean: lodash `escapeRegExp`, `escape-string-regexp` under any name, a `replace` that backslash-escapes every special character (`/[.*+?^${}()|[\\]\\\\]/g` → `\\$&`); an escape that misses one is not, and neither are escapes for HTML, URLs or SQL (`escape`, `encodeURIComponent`, `_.escape`), which leave `.`, `*`, `(` and `)` as they are.',
      rationale:
        'A crafted pattern can backtrack for minutes (ReDoS), blocking the event loop for every user.',
      fix: 'Escape the input (`s.replace(/[.*+?^${}()|[\\]\\\\]/g, "\\\\$&")`) or match with string methods.',
      example: 'const re = new RegExp(req.query.q);',
    },
  },
  {
    eslintId: 'codewright/nosql-injection',
    module: taintRule({
      kind: 'nosql',
      tainted: 'Query filter built from user input ({{source}}) passed to {{sink}}: NoSQL injection.',
    }),
    severities: { tainted: 'high' },
    meta: {
      id: 'codewright/nosql-injection',
      type: 'security',
      severity: 'high',
      languages: LANGS,
      description:
        'A MongoDB/Mongoose filter (`find`, `findOne`, `updateOne`, `deleteMany`, `aggregate`, ...) on a collection or model receives a body or query-string value, which body parsers turn into objects such as `{ $ne: null }`; or a `$where` clause contains input. Route params, headers and cookies are strings and are not reported.',
      rationale:
        'An operator object in place of a value (`{ password: { $ne: null } }`) matches every document: logins are bypassed and data leaks.',
      fix: 'Convert values to the expected type (`String(req.body.name)`), validate with a schema, or use `mongo-sanitize`; never build `$where` from input.',
      example:
        "app.post('/login', (req, res) => users.findOne({ name: req.body.name, password: req.body.password }));",
    },
  },
  {
    eslintId: 'codewright/ssrf',
    module: taintRule({
      kind: 'ssrf',
      tainted:
        'Request URL built from user input ({{source}}) fetched by {{sink}}: server-side request forgery.',
    }),
    severities: { tainted: 'high' },
    appliesTo: (profile) => profile.node,
    meta: {
      id: 'codewright/ssrf',
      type: 'security',
      severity: 'high',
      languages: LANGS,
      description:
        '`http.get`/`https.request`, `fetch`, axios, got, request, needle or superagent fetch a URL from user input whose host is not fixed by a constant start.',
      rationale:
        'The server fetches whatever the caller names: internal services, cloud metadata endpoints, files through other schemes.',
      fix: 'Fix the host in code and put input only in the path or query, or check the host against an allow-list after parsing.',
      example: "app.get('/preview', async (req, res) => res.send((await axios.get(req.query.url)).data));",
    },
  },
  {
    eslintId: 'codewright/xpath-injection',
    module: taintRule({
      kind: 'xpath',
      tainted: 'XPath expression built from user input ({{source}}) evaluated by {{sink}}.',
    }),
    severities: { tainted: 'high' },
    meta: {
      id: 'codewright/xpath-injection',
      type: 'security',
      severity: 'high',
      languages: LANGS,
      description:
        '`document.evaluate`, `document.createExpression` or the `xpath` package (`select`, `evaluate`, `parse`) receive an expression built from user input.',
      rationale:
        "Injected XPath changes which nodes match: authentication checks pass, other users' data is read.",
      fix: 'Pass input as an XPath variable, or allow only known values.',
      example: "xpath.select(`//user[name='${req.query.name}']`, doc);",
    },
  },
  {
    eslintId: 'codewright/xxe',
    module: taintRule({
      kind: 'xxe',
      tainted: 'XML from user input ({{source}}) parsed by {{sink}}, which expands external entities (XXE).',
    }),
    severities: { tainted: 'high' },
    meta: {
      id: 'codewright/xxe',
      type: 'security',
      severity: 'high',
      languages: LANGS,
      description:
        "User input parsed as XML by a parser that expands external entities: libxmljs `parseXml`/`parseXmlString` with `noent: true` (inline or in a variable), libxmljs's `SaxParser#parseString` and `SaxPushParser#push` (they expand entities by default), MSXML `new ActiveXObject('Microsoft.XMLDOM').loadXML`. The browser's `DOMParser`, node-expat, xmldom and xml2js do not load external entities and are not reported.",
      rationale:
        'An external entity in the document makes the parser read local files or fetch URLs chosen by the sender (file disclosure, SSRF).',
      fix: 'Leave `noent` off and parse with the DOM parser (`libxmljs.parseXml(text)`), or reject documents with a DOCTYPE.',
      example: 'libxmljs.parseXml(req.body, { noent: true });',
    },
  },
  {
    eslintId: 'codewright/unsafe-deserialization',
    module: taintRule({
      kind: 'deserialization',
      tainted: 'User input ({{source}}) is deserialised by {{sink}}, which can run code.',
    }),
    severities: { tainted: 'critical' },
    meta: {
      id: 'codewright/unsafe-deserialization',
      type: 'security',
      severity: 'critical',
      languages: LANGS,
      description:
        "`node-serialize`'s `unserialize`, or js-yaml's `load`/`loadAll` with the full schema, receive user input. Plain `yaml.load` is not reported (safe since js-yaml 4).",
      rationale:
        'These formats can carry functions that run while the data is read: the sender runs code on the server.',
      fix: 'Use `JSON.parse`, or js-yaml `load` with the default (safe) schema.',
      example: 'serialize.unserialize(req.cookies.profile);',
    },
  },
];

export { hitsFor as taintHitsFor };
