// Language-agnostic detection of hard-coded secrets in one string literal's value.
// Two kinds of evidence: a value in a known credential format (reported whatever its name), or a
// random-looking value assigned to a secret-sounding name (password, token, api_key, ...).
// Callers pass the literal's value (without quotes) and, when known, the name it is assigned to.

export interface SecretMatch {
  /** Short id of what was recognised, e.g. `aws-access-key-id` or `generic-password`. */
  kind: string;
  /** Human description used in messages, e.g. "an AWS access key id". */
  description: string;
  /** `high` for known key formats; `medium` for a random-looking value under a secret-sounding name. */
  confidence: 'high' | 'medium';
}

interface KnownFormat {
  kind: string;
  description: string;
  pattern: RegExp;
}

const KNOWN_FORMATS: readonly KnownFormat[] = [
  {
    kind: 'aws-access-key-id',
    description: 'an AWS access key id',
    pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/,
  },
  { kind: 'github-token', description: 'a GitHub token', pattern: /\bgh[pousr]_[A-Za-z0-9]{36,}\b/ },
  {
    kind: 'github-token',
    description: 'a GitHub fine-grained token',
    pattern: /\bgithub_pat_[A-Za-z0-9_]{22,}\b/,
  },
  { kind: 'slack-token', description: 'a Slack token', pattern: /\bxox[abprs]-[A-Za-z0-9-]{10,}/ },
  {
    kind: 'slack-webhook',
    description: 'a Slack webhook URL',
    pattern: /https:\/\/hooks\.slack\.com\/services\/T[A-Z0-9]+\/B[A-Z0-9]+\/[A-Za-z0-9]{16,}/,
  },
  { kind: 'stripe-key', description: 'a Stripe live secret key', pattern: /\b[sr]k_live_[0-9A-Za-z]{20,}\b/ },
  { kind: 'google-api-key', description: 'a Google API key', pattern: /\bAIza[0-9A-Za-z_-]{35}\b/ },
  {
    kind: 'private-key',
    description: 'a private key',
    pattern: /-----BEGIN (?:RSA |EC |DSA |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?-----/,
  },
  {
    kind: 'jwt',
    description: 'a JSON Web Token',
    pattern: /\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}/,
  },
  {
    kind: 'url-credentials',
    description: 'a URL with an embedded password',
    pattern: /\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]+:(?![^@\s]*\$\{)[^\s:/@]{3,}@[^\s/]+/i,
  },
];

/** Names under which a literal is a credential: matched against the identifier's words. */
const PASSWORD_NAME = /(?:^|_)(?:pass|passwd|password|passphrase|pwd|pw)(?:_|$)/;
const SECRET_NAME =
  /(?:^|_)(?:secret|token|bearer|o?auth|api_?key|apikey|access_?key|secret_?key|private_?key|client_?secret|auth_?token|credentials?|signing_?key|encryption_?key)(?:_|$)/;
/**
 * Words that make a secret-sounding name about something else (a URL, a field label, a length, what
 * happened to it: `password_reset_reason`, `token_status`; the class that handles it:
 * `TOKEN_STRATEGY = "app.adapter.TokenStrategy"`), or a pass of a process
 * (`hwScaleFilterFirstPass`, `second_pass`).
 */
const NOT_A_SECRET_NAME =
  /(?:^|_)(?:(?:first|second|third|last|final|single|one|two|multi|\d+)_pass|url|uri|endpoint|path|file|filename|dir|name|field|header|type|label|prompt|placeholder|hint|input|message|msg|length|len|size|count|format|pattern|regex|env|var|key_?name|id|policy|rule|param|prefix|suffix|template|tmpl|tpl|column|expires?|expiry|ttl|min|max|hash|hashed|digest|chars|charset|alphabet|storage|store|location|mode|method|scheme|algorithm|alg|kind|scope|audience|issuer|version|provider|source|backend|route|key_?id|arn|ref|identifier|reason|status|state|strategy|class|adapter|factory|handler)(?:_|$)/;

const PLACEHOLDER =
  /^(?:changeme|change_?me|change-me|replace_?me|todo|tbd|fixme|none|null|nil|undefined|empty|test|testing|example|sample|dummy|fake|mock|secret|password|passwd|pass|token|apikey|api_key|your[_-].*|<.*>|\{\{.*\}\}|\$\{.*\}|%[sd]|\*+|x+|\.+|-+|[#?]+|0+|1234\d*|abc\d*)$/i;

/** Documentation values in a known format (AWS's AKIAIOSFODNN7EXAMPLE, "sk_live_xxxx...") are not leaks. */
const DOCUMENTATION_VALUE = /example|placeholder|dummy|redacted|fake|x{6,}|0{10,}/i;

/** How many of lower case, upper case, digits and symbols a value mixes. */
function characterClasses(value: string): number {
  return [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((re) => re.test(value)).length;
}

/** Shannon entropy of a string in bits per character. */
export function shannonEntropy(value: string): number {
  if (value.length === 0) return 0;
  const counts = new Map<string, number>();
  for (const ch of value) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let bits = 0;
  for (const count of counts.values()) {
    const p = count / value.length;
    bits -= p * Math.log2(p);
  }
  return bits;
}

/** Splits an identifier (camelCase, snake_case, kebab, dotted, `$var`, `obj["key"]`) into lower-case words joined by `_`. */
export function normalizeName(name: string): string {
  const last = name.match(/[A-Za-z0-9_-]+(?=["'\]]*\s*$)/)?.[0] ?? name;
  return (
    last
      .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
      // A numbered name (`secret008`, `token2`) is that word.
      .replace(/([A-Za-z])(\d)/g, '$1_$2')
      .replace(/-/g, '_')
      .toLowerCase()
  );
}

/** True for names that say the value is a password, token or key. */
/** Flags and options about a secret (`withCredentials`, `useToken`, `isPassword`) hold a mode, not the secret. */
const FLAG_NAME = /^(?:with|use|uses|allow|enable|disable|require|requires|include|has|is|should|needs?)_/;

export function isSecretName(name: string): boolean {
  const words = normalizeName(name);
  if (NOT_A_SECRET_NAME.test(words) || FLAG_NAME.test(words)) return false;
  return PASSWORD_NAME.test(words) || SECRET_NAME.test(words);
}

/**
 * Values that stand for a credential without being one, wherever they are written: templates,
 * environment references, masks (`***`, `xxx`, a word between stars or brackets: `**masked**`,
 * `[PROTECTED]`, what a log or a copy shows instead of the password), `your_password`, `password_here`.
 */
const STAND_IN =
  /^(<.*>|\{\{.*\}\}|\$\{.*\}|\$[A-Z_]+|%[A-Z_]+%|your[_-].*|.*[_-]here|x+|\*+|\.+|-+|\?+|\*+[a-z]+\*+|\[[a-z][a-z _-]*\])$/i;

const STAND_IN_WORD =
  '(?:a|an|the|my|your|our|some|secret|key|token|password|passwd|pass|api|private|access|auth)';
const SELF_DESCRIBING = new RegExp(`^${STAND_IN_WORD}(?:[-_]${STAND_IN_WORD})+$`, 'i');

export interface PlaceholderOptions {
  /**
   * The literal's position already says it is a credential (a password option or argument, a
   * signing key): only empty values, prose and stand-ins are spared. A value that merely looks like
   * a word, a name or a path (`'password'`, `'test'`, `'admin'`) is still what logs in there.
   */
  byPosition?: boolean;
}

/** Values that are clearly not real credentials: placeholders, templates, env lookups, prose, paths. */
export function isPlaceholder(value: string, options: PlaceholderOptions = {}): boolean {
  const v = value.trim();
  // Secrets rarely contain whitespace: prose, messages, SQL.
  if (v.length === 0 || /\s/.test(value) || STAND_IN.test(v)) return true;
  if (options.byPosition) return false;
  if (PLACEHOLDER.test(v)) return true;
  if (/^(.)\1+$/.test(v)) return true; // "aaaaaaa", "********"
  if (/[:?]$/.test(v)) return true; // prompts and labels: "Password:", "Token?"
  if (/^[A-Z][A-Z0-9_]*$/.test(v)) return true; // an environment variable's name
  if (/^\$[A-Za-z_{]|^%[A-Za-z_]+%$|^env:/i.test(v)) return true; // $VAR, ${VAR}, %VAR%, env:...
  // A URI without credentials is a locator, also for a secret store (`op://vault/item`).
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(v) && !/@/.test(v)) return true;
  if (/^[./~]/.test(v) || /\.(?:json|ya?ml|pem|key|txt|env|ini|cfg|conf)$/i.test(v)) return true; // paths
  // A command-line option's name (`password: "--password"`): the flag that takes the value.
  if (/^--[a-z][a-z0-9-]*=?$/.test(v)) return true;
  if (/(?:example|placeholder|dummy|changeme|redacted|your_|xxxx)/i.test(v)) return true;
  // Words that only say what the value is (`a-secret-key`, `my_secret_token`, `the-password`): a
  // default option's or an example's stand-in. A word of its own (`my-jwt-signing-secret`) is not.
  if (SELF_DESCRIBING.test(v)) return true;
  // A stand-in that asks to be replaced, inside a longer text (`CHANGE-ME-OR-FAIL-TO-START`).
  if (/(?:^|[^a-z])(?:change|replace)[-_]me(?:[^a-z]|$)/i.test(v)) return true;
  // A key or field name ("_master_user_password", "api-token"), not a value.
  if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(v) && /_|[a-z][A-Z]/.test(v) && isSecretName(v)) return true;
  if (/^[a-z]+\/[a-z0-9.+-]+$/.test(v)) return true; // a MIME type
  // A relative path or route of lower-case words (`auth/reset_passwd`, `user/settings/password`): a
  // template's or page's name.
  if (/^[a-z]+(?:[_-][a-z]+)*(?:\/[a-z]+(?:[_-][a-z]+)*)+$/.test(v)) return true;
  // An IPv4 or IPv6 address.
  if (/^(?:\d{1,3}\.){3}\d{1,3}$|^(?=.*:.*:)[0-9a-f:]+$/i.test(v)) return true;
  // A namespaced class name (`Defuse\Crypto\KeyOrPassword`, `App\Auth\Token`).
  if (/^\\?[A-Za-z_]\w*(?:\\[A-Za-z_]\w*)+$/.test(v)) return true;
  // Alphabets and character sets ("0123456789abcdef...") are not secrets.
  if (/0123456|123456789|abcdefg|ABCDEFG/.test(v)) return true;
  // A regular expression's character class with a range and a quantifier (`[A-Za-z0-9._~+/-]+=*`,
  // the shape of a bearer token) describes secrets; it is none.
  if (/\[\^?[^\]]*[A-Za-z0-9]-[A-Za-z0-9][^\]]*\][*+?{]/.test(v)) return true;
  return false;
}

/**
 * A secret inside a query or connection string (`login=a&pwd=s3cr3t!`, `Server=db;Password=x7Qk2p`):
 * each `name=value` pair judged as a value under that name. Bind markers and templates
 * (`password=?`, `password=:password`, `password=%s`, `password=(secret)`) are not values.
 */
function pairSecret(value: string): SecretMatch | undefined {
  if (!/=/.test(value)) return undefined;
  for (const pair of value.split(/[&;\s]/)) {
    // `,`, `#` and `|` end a value (`token=abc,rest` is a list or a fragment, not one secret).
    const m = /^[?]?([A-Za-z][\w.-]*)=([^,#|]+)$/.exec(pair);
    // An interpolation, also quoted (`Token=\"${req.headers.auth}\"` in a script), is no value.
    if (
      !m ||
      /^\\?["']?[:@?$%{(<[]/.test(m[2]) ||
      /\$\{/.test(m[2]) ||
      !isSecretName(m[1]) ||
      codeOperand(m[2])
    )
      continue;
    const found = detectSecret(m[2], m[1]);
    if (found) return found;
  }
  return undefined;
}

/**
 * A pair's value that is code, not a value: a comparison or a quoted literal inside it
 * (`o.credentials=e.crossOrigin==="use-credentials"?"include":"omit"` in a script kept as text).
 * A value quoted whole (`Password='x7Qk2p'`) is still a value.
 */
function codeOperand(value: string): boolean {
  const inner = /^(["'])(.*)\1$/.exec(value)?.[2] ?? value;
  return /==|["']/.test(inner);
}

/**
 * A URL whose password is a stand-in word (`http://user:password@test.com`), also behind a possessive
 * (`amqp://myuser:mypassword@localhost`, `your_password`, `some-secret`), shows the format only.
 */
function standInPassword(format: KnownFormat, value: string): boolean {
  if (format.kind !== 'url-credentials') return false;
  const password = /:\/\/[^\s:/@]+:([^\s:/@]+)@/.exec(value)?.[1];
  return password !== undefined && PLACEHOLDER.test(password.replace(/^(?:my|your|some|the)[_-]?/i, ''));
}

/**
 * A private key block whose body holds no key (`-----BEGIN PRIVATE KEY-----\\n...\\n-----END PRIVATE
 * KEY-----`, a default option showing the format): no run of base64 between its lines. A header
 * alone, or a block with a body, is judged as before.
 */
function emptyKeyBlock(format: KnownFormat, value: string): boolean {
  if (format.kind !== 'private-key') return false;
  const body = /PRIVATE KEY(?: BLOCK)?-----([^]*?)-----END /.exec(value)?.[1];
  return body !== undefined && !/[A-Za-z0-9+/]{16,}/.test(body.replace(/\\[nr]/g, ' '));
}

/** Minimum entropy (bits/char) for a value under a token-like name: rules out words and repeats. */
export const TOKEN_ENTROPY_THRESHOLD = 3.0;
/** Passwords are chosen by people, so a lower bar: anything not a placeholder and not a plain word. */
export const PASSWORD_ENTROPY_THRESHOLD = 2.5;

/**
 * Detects a hard-coded secret in a literal's value. `name` is the variable, key, field or
 * parameter the literal is assigned to, when known. Returns undefined for anything that is not
 * convincingly a secret (placeholders, env lookups, empty strings, ordinary words).
 */
const IDENTIFIER_PATH = /^(urn:[\w.:-]+|[a-z][\w.-]*(?::[a-z][\w.-]*){2,})$/;

/**
 * A regular expression's syntax (`([.#][^\s"'.#]+)|(?:class|id)\s*=`: a shorthand class such as `\s`
 * or `\d`, a negated class or a non-capturing group, then a quantifier or alternation): a pattern a
 * token is matched against, kept under a name like `$token`; no key's alphabet has these.
 */
const REGEX_PATTERN =
  /(?:\\[sdwSDW]|\[\^|\(\?[:!=])[^]*(?:[\])][+*?]|\|)|(?:[\])][+*?]|\|)[^]*(?:\\[sdwSDW]|\[\^|\(\?[:!=])/;

/** A name whose last words are a store and `key`: the key of an entry in a session, cache or map. */
const STORE_ENTRY_NAME =
  /(?:^|_)(?:session|cache|storage|store|flash|cookie|config|option|meta|transient|context|attribute|request|field|param|registry|lookup|setting|property|map|dict)_key$/;

/**
 * A dotted name of three or more words, each lower case or camelCase (`javax.security.auth.useSubjectCredsOnly`,
 * `jdk.http.auth.proxying.disabledSchemes`): a system property's or setting's name, not a key.
 */
const PROPERTY_NAME = /^[a-z]+(?:[A-Z][a-z]+)*(?:\.[a-z]+(?:[A-Z][a-z]+)*){2,}$/;

/**
 * An `X-` header's name (`x-amz-request-token`, `X-Minio-Internal-Server-Side-Encryption-S3-Kms-Sealed-Key`):
 * words of letters, or short upper-case or numbered ones (`S3`, `KMS`), after the `X-` of RFC 6648;
 * an iCalendar extension property's is upper case throughout (`X-APPLE-CALENDAR-COLOR`).
 * A key's random run (`x-9fK2-qLm8ZpR4`) mixes cases and digits inside a word.
 */
const X_HEADER_WORD = '(?:[A-Za-z][a-z]*|[A-Z]+|[A-Z0-9]{1,4})';
const X_HEADER_NAME = new RegExp(`^[Xx](?:-${X_HEADER_WORD}){2,}$`);

/**
 * A package-qualified name: three or more lower-case package words, then a constant's or class's name
 * (`org.apache.catalina.session.PASSWORD`, `org.apache.catalina.realm.GSS_CREDENTIAL`): the name of a
 * request attribute or session note, not a key.
 */
const QUALIFIED_NAME = /^[a-z]+(?:\.[a-z]+){2,}\.(?:[A-Z]+(?:_[A-Z]+)*|[A-Z][a-z]+(?:[A-Z][a-z]+)*)$/;

/** A dotted path of lower-case or camelCase words, two or more: a setting's or property's name. */
const SETTING_PATH = /^[a-z]+(?:[A-Z][a-z]+)*(?:\.[a-z]+(?:[A-Z][a-z]+)*)+$/;

/** A password hash in the modular crypt format: bcrypt, Argon2, scrypt, PBKDF2, SHA-crypt, MD5-crypt. */
const CRYPT_HASH =
  /^\$(?:2[abxy]?\$\d{2}\$[./A-Za-z0-9]{53}|argon2(?:id|i|d)\$\S+|scrypt\$\S+|pbkdf2[-\w]*\$\S+|[156]\$[./A-Za-z0-9]{1,16}\$[./A-Za-z0-9]{22,86})$/;

/**
 * A list of validation rules joined by `|` (Laravel's and CodeIgniter's `'password' =>
 * 'required|string|min:8|confirmed'`): lower-case rule names, each with optional `:arguments`, one of
 * them a rule every such list uses. It says what the field must hold, not what it holds.
 */
const VALIDATION_RULE = '[a-z]+(?:_[a-z]+)*(?::[^|\\s]*)?';
const VALIDATION_RULES = new RegExp(`^${VALIDATION_RULE}(?:\\|${VALIDATION_RULE})+$`);
const COMMON_VALIDATION_RULE = /(?:^|\|)(?:required|nullable|sometimes|string|confirmed|min|max)(?::|\||$)/;

/** Letters and digits only, lower case: a name as written with any separators and cases. */
const squashed = (text: string): string => text.replace(/[^A-Za-z0-9]/g, '').toLowerCase();

/** The word password in English, German or French, or its short forms, inside a label or name. */
const PASSWORD_WORD = /pass(?:word|wort|wd)|mot[-_. ]de[-_. ]passe/i;

/** A letter of a script other than Latin's ASCII (kana, CJK, Cyrillic, accented Latin ...). */
const HUMAN_SCRIPT = /\P{ASCII}/u;
const HUMAN_SCRIPT_G = /(?=\P{ASCII})\p{L}/gu;

export function detectSecret(value: string, name?: string): SecretMatch | undefined {
  if (value.length < 6 || value.length > 10_000) return undefined;
  for (const format of KNOWN_FORMATS) {
    if (
      format.pattern.test(value) &&
      !DOCUMENTATION_VALUE.test(value) &&
      !standInPassword(format, value) &&
      !emptyKeyBlock(format, value)
    ) {
      return { kind: format.kind, description: format.description, confidence: 'high' };
    }
  }
  if (!name || !isSecretName(name) || isPlaceholder(value)) return pairSecret(value);
  // A URN or colon-separated identifier (`urn:ietf:params:oauth:token-type:jwt`) names a thing, even
  // under a token-like name; it is not a key.
  if (IDENTIFIER_PATH.test(value)) return undefined;
  if (VALIDATION_RULES.test(value) && COMMON_VALIDATION_RULE.test(value)) return undefined;
  const words = normalizeName(name);
  // A key into a store (`SETUP_SECRET_SESSION_KEY = 'mfa-setup-totp-secret'`, `TOKEN_CACHE_KEY`)
  // names the entry the secret is kept under; words joined by `-`, `_`, `.` or `:` are that name.
  if (STORE_ENTRY_NAME.test(words) && /^[a-z]+(?:[-_.:][a-z]+)+$/.test(value)) return undefined;
  // A value that spells its own name (`otp_credentials: "otp-credentials"`, a table of directive
  // names) is that name, not a key.
  if (normalizeName(value) === words) return undefined;
  // So does a setting's key that spells it with other separators or cases (`FilesS3SecretKey Key =
  // "files.s3.secretkey"`, `ServiceJWTSecret = "service.JWTSecret"`: a table of configuration keys).
  if (squashed(value) === squashed(words)) return undefined;
  // So does a value that spells the name's last two or more words (`AUTH_HMAC_SHA256 = 'hmac-sha256'`,
  // an enumeration's member named after the algorithm it stands for).
  const spelled = normalizeName(value);
  if (spelled.includes('_') && words.endsWith(`_${spelled}`)) return undefined;
  // Text in a human language written in another script (`データベースパスワード`, a translation's
  // label under the key `password`) is no key: generated keys and passwords are ASCII.
  if (HUMAN_SCRIPT.test(value) && [...value.matchAll(HUMAN_SCRIPT_G)].length * 2 >= value.length)
    return undefined;
  const entropy = shannonEntropy(value);
  if (PASSWORD_NAME.test(words)) {
    // A label or field's name that itself says password (`field_password`, `Datenbank-Password`,
    // `HTTP-Passwort`, `must_change_passwd`): letters and separators only, or an error code's
    // three or more snake_case words (`password_hash_b64_invalid`), no word a number.
    if (
      (/^[A-Za-z]+(?:[-_. ][A-Za-z]+)*$/.test(value) || /^[a-z]+(?:_[a-z][a-z0-9]*){2,}$/.test(value)) &&
      PASSWORD_WORD.test(value)
    )
      return undefined;
    // A password's hash in the modular crypt format (bcrypt's `$2a$14$...`, `$argon2id$...`, SHA-crypt's
    // `$6$salt$...`): what a user table stores (a fixture's user), not the password itself.
    if (CRYPT_HASH.test(value)) return undefined;
    // A camelCase compound of words (`overEvery` under `allPass`) names a function or field.
    if (/^[a-z]+(?:[A-Z][a-z]+)+$/.test(value)) return undefined;
    // So does a dotted path of lower-case words (`passwords.reset`): a translation or setting's key,
    // or a namespaced one (`admin:users`, a privilege's name); so does one of camelCase words
    // (`security.passwordRequiresDigit`, `security.validTime`).
    if (/^[a-z]+(?:[.:][a-z_]+)+$/.test(value) || QUALIFIED_NAME.test(value) || SETTING_PATH.test(value))
      return undefined;
    if (value.length >= 6 && entropy >= PASSWORD_ENTROPY_THRESHOLD) {
      return { kind: 'generic-password', description: 'a password', confidence: 'medium' };
    }
    return undefined;
  }
  // snake_case or dotted words ("next_marker", "auth.token.value") name things; they are not keys.
  // A leading sigil or underscore does not change that ("!real_csrf_token" is a marker's name,
  // "_sa_default" a private one).
  // So do camelCase or PascalCase compounds of words ("AuthMiddleware", "sessionTokenStore").
  // So does a list or condition of names (`acl_m_,$id`, `acl_a_ || aclf_m_`: a permission rule).
  // So do capitalised words joined by hyphens (`Jellyfin-Token`, `X-Auth-Token`): a header's or claim's
  // name (`my-jwt-signing-secret`, in lower case, is a passphrase).
  const identifierLike =
    /^[!@#:$%^&*_-]?[a-z]+(?:[_.][a-z]+)+$/.test(value) ||
    PROPERTY_NAME.test(value) ||
    QUALIFIED_NAME.test(value) ||
    // One capitalised word (`setAuth("Application")`, an enumeration's text): a word, not a key.
    /^[A-Z][a-z]+$/.test(value) ||
    /^[A-Z][a-z]*(?:-[A-Z][a-z]+)+$/.test(value) ||
    X_HEADER_NAME.test(value) ||
    /^[!$]?[a-z_]\w*(?:\s*(?:,|\|\||&&)\s*[!$]?[a-z_]\w*)+$/.test(value) ||
    /^[A-Za-z][a-z]{2,}(?:[A-Z][a-z]{2,})+$/.test(value) ||
    REGEX_PATTERN.test(value);
  if (
    value.length >= 10 &&
    entropy >= TOKEN_ENTROPY_THRESHOLD &&
    characterClasses(value) >= 2 &&
    !identifierLike
  ) {
    return { kind: 'generic-secret', description: 'a secret key or token', confidence: 'medium' };
  }
  return undefined;
}
