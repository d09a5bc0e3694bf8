// Security rules beyond taint: weak hashing of passwords, Math.random for secrets, disabled TLS
// verification and JWT verification without a pinned algorithm list.
import type { Rule } from 'eslint';
import {
  calleeParts,
  containsNode,
  enclosingFunction,
  isFunction,
  memberPath,
  propertyName,
  referencedNames,
  staticString,
  type AstNode,
} from '../ast';
import type { JsRule } from '../rule';
import { lower } from '../rule';
import { collectModuleBindings, resolveCall } from '../modules';
import { destinationNames } from './context';
import { randomPurposes } from './randomFlow';

const LANGS = ['javascript', 'typescript', 'javascriptreact', 'typescriptreact'] as const;
const PASSWORD = /pass(word|wd|phrase)?(?![a-z])|pwd|passw/i;
const SECURITY_VALUE =
  /token|secret|passw|pwd|salt|nonce|otp|session|csrf|xsrf|api_?key|auth|verif|reset|invite|credential|signature|(^|[^a-z])key$/i;
const FAST_HASHES = /^(md4|md5|sha1|sha-1|sha224|sha256|sha-256|sha384|sha512|ripemd160)$/i;
const BROKEN_HASHES = /^(md4|md5|sha1|sha-1)$/i;

type Listener = (node: AstNode) => void;
const asRule = (
  create: (context: Rule.RuleContext) => Record<string, Listener>,
  messages: Record<string, string>,
  fixable?: 'code',
): Rule.RuleModule => ({
  meta: { type: 'problem', schema: [], messages, ...(fixable ? { fixable } : {}) },
  create: create as unknown as Rule.RuleModule['create'],
});

/** Values a server sends to be hashed with a password's hash: the protocol's challenge. */
const CHALLENGE = /nonce|scramble|challenge|salt|seed|realm/i;
const HASH_CALL = /^(md5|sha1|sha256|sha512|hash|update|digest)$/i;

/** The variable a call's result is stored in (`var inner = await md5(...)`). */
function resultName(call: AstNode): string | undefined {
  let end = call;
  // `createHash('sha1').update(pw).digest()`: the chain's last call is the result.
  while (end.parent?.type === 'MemberExpression' && end.parent.parent?.type === 'CallExpression')
    end = end.parent.parent;
  const parent = end.parent?.type === 'AwaitExpression' ? end.parent.parent : end.parent;
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return parent.id.name;
  if (parent?.type === 'AssignmentExpression' && parent.left.type === 'Identifier') return parent.left.name;
  return undefined;
}

/**
 * A challenge-response login (PostgreSQL MD5 auth, MySQL native password, HTTP Digest): the
 * password's hash is hashed again, directly or through further hashes, with the server's nonce,
 * salt or scramble. The protocol fixes the algorithm, and no password hash is stored.
 */
function answersChallenge(call: AstNode): boolean {
  const fn = enclosingFunction(call);
  const first = resultName(call);
  if (!fn || !first) return false;
  const tracked = new Set([first]);
  const hashes: AstNode[] = [];
  containsNode(fn.body, (node) => {
    if (node !== call && node.type === 'CallExpression' && HASH_CALL.test(calleeParts(node).method ?? ''))
      hashes.push(node);
    return false;
  });
  hashes.sort((a, b) => a.range[0] - b.range[0]);
  for (const hash of hashes) {
    const used = new Set(hash.arguments.flatMap((arg: AstNode) => [...referencedNames(arg)]));
    if (![...tracked].some((name) => used.has(name))) continue;
    if ([...used].some((name) => CHALLENGE.test(name as string))) return true;
    const next = resultName(hash);
    if (next) tracked.add(next);
  }
  return false;
}

const weakHash = asRule(
  (context) => ({
    CallExpression(node) {
      const { method, receiver } = calleeParts(node);
      let algorithm: string | undefined;
      let data: AstNode | undefined;
      if (method === 'createHash' && (!receiver || /crypto$/i.test(receiver))) {
        algorithm = staticString(node.arguments[0]);
        const parent = node.parent;
        if (
          parent?.type === 'MemberExpression' &&
          // A Hash is also a stream: `createHash('md5').write(password)` / `.end(password)`.
          /^(update|write|end)$/.test(propertyName(parent) ?? '') &&
          parent.parent?.type === 'CallExpression'
        ) {
          data = parent.parent.arguments[0];
        }
      } else if (!receiver && method && /^(md5|sha1)$/i.test(method)) {
        algorithm = method;
        data = node.arguments[0];
      }
      if (!algorithm || !FAST_HASHES.test(algorithm)) return;
      const dataText = data ? context.sourceCode.getText(data as unknown as Rule.Node) : '';
      const names = destinationNames(node).join(' ');
      if ((PASSWORD.test(dataText) || PASSWORD.test(names)) && !answersChallenge(node)) {
        context.report({ node: node as unknown as Rule.Node, messageId: 'password', data: { algorithm } });
      } else if (
        BROKEN_HASHES.test(algorithm) &&
        (SECURITY_VALUE.test(names) || SECURITY_VALUE.test(dataText))
      ) {
        context.report({ node: node as unknown as Rule.Node, messageId: 'security', data: { algorithm } });
      }
    },
  }),
  {
    password: 'Password hashed with fast hash {{algorithm}}: offline guessing is cheap.',
    security: 'Broken hash {{algorithm}} used for a security value (token, signature, key).',
  },
);

const insecureRandom = asRule(
  (context) => {
    const reported = new Set<string>();
    return {
      CallExpression(node) {
        if (memberPath(node.callee) !== 'Math.random') return;
        for (const use of randomPurposes(node, SECURITY_VALUE)) {
          // One report per value, however many Math.random() calls build it.
          const key = `${use.node.loc.start.line}:${use.purpose}`;
          if (reported.has(key)) continue;
          reported.add(key);
          const data = { purpose: use.purpose };
          context.report({ node: use.node as unknown as Rule.Node, messageId: 'random', data });
        }
      },
    };
  },
  { random: 'Math.random() is predictable but is used for `{{purpose}}`.' },
);

const tlsDisabled = asRule(
  (context) => ({
    Property(node) {
      const key = node.key?.name ?? node.key?.value;
      if (
        (key === 'rejectUnauthorized' || key === 'strictSSL') &&
        node.value.type === 'Literal' &&
        node.value.value === false &&
        !optedOut(node)
      ) {
        context.report({
          node: node as unknown as Rule.Node,
          messageId: 'option',
          data: { key },
          fix: (fixer) => fixer.replaceText(node.value as unknown as Rule.Node, 'true'),
        });
      }
      if (key === 'checkServerIdentity' && /Function/.test(node.value.type) && returnsNothing(node.value)) {
        context.report({ node: node as unknown as Rule.Node, messageId: 'identity' });
      }
    },
    AssignmentExpression(node) {
      const target = memberPath(node.left);
      const value = node.right.type === 'Literal' ? String(node.right.value) : undefined;
      if (/^process\.env\.NODE_TLS_REJECT_UNAUTHORIZED$/.test(target ?? '') && value === '0') {
        context.report({ node: node as unknown as Rule.Node, messageId: 'env' });
      }
    },
  }),
  {
    option: '`{{key}}: false` turns off TLS certificate verification: anyone on the path can intercept.',
    identity: '`checkServerIdentity` accepts every host: TLS no longer authenticates the server.',
    env: 'NODE_TLS_REJECT_UNAUTHORIZED=0 disables certificate verification for the whole process.',
  },
  'code',
);

/**
 * Names of a setting by which the user asks for no certificate check (`sslmode=no-verify`, NodeBB's
 * mail transport's `allow-self-signed`).
 */
const OPT_OUT =
  /no-?verify|insecure|unverified|unsafe|skip-?verify|allow-?unauthorized|verify-?none|allow-?self-?signed/i;

/**
 * Inside `case 'no-verify':`, `if (ssl === 'no-verify')` or `if (options.insecureTls)`: a library
 * honouring the setting its user chose to turn verification off, not code that turns it off by itself.
 */
function optedOut(node: AstNode): boolean {
  for (let current = node.parent; current && !isFunction(current); current = current.parent) {
    const test =
      current.type === 'SwitchCase'
        ? current.test
        : current.type === 'IfStatement'
          ? current.test
          : undefined;
    if (!test) continue;
    let literalTest = false;
    containsNode(test, (n) => {
      if (n.type === 'Literal' && typeof n.value === 'string' && OPT_OUT.test(n.value)) literalTest = true;
      // `if (notification.unsafeTls)`, `if (options.insecure)`: a flag whose name says so.
      if (n.type === 'Identifier' && OPT_OUT.test(n.name)) literalTest = true;
      return literalTest;
    });
    if (literalTest) return true;
  }
  return false;
}

function returnsNothing(fn: AstNode): boolean {
  if (fn.body.type !== 'BlockStatement') return fn.body.type === 'Identifier' && fn.body.name === 'undefined';
  return (
    !fn.body.body.some((s: AstNode) => s.type === 'ReturnStatement' && s.argument) ||
    fn.body.body.length === 0
  );
}

/** A key expression naming a shared secret, not a public key or certificate. */
const SHARED_SECRET = /secret/i;
const PUBLIC_KEY = /public|cert|pem|rsa|ecdsa|jwks|getKey|key_?pair/i;

const jwtAlgorithms = asRule(
  (context) => ({
    CallExpression(node) {
      const { method, receiver } = calleeParts(node);
      // `jwt.verify`, or the module under another name (`import token from 'jsonwebtoken'`, `const { verify } = require(...)`).
      const bindings = collectModuleBindings(context.sourceCode.ast as unknown as AstNode);
      const resolved = resolveCall(node, bindings);
      const jwtModule = resolved?.module === 'jsonwebtoken';
      if (!jwtModule && (!receiver || !/(^|\.)(jwt|jsonwebtoken|jose)$/i.test(receiver))) return;
      // A `Jwt` imported from another module (the application's or a framework's own JWT helper,
      // such as Hono's `utils/jwt`, which takes its algorithm as `alg`) has its own options.
      const root = receiver?.split('.')[0] ?? '';
      const from = bindings.namespaces.get(root) ?? bindings.members.get(root)?.module;
      if (!jwtModule && from !== undefined && !/^(?:jsonwebtoken|jose)$/.test(from)) return;
      if (method === 'verify') {
        const options = node.arguments[2];
        // jwt.verify(token, key, callback) has no options at all; an options variable we cannot see is skipped.
        const unknownOptions =
          options && options.type !== 'ObjectExpression' && !/Function/.test(options.type);
        if (node.arguments.length < 2 || unknownOptions) return;
        const algorithms = options?.properties?.find(
          (p: AstNode) => (p.key?.name ?? p.key?.value) === 'algorithms',
        );
        // A shared secret as the key (`nconf.get('secret')`, `process.env.JWT_SECRET`): the attack the
        // list prevents swaps an RSA public key, which anyone has, for an HMAC secret; a secret the
        // attacker lacks leaves the header nothing to choose that verifies.
        const key = context.sourceCode.getText(node.arguments[1]);
        const shared = SHARED_SECRET.test(key) && !PUBLIC_KEY.test(key);
        if (!algorithms)
          context.report({ node: node as unknown as Rule.Node, messageId: shared ? 'shared' : 'unpinned' });
        else if (/['"`]none['"`]/i.test(context.sourceCode.getText(algorithms))) {
          context.report({ node: node as unknown as Rule.Node, messageId: 'none' });
        }
      }
      if (method === 'sign') {
        const options = node.arguments[2];
        const algorithm =
          options?.type === 'ObjectExpression'
            ? options.properties.find((p: AstNode) => (p.key?.name ?? p.key?.value) === 'algorithm')
            : undefined;
        if (algorithm && /^none$/i.test(staticString(algorithm.value) ?? '')) {
          context.report({ node: node as unknown as Rule.Node, messageId: 'none' });
        }
      }
    },
  }),
  {
    unpinned: 'jwt.verify without an `algorithms` list: the token header chooses how it is checked.',
    shared:
      'jwt.verify without an `algorithms` list, with a shared secret as the key: pin the algorithm you issue.',
    none: "JWT with algorithm 'none' is not signed at all.",
  },
);

export const SECURITY_RULES: JsRule[] = [
  {
    eslintId: 'codewright/weak-hash',
    module: weakHash,
    severities: { password: 'high', security: 'medium' },
    meta: {
      id: 'codewright/weak-hash',
      type: 'security',
      severity: 'high',
      languages: LANGS,
      description:
        'A password hashed with a fast hash (MD5, SHA-1, SHA-256, ...), or MD5/SHA-1 used for a token, signature or key.',
      rationale:
        'Fast hashes let an attacker who steals the hashes test billions of guesses per second; MD5 and SHA-1 collide.',
      fix: 'Hash passwords with bcrypt, scrypt, argon2 or `crypto.scrypt`; use SHA-256+/HMAC for other security values.',
      example: "const hash = crypto.createHash('md5').update(password).digest('hex');",
    },
  },
  {
    eslintId: 'codewright/insecure-random',
    module: insecureRandom,
    appliesTo: (profile) => !profile.test,
    meta: {
      id: 'codewright/insecure-random',
      type: 'security',
      severity: 'high',
      languages: LANGS,
      description:
        '`Math.random()` produces a token, password, salt, session id, reset code or key, directly or through the variables, parameters and crypto keys its value reaches.',
      rationale:
        'Math.random is not cryptographically secure; its output can be predicted from earlier values.',
      fix: 'Use `crypto.randomBytes`, `crypto.randomUUID()` or `crypto.getRandomValues`.',
      example: 'const resetToken = Math.random().toString(36).slice(2);',
    },
  },
  {
    eslintId: 'codewright/tls-verification-disabled',
    module: tlsDisabled,
    safeFix: true,
    adjustSeverity: (severity, profile) => (profile.test ? lower(severity) : severity),
    meta: {
      id: 'codewright/tls-verification-disabled',
      type: 'security',
      severity: 'high',
      languages: LANGS,
      description:
        '`rejectUnauthorized: false`, `strictSSL: false`, a `checkServerIdentity` that accepts everything, or `NODE_TLS_REJECT_UNAUTHORIZED=0`.',
      rationale:
        'Without certificate checks a network attacker can impersonate the server and read or change the traffic.',
      fix: 'Keep verification on; trust a private CA with the `ca` option instead. The automatic fix sets the option to `true`.',
      example: 'https.request({ host, rejectUnauthorized: false }, onResponse);',
    },
  },
  {
    eslintId: 'codewright/jwt-algorithm-not-pinned',
    module: jwtAlgorithms,
    severities: { shared: 'medium' },
    meta: {
      id: 'codewright/jwt-algorithm-not-pinned',
      type: 'security',
      severity: 'high',
      languages: LANGS,
      description:
        "`jwt.verify` without an `algorithms` option, or a JWT signed or verified with algorithm 'none'. With a key named a shared secret (`secret`, not a public key or certificate) the missing list is medium: the header cannot swap in a key the attacker has.",
      rationale:
        'If the token picks the algorithm, attackers can switch to `none` or confuse an RSA public key for an HMAC secret.',
      fix: "Pass `{ algorithms: ['RS256'] }` (the algorithm you issue) to `jwt.verify`.",
      example: 'const claims = jwt.verify(token, publicKey);',
    },
  },
];
