// The taint table of Rust (see `common.ts` for what each field means).
import {
  CMD,
  FIXED_HOST,
  PATH,
  REDIRECT,
  SQL,
  SSRF,
  XSS,
  sanitizer,
  type LanguageTaint,
  type Sink,
} from './common';
import { RUST_OUT_OF_SIGHT } from './outOfSight';

/**
 * Rust web handlers receive input through extractor parameters (actix-web `web::Path<T>`, axum and
 * poem `Query(x): Query<T>`, `Json`, `Form`, rocket/hyper requests).
 */
const RUST_EXTRACTOR =
  /:\s*(?:[\w:]*::)?(?:(?:Query|Path|Json|Form|Request|TypedHeader)\s*<|(?:HttpRequest|Multipart|RawQuery)\b|web::Payload\b)/;
/** Receivers that hold a database connection, transaction or client (rusqlite, mysql, postgres, sqlx). */
const RUST_DB = String.raw`(?:^|[.(])\w*(?:conn|Conn|db|Db|DB|pool|Pool|client|Client|tx|Tx|trans|Trans|transaction|Transaction|executor|session|Session)\w*`;

export const rust: LanguageTaint = {
  outOfSight: RUST_OUT_OF_SIGHT,
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
      constantPrefix: FIXED_HOST,
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
