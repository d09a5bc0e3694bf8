// The tree-sitter rules' documentation and default wording. One id per concept across languages
// (the JS/TS analysers use the same ids), so a reader learns `codewright/sql-injection` once.
import type { LanguageId } from '../../languages';
import type { RuleMeta } from '../types';

/** A rule's documentation plus the default message and suggestion of its findings. */
export interface RuleSpec extends RuleMeta {
  message: string;
  suggestion: string;
}

const NON_JS: readonly LanguageId[] = ['python', 'go', 'java', 'rust', 'csharp', 'c', 'cpp', 'ruby', 'php'];

const SPECS: readonly RuleSpec[] = [
  {
    id: 'codewright/command-injection',
    type: 'security',
    severity: 'critical',
    languages: NON_JS,
    description:
      'A shell command built from non-constant data: subprocess with shell=True, os.system/popen, exec.Command("sh", "-c", ...), Runtime.exec with concatenation, Command::new("sh").arg("-c"), Process.Start("cmd", "/c " + ...), system()/popen(), Ruby system/backticks/%x with interpolation, PHP exec/shell_exec/system/passthru with variables. Ruby: a value whose origin the file does not show (a method defined elsewhere, an instance variable set out of sight, a caller\'s parameter) is reported at medium, request input at critical.',
    rationale:
      "The shell re-parses the whole string, so a value containing `;`, `&&`, `|` or `$(...)` runs commands of the attacker's choosing with the program's privileges.",
    fix: 'Run the program directly with an argument list (no shell), e.g. subprocess.run(["ls", path]), exec.Command("ls", path); if a shell is unavoidable, quote every value (shlex.quote, escapeshellarg) and allow-list inputs.',
    example: 'subprocess.run(f"tar -xf {archive}", shell=True)',
    message: 'Shell command built from non-constant data (command injection).',
    suggestion:
      'Pass the program and its arguments as a list without a shell, or quote every interpolated value.',
  },
  {
    id: 'codewright/sql-injection',
    type: 'security',
    severity: 'critical',
    languages: NON_JS,
    description:
      "SQL text built with string formatting, interpolation or concatenation of non-constant values and passed to a query/execute API (DB-API execute, database/sql Query/Exec, JDBC, SqlCommand, ActiveRecord where/find_by_sql and Rails 2 finder options such as `:conditions`/`:order`/`:joins`, mysqli/PDO, sqlx/rusqlite, sqlite3_exec). Ruby: a value whose origin the file does not show (a method defined elsewhere, an instance variable set out of sight, a record's field such as `self.kind`, a caller's parameter) is reported at medium, request input at critical.",
    rationale:
      "Values spliced into SQL text are parsed as SQL: a quote in the value ends the literal and the rest runs as the attacker's SQL (data theft, authentication bypass, data loss).",
    fix: "Keep the SQL text constant and pass values as bound parameters (`?`, `%s`, `$1`, `@name`, `:name`) through the driver's parameter argument.",
    example: 'cursor.execute(f"SELECT * FROM users WHERE name = \'{name}\'")',
    message: 'SQL query built from non-constant data (SQL injection).',
    suggestion: 'Use a parameterized query: constant SQL with placeholders and the values passed separately.',
  },
  {
    id: 'codewright/code-injection',
    type: 'security',
    severity: 'critical',
    languages: ['python', 'ruby', 'php', 'csharp'],
    description:
      'eval/exec (Python), eval/instance_eval (Ruby) or eval (PHP) of a non-literal value; C# source code built from input and compiled (CodeDomProvider.CompileAssemblyFromSource); Ruby constantize, send/public_send/method/to_proc (input picks the method) and load/require of input; PHP assert/create_function/preg_replace /e and include/require of a file named by input. Code evaluated only from a caller-supplied parameter (a DSL, a config script) is medium; a block (`instance_eval(&block)`) or a constant string is not reported.',
    rationale: 'Evaluating data as code lets whoever controls the data run arbitrary code in the process.',
    fix: 'Parse data with a data parser (json.loads, ast.literal_eval, a dispatch table) instead of evaluating it.',
    example: 'result = eval(request.args["expr"])',
    message: 'Evaluation of non-literal code (code injection).',
    suggestion: 'Use a safe parser (ast.literal_eval, json) or an explicit dispatch table instead of eval.',
  },
  {
    id: 'codewright/tls-verification-disabled',
    type: 'security',
    severity: 'high',
    languages: NON_JS,
    description:
      'TLS certificate or host name verification turned off: verify=False, InsecureSkipVerify: true, trust-all TrustManager / HostnameVerifier returning true, danger_accept_invalid_certs/hostnames with a value that can be true (a literal, a local, a parameter some call passes true; not an option a library forwards), a rustls ServerCertVerifier whose verify_server_cert only returns Ok (medium: where it is installed decides), certificate validation callbacks returning true, CURLOPT_SSL_VERIFYPEER 0, PHP stream-context verify_peer and Guzzle `verify` => false, OpenSSL VERIFY_NONE, Ruby verify: false.',
    rationale:
      'Without verification anyone on the network path can impersonate the server and read or change the traffic.',
    fix: 'Keep verification on; to trust a private CA, add its certificate to the trust store or pass it explicitly (verify="/path/ca.pem", RootCAs, a custom trust store).',
    example: 'requests.get(url, verify=False)',
    message: 'TLS certificate verification is disabled.',
    suggestion:
      'Keep certificate verification enabled; trust a private CA explicitly instead of disabling checks.',
  },
  {
    id: 'codewright/unsafe-deserialization',
    type: 'security',
    severity: 'high',
    languages: ['python', 'java', 'csharp', 'ruby', 'php'],
    description:
      'Deserializers that can instantiate arbitrary types on non-constant data: pickle/marshal/dill, yaml.load without a safe loader, ObjectInputStream.readObject without a filter, BinaryFormatter and friends, Json.NET TypeNameHandling other than None on the DeserializeObject/Deserialize call that uses it (C#: reported only when the data can carry input; a setting alone, an attribute or a round-trip of the program’s own data is not), Ruby Marshal.load / YAML.load, PHP unserialize without allowed_classes.',
    rationale:
      'Crafted input makes these deserializers construct objects whose side effects run attacker-chosen code (gadget chains).',
    fix: 'Use a data-only format (JSON) or the safe variant (yaml.safe_load, YAML.safe_load, unserialize with allowed_classes => false, an ObjectInputFilter allow-list). A plain Python `yaml.load(data)` is rewritten to `yaml.safe_load(data)` automatically.',
    example: 'data = pickle.loads(request.body)',
    message: 'Deserialization of untrusted data can execute code.',
    suggestion: 'Use a data-only format such as JSON, or the safe loader of this library.',
  },
  {
    id: 'codewright/weak-hash',
    type: 'security',
    severity: 'high',
    languages: NON_JS,
    description:
      'MD5 or SHA-1 digests (PHP md5/sha1, md5_file/sha1_file, hash/hash_file/hash_hmac; Ruby Digest::MD5/SHA1). Reported high when the value hashed looks like a password, low elsewhere (checksums are a legitimate use); in C/C++ also the Windows CryptoAPI CryptCreateHash with CALG_MD2/MD4/MD5/SHA1. In Rust the names of what is hashed decide (passwords, secrets, card numbers; not values named encrypted/hashed), hashers fed through update/chain_update/io::copy included, and a fast hash (SHA-2, SHA-3, BLAKE) of a password is reported high too.',
    rationale:
      'MD5/SHA-1 are broken for collision resistance and far too fast for passwords: leaked hashes are cracked by brute force in hours.',
    fix: 'Hash passwords with a slow, salted KDF (bcrypt, scrypt, Argon2, PBKDF2); use SHA-256 or better for integrity; mark non-security uses (Python: usedforsecurity=False).',
    example: 'digest = hashlib.md5(password.encode()).hexdigest()',
    message: 'Weak hash algorithm (MD5/SHA-1).',
    suggestion: 'Use SHA-256 for integrity, or bcrypt/scrypt/Argon2 for passwords.',
  },
  {
    id: 'codewright/weak-cipher',
    type: 'security',
    severity: 'high',
    languages: ['go', 'java', 'csharp', 'rust', 'c', 'cpp'],
    description:
      'A weak cipher or mode: DES, 3DES (DESede/TripleDES), RC2, RC4, Blowfish, ECB mode, a bare "AES" (ECB by default), RSA without padding — Java Cipher/KeyGenerator/SecretKeyFactory.getInstance, .NET DES/TripleDES/RC2 providers and CipherMode.ECB, Go crypto/des, crypto/rc4 and x/crypto/blowfish, Rust RustCrypto constructors (des::Des, TdesEde3, Rc2, Rc4, RC5, Blowfish, also through a `type` alias or as a cbc::Encryptor parameter), ecb::Encryptor and openssl Cipher::des_*/rc4/*_ecb, Windows CryptoAPI CryptDeriveKey/CryptGenKey with CALG_DES/3DES/RC2/RC4; in Go also IVs or nonces fixed in the code (a literal, `[]byte("...")`, or a variable or parameter only ever given one) passed to CBC/CFB/CTR/OFB modes or AEAD Seal/Open. An algorithm read from configuration is not guessed.',
    rationale:
      'These ciphers have keys or blocks small enough to brute-force or collide (DES, 3DES, RC2), biased key streams (RC4), or leak equal plaintext blocks (ECB); a repeated IV or nonce makes equal plaintexts visible and, for CTR and GCM, reveals the XOR of messages and the authentication key.',
    fix: 'Use AES in an authenticated mode (AES/GCM/NoPadding, AesGcm, Go cipher.NewGCM) or ChaCha20-Poly1305 with a fresh random IV or nonce per message, sent with the ciphertext; RSA with OAEP padding.',
    example: 'Cipher c = Cipher.getInstance("DES/CBC/PKCS5Padding");',
    message: 'Weak cipher, cipher mode or constant IV.',
    suggestion: 'Use AES-GCM (or ChaCha20-Poly1305) with a fresh random IV per message.',
  },
  {
    id: 'codewright/weak-tls',
    type: 'security',
    severity: 'medium',
    languages: ['go'],
    description:
      'A tls.Config that allows SSL 3.0, TLS 1.0 or 1.1 (MinVersion/MaxVersion, also through a variable) or lists weak cipher suites (TLS_RSA_WITH_* without forward secrecy, RC4, 3DES, CBC-SHA256).',
    rationale:
      'Old protocol versions and weak suites let an attacker on the path downgrade or decrypt the connection (POODLE, BEAST, SWEET32), or decrypt recorded traffic once the server key leaks.',
    fix: 'Set MinVersion to tls.VersionTLS12 (or 13) and leave CipherSuites unset so Go picks secure suites.',
    example: 'cfg := &tls.Config{MinVersion: tls.VersionTLS10}',
    message: 'Weak TLS version or cipher suite.',
    suggestion: 'Require TLS 1.2 or later and use the default cipher suites.',
  },
  {
    id: 'codewright/insecure-random',
    type: 'security',
    severity: 'high',
    languages: ['python', 'go', 'java', 'csharp'],
    description:
      "A non-cryptographic random generator: Python's `random` module (random(), randint, choice, getrandbits, randbytes, ...), Go's math/rand (and math/rand/v2), java.util.Random, Math.random, System.Random. Reported high where the value becomes a token, password, session value, cookie, key, salt or nonce (by the names around it); elsewhere low in Python and Go (simulations and jitter are fine), medium in Java and C#.",
    rationale:
      "These generators are seeded recurrences (Python's is a Mersenne Twister: 624 outputs reveal its state): a few outputs reveal the state and every later value, so tokens, session ids, reset codes and keys made from them can be predicted.",
    fix: 'Use the secrets module (secrets.token_hex, token_urlsafe, randbelow) or random.SystemRandom in Python, crypto/rand (rand.Read, rand.Int(rand.Reader, max), rand.Text) in Go, java.security.SecureRandom in Java, System.Security.Cryptography.RandomNumberGenerator in .NET.',
    example: 'reset_token = str(random.getrandbits(64))',
    message: 'Non-cryptographic random generator; do not use it for security values.',
    suggestion:
      'Use secrets.token_urlsafe()/secrets.randbelow() (Python), crypto/rand (Go), SecureRandom (Java) or RandomNumberGenerator (.NET).',
  },
  {
    id: 'codewright/xxe',
    type: 'security',
    severity: 'high',
    languages: ['python', 'rust'],
    description:
      'Input parsed as XML by a parser with external entities turned on: `parser.setFeature(feature_external_ges, True)` (xml.sax, minidom, pulldom) or lxml `XMLParser(resolve_entities=True)`/`no_network=False`, then `parseString(data, parser)`, `etree.fromstring(data, parser)`, `parser.parse(data)`.',
    rationale:
      'An external entity in the document makes the parser read local files or fetch URLs chosen by the sender (file disclosure, SSRF).',
    fix: 'Leave external entities off (the default of xml.sax and minidom), or parse with defusedxml.',
    example: 'parser.setFeature(feature_external_ges, True); minidom.parseString(request.data, parser)',
    message: 'XML from input parsed with external entities enabled (XXE).',
    suggestion: 'Do not enable external entities; use defusedxml for untrusted XML.',
  },
  {
    id: 'codewright/insecure-cookie',
    type: 'security',
    severity: 'medium',
    languages: ['python', 'java', 'csharp', 'rust'],
    description:
      'A cookie whose Secure or HttpOnly flag is set to false (Flask/Werkzeug/Django `set_cookie(..., secure=False)`, Java setSecure(false), .NET Secure = false), or a Java/C# cookie created and added to the response without ever setting Secure; in Rust (cookie, actix-web, biscotti, http-types, poem) a Cookie::build chain finished without secure(true) and a cookie object added to a jar before a set_secure(true) that always runs.',
    rationale:
      'Without Secure the browser also sends the cookie over plain HTTP, where anyone on the network reads it; without HttpOnly, script injected into the page can steal it.',
    fix: 'Set Secure and HttpOnly on every cookie that carries a session or other secret (set_cookie(..., secure=True, httponly=True, samesite="Lax"); cookie.setSecure(true); cookie.setHttpOnly(true)).',
    example: 'resp.set_cookie("session", sid, secure=False)',
    message: 'Cookie sent without the Secure flag.',
    suggestion:
      'Set the Secure flag (secure=True, setSecure(true), Secure = true) and HttpOnly before sending the cookie.',
  },
  {
    id: 'codewright/hardcoded-secret',
    type: 'security',
    severity: 'high',
    languages: NON_JS,
    description:
      'A string literal that is a credential: a known key format (AWS, GitHub, Slack, Stripe, Google, private keys, JWTs, URLs with passwords) anywhere, or a random-looking value (Shannon entropy) assigned to a password/secret/token/api_key name; in C#, a string literal that reaches a password or key argument (NetworkCredential, Rfc2898DeriveBytes, CreateEncryptor, `Password=` in a connection string); in Rust, a constant byte array, string, number or `mem::zeroed()` that reaches a key, IV, nonce or salt (RustCrypto Key/Iv/Nonce::from_slice, cipher constructors, `cipher.encrypt(&nonce, ..)`, the functions of the same file, by parameter name), reported where it is written (medium for IVs, nonces and salts; not in #[test] code). Placeholders and environment look-ups are ignored.',
    rationale:
      'Secrets in source end up in version control, builds and logs, where anyone with read access can use them; rotating them means a code change.',
    fix: 'Read the secret from the environment or a secret manager at run time, and rotate the leaked value.',
    example: 'API_KEY = "sk_live_51H8c9dKx2mPq7RvT3wYz0AbCd"',
    message: 'Hard-coded secret.',
    suggestion:
      'Load the secret from an environment variable or a secret manager, and rotate the exposed value.',
  },
  {
    id: 'codewright/buffer-overflow',
    type: 'security',
    severity: 'high',
    languages: ['c', 'cpp'],
    description:
      'Unbounded writes into fixed-size buffers: gets(), strcpy/strcat/sprintf/vsprintf into a local array from a non-literal source, scanf("%s") without a width.',
    rationale:
      'Input longer than the buffer overwrites adjacent memory: crashes, data corruption and code execution.',
    fix: 'Use bounded functions (fgets, snprintf, strncpy/strlcpy with the buffer size), a width in scanf formats, or std::string.',
    example: 'char name[32]; strcpy(name, argv[1]);',
    message: 'Unbounded write into a fixed-size buffer (buffer overflow).',
    suggestion: 'Use a bounded alternative (fgets, snprintf, strlcpy) with the destination size.',
  },
  {
    id: 'codewright/mutable-default-argument',
    type: 'best_practices',
    severity: 'medium',
    languages: ['python'],
    description: 'A list, dict or set (literal or constructor call) as a parameter default.',
    rationale:
      'Defaults are evaluated once, so every call shares and mutates the same object: state leaks between calls.',
    fix: 'Default to None and create the object in the body: `def f(items=None): items = [] if items is None else items`.',
    example: 'def add(item, items=[]):',
    message: 'Mutable default argument is shared between calls.',
    suggestion: 'Use None as the default and create a new object inside the function.',
  },
  {
    id: 'codewright/bare-except',
    type: 'best_practices',
    severity: 'medium',
    languages: ['python'],
    description: 'An `except:` clause without an exception type.',
    rationale:
      'It also catches KeyboardInterrupt, SystemExit and programming errors, hiding bugs and making the program hard to stop.',
    fix: 'Catch the exceptions you expect, or at least `except Exception:`.',
    example: 'try:\n    load()\nexcept:\n    pass',
    message: 'Bare except catches every exception, including SystemExit and KeyboardInterrupt.',
    suggestion: 'Catch specific exceptions, or `except Exception:` at the very least.',
  },
  {
    id: 'codewright/none-comparison',
    type: 'best_practices',
    severity: 'low',
    languages: ['python'],
    description: 'Comparison to None with `==` or `!=`.',
    rationale:
      'None is a singleton; `==` calls __eq__, which classes may override, so the identity test `is` is both correct and faster.',
    fix: 'Write `x is None` / `x is not None` (applied automatically).',
    example: 'if user == None:',
    message: 'Comparison to None should use `is` / `is not`.',
    suggestion: 'Use `is None` or `is not None`.',
  },
  {
    id: 'codewright/quadratic-membership',
    type: 'performance',
    severity: 'medium',
    languages: ['python'],
    description:
      'A membership test (`x in items`) inside a loop, where `items` is a list built in the same function.',
    rationale: 'Each test scans the list, so the loop costs O(n·m); a set or dict answers in O(1).',
    fix: 'Build a set once before the loop (`seen = set(items)`) and test membership against it.',
    example: 'for u in users:\n    if u.id in banned_ids:  # banned_ids is a list',
    message: 'Membership test on a list inside a loop is O(n) per iteration.',
    suggestion: 'Convert the list to a set before the loop and test membership against the set.',
  },
  {
    id: 'codewright/string-concat-in-loop',
    type: 'performance',
    severity: 'low',
    languages: ['python', 'java', 'csharp'],
    description:
      'A string grown with `+=` (or `s = s + x`) inside a loop: in Python a name bound to a string; in Java and C# a `String`/`string` local declared before the loop and not reset inside it. StringBuilder appends are not reported; fields and strings reset on each iteration are not either.',
    rationale:
      'Strings are immutable; each `+=` may copy the whole string, making the loop quadratic in the output size.',
    fix: 'Python: collect the pieces in a list and `"".join(pieces)` once after the loop (or io.StringIO). Java/C#: append to a StringBuilder created before the loop.',
    example: 'out = ""\nfor row in rows:\n    out += row + "\\n"',
    message: 'String built with += inside a loop.',
    suggestion: 'Append the pieces to a list and join them once after the loop.',
  },
  {
    id: 'codewright/regex-in-loop',
    type: 'performance',
    severity: 'low',
    languages: ['python', 'java', 'csharp'],
    description:
      '`re.compile(...)` (Python), `Pattern.compile(...)` (Java) or `new Regex(...)` (C#) inside a loop, when every argument is certainly the same on each iteration: literals, `re.I`/`Pattern.X`/`RegexOptions.X` flags, or locals and parameters declared before the loop that the loop never writes. Fields and calls are not assumed invariant, so `Pattern.compile(this.pattern)` is not reported.',
    rationale:
      'Java and C# compile the pattern again on every iteration; Python’s re module caches compiled patterns, so there the cost is the cache lookup and call on each pass.',
    fix: 'Compile the pattern once before the loop (or as a module-level / static constant) and reuse it.',
    example: 'for line in lines:\n    if re.compile(r"^ERROR").match(line):\n        errors += 1',
    message: 'The same regular expression is compiled on every iteration.',
    suggestion: 'Compile it once before the loop and reuse the compiled pattern.',
  },
  {
    id: 'codewright/json-parse-in-loop',
    type: 'performance',
    severity: 'low',
    languages: ['python'],
    description:
      '`json.loads(x)` inside a loop where `x` is certainly the same on each iteration (a literal, or a local/parameter declared before the loop and never written inside it).',
    rationale: 'Parsing the same text again on every iteration repeats work whose result cannot change.',
    fix: 'Parse once before the loop and reuse the result (copy it if the loop mutates it).',
    example: 'for user in users:\n    defaults = json.loads(raw_defaults)',
    message: 'The same JSON text is parsed on every iteration.',
    suggestion: 'Parse it once before the loop and reuse the parsed value.',
  },
  {
    id: 'codewright/n-plus-one-query',
    type: 'performance',
    severity: 'medium',
    languages: ['python', 'java', 'ruby'],
    description:
      'A query run once per row of another query, with that row’s data: Django `X.objects.get/filter(...)` or SQLAlchemy `session.query/get/execute` (and Django reverse managers `row.x_set.all()` unless the loop’s query prefetches) in a `for` over a Django/SQLAlchemy query; Spring Data/DAO `repo.findX(row...)` in a for-each over a repository read; JDBC `executeQuery`/`jdbcTemplate.query*` fed with `rs.getX(...)` inside `while (rs.next())`; ActiveRecord `Model.find/find_by/where/count(...)` in an `each`/`find_each` block over a relation. The loop’s query must be visible in the function (directly or through one local).',
    rationale:
      'One query per row turns one round trip into N+1: with 1,000 rows a page makes 1,001 database calls, and latency grows with the data.',
    fix: 'Fetch the related rows in one query: `select_related`/`prefetch_related` (Django), `joinedload`/`selectinload` (SQLAlchemy), a JOIN or `WHERE id IN (...)` (JDBC, repositories: `findAllById`), `includes` (ActiveRecord).',
    example:
      'for order in Order.objects.filter(paid=True):\n    customer = Customer.objects.get(id=order.customer_id)',
    message: 'A query runs once per row of another query (N+1).',
    suggestion: 'Load the related rows in one query (a join, prefetch or IN query) before the loop.',
  },
  ...taintSpec(
    'codewright/path-traversal',
    'high',
    'A file path built from input (request data, environment, console, a helper parameter fed with input) given to a file API: new File/FileInputStream, Paths.get, open(), File.*, fopen, Ruby File/IO/FileUtils/send_file, PHP fopen/file_get_contents/readfile.',
    'The input can contain `../` or an absolute path and reach any file the process can read or write.',
    'Reduce the input to a file name (basename/getName) and check that the resolved path stays under the intended directory.',
    'open("/srv/files/" + request.args["name"])',
  ),
  ...taintSpec(
    'codewright/xss',
    'high',
    'Input written into an HTTP response without HTML escaping: response.getWriter().print, Response.Write, make_response/HttpResponse of input, PHP echo/print/printf, Ruby html_safe/raw/render inline: and a link_to URL (a `javascript:` link), also in ERB views (`<%== x %>`; `<%= x %>` escapes), where an instance variable or record written unescaped is medium (its origin is the controller). In PHP the escaping must fit where the value lands in the page: htmlspecialchars protects text and quoted attributes, not a <script> block, an event handler, CSS, an unquoted or URL attribute, or a tag or attribute name; addslashes protects no page.',
    "A value containing markup runs as script in the victim's browser, in the site's origin.",
    'Escape for HTML (ESAPI encodeForHTML, html.escape, HttpUtility.HtmlEncode) or render through an auto-escaping template.',
    'response.getWriter().println("Hello " + request.getParameter("name"))',
  ),
  ...taintSpec(
    'codewright/ldap-injection',
    'high',
    'An LDAP search filter or base built from input (DirContext.search, DirectorySearcher, ldap search_s, PHP ldap_search/ldap_list/ldap_read). Escaping quotes or HTML does not protect a filter: only escaping `*`, `(`, `)` and `\\` does (ldap_escape, a replacement table).',
    'Filter metacharacters (`*`, `(`, `)`, `|`) in the input change what the search matches, e.g. every user.',
    'Escape the value for LDAP filters (RFC 4515) or allow-list it.',
    'ctx.search("ou=users", "(uid=" + user + ")", controls)',
  ),
  ...taintSpec(
    'codewright/xpath-injection',
    'high',
    'An XPath expression built from input (XPath.evaluate/compile, SelectNodes, lxml xpath, PHP SimpleXML xpath / DOMXPath query).',
    'Quotes in the input change the expression, e.g. to match every node or read other parts of the document.',
    'Use XPath variables (XPathVariableResolver, lxml `xpath(expr, name=value)`) or allow-list the value.',
    'xp.evaluate("/users/user[@name=\'" + name + "\']", doc)',
  ),
  ...taintSpec(
    'codewright/open-redirect',
    'medium',
    'A redirect whose target comes from input (sendRedirect, Response.Redirect, flask redirect, Rails redirect_to without only_path or allow_other_host: false and not to a record, a route or a path, PHP header("Location: ...")/http_redirect).',
    'An attacker builds a link to the trusted site that forwards the victim to a phishing page.',
    'Redirect only to relative paths or to an allow-list of hosts.',
    'return redirect(request.args["next"])',
  ),
  ...taintSpec(
    'codewright/trust-boundary',
    'medium',
    'Input stored in the server-side session (session.setAttribute / putValue) without validation.',
    'Code that later reads the session trusts the value as if the server had set it.',
    'Validate the value before storing it in the session, or keep input out of the session.',
    'request.getSession().setAttribute("user", request.getParameter("u"))',
  ),
  ...taintSpec(
    'codewright/format-string',
    'high',
    'A printf-family format argument that comes from input (printf(data), fprintf(f, data), snprintf(buf, n, data)); in C#, a composite format from input (string.Format(data), AppendFormat(data)).',
    '`%n` writes memory and `%s`/`%x` read the stack: a format string from input is a read/write primitive.',
    'Pass input as an argument of a constant format: printf("%s", data).',
    'printf(getenv("MSG"));',
  ),
  ...taintSpec(
    'codewright/ssrf',
    'high',
    'An outgoing request whose address comes from input (Go http.Get/Post, http.NewRequest, client.Get, net.Dial; Rust reqwest::get, client.get/post; Ruby Net::HTTP/HTTParty/Faraday; PHP curl_init/CURLOPT_URL). A URL whose constant start fixes the scheme and host (`format!("https://api.example.com/{}", id)`) is not reported.',
    'The server fetches whatever the input names: internal services, cloud metadata endpoints, local files through other schemes.',
    'Allow-list the hosts (or build the URL from a fixed base and an escaped path part) before requesting it.',
    'resp, err := http.Get(r.URL.Query().Get("url"))',
  ),
  ...taintSpec(
    'codewright/regex-injection',
    'medium',
    'A regular expression compiled from input (Rust Regex::new, RegexBuilder::new) without regex::escape.',
    'Metacharacters in the input change what the pattern matches, and a crafted pattern can make matching slow.',
    'Escape the input (regex::escape) or match it as a literal string.',
    'let re = Regex::new(&format!("^{}$", name))?;',
  ),
];

const BY_ID = new Map(SPECS.map((spec) => [spec.id, spec]));

/** The spec of a rule id; throws on an unknown id (a programming error caught by the tests). */
export function ruleSpec(id: string): RuleSpec {
  const spec = BY_ID.get(id);
  if (!spec) throw new Error(`Unknown tree-sitter rule ${id}`);
  return spec;
}

/** The documentation of every tree-sitter rule. */
export const TREE_SITTER_RULES: readonly RuleMeta[] = SPECS.map(
  ({ id, type, severity, languages, description, rationale, fix, example }) => ({
    id,
    type,
    severity,
    languages,
    description,
    rationale,
    fix,
    example,
  }),
);

/** The documentation of a rule reported by the taint engine (`taint/`), where input reaches a sink. */
function taintSpec(
  id: string,
  severity: RuleSpec['severity'],
  description: string,
  rationale: string,
  fix: string,
  example: string,
): RuleSpec[] {
  const languages: readonly LanguageId[] =
    id === 'codewright/format-string'
      ? ['c', 'cpp', 'csharp']
      : id === 'codewright/ssrf'
        ? ['go', 'rust', 'ruby', 'php']
        : id === 'codewright/regex-injection'
          ? ['rust']
          : id === 'codewright/trust-boundary'
            ? ['python', 'go', 'java', 'csharp', 'c', 'cpp', 'rust']
            : ['python', 'go', 'java', 'csharp', 'c', 'cpp', 'rust', 'ruby', 'php'];
  const message = `${description.split(' (')[0]}.`;
  return [
    {
      id,
      type: 'security',
      severity,
      languages,
      description,
      rationale,
      fix,
      example,
      message,
      suggestion: fix,
    },
  ];
}
