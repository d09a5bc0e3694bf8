// The taint table of Ruby (see `common.ts` for what each field means).
import type { SyntaxNode } from '../../../../parsing/treeSitter';
import type { AnalysisContext } from '../../analyser';
import { descendants, namedChildren } from '../../syntax';
import {
  CMD,
  CODE,
  NOT_DECODED_LATER,
  NUMERIC,
  PATH,
  REDIRECT,
  SQL,
  SSRF,
  XSS,
  type LanguageTaint,
  DESERIALIZE,
} from './common';

/** A query on a model class that returns one stored record: `User.find(id)`, `User.first`. */
const RECORD_QUERY =
  /^[A-Z]\w*(?:::\w+)*\.(?:find|find_by!?|find_(?:all_|last_)?by_\w+|first!?|last!?|take!?|find_or_create_by!?)/;

/** Ruby: hash arguments (`where(name: x)`) bind values as parameters; symbols name columns. */
const RUBY_OPTIONS = /^(?:pair|hash|simple_symbol|hash_key_symbol|block_argument|block|do_block)$/;

/**
 * A name that picks a method (`send`, `method`, `to_proc`) is as dangerous as a symbol as a string:
 * only numbers and predicates are safe there.
 */
const RUBY_DISPATCH_SANITIZER = new RegExp(
  [
    NOT_DECODED_LATER(NUMERIC).source,
    // A predicate (`params[:x].valid?`): true or false, by Ruby's naming convention.
    String.raw`(?:^|\.)(?:to_i|to_f|Integer|Float|id|count|size|length|\w+\?)$`,
    // An object's class and its name (`"redirect_to_#{@query.class.name.underscore}"`): one of the
    // program's classes, whatever data the object holds.
    String.raw`(?:^|\.)class(?:\.(?:name|to_s))?$`,
  ].join('|'),
);

/**
 * What keeps a link's URL from being `javascript:...`: numbers, this application's route helpers
 * (`user_path(x)`), URL encoding (`u(x)`), records found by a query, a hash of parameters that
 * `url_for` turns into a URL of this site (`params.merge(page: 2)`). HTML escaping (`h`,
 * `sanitize`) is no protection in an `href`.
 */
const RUBY_HREF_SANITIZER = new RegExp(
  [
    NOT_DECODED_LATER(NUMERIC).source,
    String.raw`(?:^|\.)(?:to_i|to_f|Integer|Float|id|count|size|length|present\?|blank\?|nil\?|empty\?|include\?|to_json|to_param|to_query)$`,
    String.raw`^\w+_(?:path|url)$|^(?:u|url_encode|ERB::Util\.url_encode|CGI\.escape|URI\.encode_www_form\w*)$`,
    // A record's `..._path` (`user.home_path`): Rails names what gives a path of this site so; its
    // foreign keys (`post.author_id`) are integers.
    String.raw`\.\w+_(?:path|id)$`,
    String.raw`^[A-Z]\w*(?:::\w+)*\.(?:find|find_by|find_by!|find_(?:all_|last_)?by_\w+|first|last|take|all|where)$`,
    // A record of an association (`current_user.posts.find(params[:id])`): its URL is a route's.
    String.raw`\.(?:find|find_by|find_by!)$`,
    String.raw`^params\.(?:merge|slice|permit|except)$`,
  ].join('|'),
);

/**
 * `link_to(text, url)` escapes its text; its URL only as HTML, so input there can be a
 * `javascript:` link. With a block (`link_to url do ... end`) the first argument is the URL.
 */
const linkUrl = (arg: SyntaxNode, context: AnalysisContext) => {
  if (routeOptions(arg, context)) return [];
  const call = arg.parent?.parent;
  const position = arg.parent?.namedChildren.findIndex((c) => c?.id === arg.id) ?? -1;
  const block = call?.namedChildren.some((c) => c?.type === 'block' || c?.type === 'do_block');
  // `"#{ENV['BASE_URL']}/x?q=#{q}"`, `"#{ROOT}/#{q}"`: the configured base decides the scheme.
  const start = arg.type === 'string' ? arg.namedChildren[0] : undefined;
  const configured =
    start?.type === 'interpolation' && /^(?:ENV\b|[A-Z])/.test(start.namedChildren[0]?.text ?? '');
  return position === (block ? 0 : 1) && !configured ? [{ node: arg, variant: '' }] : [];
};

/**
 * A hash of route options kept in a variable (`url = {:controller => 'users', :page => params[:page]}`,
 * then `link_to(text, url.merge(:id => u))`): `url_for` builds this application's path from it,
 * every value an escaped segment or query value, so no `javascript:` link can come of it.
 * Every binding of the variable in the file is a hash literal; a hash naming a host may leave the
 * site but still makes an `http(s)` URL.
 */
function routeOptions(arg: SyntaxNode, context: AnalysisContext): boolean {
  const merged =
    arg.type === 'call' &&
    /^(?:merge|reverse_merge|except|slice)$/.test(arg.childForFieldName('method')?.text ?? '')
      ? arg.childForFieldName('receiver')
      : arg;
  if (merged?.type !== 'identifier') return false;
  const bindings = context.values.bindingsAnywhere(merged.text);
  return bindings.length > 0 && bindings.every((b) => b.binding.value?.type === 'hash' && !b.binding.append);
}

/**
 * `f.text_field(...)`, `f.select(...)` on the builder a `form_for`/`form_with`/`fields_for` block
 * receives: Rails escapes what these write, so their result is safe HTML whatever goes in.
 */
function formBuilderCall(call: SyntaxNode): boolean {
  const receiver = call.childForFieldName('receiver');
  if (receiver?.type !== 'identifier') return false;
  for (let node = call.parent; node; node = node.parent) {
    if (node.type !== 'block' && node.type !== 'do_block') continue;
    const params = node.namedChildren.find((c) => c?.type === 'block_parameters');
    if (!params?.namedChildren.some((p) => p?.text === receiver.text)) continue;
    const owner = node.parent;
    return (
      owner?.type === 'call' &&
      /^(?:form_for|form_with|fields_for|fields)$/.test(owner.childForFieldName('method')?.text ?? '')
    );
  }
  return false;
}

/** `content_tag(name, content, options, escape)`, called as a helper (no receiver). */
function contentTagCall(call: SyntaxNode): boolean {
  return call.childForFieldName('method')?.text === 'content_tag' && !call.childForFieldName('receiver');
}

/**
 * Rails 3 and later escape a link's text and attributes: `link_to`'s result is safe HTML but for its
 * URL, which is the `link_to` sink's own. Rails 2 writes the text as it is.
 */
function escapingLinkTo(call: SyntaxNode, context: AnalysisContext): boolean {
  return (
    call.childForFieldName('method')?.text === 'link_to' &&
    !call.childForFieldName('receiver') &&
    !context.unescapedViews
  );
}

/** Rails 3 and later (and Rails 2 with rails_xss) escape what `content_tag` writes. */
function escapingContentTag(call: SyntaxNode, context: AnalysisContext): boolean {
  return contentTagCall(call) && !context.unescapedViews;
}

/**
 * What Rails 2's `content_tag` writes as it is: its content and its attributes' names; attribute
 * values are escaped unless the fourth argument is `false`. A block's content is not followed.
 */
function rails2ContentTag(call: SyntaxNode, context: AnalysisContext): SyntaxNode[] | undefined {
  if (!context.unescapedViews || !contentTagCall(call)) return undefined;
  const args = namedChildren(call.childForFieldName('arguments') ?? call).filter(
    (a) => a.type !== 'block' && a.type !== 'do_block',
  );
  const options = args.slice(1).find((a) => a.type === 'hash');
  const pairs = options ? namedChildren(options).filter((p) => p.type === 'pair') : [];
  const rawValues = args[3]?.text === 'false';
  return [
    ...(args[1] && args[1].type !== 'hash' ? [args[1]] : []),
    ...pairs.flatMap((p) => [
      p.childForFieldName('key'),
      ...(rawValues ? [p.childForFieldName('value')] : []),
    ]),
  ].filter((n): n is SyntaxNode => !!n);
}

/** Rails 2 finders, calculations, scopes and associations, which take a `:conditions` SQL option. */
export const RAILS2_FINDERS =
  /^(?:find|first|last|all|count|sum|average|minimum|maximum|calculate|exists\?|find_each|find_in_batches|paginate|scoped|with_scope|update_all|delete_all|destroy_all|has_many|has_one|belongs_to|has_and_belongs_to_many|find_(?:all_)?by_\w+|find_or_\w+)$/;
/** The options of a Rails 2 finder or scope that are pasted into the query as SQL fragments. */
export const RAILS2_SQL_OPTION = /^:?(?:conditions|having|select|joins|from|lock|order|group)$/;

/**
 * The SQL text of a query argument: `["name = ? AND #{col} > 1", value]` binds the values after the
 * first element, so only that element is SQL.
 */
export function sqlText(node: SyntaxNode | null | undefined): SyntaxNode | undefined {
  if (!node) return undefined;
  return node.type === 'array' ? (namedChildren(node)[0] ?? node) : node;
}

/** Calls whose SQL options sit deeper: a scope's lambda, `with_scope(:find => { ... })`. */
export const NESTED_OPTIONS = /^(?:named_scope|scope|with_scope|with_exclusive_scope)$/;

/**
 * The SQL fragments among a Rails 2 finder's or scope's arguments: the values of its SQL options
 * (`find(:all, :order => params[:sort])`), in a hash or a scope's lambda too.
 */
function rails2SqlOptions(arg: SyntaxNode): Array<{ node: SyntaxNode; variant: string }> {
  const call = arg.parent?.parent;
  const scope = NESTED_OPTIONS.test(call?.childForFieldName('method')?.text ?? '');
  const pairs = scope
    ? descendants(arg, ['pair'])
    : arg.type === 'hash'
      ? arg.namedChildren.filter((c): c is SyntaxNode => c?.type === 'pair')
      : arg.type === 'pair'
        ? [arg]
        : [];
  return pairs
    .filter((p) => RAILS2_SQL_OPTION.test(p.childForFieldName('key')?.text.replace(/:$/, '') ?? ''))
    .map((p) => sqlText(p.childForFieldName('value')))
    .filter((v): v is SyntaxNode => v !== undefined)
    .map((node) => ({ node, variant: '' }));
}

/**
 * Where `redirect_to` can send the browser: not anywhere when the call says
 * `allow_other_host: false` (Rails 7 raises instead), nor for an array (`[@post, :edit]` is the
 * route of those records).
 */
function redirectTarget(arg: SyntaxNode): Array<{ node: SyntaxNode; variant: string }> {
  const args = arg.parent?.namedChildren ?? [];
  const pinned = args.some((a) => /^:?allow_other_host\s*(?::|=>)\s*false$/.test(a?.text ?? ''));
  return pinned || arg.type === 'array' ? [] : [{ node: arg, variant: '' }];
}

/** The options of `render` that name what is rendered: a template, an action's view, a file. */
const RENDER_PATH_OPTION = /^:?(?:action|template|file|partial)$/;

/**
 * What `render` is told to render: its first argument (`render params[:page]`) or a path option
 * (`render :action => x`, `render file: x`), where input picks any template or file on the server
 * (CVE-2016-0752: `render params[:id]` read `/etc/passwd` and ran the ERB of uploaded files). Not a
 * component built from input (`render Card.new(params[:x])`: the input is the component's data),
 * nor the router's own `params[:action]`/`params[:controller]` (names of this application's
 * actions, or the route would not have matched).
 */
function renderedPath(arg: SyntaxNode): Array<{ node: SyntaxNode; variant: string }> {
  const first = arg.parent?.namedChildren[0]?.id === arg.id;
  const pairs = arg.type === 'hash' ? arg.namedChildren : [arg];
  const values =
    arg.type === 'pair' || arg.type === 'hash'
      ? pairs
          .filter((p): p is SyntaxNode => p?.type === 'pair')
          .filter((p) => RENDER_PATH_OPTION.test(p.childForFieldName('key')?.text.replace(/:$/, '') ?? ''))
          .map((p) => p.childForFieldName('value'))
      : first
        ? [arg]
        : [];
  return values
    .filter(
      (v): v is SyntaxNode => !!v && !/^[A-Z][\w:]*\.new\b|^params\[:(?:action|controller)\]$/.test(v.text),
    )
    .map((node) => ({ node, variant: '' }));
}

export const ruby: LanguageTaint = {
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
  // A Rack env entry that the server or a middleware sets (`request.env["warden.options"]`,
  // `request.env["rack.session"]`: lower-case, namespaced by a dot), unlike the client's headers
  // (`HTTP_*`) and the entries that hold the request's own data (`rack.input`, `...parameters`).
  runtimeValue:
    /^request\.env\[\s*["'](?!rack\.(?:input|request)|[^"']*(?:param|query|form|cookie|body|input|path|url|uri))[a-z][\w-]*\.[\w.-]+["']\s*\](?:\[[^\]]*\])*$/,
  sanitizer: new RegExp(
    [
      NOT_DECODED_LATER(NUMERIC).source,
      String.raw`(?:^|\.)(?:to_i|to_f|to_r|to_c|Integer|Float|to_sym|id|count|size|length|present\?|blank\?|nil\?|empty\?|any\?|exists\?|include\?|zero\?|to_json)$`,
      // A class, the names ActiveRecord derives from it (its schema's columns too) and process ids
      // are the program's own.
      // ActiveRecord's quoting, the SQL Arel generates (`relation.to_sql`), schema names and
      // generated ids.
      String.raw`(?:^|\.)(?:quote_\w+|quoted_\w+|to_sql|foreign_key|table_name_prefix|table_name_suffix|polymorphic_name|uuid|merge_conditions|where_values_hash)$`,
      // A record's foreign key (`post.author_id`) is an integer column.
      String.raw`\.\w+_id$`,
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
  ruleSanitizingCalls: {
    [XSS]: (call, context) =>
      formBuilderCall(call) || escapingContentTag(call, context) || escapingLinkTo(call, context),
  },
  resultParts: rails2ContentTag,
  ruleSanitizers: {
    // Tag helpers escape their content and attributes (`content_tag(:p, params[:x])`).
    // So do the other helpers that build markup (`text_field_tag`, `button_to`, a rendered
    // template's own output), and URL-encoded text (`u(x)`, a route helper's URL) holds no `<` or
    // quote. Not `javascript_tag`: its content is script.
    [XSS]: new RegExp(
      [
        String.raw`^(?:tag\.\w+|render|(?!(?:javascript|content)_tag$)\w+_tag|button_to|mail_to|will_paginate|pluralize)$`,
        String.raw`^\w+_(?:path|url)$|^(?:u|url_encode|ERB::Util\.url_encode|CGI\.escape|URI\.encode_www_form\w*)$`,
      ].join('|'),
    ),
    // ActiveStorage's `Filename#sanitized` drops path separators and control characters.
    [PATH]: /\.sanitized$/,
    [REDIRECT]: new RegExp(
      [
        String.raw`^\w+_(?:path|url)[\s(]|^params\.(?:slice|permit)\((?![^)]*\b(?:host|domain|subdomain|protocol|port)\b)[^)]*\)$`,
        // Rails 7's `url_from(x)` is nil unless `x` is a URL of this application.
        String.raw`^url_from$`,
        // A record (`current_user.posts.find(params[:id])`, `Post.create(params[:post])`,
        // `current_user.posts.build(...)`): `redirect_to` goes to its route. Not a URI class's.
        String.raw`\.(?:find|find_by|find_by!|find_by_\w+)$`,
        String.raw`^(?!(?:URI|Addressable)\b)[A-Z]\w*(?:::[A-Z]\w*)*\.(?:new|create!?|first!?|last!?|take!?)$`,
        String.raw`^[a-z@]\w*(?:\.\w+)*\.(?:build|create!?)$`,
        // `params.merge(host: "example.com")`, `url_for(host: "example.com", ...)`: a fixed host.
        String.raw`\b:?host\s*(?:=>|:)\s*(?:"[^"#]*"|'[^']*')`,
        // `url_for(action: x, id: y)`: a route of this application, unless input picks its host.
        String.raw`^url_for\(?\s*(?::\w+\s*=>|\w+:\s)(?![\s\S]*\b(?:host|domain|subdomain|protocol|port)\b)`,
      ].join('|'),
    ),
  },
  taintedOnly: [DESERIALIZE],
  // `return "name" unless ALLOWED.include?(sort)`, `raise ... if !%w[a b].include?(kind)`: after the
  // guard the value is one of the list's (`unless c` is read as `!(c)`).
  guards: {
    conditions: [
      String.raw`^!\(?\s*(?:%[wi][\[(][^\])]*[\])]|\[[^\]]*\]|[A-Z]\w*(?:::[A-Z]\w*)*(?:\.(?:column_names|attribute_names))?|self\.class\.(?:column_names|attribute_names))\.include\?\(\s*NAME\s*\)\s*\)?$`,
    ],
    exit: /^(?:return|raise|fail)\b|^(?:redirect_to|render|head)\b.*\band\s+return\b/,
  },
  // Allow-lists: `if %w[asc desc].include?(dir)`, `ALLOWED.include?(params[:sort]) ? ... : ...`,
  // `User.column_names.include?(col)` (the schema's own names), `kind == "a"`, `kind.in?(LIST)`.
  branchGuards: {
    then: [
      String.raw`(?<list>%[wi][\[(][^\])]*[\])]|\[[^\]]*\]|[A-Z]\w*(?:::[A-Z]\w*)*)\.include\?\(NAME\)`,
      String.raw`(?:[A-Z]\w*(?:::[A-Z]\w*)*|self\.class)\.(?:column_names|attribute_names)\.include\?\(NAME\)`,
      String.raw`NAME\.in\?\((?<list>%[wi][\[(][^\])]*[\])]|\[[^\]]*\]|[A-Z]\w*(?:::[A-Z]\w*)*)\)`,
      String.raw`NAME==(?:"[^"#]*"|'[^']*'|:\w+|\d+)`,
      String.raw`(?:"[^"#]*"|'[^']*'|:\w+|\d+)==NAME`,
      // `render slug if template_exists?(slug, "pages")`: the name of a template the app has.
      String.raw`(?:lookup_context\.)?template_exists\?\(NAME(?:,[^)]*)?\)|lookup_context\.exists\?\(NAME(?:,[^)]*)?\)`,
    ],
    otherwise: [String.raw`NAME!=(?:"[^"#]*"|'[^']*'|:\w+|\d+)`],
    // A literal list (`%w[a b]` reads `%w[ab]` once spaces are gone, still a list of words).
    constantList: /^(?:%[wi][[(][^\])#]*[\])]|\[(?:"[^"#]*"|'[^']*'|:\w+|\d+|,)*\])(?:\.freeze)?$/,
  },
  // `ALLOWED[params[:kind]]` on a constant table of literals the file never writes: an allow-list.
  constantLookups: true,
  origins: {
    blocks: new Set(['block', 'do_block', 'lambda']),
    blockParameters: new Set(['block_parameters', 'lambda_parameters']),
    // Their blocks are called by code out of sight (a scope's arguments, a defined method's).
    callbackCalls: /^(?:lambda|proc|define_method|define_singleton_method)$/,
    fieldTypes: new Set(['instance_variable', 'class_variable']),
    // Each public method of a controller is an action, run in a request of its own.
    actionClasses: /Controller$/,
    unknownTypes: new Set(['self', 'global_variable']),
    // The runtime's clock, process, paths and configuration, and the locale (one of the configured
    // ones): no stored or submitted data.
    trustedRoots:
      /^(?:Time|Date|DateTime|I18n|Process|SecureRandom|Rails|Dir|File|Pathname|RbConfig|Etc|Socket|Gem|Random|Thread|Math|Integer|Float|Encoding|Bundler|RUBY_\w+)\b/,
    records: new RegExp(`${RECORD_QUERY.source}$`),
    rules: [SQL, CMD],
    sinks: [
      // HTML written unescaped from an instance variable, `self` or a class's record
      // (`User.current`, `User.first.bio`).
      { rules: [XSS], shown: /^(?:@|self\b|[A-Z])/ },
      // A method picked or data deserialized from a stored record's field
      // (`User.method("#{User.first.kind}_stuff")`, `YAML.load(User.first.settings)`).
      { rules: [CODE, DESERIALIZE], shown: new RegExp(`${RECORD_QUERY.source}\\b.*\\.\\w+$`, 's') },
    ],
    shadowedSources: /^(?:params|cookies)$/,
  },
  sinks: [
    {
      // Raw SQL, and ActiveRecord methods whose argument is a column or an SQL fragment.
      rule: SQL,
      callee:
        /\.(?:pluck|calculate|sum|average|minimum|maximum|reselect)$|(?:^|\.)(?:find_by_sql|count_by_sql|execute|exec_query|exec_update|exec_delete|exec_insert|select_all|select_one|select_value|select_values|select_rows|order|reorder|group|from|lock|where|rewhere|not|having|joins|destroy_all|delete_all)$|^Arel\.sql$/,
      args: [0],
      skipTypes: RUBY_OPTIONS,
      does: 'runs SQL',
    },
    {
      // Rails 2 `update_all(updates, conditions)`: both are SQL.
      rule: SQL,
      callee: /(?:^|\.)update_all$/,
      args: [0, 1],
      skipTypes: RUBY_OPTIONS,
      does: 'runs SQL',
    },
    {
      rule: SQL,
      callee: new RegExp(`(?:^|\\.)${RAILS2_FINDERS.source.replace(/^\^/, '')}|^(?:named_scope|scope)$`),
      parts: rails2SqlOptions,
      does: 'pastes it into the query as SQL',
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
    {
      // `Kernel.tap(&params[:m].to_sym)`: a symbol in a block argument becomes a proc (`to_proc`)
      // that calls the method it names. Other values there (a proc, a method) are code already.
      rule: CODE,
      callee: /./,
      parts: (arg) => {
        const value = arg.type === 'block_argument' ? arg.namedChildren[0] : undefined;
        return value && (value.type === 'delimited_symbol' || /\.(?:to_sym|intern)$/.test(value.text))
          ? [{ node: value, variant: '' }]
          : [];
      },
      sanitizer: RUBY_DISPATCH_SANITIZER,
      does: 'turns the name into a proc that calls that method',
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
        /^(?:File|IO)\.(?:open|read|readlines|write|binread|binwrite|foreach|new|delete|unlink|rename|symlink|chmod|readlink|truncate)$|^FileUtils\.\w+$|^Dir\.(?:glob|entries|foreach|mkdir|rmdir|children)$|^Pathname\.new$|^(?:send_file|open)$|^(?:YAML|Psych)\.(?:load_file|safe_load_file|unsafe_load_file|parse_file)$/,
      args: [0],
      skipTypes: RUBY_OPTIONS,
      does: 'opens a file',
    },
    {
      rule: REDIRECT,
      callee: /^redirect_to$|^redirect$/,
      args: [0],
      skipTypes: RUBY_OPTIONS,
      parts: redirectTarget,
      // `"/posts?q=#{x}"`: a path of this site (`/` then no second `/` or `\`, which would start a host).
      constantPrefix: /^\/[^/\\]/,
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
      callee: /^link_to$/,
      args: [0, 1],
      skipTypes: RUBY_OPTIONS,
      parts: linkUrl,
      sanitizer: RUBY_HREF_SANITIZER,
      // A URL that starts with a path, a query, a fragment or a scheme other than `javascript:`.
      constantPrefix: /^(?:[/?#.]|(?!(?:javascript|vbscript|data):)[a-z][\w+.-]*:)/i,
      does: "makes it a link's URL, where a `javascript:` URL runs script",
    },
    {
      rule: CODE,
      callee: /^render$/,
      parts: renderedPath,
      sanitizer: RUBY_DISPATCH_SANITIZER,
      does: 'renders the template or file it names, running its ERB',
    },
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
