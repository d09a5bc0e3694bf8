// The taint table of Python (see `common.ts` for what each field means).
import type { SyntaxNode } from '../../../../parsing/treeSitter';
import { phpQueryParts } from '../../languages/phpOutput';
import {
  CMD,
  CODE,
  LDAP,
  NUMERIC,
  PATH,
  REDIRECT,
  SQL,
  TRUST,
  XPATH,
  XSS,
  type LanguageTaint,
  DESERIALIZE,
} from './common';
import { PYTHON_OUT_OF_SIGHT } from './outOfSight';
import { PYTHON_HANDLERS } from './pythonHandlers';

/** Python: numeric conversions and escaping/quoting stop taint; `.encode()`/`b64encode` do not. */
const PYTHON_SANITIZER = new RegExp(
  [
    NUMERIC.source,
    /(?:^|\.)(?:escape\w*|\w+_escape|sanitize\w*|quote|quote_plus|basename|secure_filename|escape_filter_chars|escape_dn_chars|escape_string)$/
      .source,
    /(?:markupsafe\.escape|html\.escape|bleach\.clean|shlex\.quote|os\.path\.basename|int|float)$/.source,
    // A Django ORM lookup (`Doc.objects.get(slug=slug)`, `get_object_or_404(Doc, pk=pk)`) returns a
    // stored record: the key a view's URL capture chose is not its content (`raw`/`extra` run SQL).
    /(?:^|\.)objects\.(?!raw$|extra$)\w+$|(?:^|\.)get_(?:object|list)_or_404$/.source,
  ]
    .map((p) => `(?:${p})`)
    .join('|'),
);

/** A response's declared type that a browser does not render as a page (`text/plain`, `application/json`, `text`). */
const NOT_HTML_TYPE = /^(?:[rbu]?["'])(?![^"']*(?:html|xml|svg))[^"']*["']$/i;

/**
 * A response built with a keyword that declares a type the browser shows as data, not markup
 * (`HttpResponse(body, content_type="text/plain")`): input there is no script. HTML, XHTML, XML
 * and SVG types stay, and so does a type held in a variable.
 */
function declaresNotHtml(call: SyntaxNode): boolean {
  return (call.childForFieldName('arguments')?.namedChildren ?? []).some(
    (arg) =>
      arg?.type === 'keyword_argument' &&
      /^(?:content_type|mimetype|media_type)$/.test(arg.childForFieldName('name')?.text ?? '') &&
      NOT_HTML_TYPE.test(arg.childForFieldName('value')?.text ?? ''),
  );
}

/** The body of a response: a positional argument, or the keyword that names it — not `headers=`, `status=`. */
function responseBody(arg: SyntaxNode): Array<{ node: SyntaxNode; variant: string }> {
  if (arg.type !== 'keyword_argument') return [{ node: arg, variant: '' }];
  const value = arg.childForFieldName('value');
  return value && /^(?:content|response)$/.test(arg.childForFieldName('name')?.text ?? '')
    ? [{ node: value, variant: '' }]
    : [];
}

export const python: LanguageTaint = {
  outOfSight: PYTHON_OUT_OF_SIGHT,
  callTypes: new Set(['call']),
  memberTypes: new Set(['attribute', 'subscript']),
  parameterTypes: new Set(['identifier', 'default_parameter', 'typed_parameter', 'typed_default_parameter']),
  source:
    /^(?:flask\.)?request\.(?:args|form|values|cookies|headers|files|json|data|get_json|get_data|view_args|url|query_string|stream)\b|^request\.(?:GET|POST|COOKIES|META|FILES|body|query_params|path_params)\b|^(?:input|raw_input)$|^sys\.argv\b|^os\.(?:environ|getenv)\b/,
  sourceObject: /^request$/,
  handlers: PYTHON_HANDLERS,
  importedSources: [
    {
      match: /^(?:flask\.)?request\b/,
      imports: ['import_statement', 'import_from_statement'],
      module:
        /^(?:from|import)\s+(?:flask|django|werkzeug|quart|fastapi|starlette|bottle|falcon|pyramid|tornado|sanic|aiohttp|cherrypy|web)\b/,
    },
  ],
  selfParameter: /^(?:self|cls)$/,
  localSource: /^(?:os\.(?:environ|getenv)|sys\.argv|input|raw_input)\b/,
  sanitizer: PYTHON_SANITIZER,
  // `redirect(reverse('view', args=[job_id]))`: a URL of this site built from a route's name.
  ruleSanitizers: { [REDIRECT]: /(?:^|\.)(?:reverse|reverse_lazy|url_for)$/ },
  taintedOnly: [DESERIALIZE],
  // `value.replace("'", "&apos;")`: every quote replaced, the value cannot close a quoted literal.
  sanitizingCall: /\.replace\(\s*(?:'\\''|"'")\s*,/,
  inPlace: [
    { callee: /^\w+\.(?:append|extend|insert|add|update|setdefault|write|writelines)$/, target: 'receiver' },
    // configparser: `conf.set("section", "key", value)`, read back by `conf.get("section", "key")`.
    { callee: /^\w+\.set$/, target: 'receiver', keys: 2 },
  ],
  elementAssignment: 'assignment',
  // `lst = []; lst.append(x); lst.pop(0); lst[1]`: `pop()` removes the last element.
  indexedList: { empty: /^\[\]$|^list\(\)$/, add: /^append$/, removeAt: /^pop$/ },
  guards: {
    // `if '..' in name:`, `if not name.startswith(...)`, `if url.netloc not in ALLOWED:`,
    // `if not re.fullmatch(PATTERN, name):` followed by return/raise/abort.
    conditions: [
      String.raw`(?:'[^']*'|"[^"]*")\s+in\s+NAME\b`,
      String.raw`\bnot\s+NAME\.(?:startswith|endswith|is\w+)\(`,
      String.raw`\bNAME(?:\.\w+)*\s+not\s+in\b`,
      String.raw`\bnot\s+re\.(?:fullmatch|match)\([^)]*\bNAME\b`,
    ],
    exit: /^(?:return\b|raise\b|abort\(|(?:flask\.)?abort\(|sys\.exit\()/,
  },
  sinks: [
    {
      rule: SQL,
      callee: /\.(?:execute|executemany|executescript|raw|extra)$|(?:^|\.)text$/,
      args: [0],
      does: 'runs SQL',
      parts: phpQueryParts,
    },
    {
      rule: CMD,
      callee: /^os\.(?:system|popen|exec\w*|spawn\w*)$|^subprocess\.(?:getoutput|getstatusoutput)$/,
      does: 'runs a command',
    },
    { rule: CODE, callee: /^(?:eval|exec|compile)$/, args: [0], does: 'evaluates code' },
    {
      rule: PATH,
      callee:
        /^(?:open|io\.open|codecs\.open|os\.open|os\.remove|os\.unlink|os\.rmdir|os\.listdir|os\.makedirs|os\.mkdir|os\.rename|os\.replace|os\.path\.(?:exists|isfile|isdir|getsize)|shutil\.(?!copyfileobj$)\w+|send_file|send_from_directory|FileResponse)$/,
      args: [0],
      does: 'opens a file',
    },
    {
      rule: REDIRECT,
      callee: /^(?:flask\.)?redirect$|^HttpResponseRedirect$/,
      args: [0],
      does: 'redirects the browser',
    },
    {
      rule: XSS,
      callee: /^(?:make_response|Response|HttpResponse|HTMLResponse|render_template_string|Markup)$/,
      args: [0],
      does: 'writes the HTTP response',
      firstOfTuple: true,
      notAt: declaresNotHtml,
      parts: responseBody,
      // Django REST framework's `Response(data)` serializes data with the negotiated renderer
      // (JSON, or the browsable API's escaped page); it writes no markup of its own.
      notImportedFrom: {
        types: ['import_from_statement'],
        module: /^from\s+rest_framework(?:\.response)?\s+import\b/,
      },
    },
    { rule: LDAP, callee: /\.search(?:_s|_ext|_ext_s)?$/, does: 'runs an LDAP search' },
    {
      rule: XPATH,
      callee: /\.xpath$|(?:^|\.)etree\.XPath$|\.(?:find|findall|iterfind)$|^elementpath\.Selector$/,
      args: [0],
      does: 'evaluates an XPath expression',
    },
    {
      rule: XPATH,
      callee: /^elementpath\.(?:select|iter_select)$/,
      args: [1],
      does: 'evaluates an XPath expression',
    },
    {
      // pathlib: `p = base / name` (or `Path(name)`), then `p.open()`, `p.exists()`, `p.read_text()`.
      rule: PATH,
      callee:
        /\.(?:open|exists|is_file|is_dir|read_text|read_bytes|write_text|write_bytes|unlink|touch|mkdir|rmdir|stat|iterdir)$/,
      receiverBuiltBy: /(?:^|[^\w.])(?:pathlib\.)?(?:Pure)?Path\(|^\w+(?:\.\w+)*\s*\/\s*\w/,
      args: [],
      does: 'opens a file',
    },
    {
      rule: TRUST,
      callee: /^(?:flask\.)?session\.(?:update|setdefault)$/,
      does: 'stores data in the trusted session',
      sanitizer: NUMERIC,
    },
  ],
  assignmentTypes: ['assignment'],
  assignmentSinks: [
    {
      rule: TRUST,
      target: /^(?:flask\.)?session$|^request\.session$/,
      element: true,
      does: 'stores data in the trusted session',
      sanitizer: NUMERIC,
    },
  ],
  returnSinks: [
    {
      rule: XSS,
      handler: /^@\w+(?:\.\w+)*\.(?:route|get|post|put|patch|delete)\(/,
      notHtml: /^(?:jsonify|json\.dumps|redirect|flask\.redirect|send_file|abort|\{|\[)/,
      does: 'returns the HTTP response (HTML)',
      serializedWhereImported: {
        types: ['import_statement', 'import_from_statement'],
        module: /^(?:from|import)\s+fastapi\b/,
        html: /\bresponse_class\s*=\s*(?:\w+\.)*HTMLResponse\b/,
        htmlDefault: /\bdefault_response_class\s*=\s*(?:\w+\.)*HTMLResponse\b/,
      },
    },
  ],
};
