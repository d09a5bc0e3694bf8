// Hard-coded secrets in JS/TS string literals, using the language-agnostic detector
// (known credential formats anywhere; random-looking values under secret-sounding names).
import type { Rule } from 'eslint';
import { calleeParts, memberPath, propertyName, staticString, type AstNode } from '../ast';
import {
  credentialsInAssignment,
  credentialsInCall,
  credentialsInComparison,
  credentialsInObject,
  type CredentialUse,
} from './credentials';
import { detectSecret, isPlaceholder } from '../../secrets';
import type { JsRule } from '../rule';
import { collectModuleBindings, type ModuleBindings } from '../modules';

/** The name a literal is stored under: variable, property key, assignment target, default parameter. */
function literalName(node: AstNode): string | undefined {
  const parent = node.parent;
  if (!parent) return undefined;
  switch (parent.type) {
    case 'VariableDeclarator':
      return parent.id.type === 'Identifier' ? parent.id.name : undefined;
    case 'Property':
    case 'PropertyDefinition':
      return parent.value === node ? (parent.key?.name ?? staticString(parent.key)) : undefined;
    case 'AssignmentExpression':
      return parent.left.type === 'MemberExpression' ? propertyName(parent.left) : memberPath(parent.left);
    case 'AssignmentPattern':
      return parent.left.type === 'Identifier' ? parent.left.name : undefined;
    case 'CallExpression': {
      // jwt.sign(payload, 'secret'), createHmac('sha256', 'key'): the key argument.
      const callee = memberPath(parent.callee) ?? '';
      const index = parent.arguments.indexOf(node);
      if (/(^|\.)(sign|verify)$/.test(callee) && index === 1) return 'secret';
      if (/(^|\.)createHmac$/.test(callee) && index === 1) return 'secret_key';
      return undefined;
    }
    case 'LogicalExpression':
      // process.env.API_KEY || 'sk-...' — the fallback is the literal that ships.
      return parent.left.type === 'MemberExpression' ? propertyName(parent.left) : undefined;
    default:
      return undefined;
  }
}

const SESSION_FACTORIES = /(^|\.)(session|expressSession|cookieSession|Strategy|JwtStrategy)$/;

/**
 * A literal used as the key that signs tokens or sessions: `jwt.sign(p, 'k')`, `createHmac(a, 'k')`,
 * `session({ secret: 'k' })`, `new JwtStrategy({ secretOrKey: 'k' })`. Whatever it looks like, anyone
 * reading the code can forge tokens with it, so entropy does not matter here; placeholders are spared.
 */
function isSigningKey(node: AstNode, value: string): boolean {
  if (value.length < 4 || isPlaceholder(value, { byPosition: true })) return false;
  const parent = node.parent;
  if (parent?.type === 'CallExpression' && parent.arguments.indexOf(node) === 1) {
    return /(^|\.)(jwt|jsonwebtoken)\.(sign|verify)$|(^|\.)createHmac$/.test(memberPath(parent.callee) ?? '');
  }
  // `cookieSession({ keys: ['k1', 'k2'] })`: each key of the list signs cookies.
  if (
    parent?.type === 'ArrayExpression' &&
    parent.parent?.type === 'Property' &&
    parent.parent.value === parent
  )
    return isSigningKey(parent, value);
  if (parent?.type === 'Property' && parent.value === node) {
    const key = parent.key?.name ?? parent.key?.value;
    const call = parent.parent?.parent;
    const factory =
      call?.type === 'CallExpression' || call?.type === 'NewExpression'
        ? (memberPath(call.callee) ?? '')
        : '';
    return (
      /^(secret|secretOrKey|secretOrPublicKey|keys)$/.test(String(key)) && SESSION_FACTORIES.test(factory)
    );
  }
  return false;
}

const hardcodedSecret: Rule.RuleModule = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      secret: 'Hard-coded {{what}} in source code.',
      credential: 'Hard-coded {{what}} passed to {{sink}}: anyone who can read the code can use it.',
      account:
        'Hard-coded {{what}} passed to {{sink}}: half of a login is in the source; keep it in configuration with the password.',
    },
  },
  create(context) {
    // A literal can be found both by where it goes and by what it looks like: report it once.
    const reported = new Set<AstNode>();
    // Which local names are which modules (`const auth = require('basic-auth-connect')`), once per file.
    let modules: ModuleBindings | undefined;
    const bindings = (): ModuleBindings =>
      (modules ??= collectModuleBindings(context.sourceCode.ast as unknown as AstNode));
    const report = (node: AstNode, messageId: string, data: Record<string, string>): void => {
      if (reported.has(node)) return;
      reported.add(node);
      context.report({ node: node as unknown as Rule.Node, messageId, data });
    };
    const check = (node: AstNode): void => {
      const value = staticString(node);
      if (value === undefined) return;
      const match = detectSecret(value, literalName(node));
      const what = match?.description ?? (isSigningKey(node, value) ? 'signing secret' : undefined);
      if (what) report(node, 'secret', { what });
    };
    const sinkOf = (node: AstNode): string => {
      let call: AstNode | undefined = node;
      while (call && call.type !== 'CallExpression' && call.type !== 'NewExpression') call = call.parent;
      const callee = call ? (memberPath(call.callee) ?? calleeParts(call).method) : undefined;
      return callee ?? 'connection options';
    };
    const uses = (found: CredentialUse[], at: AstNode): void => {
      for (const use of found)
        report(use.literal, use.account ? 'account' : 'credential', { what: use.what, sink: sinkOf(at) });
    };
    return {
      ObjectExpression: ((node: AstNode) => uses(credentialsInObject(node), node)) as never,
      CallExpression: ((node: AstNode) => uses(credentialsInCall(node, bindings()), node)) as never,
      NewExpression: ((node: AstNode) => uses(credentialsInCall(node, bindings()), node)) as never,
      AssignmentExpression: ((node: AstNode) => uses(credentialsInAssignment(node), node)) as never,
      BinaryExpression: ((node: AstNode) =>
        credentialsInComparison(node).forEach((use) =>
          report(use.literal, 'secret', { what: `${use.what} (compared with a literal)` }),
        )) as never,
      Literal: check as unknown as Rule.NodeListener['Literal'],
      TemplateLiteral: check as unknown as Rule.NodeListener['TemplateLiteral'],
    };
  },
};

export const SECRET_RULE: JsRule = {
  eslintId: 'codewright/hardcoded-secret',
  module: hardcodedSecret,
  severities: { account: 'low' },
  adjustSeverity: (severity, profile) => (profile.test ? 'low' : severity),
  meta: {
    id: 'codewright/hardcoded-secret',
    type: 'security',
    severity: 'high',
    languages: ['javascript', 'typescript', 'javascriptreact', 'typescriptreact'],
    description:
      "A string literal that is a credential: a known key format (AWS, GitHub, Stripe, Slack, private keys, JWTs, URLs with passwords), a random-looking value stored under a name like `password`, `apiKey` or `secret`, or any literal used as one, whatever it looks like: a password, secret or bearer option of a call or of connection settings (`mysql.createConnection({ user: 'root', password: 'pw' })`, with the user name beside it), positional passwords (`new Sequelize(db, user, pw)`, `.auth(user, pw)`, `db.authenticate(user, pw)`, LDAP `bind(dn, pw)`, `new AWS.Credentials(id, secret)`, Azure storage keys), literals stored as such properties (`config.password = 'pw'`), basic-auth `users` maps, signing and encryption keys (`jwt.sign(p, 'k')`, `createHmac(alg, 'k')`, `createCipheriv(alg, 'k', iv)`, CryptoJS, `cookieParser('k')`, `session({ secret: 'k' })`), Basic/Bearer `Authorization` values, and logins compared with literals (`password === 'letmein'`). Settings declared in a variable count when the variable is passed to a call later in the block; cloud client settings (`createClient({ provider, username, key })`), Azure `loginWith…`, DigitalOcean tokens, private keys passed to `createSign(…).sign`/`privateDecrypt`, and express-basic-auth user names count too. A user name whose password is not a literal beside it is reported at low severity, as half of a login. Empty values and placeholders (`<password>`, `${PW}`, `***`) are not reported.",
    rationale:
      'Secrets in source end up in version control, bundles and logs, where anyone with read access can use them.',
    fix: 'Read secrets from the environment or a secret manager, and rotate the leaked value.',
    example: "const stripe = new Stripe('sk_live_51H8...');",
  },
};
