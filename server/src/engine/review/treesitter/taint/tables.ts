// Per-language taint tables: data, not code. Each table names the grammar's call and parameter node
// types, what reads input, what makes a value safe, what moves input into an object in place, and
// the sinks with the rule they violate. A new language costs a table here.
import type { LanguageId } from '../../../languages';
import type { SyntaxNode } from '../../../parsing/treeSitter';
import type { AnalysisContext } from '../analyser';
import { phpOutputParts, phpQueryParts } from '../languages/phpOutput';
import type { TaintTable } from './table';

/** A call that must not receive input: its head (`stmt.executeQuery`, `new File`) and arguments. */
export interface Sink {
  rule: string;
  callee: RegExp;
  /** Argument positions checked (all when absent). */
  args?: number[];
  /** What the sink does, for the message ("runs SQL"). */
  does: string;
  /**
   * The sink is the call's receiver, when a binding of it matches (a `pathlib.Path` built from input
   * and then opened): `p = base / name; p.open()`.
   */
  receiverBuiltBy?: RegExp;
  /** A tuple argument (`make_response((body, headers))`): only its first element is checked. */
  firstOfTuple?: boolean;
  /**
   * The sanitizers that count for this sink instead of the table's: storing input in the session is
   * a trust-boundary violation whether or not it was HTML-escaped first.
   */
  sanitizer?: RegExp;
  /**
   * The sink applies only when this argument's text matches: `fmt.Fprintf(w, ...)` writes the HTTP
   * response only when `w` is the response writer, not `os.Stderr`.
   */
  when?: { arg: number; text: RegExp };
  /**
   * An argument whose constant leading text matches is safe: a URL that starts with a fixed scheme,
   * host and `/` lets input choose only the path (`format!("https://api.example.com/{}", id)`).
   */
  constantPrefix?: RegExp;
  /** As for operand sinks: the argument's parts, each with the rule variant whose sanitizers apply. */
  parts?: (arg: SyntaxNode, context: AnalysisContext) => Array<{ node: SyntaxNode; variant: string }>;
  /** The call's receiver is checked too (`params[:name].constantize`, `text.html_safe`). */
  receiver?: boolean;
  /**
   * Argument node types that are never the sink's text: Ruby's `where(name: value)` binds the value
   * of a hash argument as a parameter, so only positional strings are SQL.
   */
  skipTypes?: RegExp;
}

/**
 * A statement whose operands are a sink though it is no call: PHP's `echo`/`print` write the
 * response, `include`/`require` run the file they name.
 */
export interface OperandSink {
  rule: string;
  types: string[];
  does: string;
  sanitizer?: RegExp;
  /**
   * The operand's parts, each with the variant of the rule whose sanitizers apply where it lands:
   * `echo "<script>" . htmlspecialchars($x)` writes into a script, where HTML escaping does not
   * protect. The tracker looks them up as `ruleSanitizers["<rule>:<variant>"]`.
   */
  parts?: (operand: SyntaxNode, context: AnalysisContext) => Array<{ node: SyntaxNode; variant: string }>;
}

/**
 * An assignment that must not receive input: a property (`searcher.Filter = f`) or, with `element`,
 * an element of an object (`session["user"] = value`).
 */
export interface AssignmentSink {
  rule: string;
  /** The assigned place's text (`search.Filter`); with `element`, the object written into (`flask.session`). */
  target: RegExp;
  /** An element write: the key counts as well as the value (`session[name] = "x"`). */
  element?: boolean;
  does: string;
  /** As for call sinks: the sanitizers that count here instead of the table's. */
  sanitizer?: RegExp;
}

/**
 * What a web handler returns is the HTTP response: a Flask view returning a string sends it as
 * `text/html`. `handler` matches a decorator of the function; `notHtml` a returned expression that
 * is not markup (`jsonify(...)`, a dict).
 */
export interface ReturnSink {
  rule: string;
  handler: RegExp;
  notHtml: RegExp;
  does: string;
}

export interface LanguageTaint extends TaintTable {
  sinks: Sink[];
  returnSinks?: ReturnSink[];
  /**
   * Sources the deployer or local operator controls (environment, command line, console, standard
   * input) rather than a remote client: a flow from them is reported at medium severity at most,
   * since whoever runs the program already has its rights (an attack needs another way in).
   */
  localSource?: RegExp;
  /**
   * Rules of the language's own analyser (besides SQL, shell and eval) whose findings stand only
   * when the value can carry input: `pickle.loads` of a constant or of another key's value is not.
   */
  taintedOnly?: string[];
  /** Assignment node types, and the assignments that are sinks. */
  assignmentTypes?: readonly string[];
  assignmentSinks?: AssignmentSink[];
  operandSinks?: OperandSink[];
}

const SQL = 'codewright/sql-injection';
const CMD = 'codewright/command-injection';
const PATH = 'codewright/path-traversal';
const XSS = 'codewright/xss';
const LDAP = 'codewright/ldap-injection';
const XPATH = 'codewright/xpath-injection';
const REDIRECT = 'codewright/open-redirect';
const TRUST = 'codewright/trust-boundary';
const CODE = 'codewright/code-injection';
const FORMAT = 'codewright/format-string';
const SSRF = 'codewright/ssrf';

/** Numeric parsing and escaping stop taint in every language. */
const NUMERIC =
  /(?:parseInt|parseLong|parseDouble|parseFloat|parseBoolean|Atoi|ParseInt|ParseFloat|atoi|atol|strtol|toInt|to_i|intval|floatval|\bint|\bfloat|\bbool|\blen|\bhash|Integer\.valueOf|Long\.valueOf|Count|Length|size)$/;
const ESCAPE =
  /(?:escape\w*|Escape\w*|encode\w*|Encode\w*|sanitize\w*|Sanitize\w*|quote|Quote\w*|htmlspecialchars|htmlentities|basename|getName|GetFileName|secure_filename|normalize\w*Path|realpath)$/;

function sanitizer(extra?: RegExp): RegExp {
  const parts = [NUMERIC.source, ESCAPE.source, ...(extra ? [extra.source] : [])];
  return NOT_DECODED_LATER(new RegExp(parts.map((p) => `(?:${p})`).join('|')));
}

/**
 * Base64/hex encoding is no escaping: the data comes back whole when it is decoded, as code does in
 * `new String(decodeBase64(encodeBase64(x)))`. Such calls propagate taint instead of stopping it.
 */
function NOT_DECODED_LATER(pattern: RegExp): RegExp {
  return new RegExp(`^(?!.*(?:[Bb]ase64|BASE64|[Bb]64|[Bb]ase32|[Hh]ex[A-Z.(]))(?:.*(?:${pattern.source}))`);
}

const java: LanguageTaint = {
  callTypes: new Set(['method_invocation', 'object_creation_expression']),
  memberTypes: new Set(['field_access', 'array_access']),
  parameterTypes: new Set(['formal_parameter', 'spread_parameter']),
  // Fields: a name a method never declares is a field, carrying what other methods assign to it.
  localDeclaration: 'variable_declarator',
  source:
    /(?:^|\.)(?:request|req|httpRequest|servletRequest)\.(?:getParameter\w*|getHeader\w*|getCookies|getQueryString|getInputStream|getReader|getRequestURI|getRequestURL|getPathInfo|getParts?)$|(?:^|\.)System\.getenv$|(?:^|\.)(?:readLine|nextLine|getInputStream)$/,
  sourceParameter:
    /@(?:RequestParam|PathVariable|RequestBody|RequestHeader|CookieValue|QueryParam|PathParam|FormParam)\b/,
  // Escaping is specific to where the value goes: ESAPI's encodeForHTML protects a page, not a
  // path or the session, so Java's escapers are listed per rule and only numbers are safe everywhere.
  sanitizer: NOT_DECODED_LATER(NUMERIC),
  ruleSanitizers: {
    [XSS]:
      /(?:encodeForHTML\w*|encodeForJavaScript|encodeForURL|encodeForXML\w*|forHtml\w*|forJavaScript\w*|escapeHtml\w*|htmlEscape\w*|escapeXml\w*|escapeEcmaScript|escapeJavaScript|URLEncoder\.encode)$/,
    [SQL]: /(?:encodeForSQL|escapeSql)$/,
    [CMD]: /encodeForOS$/,
    [LDAP]: /(?:encodeForLDAP|encodeForDN)$/,
    [XPATH]: /(?:encodeForXPath|escapeXPath)$/,
    [PATH]: /(?:\bgetName|FilenameUtils\.getName|FilenameUtils\.getBaseName)$/,
    [REDIRECT]: /encodeForURL$/,
  },
  inPlace: [
    {
      callee: /^\w+\.(?:add|addAll|put|putAll|append|insert|push|offer|set|addElement)$/,
      target: 'receiver',
    },
  ],
  indexedList: {
    empty: /^new (?:[\w.]*\.)?\w*(?:List|Vector)\b[^(]*\(\s*\)$/,
    add: /^(?:add|addElement)$/,
    removeAt: /^remove$/,
    get: /^(?:get|elementAt)$/,
  },
  sinks: [
    {
      rule: SQL,
      // `query`/`update` are too common to be SQL on any receiver (MessageDigest.update): only on a
      // JdbcTemplate-like object.
      callee:
        /\.(?:executeQuery|executeUpdate|executeLargeUpdate|execute|addBatch|prepareStatement|prepareCall|createQuery|createNativeQuery|createSQLQuery)$|(?:jdbc|template|Template|JDBC)\w*\.(?:queryForObject|queryForList|queryForMap|queryForRowSet|queryForLong|queryForInt|query|update|batchUpdate)$/,
      args: [0],
      does: 'runs SQL',
      parts: phpQueryParts,
    },
    {
      rule: CMD,
      callee: /(?:getRuntime\(\)|runtime|rt|r)\.exec$|^new(?:java\.lang\.)?ProcessBuilder$|\.command$/,
      does: 'runs a command',
    },
    {
      rule: PATH,
      callee:
        /^new(?:java\.io\.)?(?:File|FileInputStream|FileOutputStream|FileReader|FileWriter|RandomAccessFile|PrintWriter)$|(?:Paths|Path)\.(?:get|of)$|(?:^|\.)Files\.(?:newInputStream|newOutputStream|newBufferedReader|newBufferedWriter|readAllBytes|readAllLines|write|delete|copy|move|lines|readString)$/,
      does: 'opens a file',
    },
    {
      rule: XSS,
      callee:
        /(?:getWriter\(\)|getOutputStream\(\)|\bout|writer|pw)\.(?:print|println|write|printf|format|append)$/,
      does: 'writes the HTTP response',
    },
    {
      rule: LDAP,
      callee: /(?:ctx|context|dirContext|idc|\w*[cC]ontext)\.search$/,
      args: [0, 1],
      does: 'runs an LDAP search',
    },
    {
      rule: XPATH,
      callee: /(?:xp|xpath|xPath|\w*XPath)\.(?:evaluate|compile)$/,
      args: [0],
      does: 'evaluates an XPath expression',
    },
    { rule: REDIRECT, callee: /\.sendRedirect$/, args: [0], does: 'redirects the browser' },
    {
      rule: TRUST,
      callee: /getSession\(\)\.(?:setAttribute|putValue)$|session\.(?:setAttribute|putValue)$/,
      does: 'stores data in the trusted session',
    },
  ],
};

/** Python: numeric conversions and escaping/quoting stop taint; `.encode()`/`b64encode` do not. */
const PYTHON_SANITIZER = new RegExp(
  [
    NUMERIC.source,
    /(?:^|\.)(?:escape\w*|\w+_escape|sanitize\w*|quote|quote_plus|basename|secure_filename|escape_filter_chars|escape_dn_chars|escape_string)$/
      .source,
    /(?:markupsafe\.escape|html\.escape|bleach\.clean|shlex\.quote|os\.path\.basename|int|float)$/.source,
  ]
    .map((p) => `(?:${p})`)
    .join('|'),
);

const python: LanguageTaint = {
  callTypes: new Set(['call']),
  memberTypes: new Set(['attribute', 'subscript']),
  parameterTypes: new Set(['identifier', 'default_parameter', 'typed_parameter', 'typed_default_parameter']),
  source:
    /^(?:flask\.)?request\.(?:args|form|values|cookies|headers|files|json|data|get_json|get_data|view_args|url|query_string|stream)\b|^request\.(?:GET|POST|COOKIES|META|FILES|body|query_params|path_params)\b|^(?:input|raw_input)$|^sys\.argv\b|^os\.(?:environ|getenv)\b/,
  sourceObject: /^request$/,
  webSources: {
    match: /^(?:flask\.)?request\b/,
    imports: ['import_statement', 'import_from_statement'],
    module:
      /^(?:from|import)\s+(?:flask|django|werkzeug|quart|fastapi|starlette|bottle|falcon|pyramid|tornado|sanic|aiohttp|cherrypy|web)\b/,
  },
  selfParameter: /^(?:self|cls)$/,
  localSource: /^(?:os\.(?:environ|getenv)|sys\.argv|input|raw_input)\b/,
  sanitizer: PYTHON_SANITIZER,
  taintedOnly: ['codewright/unsafe-deserialization'],
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
        /^(?:open|io\.open|codecs\.open|os\.open|os\.remove|os\.unlink|os\.rmdir|os\.listdir|os\.makedirs|os\.mkdir|os\.rename|os\.replace|os\.path\.(?:exists|isfile|isdir|getsize)|shutil\.\w+|send_file|send_from_directory|pathlib\.Path|Path|FileResponse)$/,
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
      callee: /^(?:make_response|Response|HttpResponse|render_template_string|Markup)$/,
      args: [0],
      does: 'writes the HTTP response',
      firstOfTuple: true,
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
    },
  ],
};

const csharp: LanguageTaint = {
  callTypes: new Set(['invocation_expression', 'object_creation_expression']),
  memberTypes: new Set(['member_access_expression', 'element_access_expression']),
  parameterTypes: new Set(['parameter']),
  // Fields: a name a method never declares is a field, carrying what other methods assign to it.
  localDeclaration: 'variable_declarator',
  source:
    /(?:^|\.)Console\.ReadLine$|(?:^|\.)Environment\.GetEnvironmentVariable$|\b(?:req|request|Request|HttpContext\.Request)\.(?:QueryString|Params|Form|Cookies|Headers|Query|RouteValues|Body|Path|Url|RawUrl)\b|\.(?:ReadLine|ReadToEnd|ReadToEndAsync|DownloadString|GetString)$/,
  sourceParameter: /\[(?:FromQuery|FromRoute|FromBody|FromForm|FromHeader)\b/,
  sanitizer: sanitizer(/(?:HtmlEncode|UrlEncode|JavaScriptStringEncode|Parse|TryParse|GetFileName)$/),
  // BinaryFormatter or Json.NET type-name handling on data the program wrote itself is no attack.
  taintedOnly: ['codewright/unsafe-deserialization'],
  validatedBy:
    /^(?:System\.)?(?:int|long|short|byte|uint|ulong|ushort|double|float|decimal|Int16|Int32|Int64|UInt32|UInt64|Double|Single|Decimal|Guid)\.Parse$/,
  inPlace: [
    {
      callee: /^\w+\.(?:Add|AddRange|Append|AppendFormat|AppendLine|Insert|Push|Enqueue)$/,
      target: 'receiver',
    },
  ],
  sinks: [
    {
      rule: SQL,
      callee:
        /^newSql(?:Command|DataAdapter)$|\.(?:ExecuteSqlRaw|ExecuteSqlRawAsync|FromSqlRaw|SqlQuery|ExecuteQuery|ExecuteCommand)$/,
      args: [0],
      does: 'runs SQL',
    },
    { rule: CMD, callee: /(?:^|\.)Process\.Start$|^newProcessStartInfo$/, does: 'runs a command' },
    {
      rule: PATH,
      callee:
        /^new(?:System\.IO\.)?(?:FileStream|StreamReader|StreamWriter|FileInfo|DirectoryInfo)$|(?:^|\.)File\.\w+$|(?:^|\.)Directory\.\w+$/,
      args: [0],
      does: 'opens a file',
    },
    {
      rule: XSS,
      callee: /(?:resp|response|Response)\.(?:Write|Output\.Write)$/,
      does: 'writes the HTTP response',
    },
    {
      rule: REDIRECT,
      callee: /(?:resp|response|Response)\.Redirect$|^Redirect$/,
      args: [0],
      does: 'redirects the browser',
    },
    { rule: LDAP, callee: /^newDirectorySearcher$|\.(?:Filter)$/, does: 'runs an LDAP search' },
    {
      rule: XPATH,
      callee: /\.(?:SelectNodes|SelectSingleNode|Evaluate|Compile)$/,
      args: [0],
      does: 'evaluates an XPath expression',
    },
    {
      rule: FORMAT,
      callee: /(?:^|\.)(?:[Ss]tring\.Format|AppendFormat)$/,
      args: [0],
      does: 'formats text with a composite format',
    },
    {
      rule: CODE,
      callee: /\.CompileAssemblyFromSource$/,
      args: [1, 2, 3],
      does: 'compiles and loads code',
    },
  ],
  assignmentTypes: ['assignment_expression'],
  assignmentSinks: [{ rule: LDAP, target: /(?:^|\.)Filter$/, does: 'sets an LDAP search filter' }],
};

const c: LanguageTaint = {
  callTypes: new Set(['call_expression']),
  memberTypes: new Set(['subscript_expression', 'field_expression']),
  parameterTypes: new Set(['parameter_declaration']),
  macroType: 'preproc_def',
  localDeclaration: 'init_declarator',
  // C++ reference parameters (`char *&data`) write through to the caller's variable.
  referenceParameter: /&\s*(\w+)\s*$/,
  source: /^(?:getenv|_wgetenv|secure_getenv|gets|_getws|getchar|getc|fgetc|getwchar)$|^argv\b/,
  sanitizer: sanitizer(),
  // The command line, the environment and the console are the operator's (fuzzing harnesses and
  // command-line tools open the file they are given): reported, at medium.
  localSource: /^(?:argv|getenv|_wgetenv|secure_getenv|gets|_getws|getchar|getwchar)\b/,
  inPlace: [
    // Reads: the buffer argument receives input (`recv(sock, buf, n, 0)`, `fgets(buf, n, f)`).
    { callee: /^(?:fgets|fgetws|fread|gets|_getws|scanf|wscanf|strcpy_s)$/, target: 0, reads: true },
    { callee: /^(?:recv|recvfrom|read|_read|fscanf|fwscanf|sscanf|swscanf)$/, target: 1, reads: true },
    { callee: /^(?:fscanf|fwscanf|sscanf|swscanf)$/, target: 2, reads: true },
    { callee: /^(?:scanf|wscanf)$/, target: 1, reads: true },
    {
      callee:
        /^(?:strcpy|strncpy|strcat|strncat|wcscpy|wcsncpy|wcscat|wcsncat|memcpy|memmove|wmemcpy|wmemmove|sprintf|snprintf|_snprintf|swprintf|_snwprintf|strlcpy|strlcat)$/,
      target: 0,
    },
  ],
  sinks: [
    {
      rule: CMD,
      callee:
        /^_?w?(?:system|popen|exec[lv]p?e?|spawn[lv]p?e?)$|^(?:posix_spawnp?|WinExec|ShellExecute[AW]?|CreateProcess[AW]?)$/,
      does: 'runs a command',
    },
    {
      rule: FORMAT,
      callee: /^(?:printf|wprintf|vprintf|vwprintf|syslog)$/,
      args: [0],
      does: 'formats output',
    },
    {
      rule: FORMAT,
      callee: /^(?:fprintf|fwprintf|sprintf|vfprintf|vfwprintf|vsprintf|dprintf)$/,
      args: [1],
      does: 'formats output',
    },
    {
      rule: FORMAT,
      callee: /^(?:snprintf|_snprintf|swprintf|_snwprintf|vsnprintf|_vsnprintf|_vsnwprintf|vswprintf)$/,
      args: [2],
      does: 'formats output',
    },
    {
      rule: PATH,
      callee:
        /^_?w?(?:fopen|open|freopen)$|^(?:CreateFile[AW]?|std::ifstream|std::ofstream|std::fstream)$|\.open$/,
      args: [0],
      does: 'opens a file',
    },
    { rule: LDAP, callee: /^ldap_search\w*$/, does: 'runs an LDAP search' },
  ],
};

/** Receivers that hold an HTTP request (net/http) or a web framework's context (gin, echo). */
const GO_REQUEST = String.raw`(?:r|req|request|httpReq|\w*Request|\w*Req)`;
const GO_CONTEXT = String.raw`(?:c|ctx|gc|ec|context)`;
/** Names a handler gives its http.ResponseWriter. */
const GO_WRITER = /^(?:w|rw|wr|resp|res|response|writer|\w*ResponseWriter)$/;

const go: LanguageTaint = {
  callTypes: new Set(['call_expression']),
  memberTypes: new Set(['selector_expression', 'index_expression']),
  parameterTypes: new Set(['parameter_declaration', 'variadic_parameter_declaration']),
  source: new RegExp(
    [
      // net/http: r.URL.Query().Get, r.FormValue, r.Header.Get, r.Body, r.Cookie(...)
      String.raw`^${GO_REQUEST}\.(?:URL\.(?:Query|RawQuery|Path|RawPath|Fragment|String)|Form|PostForm|MultipartForm|Header|Body|RequestURI|Host|Trailer)\b`,
      String.raw`^${GO_REQUEST}\.(?:FormValue|PostFormValue|FormFile|Cookie|Cookies|Referer|UserAgent|GetBody)$`,
      // gorilla/mux and chi route variables
      String.raw`^mux\.Vars$|^chi\.URLParam$`,
      // gin and echo contexts
      String.raw`^${GO_CONTEXT}\.(?:Query|DefaultQuery|QueryArray|QueryMap|GetQuery|Param|Params|PostForm|DefaultPostForm|PostFormArray|GetPostForm|GetHeader|GetRawData|FormValue|FormParams|QueryParam|QueryParams|QueryString|Cookie|FormFile)$`,
      // process input: arguments, environment, flags, standard input readers
      String.raw`^os\.(?:Args|Getenv|LookupEnv|Environ)\b|^flag\.(?:Arg|Args)$`,
      String.raw`\.(?:ReadString|ReadLine|ReadBytes)$|(?:^|\.)\w*[sS]canner\.(?:Text|Bytes)$`,
      // archive entry names (zip slip): reader.File of archive/zip, tar headers from tr.Next()
      String.raw`^\w+\.File$|^\w*(?:tr|[tT]ar\w*)\.Next$`,
    ].join('|'),
  ),
  localSource:
    /^(?:os\.(?:Args|Getenv|LookupEnv|Environ)|flag\.|fmt\.Scan|\w*(?:in|reader|Reader|stdin|[sS]canner)\.)/,
  // Archive entries (zip slip): a *zip.File or *tar.Header parameter holds a name from the archive.
  sourceParameter: /\*\s*(?:zip\.File|tar\.Header)\b/,
  constantLookups: true,
  // `func attemptSanitize(s string) string { return strings.TrimSpace(s) }`: the name is no escaping.
  helperBodies:
    /\b(?:\w*Replace\w*|Map|\w*Escape\w*|Quote\w*|Base|Atoi|Parse(?:Int|Uint|Float|Bool)|\w*Match\w*|IsLocal)\(/,
  // encoding/json escapes <, > and & in strings (\u003c...): its output cannot open markup.
  ruleSanitizers: { [XSS]: /^json\.Marshal(?:Indent)?$/ },
  guards: {
    // Validation that leaves the function (return, panic, os.Exit, log.Fatal): a prefix check of
    // the cleaned path, a `..` or other deny-list test, filepath.IsLocal, a regexp match, or a
    // validator the code names as one (`if !isValidName(name) { return }`).
    conditions: [
      String.raw`!\s*strings\.HasPrefix\(\s*NAME\s*,`,
      String.raw`\bstrings\.(?:Contains\w*|HasPrefix|HasSuffix)\(\s*NAME\s*,`,
      String.raw`!\s*[\w.]*\b(?:IsLocal|MatchString|Match)\([^)]*\bNAME\b`,
      String.raw`!\s*[\w.]*(?:[vV]alid|[aA]llowed|[sS]afe|[aA]llowlist|[wW]hitelist)\w*\(\s*NAME\b`,
      String.raw`\bNAME\s*!=\s*(?:filepath|path)\.(?:Base|Clean)\(`,
    ],
    // The guard's body is a statement list: its last statement leaves.
    exit: /(?:^|[\n;])\s*(?:return\b[^\n;]*|panic\([^\n]*\)|os\.Exit\([^\n]*\)|log\.Fatal\w*\([^\n]*\))\s*$/,
  },
  // What a command prints and the rows a query returns are the program's data, not the input that
  // built the command or query (that input is reported at the sink).
  sanitizer: sanitizer(
    /(?:\.Output|\.CombinedOutput|(?<!\bURL)\.Query(?:Row)?(?:Context)?|\.Exec(?:Context)?|filepath\.Base|path\.Base|html\.EscapeString|template\.HTMLEscapeString|url\.QueryEscape|url\.PathEscape|strconv\.\w+|\.Atoi)$/,
  ),
  inPlace: [
    // fmt.Scan(&x), fmt.Scanln(&x): the variable receives standard input.
    { callee: /^fmt\.(?:Scan|Scanln)$/, target: 0, reads: true },
    { callee: /^fmt\.Scanf$/, target: 1, reads: true },
    // sb.WriteString(x), buf.Write(x): the builder carries x.
    { callee: /^\w+\.(?:WriteString|Write|WriteByte|WriteRune)$/, target: 'receiver' },
  ],
  sinks: [
    {
      rule: SQL,
      // A prepared statement's Query/Exec take the bound values, not SQL.
      callee:
        /^(?!\w*(?:stmt|Stmt)\.)[\w.()]*\.(?:Query|QueryRow|Exec|Prepare|Queryx|QueryRowx|MustExec|NamedExec|NamedQuery|Raw)$/,
      args: [0],
      does: 'runs SQL',
    },
    {
      rule: SQL,
      callee:
        /^(?!\w*(?:stmt|Stmt)\.)[\w.()]*\.(?:QueryContext|QueryRowContext|ExecContext|PrepareContext|QueryxContext|MustExecContext)$/,
      args: [1],
      does: 'runs SQL',
    },
    {
      rule: CMD,
      callee: /^exec\.Command$|^syscall\.Exec$|^os\.StartProcess$/,
      args: [0],
      does: 'runs a command',
    },
    { rule: CMD, callee: /^exec\.CommandContext$/, args: [1], does: 'runs a command' },
    {
      rule: PATH,
      callee:
        /^(?:os\.(?:Open|OpenFile|Create|ReadFile|WriteFile|Remove|RemoveAll|Mkdir|MkdirAll|ReadDir|Truncate|Chmod|Chown|Rename)|ioutil\.(?:ReadFile|WriteFile|ReadDir)|os\.DirFS)$/,
      args: [0],
      does: 'opens a file',
    },
    { rule: PATH, callee: /^http\.ServeFile$/, args: [2], does: 'serves a file' },
    { rule: PATH, callee: /^http\.ServeFileFS$/, args: [3], does: 'serves a file' },
    {
      rule: XSS,
      callee: /^fmt\.Fprint(?:f|ln)?$|^io\.WriteString$/,
      args: [1, 2, 3, 4, 5, 6, 7, 8],
      when: { arg: 0, text: GO_WRITER },
      does: 'writes the HTTP response',
    },
    {
      rule: XSS,
      callee: new RegExp(String.raw`^${GO_WRITER.source.slice(1, -1)}\.Write$`),
      does: 'writes the HTTP response',
    },
    {
      rule: XSS,
      callee: /^template\.(?:HTML|JS|HTMLAttr|CSS|URL|JSStr|Srcset)$/,
      args: [0],
      does: 'marks text as safe markup for html/template',
    },
    {
      rule: XSS,
      callee: new RegExp(String.raw`^${GO_CONTEXT}\.(?:HTML|String|Data)$`),
      args: [1, 2],
      does: 'writes the HTTP response',
    },
    { rule: REDIRECT, callee: /^http\.Redirect$/, args: [2], does: 'redirects the browser' },
    {
      rule: REDIRECT,
      callee: new RegExp(String.raw`^${GO_CONTEXT}\.Redirect$`),
      args: [1],
      does: 'redirects the browser',
    },
    {
      rule: SSRF,
      callee: /^http\.(?:Get|Head|Post|PostForm)$|^(?:\w*[cC]lient)\.(?:Get|Head|Post|PostForm)$/,
      args: [0],
      does: 'sends a request to that address',
    },
    { rule: SSRF, callee: /^http\.NewRequest$/, args: [1], does: 'sends a request to that address' },
    {
      rule: SSRF,
      callee: /^http\.NewRequestWithContext$|^net\.Dial(?:Timeout)?$|^tls\.Dial$/,
      args: [1, 2],
      does: 'connects to that address',
    },
  ],
};

/**
 * Rust web handlers receive input through extractor parameters (actix-web `web::Path<T>`, axum and
 * poem `Query(x): Query<T>`, `Json`, `Form`, rocket/hyper requests).
 */
const RUST_EXTRACTOR =
  /:\s*(?:[\w:]*::)?(?:(?:Query|Path|Json|Form|Request|TypedHeader)\s*<|(?:HttpRequest|Multipart|RawQuery)\b|web::Payload\b)/;
/** Receivers that hold a database connection, transaction or client (rusqlite, mysql, postgres, sqlx). */
const RUST_DB = String.raw`(?:^|[.(])\w*(?:conn|Conn|db|Db|DB|pool|Pool|client|Client|tx|Tx|trans|Trans|transaction|Transaction|executor|session|Session)\w*`;

const rust: LanguageTaint = {
  callTypes: new Set(['call_expression']),
  memberTypes: new Set(['field_expression', 'index_expression']),
  parameterTypes: new Set(['parameter']),
  source: new RegExp(
    [
      // process input: arguments, environment
      String.raw`^(?:std::)?env::(?:args|args_os|var|var_os|vars)$`,
      // an HTTP response body (reqwest), data from the network
      String.raw`^reqwest::(?:blocking::)?get\(.*\)(?:\.await|\?|\.unwrap\(\)|\.expect\([^()]*\))*\.(?:text|bytes|json)$`,
    ].join('|'),
  ),
  sourceParameter: RUST_EXTRACTOR,
  localSource: /^(?:std::)?env::|read_line|read_to_string/,
  // Numbers cannot carry syntax; a file name (`Path::file_name`) has no directory part.
  sanitizer: sanitizer(
    /(?:\.parse::<(?:[iu](?:8|16|32|64|128|size)|f32|f64|bool)>|(?:^|::)[iu](?:8|16|32|64|128|size)::from_str|\.file_name|\.len|\.is_empty|\.contains|\.starts_with|\.ends_with|\.is_\w+)$/,
  ),
  inPlace: [
    // `stdin().read_line(&mut line)`: the buffer receives standard input.
    {
      callee:
        /^(?:(?:std::)?io::stdin\(\)(?:\.lock\(\))?|stdin|input|\w*[Rr]eader|handle)\.(?:read_line|read_to_string)$/,
      target: 0,
      reads: true,
    },
    // `s.push_str(x)`, `v.push(x)`: the string or vector carries x.
    { callee: /^\w+\.(?:push_str|push|extend|insert|append)$/, target: 'receiver' },
  ],
  stringCaptures: {
    macro: /^(?:format|print|println|eprint|eprintln|write|writeln|format_args|panic)$/,
    name: /\{([A-Za-z_]\w*)(?::[^}]*)?\}/,
  },
  guards: {
    // `if name.contains("..") { return ... }`, `if !path.starts_with(base) { return ... }`
    conditions: [String.raw`\bNAME\.contains\(\s*"\.\."`, String.raw`!\s*NAME\.starts_with\(`],
    exit: /^return\b/,
  },
  branchGuards: {
    then: [
      String.raw`NAME(?:\.as_str\(\))?=="[^"]*"`,
      String.raw`"[^"]*"==NAME`,
      String.raw`(?<list>\w+|\[[^\]]*\])\.contains\(&?NAME(?:\.as_str\(\))?\)`,
    ],
    otherwise: [String.raw`NAME(?:\.as_str\(\))?!="[^"]*"`],
    constantList: /^&?(?:vec!)?\[(?:"[^"]*",?)*\]$/,
  },
  sinks: [
    {
      rule: SQL,
      // sqlx::query, query_as, raw_sql; diesel::sql_query
      callee:
        /(?:^|::)(?:query|query_as|query_scalar|query_with|query_as_with|raw_sql|sql_query)(?:::<[^(]*>)?$/,
      args: [0],
      does: 'runs SQL',
    },
    {
      rule: SQL,
      callee: new RegExp(
        String.raw`${RUST_DB}\.(?:execute|execute_batch|batch_execute|query|query_row|query_map|query_opt|query_one|query_raw|query_drop|query_first|query_first_opt|query_fold|query_fold_opt|query_iter|query_map_opt|query_stream|prep|prepare|prepare_cached|simple_query)(?:::<[^(]*>)?$`,
      ),
      args: [0],
      does: 'runs SQL',
    },
    { rule: CMD, callee: /(?:^|::)Command::new$/, args: [0], does: 'runs that program' },
    {
      rule: PATH,
      callee:
        /(?:^|::)fs::(?:read|read_to_string|read_dir|write|remove_file|remove_dir|remove_dir_all|create_dir|create_dir_all|copy|rename|metadata|set_permissions|hard_link|read_link)$|(?:^|::)File::(?:open|create|create_new)$|(?:^|::)NamedFile::open$|OpenOptions::new\(\)(?:\.\w+\([^()]*\))*\.open$/,
      does: 'opens a file',
    },
    {
      rule: XSS,
      callee:
        /^(?:(?:axum::response::|actix_web::web::|web::)?Html(?:::new)?|warp::reply::html|(?:content::)?RawHtml)$|HttpResponse::\w+\(\).*\.content_type\("text\/html[^"]*"\)\.body$/,
      args: [0],
      does: 'writes the HTTP response (HTML)',
    },
    {
      rule: REDIRECT,
      callee: /(?:^|::)Redirect::(?:to|temporary|permanent|see_other|found)$/,
      args: [0],
      does: 'redirects the browser',
    },
    {
      rule: SSRF,
      callee:
        /^(?:reqwest|ureq|surf|isahc|attohttpc)::(?:blocking::)?(?:get|post|put|delete|head|patch)$|^(?:\w+\.)?(?:client|http|http_client|\w+_client)\.(?:get|post|put|delete|head|patch)$/,
      args: [0],
      does: 'sends a request to that address',
      constantPrefix: /^[a-z][\w+.-]*:\/\/[^/{}]+\//i,
    },
    {
      rule: 'codewright/regex-injection',
      callee: /(?:^|::)(?:Regex|RegexBuilder|RegexSet|BytesRegex)::new$/,
      args: [0],
      does: 'compiles it as a regular expression',
    },
    // libxml2 bindings with entity substitution or external DTD loading (XML_PARSE_NOENT = 2,
    // XML_PARSE_DTDLOAD = 4) on input.
    ...(
      [
        ['xmlReadFile', 2],
        ['xmlReadMemory', 4],
        ['xmlReadDoc', 3],
        ['xmlReadFd', 3],
        ['xmlCtxtReadFile', 3],
        ['xmlCtxtReadDoc', 4],
        ['xmlCtxtReadMemory', 5],
      ] as const
    ).map(([name, options]): Sink => ({
      rule: 'codewright/xxe',
      callee: new RegExp(String.raw`(?:^|::)${name}$`),
      when: { arg: options, text: /XML_PARSE_(?:NOENT|DTDLOAD|DTDATTR)|^[2-7]$/ },
      args: [0, 1],
      does: 'parses XML with external entities enabled',
    })),
  ],
};

/** PHP escapers that make a value safe inside a quoted SQL, shell or HTML string. */
const PHP_QUOTING =
  /^filter_(?:var|input)\s*\([^]*FILTER_SANITIZE_(?:MAGIC_QUOTES|ADD_SLASHES)\b|^(?:addslashes|mysql_real_escape_string|mysqli_real_escape_string|mysqli_escape_string|pg_escape_string|pg_escape_literal|pg_escape_identifier|sqlite_escape_string|SQLite3::escapeString|\$\w+->(?:real_escape_string|escape_string|quote|escape))$/;
const PHP_HTML = /^(?:htmlspecialchars|htmlentities|strip_tags|esc_html|esc_attr|esc_url|esc_js|e|h)$/;
/** The special-characters filters encode HTML: they protect a page, not a shell or SQL string. */
const PHP_HTML_FILTER = /^filter_(?:var|input)\s*\([^]*FILTER_SANITIZE_(?:FULL_)?SPECIAL_CHARS\b/;
/**
 * Deleting every single quote protects a single-quoted SQL, shell, PHP or XPath string, not HTML,
 * an LDAP filter or a redirect target.
 */
const PHP_QUOTE_REMOVAL =
  /^(?:preg_replace|str_replace)\s*\(\s*(?:'\/\\'\/'|"\/'\/"|'\\''|"'")\s*,\s*(?:''|"")/;
/** URL encoding leaves letters, digits and `-_.~+%`: no quote, bracket, space or colon. */
const PHP_URL = /^(?:urlencode|rawurlencode|http_build_query)$/;
/** HTML escapers that also encode quotes (not `strip_tags`, which leaves them): attribute values. */
const PHP_HTML_QUOTES = /^(?:htmlspecialchars|htmlentities|esc_html|esc_attr|esc_url|e|h)$/;
/** The e-mail filter removes `<`, `>`, `"`, spaces and backslashes, not `'`. */
const PHP_EMAIL_FILTER = /^filter_(?:var|input)\s*\([^]*FILTER_SANITIZE_EMAIL\b/;
const anyOf = (...patterns: RegExp[]) => new RegExp(patterns.map((p) => p.source).join('|'));
/**
 * XSS sanitizers by where the value lands in the page (`htmlContext.ts`): HTML escaping protects
 * text and quoted attributes, not scripts, CSS, unquoted attributes, URLs or names; what is left
 * (`js`, `css`, `tag-name`, `attr-name`) takes only the table's general sanitizers (numbers).
 */
const PHP_XSS_CONTEXTS: Record<string, RegExp> = {
  [`${XSS}:text`]: anyOf(PHP_HTML, PHP_HTML_FILTER, PHP_URL, PHP_EMAIL_FILTER),
  [`${XSS}:comment`]: anyOf(PHP_HTML, PHP_HTML_FILTER, PHP_URL, PHP_EMAIL_FILTER),
  [`${XSS}:attr-dq`]: anyOf(PHP_HTML_QUOTES, PHP_HTML_FILTER, PHP_URL, PHP_EMAIL_FILTER),
  [`${XSS}:attr-sq`]: anyOf(PHP_HTML_QUOTES, PHP_HTML_FILTER, PHP_URL, PHP_QUOTE_REMOVAL),
  [`${XSS}:attr-unquoted`]: PHP_URL,
  [`${XSS}:url-attr`]: anyOf(PHP_URL, /^esc_url$/),
  // Entities are not decoded inside a script block: an encoded quote cannot end the string.
  [`${XSS}:js-string-dq`]: anyOf(PHP_HTML_QUOTES, PHP_HTML_FILTER, PHP_URL, PHP_EMAIL_FILTER, /^esc_js$/),
  [`${XSS}:js-string-sq`]: anyOf(PHP_HTML_QUOTES, PHP_HTML_FILTER, PHP_URL, /^esc_js$/),
  [`${XSS}:js-attr-string`]: anyOf(PHP_URL, /^esc_js$/),
};
/**
 * An LDAP filter escaped by replacing its special characters (`str_replace(array_keys($table),
 * array_values($table), $x)` with `*`, `(`, `)` among the keys, or a literal array of them).
 */
function escapesLdapFilter(call: SyntaxNode, context: AnalysisContext): boolean {
  if (!/^str_replace\s*\(/.test(call.text)) return false;
  const search = call.childForFieldName('arguments')?.namedChildren[0];
  const value = search?.type === 'argument' ? search.namedChildren.at(-1) : search;
  if (!value) return false;
  let text = value.text;
  const table =
    /^array_keys\s*\(\s*(\$\w+)\s*\)$/.exec(text)?.[1] ?? (/^\$\w+$/.test(text) ? text : undefined);
  if (table) {
    const bindings = context.values.bindingsBefore(table, value);
    if (bindings.length !== 1 || !bindings[0].value) return false;
    text = bindings[0].value.text;
  }
  return ['*', '(', ')'].every((c) => text.includes(`'${c}'`) || text.includes(`"${c}"`));
}

/** `filter_var($x, FILTER_VALIDATE_INT)`: numbers (or false) only. */
const PHP_NUMBER_FILTER =
  /^filter_(?:var|input)\s*\([^]*FILTER_(?:VALIDATE_(?:INT|FLOAT|BOOL\w*)|SANITIZE_NUMBER_\w+)/;

const php: LanguageTaint = {
  callTypes: new Set([
    'function_call_expression',
    'member_call_expression',
    'scoped_call_expression',
    'object_creation_expression',
    'nullsafe_member_call_expression',
  ]),
  // `$_GET` alone and backtick commands are sources by their own text.
  memberTypes: new Set([
    'subscript_expression',
    'variable_name',
    'member_access_expression',
    'shell_command_expression',
  ]),
  parameterTypes: new Set(['simple_parameter', 'variadic_parameter', 'property_promotion_parameter']),
  // `$this->field` is read in one method and written in another (the constructor): a property a
  // method never assigns carries what the other methods assign to it.
  localDeclaration: 'static_variable_declaration',
  source: new RegExp(
    [
      String.raw`^\$_(?:GET|POST|REQUEST|COOKIE|FILES|SERVER|SESSION|ENV)\b`,
      String.raw`^\$HTTP_(?:GET|POST|COOKIE)_VARS\b`,
      String.raw`^(?:filter_input|filter_input_array|getenv|apache_request_headers|getallheaders)$`,
      // What the program reads from files, pipes and commands: the suite's and many scripts' input.
      String.raw`^(?:fgets|fgetss|fgetc|fread|fscanf|file|file_get_contents|stream_get_contents|stream_get_line|readline|shell_exec|system|exec|passthru)$`,
      '^`',
      // Laravel and Symfony requests
      String.raw`^(?:\$request|request\(\)|Request::|\$this->request)->?(?:input|query|get|post|all|cookie|header|route|json|getContent|server)$`,
      String.raw`^Request::(?:input|query|get|all|cookie|header)$|^request$|^Input::(?:get|all)$`,
      String.raw`^\$request->(?:query|request|cookies|headers|files|attributes)->get$`,
    ].join('|'),
  ),
  // The session, environment, files and command output belong to the program or its operator:
  // a flow from them is reported, but at medium.
  localSource:
    /^(?:\$_(?:SESSION|ENV|SERVER\[['"](?:argv|PATH|HOME|DOCUMENT_ROOT)|FILES\[[^\]]*\]\[['"](?:tmp_name|size|error))|getenv|fgets|fgetss|fgetc|fread|fscanf|file|file_get_contents|stream_get_contents|stream_get_line|readline|shell_exec|system|exec|passthru|`)/,
  sanitizer: new RegExp(
    String.raw`${NOT_DECODED_LATER(NUMERIC).source}|^(?:intval|floatval|boolval|count|strlen|abs|round|floor|ceil|max|min|md5|sha1|hash|crc32|is_\w+|in_array|array_key_exists|isset|empty|ctype_\w+|basename|escapeshellarg|json_encode|uniqid|time|rand|mt_rand|random_int|password_hash|password_verify|number_format|date)$`,
  ),
  // A number filter; a `preg_replace` that deletes every character but a safe class (`/\W/`,
  // `/[^a-z0-9]/`).
  sanitizingCall: new RegExp(
    [
      PHP_NUMBER_FILTER.source,
      String.raw`^preg_replace\s*\(\s*(['"])(.)(?:\\W|\[\^[\w\\ -]*\])[+*]?\2\w*\1\s*,\s*(?:''|"")`,
    ].join('|'),
  ),
  // URL encoding is valid wherever its output cannot end a string or form syntax; not in a script.
  ruleSanitizers: {
    [SQL]: anyOf(PHP_QUOTING, PHP_HTML, PHP_QUOTE_REMOVAL, PHP_URL),
    // Outside quotes only a quoted literal (`$pdo->quote($x)`, `pg_escape_literal`) or a number is safe.
    [`${SQL}:unquoted`]: /^(?:pg_escape_literal|\$\w+->quote)$/,
    [CMD]: anyOf(/^escapeshellcmd$/, PHP_QUOTING, PHP_HTML, PHP_QUOTE_REMOVAL, PHP_URL),
    [XSS]: anyOf(PHP_HTML, PHP_HTML_FILTER, PHP_URL),
    ...PHP_XSS_CONTEXTS,
    // An LDAP filter's syntax is `*`, `(`, `)` and `\`: quotes are plain characters there, so
    // neither HTML escaping nor quote escaping protects it.
    [LDAP]: anyOf(/^ldap_escape$/, PHP_URL),
    [XPATH]: anyOf(PHP_HTML, PHP_QUOTING, PHP_QUOTE_REMOVAL, PHP_URL),
    [CODE]: anyOf(PHP_HTML, PHP_QUOTING, PHP_QUOTE_REMOVAL, PHP_URL),
    [REDIRECT]: PHP_URL,
    [PATH]: PHP_URL,
    [SSRF]: PHP_URL,
  },
  ruleSanitizingCalls: { [LDAP]: escapesLdapFilter },
  constantTypes: new Set(['cast_expression', 'binary_expression', 'augmented_assignment_expression']),
  narrowing: [
    String.raw`\b(?:in_array|array_key_exists|is_numeric|is_int|is_integer|is_float|ctype_digit|ctype_alnum|ctype_alpha|ctype_xdigit)\s*\(\s*NAME\s*[,)]`,
    String.raw`\bfilter_var\s*\(\s*NAME\s*,\s*FILTER_VALIDATE_(?:INT|FLOAT|BOOL\w*)\b`,
    String.raw`\bisset\s*\(\s*\$\w+\[\s*NAME\s*\]`,
    // An anchored pattern of one character class without `.`: `/^[a-zA-Z0-9]*$/`, `/^\d+$/`.
    String.raw`\bpreg_match\s*\(\s*(['"])(.)\^(?:\[[^\].]*\]|\\[dw])[*+]?(?:\{[\d,]+\})?\$\2\w*\1\s*,\s*NAME\b`,
    String.raw`\bNAME\s*===?\s*(?:'[^']*'|"[^"$]*"|\d+)|(?:'[^']*'|"[^"$]*"|\d+)\s*===?\s*NAME\b`,
  ],
  inPlace: [
    // exec($cmd, $output): the output lines; preg_match($re, $s, $m): the groups of $s.
    { callee: /^exec$/, target: 1, reads: true },
    { callee: /^(?:array_push|array_unshift)$/, target: 0 },
  ],
  elementAssignment: 'assignment_expression',
  taintedOnly: ['codewright/unsafe-deserialization'],
  sinks: [
    {
      rule: SQL,
      callee:
        /^(?:mysql_query|mysql_unbuffered_query|mysql_db_query|pg_query|pg_send_query|pg_prepare|sqlite_query|sqlite_exec|odbc_exec|odbc_prepare|mysqli_query|mysqli_real_query|mysqli_multi_query|mysqli_prepare|db2_exec|oci_parse|sqlsrv_query)$/,
      does: 'runs SQL',
      parts: phpQueryParts,
    },
    {
      rule: SQL,
      // PDO/mysqli/Doctrine/Laravel, not a DOMXPath's `query`.
      callee:
        /^(?!\$\w*(?:xpath|XPath|xp)\w*->)[\w$>:\-()]*(?:->|::)(?:query|exec|prepare|multi_query|real_query|unbuffered_query|rawQuery|raw|whereRaw|orWhereRaw|selectRaw|orderByRaw|havingRaw|groupByRaw|fromRaw|unprepared|statement|select|insert|update|delete|createQuery|createNativeQuery|executeQuery|executeStatement|executeUpdate|fetchAll|fetchAssoc|fetchOne|fetchColumn|get_results|get_row|get_var|get_col)$/,
      args: [0],
      does: 'runs SQL',
      parts: phpQueryParts,
    },
    {
      rule: CMD,
      callee: /^(?:exec|shell_exec|system|passthru|popen|proc_open|pcntl_exec|expect_popen)$/,
      args: [0],
      does: 'runs a command',
    },
    { rule: CODE, callee: /^(?:eval|assert|create_function)$/, does: 'evaluates code' },
    {
      // preg_replace with the /e modifier evaluates the replacement.
      rule: CODE,
      callee: /^preg_replace$/,
      args: [1],
      when: { arg: 0, text: /^['"](.).*\1[a-zA-Z]*e[a-zA-Z]*['"]$/s },
      does: 'evaluates the replacement as code',
    },
    {
      rule: PATH,
      callee:
        /^(?:fopen|file_get_contents|file_put_contents|readfile|file|unlink|opendir|scandir|dir|copy|rename|mkdir|rmdir|is_file|is_dir|file_exists|fpassthru|parse_ini_file|highlight_file|show_source|simplexml_load_file|move_uploaded_file|touch|chmod|glob)$/,
      args: [0],
      does: 'opens a file',
    },
    {
      rule: XSS,
      callee:
        /^(?:printf|vprintf|print_r|var_dump|die|exit)$|^(?:response|Response::make)$|->(?:setContent|write)$/,
      args: [0],
      does: 'writes the HTTP response',
    },
    {
      rule: LDAP,
      callee: /^(?:ldap_search|ldap_list|ldap_read)$/,
      args: [1, 2],
      does: 'runs an LDAP search',
    },
    {
      rule: XPATH,
      callee: /->xpath$|^\$\w*(?:xpath|XPath|xp)\w*->(?:query|evaluate)$|^xpath_eval\w*$/,
      args: [0],
      does: 'evaluates an XPath expression',
    },
    {
      rule: REDIRECT,
      callee: /^header$/,
      args: [0],
      // Also through a format: `header(sprintf("Location: %s", $url))`.
      when: { arg: 0, text: /^(?:sprintf\s*\(\s*)?["']['"]?\s*(?:Location|Refresh)\s*:/i },
      does: 'redirects the browser',
    },
    {
      rule: REDIRECT,
      callee:
        /^(?:http_redirect|wp_redirect|redirect)$|^Redirect::(?:to|away)$|->(?:away|redirect)$|^new(?:RedirectResponse)$/,
      args: [0],
      does: 'redirects the browser',
    },
    {
      rule: SSRF,
      callee: /^(?:curl_init|fsockopen|get_headers)$/,
      args: [0],
      does: 'sends a request to that address',
    },
    {
      rule: SSRF,
      callee: /^curl_setopt$/,
      args: [2],
      when: { arg: 1, text: /^CURLOPT_URL$/ },
      does: 'sends a request to that address',
    },
  ],
  operandSinks: [
    {
      rule: XSS,
      types: ['echo_statement', 'print_intrinsic', 'exit_statement'],
      does: 'writes the HTTP response',
      parts: phpOutputParts,
    },
    {
      rule: CODE,
      types: [
        'include_expression',
        'include_once_expression',
        'require_expression',
        'require_once_expression',
      ],
      does: 'runs the PHP file it names',
    },
  ],
};

/** Ruby: hash arguments (`where(name: x)`) bind values as parameters; symbols name columns. */
const RUBY_OPTIONS = /^(?:pair|hash|simple_symbol|hash_key_symbol|block_argument|block|do_block)$/;

/**
 * A name that picks a method (`send`, `method`, `to_proc`) is as dangerous as a symbol as a string:
 * only numbers and predicates are safe there.
 */
const RUBY_DISPATCH_SANITIZER = new RegExp(
  [
    NOT_DECODED_LATER(NUMERIC).source,
    String.raw`(?:^|\.)(?:to_i|to_f|Integer|Float|id|count|size|length|present\?|blank\?|nil\?|empty\?|include\?)$`,
  ].join('|'),
);

const ruby: LanguageTaint = {
  callTypes: new Set(['call']),
  // `params` alone, `params[:id]`, and `request.referer` (a call without arguments).
  memberTypes: new Set(['identifier', 'element_reference']),
  parameterTypes: new Set([
    'identifier',
    'optional_parameter',
    'keyword_parameter',
    'splat_parameter',
    'hash_splat_parameter',
    'block_parameter',
    'destructured_parameter',
  ]),
  source: new RegExp(
    [
      // Rails and Sinatra request input
      String.raw`^params\b`,
      String.raw`^request\.(?:params|parameters|query_parameters|request_parameters|path_parameters|GET|POST|body|raw_post|referer|referrer|url|original_url|fullpath|original_fullpath|headers|env|query_string|user_agent|cookies)\b`,
      String.raw`^cookies\b`,
      // the operator's input
      String.raw`^(?:ENV|ARGV)\b|^(?:gets|STDIN\.\w+|\$stdin\.\w+)$`,
    ].join('|'),
  ),
  localSource: /^(?:ENV|ARGV|gets|STDIN|\$stdin)\b/,
  sanitizer: new RegExp(
    [
      NOT_DECODED_LATER(NUMERIC).source,
      String.raw`(?:^|\.)(?:to_i|to_f|to_r|to_c|Integer|Float|to_sym|id|count|size|length|present\?|blank\?|nil\?|empty\?|any\?|exists\?|include\?|zero\?|to_json)$`,
      // A class, the names ActiveRecord derives from it (its schema's columns too) and process ids
      // are the program's own.
      String.raw`(?:^|\.)(?:class|table_name|quoted_table_name|primary_key|quoted_primary_key|arel_table|column_names|attribute_names|object_id|pid)$`,
      String.raw`(?:^|\.)(?:h|html_escape|escape_html|escape_javascript|j|sanitize|strip_tags|escape\w*|shellescape|quote|quote_string|quote_column_name|sanitize_sql\w*|basename|encode_www_form\w*)$`,
      // What a query returns is the application's records, not the input that selected them.
      String.raw`^[A-Z]\w*(?:::\w+)*\.(?:find|find_by|find_by!|find_(?:all_|last_)?by_\w+|first|last|take|all|find_each|where|exists\?)$`,
      // A temporary file gets a random name.
      String.raw`^Tempfile\.(?:new|create)$`,
    ].join('|'),
  ),
  // `redirect_to params.merge(only_path: true)`: a path on this site, whatever the input says.
  sanitizingCall: /only_path\s*(?:=>|:)\s*true/,
  // A route helper given arguments (`user_path(@user)`, `edit_post_url(id: x)`) builds a URL of
  // this application: the arguments become escaped path segments or query values.
  // So does a hash of parameters that names no host, domain, subdomain, protocol or port:
  // `redirect_to params.permit(:page, :sort)` stays on this site.
  ruleSanitizers: {
    [REDIRECT]:
      /^\w+_(?:path|url)[\s(]|^params\.(?:slice|permit)\((?![^)]*\b(?:host|domain|subdomain|protocol|port)\b)[^)]*\)$/,
  },
  taintedOnly: ['codewright/unsafe-deserialization'],
  // `ALLOWED[params[:kind]]` on a constant table of literals the file never writes: an allow-list.
  constantLookups: true,
  origins: {
    blocks: new Set(['block', 'do_block', 'lambda']),
    blockParameters: new Set(['block_parameters', 'lambda_parameters']),
    // Their blocks are called by code out of sight (a scope's arguments, a defined method's).
    callbackCalls: /^(?:lambda|proc|define_method|define_singleton_method)$/,
    fieldTypes: new Set(['instance_variable', 'class_variable']),
    unknownTypes: new Set(['self', 'global_variable']),
    // The runtime's clock, process, paths and configuration: no stored or submitted data.
    trustedRoots:
      /^(?:Time|Date|DateTime|Process|SecureRandom|Rails|Dir|File|Pathname|RbConfig|Etc|Socket|Gem|Random|Thread|Math|Integer|Float|Encoding|Bundler|RUBY_\w+)\b/,
    rules: [SQL, CMD],
    shadowedSources: /^(?:params|cookies)$/,
  },
  sinks: [
    {
      // Raw SQL, and ActiveRecord methods whose argument is a column or an SQL fragment.
      rule: SQL,
      callee:
        /\.(?:pluck|calculate|sum|average|minimum|maximum|reselect)$|(?:^|\.)(?:find_by_sql|count_by_sql|execute|exec_query|exec_update|exec_delete|exec_insert|select_all|select_one|select_value|select_values|select_rows|order|reorder|group|from|lock|where|rewhere|not|having|joins|destroy_all|delete_all|update_all)$|^Arel\.sql$/,
      args: [0],
      skipTypes: RUBY_OPTIONS,
      does: 'runs SQL',
    },
    {
      rule: CMD,
      callee:
        /^(?:Kernel\.)?(?:system|exec|spawn)$|^(?:IO\.popen|Open3\.\w+|Process\.spawn|PTY\.spawn|POSIX::Spawn(?:::|\.)(?:spawn|popen4|system))$/,
      args: [0],
      skipTypes: RUBY_OPTIONS,
      does: 'runs a command',
    },
    {
      rule: CODE,
      callee: /^(?:eval|instance_eval|class_eval|module_eval)$|(?:^|\.)const_get$/,
      args: [0],
      skipTypes: RUBY_OPTIONS,
      does: 'evaluates code',
    },
    {
      // `obj.send(params[:action])`, `x.method(params[:m])`: input picks the method that runs.
      rule: CODE,
      callee: /(?:^|\.)(?:send|public_send|__send__|method|public_method|instance_method|try)$/,
      args: [0],
      skipTypes: RUBY_OPTIONS,
      sanitizer: RUBY_DISPATCH_SANITIZER,
      does: 'calls the method it names',
    },
    {
      rule: CODE,
      callee: /\.to_proc$/,
      args: [],
      receiver: true,
      sanitizer: RUBY_DISPATCH_SANITIZER,
      does: 'turns a name into a callable method',
    },
    { rule: CODE, callee: /^(?:Kernel\.)?(?:load|require)$/, args: [0], does: 'runs the Ruby file it names' },
    {
      // `params[:type].constantize`: input picks the class that is instantiated or called.
      rule: CODE,
      callee: /\.(?:constantize|safe_constantize)$/,
      args: [],
      receiver: true,
      does: 'turns input into a class',
    },
    {
      rule: PATH,
      callee:
        /^(?:File|IO)\.(?:open|read|readlines|write|binread|binwrite|foreach|new|delete|unlink|rename|symlink|chmod|readlink|truncate)$|^FileUtils\.\w+$|^Dir\.(?:glob|entries|foreach|mkdir|rmdir|children)$|^Pathname\.new$|^(?:send_file|open)$/,
      args: [0],
      skipTypes: RUBY_OPTIONS,
      does: 'opens a file',
    },
    {
      rule: REDIRECT,
      callee: /^redirect_to$|^redirect$/,
      args: [0],
      skipTypes: RUBY_OPTIONS,
      does: 'redirects the browser',
    },
    {
      rule: XSS,
      callee: /\.html_safe$/,
      args: [],
      receiver: true,
      does: 'marks text as safe HTML',
    },
    { rule: XSS, callee: /^raw$/, args: [0], does: 'writes unescaped HTML' },
    {
      rule: XSS,
      callee: /^render$/,
      args: [0],
      when: { arg: 0, text: /^:?(?:inline|text|html)\b/ },
      does: 'renders it as HTML',
    },
    {
      rule: SSRF,
      callee:
        /^(?:Net::HTTP\.(?:get|get_response|post_form)|URI\.open|HTTParty\.\w+|Faraday\.(?:get|post|put|delete)|RestClient\.\w+|Excon\.\w+)$/,
      args: [0],
      skipTypes: RUBY_OPTIONS,
      does: 'sends a request to that address',
    },
  ],
};

export const TAINT_TABLES: Partial<Record<LanguageId, LanguageTaint>> = {
  go,
  java,
  python,
  csharp,
  c,
  cpp: c,
  rust,
  php,
  ruby,
};
