// The taint table of Go (see `common.ts` for what each field means).
import { writtenInOtherFunction } from '../../languages/goTables';
import { CMD, FIXED_HOST, PATH, REDIRECT, SQL, SSRF, XSS, sanitizer, type LanguageTaint } from './common';
import { GO_OUT_OF_SIGHT } from './outOfSight';

/** Receivers that hold an HTTP request (net/http) or a web framework's context (gin, echo). */
const GO_REQUEST = String.raw`(?:r|req|request|httpReq|\w*Request|\w*Req)`;
const GO_CONTEXT = String.raw`(?:c|ctx|gc|ec|context)`;
/** Names a handler gives its http.ResponseWriter. */
const GO_WRITER = /^(?:w|rw|wr|resp|res|response|writer|\w*ResponseWriter)$/;

/**
 * A receiver of a type the file declares or builds (`compiledPattern *urlpattern.URLPattern`,
 * `p := Pattern{}`) whose name says nothing of a database, a connection or a query runner: its
 * `Exec`/`Query` is that type's (a URL pattern's match), no SQL.
 */
const GO_NOT_DATABASE =
  /^[&*[\]]*(?![\w.]*(?:DB|Db|db|Tx|tx|Conn|conn|Pool|pool|SQL|Sql|sql|Quer|quer|Exec|exec|Store|store|Client|client|Session|session|Engine|engine|Repo|repo|gorm|bun|pgx))[\w.]+\s*\{/;

/** An argument that is not a context.Context by Go's naming (`ctx`, `r.Context()`, `context.TODO()`). */
const GO_NOT_CONTEXT = /^(?!(?:\w*[cC]tx|\w+\.Context\(\)|context\.\w+\([^)]*\))$)/s;

export const go: LanguageTaint = {
  outOfSight: GO_OUT_OF_SIGHT,
  callTypes: new Set(['call_expression']),
  memberTypes: new Set(['selector_expression', 'index_expression']),
  // `c.httpChallenges[token][domain]`: a map's value, whatever key the request chose — unless a
  // package-level table filled in another function, whose contents the tracker does not follow.
  elementRead: 'index_expression',
  keyedByCaller: writtenInOtherFunction,
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
  // A zip reader's `File` is a field: `p.File()` calls some other type's method.
  fieldSources: /^\w+\.File$/,
  // ... and only a zip reader's where `archive/zip` is imported: elsewhere `l.File` is some other
  // type's field (etcd's locked file embeds an `*os.File`).
  importedSources: [{ match: /^\w+\.File$/, imports: ['import_spec'], module: /"archive\/zip"/ }],
  // Archive entries (zip slip): a *zip.File or *tar.Header parameter holds a name from the archive.
  sourceParameter: /\*\s*(?:zip\.File|tar\.Header)\b/,
  constantLookups: true,
  // SQL or a command built only from a parameter no call in the file passes (a migration helper's
  // `tableName`, its callers in other files): kept at medium, as PHP's (see `table.ts`).
  openParameters: { unknownMethods: false },
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
  // built the command or query (that input is reported at the sink); nor is the response an HTTP
  // client gets (`fa.client.Do(forwardReq)`, a request that forwards the client's body) the
  // request's text: the other server wrote it.
  sanitizer: sanitizer(
    /(?:\.Output|\.CombinedOutput|(?<!\bURL)\.Query(?:Row)?(?:Context)?|\.Exec(?:Context)?|\w*(?:[cC]lient|[tT]ransport|[tT]ripper)\.(?:Do|RoundTrip)|filepath\.Base|path\.Base|html\.EscapeString|template\.HTMLEscapeString|url\.QueryEscape|url\.PathEscape|strconv\.\w+|\.Atoi)$/,
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
      // Their SQL is the first argument: a context there (`qry.Exec(ctx)`, a query engine's or a
      // job's `Exec`) says the method is another library's, whose text, if any, is elsewhere.
      when: { arg: 0, text: GO_NOT_CONTEXT },
      receiverNotBoundTo: GO_NOT_DATABASE,
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
      // gin's and echo's `c.String(code, format, ...)` sends `text/plain`, shown as text, not rendered.
      rule: XSS,
      callee: new RegExp(String.raw`^${GO_CONTEXT}\.(?:HTML|Data)$`),
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
      // `client := client{rwc: conn}` (caddy's FastCGI client): a value of the program's own type.
      receiverNotBoundTo: /^&?(?!http\.Client\b)[\w.]+\s*\{/,
      does: 'sends a request to that address',
      constantPrefix: FIXED_HOST,
    },
    {
      rule: SSRF,
      callee: /^http\.NewRequest$/,
      args: [1],
      does: 'sends a request to that address',
      constantPrefix: FIXED_HOST,
    },
    {
      rule: SSRF,
      callee: /^http\.NewRequestWithContext$|^net\.Dial(?:Timeout)?$|^tls\.Dial$/,
      args: [1, 2],
      does: 'connects to that address',
      // `"https://images.example.com/" + id`: the host is fixed, input picks the path.
      constantPrefix: FIXED_HOST,
    },
  ],
};
