// Objects of classes the file does not declare, per language (table `outOfSight`, see `table.ts`):
// which nodes build an object and of what class, which read a property, which declare a class, and
// the classes whose properties the language's own library documents (a URI's parts, an upload's
// file name, a path's name), whose reads stay what they were built from at full severity.
import type { SyntaxNode } from '../../../../parsing/treeSitter';
import type { TaintTable } from '../table';

type OutOfSight = NonNullable<TaintTable['outOfSight']>;

/** A type's own name: `Foo` of `Foo<int>`, `Dto?`, `Dto[]`, `Ns.Foo`, `\Ns\Foo`, `crate::Foo`. */
function typeName(type: SyntaxNode | null | undefined): string | undefined {
  const bare = type?.text.replace(/<[^]*>/g, '').replace(/[?[\]*&\s]/g, '');
  return bare ? /(\w+)$/.exec(bare)?.[1] : undefined;
}

/** The declared type of a parameter (its `type` field). */
const declaredType = (parameter: SyntaxNode) => typeName(parameter.childForFieldName('type'));

export const PHP_OUT_OF_SIGHT: OutOfSight = {
  creation: (node) =>
    node.type === 'object_creation_expression'
      ? typeName(node.namedChildren.find((c) => c !== null && /name$/.test(c.type)))
      : undefined,
  properties: new Set(['member_access_expression', 'nullsafe_member_access_expression']),
  declarations: new Set(['class_declaration']),
  // PHP's own classes: an XML document's elements, a file's parts, a date.
  known:
    /^(?:stdClass|ArrayObject|ArrayIterator|SplFileInfo|SplFileObject|DirectoryIterator|FilesystemIterator|RecursiveDirectoryIterator|SimpleXMLElement|DOMDocument|DOMXPath|DateTime\w*|\w*Exception|\w*Error)$/,
};

export const JAVA_OUT_OF_SIGHT: OutOfSight = {
  creation: (node) =>
    node.type === 'object_creation_expression' ? typeName(node.childForFieldName('type')) : undefined,
  properties: new Set(['field_access']),
  declarations: new Set(['class_declaration', 'record_declaration', 'enum_declaration']),
  // Primitives (lower case) and the JDK's and servlet API's value types.
  known:
    /^(?:[a-z]\w*|String|Object|Integer|Long|Short|Byte|Double|Float|Boolean|Character|Number|BigInteger|BigDecimal|File|Path|URL|URI|StringBuilder|StringBuffer|Cookie|Part|MultipartFile|List|ArrayList|LinkedList|Map|HashMap|TreeMap|LinkedHashMap|Set|HashSet|TreeSet|Collection|Optional|Properties|Matcher|Pattern|Date|UUID|\w*Exception|\w*Error)$/,
  parameterType: declaredType,
};

export const CSHARP_OUT_OF_SIGHT: OutOfSight = {
  creation: (node) =>
    node.type === 'object_creation_expression' ? typeName(node.childForFieldName('type')) : undefined,
  properties: new Set(['member_access_expression']),
  declarations: new Set(['class_declaration', 'struct_declaration', 'record_declaration']),
  // Keywords (lower case) and .NET's and ASP.NET Core's value and request types.
  known:
    /^(?:[a-z]\w*|String|Object|Int\d+|UInt\d+|Double|Decimal|Boolean|Guid|DateTime\w*|TimeSpan|Uri|UriBuilder|Version|IFormFile|IFormFileCollection|IFormCollection|FormFile|HttpRequest|HttpContext|HttpResponse|Stream|FileInfo|DirectoryInfo|FileSystemInfo|StringBuilder|Regex|Match|Group|Cookie|KeyValuePair|Tuple|ValueTuple|Nullable|List|IList|IReadOnlyList|IEnumerable|ICollection|IReadOnlyCollection|Dictionary|IDictionary|IReadOnlyDictionary|HashSet|ISet|Array|StringValues|QueryString|PathString|HostString|IHeaderDictionary|IQueryCollection|IRequestCookieCollection|NameValueCollection|JsonElement|JsonDocument|JsonNode|JObject|JToken|XmlDocument|XmlNode|XmlElement|XDocument|XElement|\w*Exception)$/,
  parameterType: declaredType,
};

/** Go's standard library packages: their structs' fields are documented (`url.URL`, `zip.File`). */
const GO_STANDARD =
  /^(?:http|url|exec|os|io|fs|bytes|strings|bufio|filepath|path|sql|template|json|xml|csv|tls|x509|net|netip|time|errors|fmt|regexp|sync|context|multipart|mail|smtp|zip|tar|gzip|ioutil|log|slog|rand|hex|base64|sort|strconv|user|signal|big|cookiejar|httptest|textproto|html|url|mime|image|flag)\./;

export const GO_OUT_OF_SIGHT: OutOfSight = {
  // `App{Cfg: x}`, `pkg.App{...}` (a named type's literal) and a constructor `NewApp(cfg)`, `pkg.NewApp(cfg)`.
  creation: (node, head) => {
    // The constructor is named as called (`NewApp(...)`): the type it returns is not in the text.
    if (node.type === 'call_expression')
      return /(?:^|\.)New[A-Z]\w*$/.test(head) ? `${head}(...)` : undefined;
    const type = node.type === 'composite_literal' ? node.childForFieldName('type') : undefined;
    return type && /^(?:type_identifier|qualified_type|generic_type)$/.test(type.type)
      ? type.text.replace(/\[[^]*\]$/, '')
      : undefined;
  },
  properties: new Set(['selector_expression']),
  declarations: new Set(['type_spec', 'type_alias']),
  known: GO_STANDARD,
  parameterType: (parameter) => parameter.childForFieldName('type')?.text.replace(/^[*&[\]]+/, ''),
};

export const PYTHON_OUT_OF_SIGHT: OutOfSight = {
  // A call of a CamelCase name is a class's (`Config(x)`, `models.Item(x)`): PEP 8 names classes so.
  creation: (node, head) => {
    const name = node.type === 'call' ? /(?:^|\.)([A-Z]\w*)$/.exec(head)?.[1] : undefined;
    return name && /[a-z]/.test(name) ? name : undefined;
  },
  properties: new Set(['attribute']),
  declarations: new Set(['class_definition']),
  // The standard library's paths, URLs and values, and exceptions.
  known:
    /^(?:Path|PurePath|PurePosixPath|PureWindowsPath|PosixPath|WindowsPath|Request|SplitResult|ParseResult|SimpleNamespace|Decimal|Fraction|UUID|IPv4Address|IPv6Address|\w*Error|\w*Exception)$/,
};

export const RUST_OUT_OF_SIGHT: OutOfSight = {
  creation: (node) =>
    node.type === 'struct_expression' ? typeName(node.childForFieldName('name')) : undefined,
  properties: new Set(['field_expression']),
  declarations: new Set(['struct_item']),
  known: /^(?:String|Vec|HashMap|BTreeMap|HashSet|PathBuf|Path|Url|Uri|Option|Box|Rc|Arc|Cow)$/,
  // An extractor's type argument: `Query<Params>`'s `Params`.
  parameterType: (parameter) => {
    const args = parameter.childForFieldName('type')?.childForFieldName('type_arguments');
    return typeName(args?.namedChildren.at(-1));
  },
};
