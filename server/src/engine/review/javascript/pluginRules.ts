// The chosen rules of eslint-plugin-security, eslint-plugin-sonarjs, typescript-eslint and ESLint
// core, with our documentation and grading. Rules that are noisy without type information or
// overlap our own (security/detect-object-injection, detect-non-literal-fs-filename,
// detect-child-process, sonarjs/pseudo-random, sonarjs/hashing, ...) are deliberately left out.
import type { CheckType, Severity } from '../../contracts/review';
import type { Rule } from 'eslint';
import sonarjs from 'eslint-plugin-sonarjs';
import type { JsRule } from './rule';
import { withFrameworkCookies } from './rules/cookies';

const LANGS = ['javascript', 'typescript', 'javascriptreact', 'typescriptreact'] as const;

/** A rule of eslint-plugin-sonarjs, to wrap. */
function sonarRule(name: string): Rule.RuleModule {
  return (sonarjs.rules as Record<string, Rule.RuleModule>)[name]!;
}

interface Spec {
  severity: Severity;
  description: string;
  rationale: string;
  fix: string;
  example: string;
  options?: unknown[];
  /** Our own ESLint rule standing in for the plugin's (same public id), e.g. a wrapper that extends it. */
  eslintId?: string;
  module?: Rule.RuleModule;
  safeFix?: boolean;
  appliesTo?: JsRule['appliesTo'];
  adjustSeverity?: JsRule['adjustSeverity'];
}

function define(type: CheckType, id: string, spec: Spec): JsRule {
  const { severity, description, rationale, fix, example, eslintId, ...rest } = spec;
  return {
    eslintId: eslintId ?? id,
    ...rest,
    meta: { id, type, severity, languages: LANGS, description, rationale, fix, example },
  };
}

export const PLUGIN_SECURITY_RULES: JsRule[] = [
  define('security', 'sonarjs/slow-regex', {
    severity: 'high',
    description:
      'A regular expression with nested or overlapping quantifiers that can backtrack exponentially (ReDoS).',
    rationale: 'A short crafted input makes the match run for seconds or minutes, blocking the event loop.',
    fix: 'Remove nested quantifiers (`(a+)+`), make alternatives disjoint, or bound repetition; test with a ReDoS checker.',
    example: 'const EMAIL = /^([a-zA-Z0-9]+)*@example\\.com$/;',
  }),
  define('security', 'security/detect-bidi-characters', {
    severity: 'high',
    description: 'Unicode bidirectional control characters in source (Trojan Source).',
    rationale: 'They make code display differently from how it runs, hiding malicious logic from reviewers.',
    fix: 'Remove the control characters; escape them (`\\u202E`) if a string really needs them.',
    example: 'if (accessLevel != "user\\u202E \\u2066// Check if admin\\u2069 \\u2066") {',
  }),
  define('security', 'security/detect-pseudoRandomBytes', {
    severity: 'medium',
    description: '`crypto.pseudoRandomBytes`, which is not cryptographically strong.',
    rationale: 'Its output can be predictable; tokens or keys derived from it can be guessed.',
    fix: 'Use `crypto.randomBytes`.',
    example: 'const key = crypto.pseudoRandomBytes(32);',
  }),
  define('security', 'security/detect-buffer-noassert', {
    severity: 'medium',
    description: 'Buffer read/write calls with `noAssert` set to true.',
    rationale: 'Skipping bounds checks reads or writes past the buffer on bad offsets.',
    fix: 'Drop the `noAssert` argument and handle range errors.',
    example: 'buf.readUInt32LE(offset, true);',
  }),
  define('security', 'security/detect-new-buffer', {
    severity: 'medium',
    description: '`new Buffer(x)` with a non-literal argument.',
    rationale:
      'The deprecated constructor allocates uninitialised memory for numbers, leaking old heap data.',
    fix: 'Use `Buffer.from(value)` or `Buffer.alloc(size)`.',
    example: 'const buf = new Buffer(size);',
  }),
  define('security', 'security/detect-disable-mustache-escape', {
    severity: 'high',
    description: 'Template engines with HTML escaping switched off (`escapeMarkup = false`).',
    rationale: 'Every interpolated value becomes raw HTML: cross-site scripting.',
    fix: 'Keep escaping on; mark only trusted, sanitised fragments as safe.',
    example: 'template.escapeMarkup = false;',
  }),
  define('security', 'security/detect-no-csrf-before-method-override', {
    severity: 'medium',
    description: 'Express `methodOverride` registered after the `csrf` middleware.',
    rationale: 'The override turns a GET into a POST after the CSRF check has already let it through.',
    fix: 'Register `methodOverride()` before `csrf()`.',
    example: 'app.use(express.csrf()); app.use(express.methodOverride());',
  }),
  define('security', 'sonarjs/weak-ssl', {
    severity: 'high',
    description: 'TLS configured to allow SSLv3, TLS 1.0 or TLS 1.1.',
    rationale:
      'These protocol versions have practical attacks (POODLE, BEAST) and are disabled by modern clients.',
    fix: "Set `minVersion: 'TLSv1.2'` and drop explicit old `secureProtocol` values.",
    example: "tls.connect({ host, secureProtocol: 'TLSv1_method' });",
  }),
  define('security', 'sonarjs/no-weak-cipher', {
    severity: 'high',
    description: 'Encryption with a broken cipher (DES, 3DES, RC2, RC4, Blowfish).',
    rationale: 'Short keys or blocks make the ciphertext recoverable.',
    fix: "Use AES-256-GCM or ChaCha20-Poly1305 (`crypto.createCipheriv('aes-256-gcm', key, iv)`).",
    example: "crypto.createCipheriv('des-cbc', key, iv);",
  }),
  define('security', 'sonarjs/encryption-secure-mode', {
    severity: 'medium',
    description: 'AES in ECB mode, or CBC without authentication.',
    rationale: 'ECB leaks patterns of the plaintext; unauthenticated CBC allows padding-oracle attacks.',
    fix: 'Use an authenticated mode: AES-GCM.',
    example: "crypto.createCipheriv('aes-128-ecb', key, null);",
  }),
  define('security', 'sonarjs/no-weak-keys', {
    severity: 'high',
    description: 'RSA/DSA keys shorter than 2048 bits or EC curves weaker than 224 bits.',
    rationale: 'Short keys can be factored or brute-forced with affordable hardware.',
    fix: 'Generate RSA keys of at least 2048 bits (3072 preferred) or use a P-256+ curve.',
    example: "crypto.generateKeyPairSync('rsa', { modulusLength: 1024 });",
  }),
  define('security', 'sonarjs/xml-parser-xxe', {
    severity: 'high',
    description: 'XML parsed with external entity expansion enabled (`noent: true`).',
    rationale: 'External entities read local files or make requests from the server (XXE, SSRF).',
    fix: 'Leave entity expansion off.',
    example: 'libxmljs.parseXmlString(xml, { noent: true });',
  }),
  define('security', 'sonarjs/disabled-auto-escaping', {
    severity: 'high',
    description: 'A template engine or sanitiser configured with automatic escaping disabled.',
    rationale: 'Interpolated values become markup: cross-site scripting.',
    fix: 'Keep auto-escaping on.',
    example: 'Handlebars.compile(source, { noEscape: true });',
  }),
  define('security', 'sonarjs/insecure-cookie', {
    severity: 'medium',
    description:
      'A cookie explicitly created with `secure: false` (cookie-session, express-session, csurf, `new Cookies()`, and — our extension — Express `res.cookie`, Fastify `reply.setCookie`, Koa `ctx.cookies.set`).',
    eslintId: 'codewright/sonarjs-insecure-cookie',
    module: withFrameworkCookies(
      sonarRule('insecure-cookie'),
      'secure',
      'Make sure creating this cookie without the "secure" flag is safe.',
    ),
    rationale: 'The cookie is also sent over plain HTTP, where it can be read on the network.',
    fix: 'Set `secure: true` (and serve over HTTPS).',
    example: "res.cookie('session', id, { secure: false });",
  }),
  define('security', 'sonarjs/cookie-no-httponly', {
    severity: 'medium',
    description:
      'A cookie explicitly created with `httpOnly: false` (the same cookie APIs as sonarjs/insecure-cookie).',
    eslintId: 'codewright/sonarjs-cookie-no-httponly',
    module: withFrameworkCookies(
      sonarRule('cookie-no-httponly'),
      'httpOnly',
      'Make sure creating this cookie without the "HttpOnly" flag is safe.',
    ),
    rationale: 'Script on the page (including injected script) can read the cookie and steal the session.',
    fix: 'Set `httpOnly: true` for session and auth cookies.',
    example: "res.cookie('session', id, { httpOnly: false });",
  }),
];
