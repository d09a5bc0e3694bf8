// Literals used as credentials by where they go, whatever they look like: a password option of a
// connection or login call (`mysql.createConnection({ user: 'root', password: 'pw' })`), the password
// argument of `new Sequelize(db, user, pw)`, `.auth(user, pw)`, an LDAP `bind(dn, pw)`, a signing or
// encryption key (`jwt.sign(p, 'k')`, `createHmac(alg, 'k')`, `createCipheriv(alg, 'k', iv)`,
// `cookieParser('k')`), a Basic/Bearer `Authorization` header. Anyone who reads the code can log in
// or forge tokens with them, so entropy does not matter; only obvious placeholders are spared.
// A user name in such a position is half of the login: reported too, as `account`, at low severity
// when the password beside it is not a literal.
import {
  calleeParts,
  pushChildNodes,
  declaredInit,
  memberPath,
  propertyName,
  staticString,
  type AstNode,
} from '../ast';
import { isPlaceholder } from '../../secrets';
import { BY_POSITION, literalOf } from './credentialLiterals';
import { resolveCall, type ModuleBindings } from '../modules';

export interface CredentialUse {
  /** The literal that holds the credential (where it is declared, when passed through a constant). */
  literal: AstNode;
  /** What it is, for the message: `password`, `user name`, `signing secret`, ... */
  what: string;
  /** A user name whose password is not written beside it: half of a login, a lesser finding. */
  account?: boolean;
}

/** Option keys that hold a password, secret or key. */
const PASSWORD_KEY =
  /^(\w*password|\w*passwd|pass|pwd|passphrase|\w*secret|bearer|secretAccessKey|secret_access_key|secretOrKey|secretOrPrivateKey|apiKey|api_key|authToken|auth_token|accessToken|access_token|sessionToken|privateKey|masterKey|encryptionKey|signingKey|storageAccessKey)$/i;
/** Option keys that hold the account name of a credential pair. */
const USER_KEY =
  /^(user|username|userName|user_name|login|accessKeyId|access_key_id|clientId|client_id|keyId|storageAccount)$/;
/**
 * Keys too generic to mean a secret alone (`key`, `token`) that do in a cloud client's settings,
 * beside a provider or an account (pkgcloud `createClient({ provider, username, apiKey | key })`).
 */
const CLIENT_SECRET_KEY = /^(key|token)$/;
const CLIENT_ACCOUNT_KEY = /^(provider|account|username|keyId|storageAccount)$/;

/** Keys that make an object connection settings rather than, say, form labels. */
const CONNECTION_KEY =
  /^(host|hostname|port|database|db|server|dialect|connectionString|uri|url|endpoint|region)$/;

/** Whether an object literal is (nested in) an argument of a call or `new`: options handed to an API. */
function isCallOptions(object: AstNode, nesting = 0): boolean {
  let node = object;
  for (let depth = nesting; depth < 4; depth++) {
    const parent = node.parent;
    if (!parent) return false;
    if (
      (parent.type === 'CallExpression' || parent.type === 'NewExpression') &&
      parent.arguments.includes(node)
    )
      return true;
    if (parent.type === 'Property' && parent.value === node && parent.parent?.type === 'ObjectExpression') {
      node = parent.parent;
      continue;
    }
    // `const config = { host, user, password }`: connection settings declared, then passed (or
    // settings of any shape passed to a call or stored in call options later in the same block).
    if (parent.type === 'VariableDeclarator' && parent.init === node)
      return (
        node.properties.some((p: AstNode) => CONNECTION_KEY.test(keyName(p) ?? '')) ||
        (parent.id.type === 'Identifier' && passedLater(parent, depth))
      );
    return false;
  }
  return false;
}

/**
 * Whether the variable a declarator names is later passed to a call, directly (`connect(config)`)
 * or as a property of call options (`request(url, { auth })`), in the block that declares it.
 */
function passedLater(declarator: AstNode, depth: number): boolean {
  const name: string = declarator.id.name;
  let block = declarator.parent?.parent;
  if (block?.type === 'ExportNamedDeclaration') block = block.parent;
  if (!block || (block.type !== 'Program' && block.type !== 'BlockStatement')) return false;
  const stack: AstNode[] = [...block.body];
  for (let budget = 5000; stack.length > 0 && budget > 0; budget--) {
    const node = stack.pop()!;
    if (node.type === 'Identifier' && node.name === name) {
      const parent = node.parent;
      if (
        (parent?.type === 'CallExpression' || parent?.type === 'NewExpression') &&
        parent.arguments.includes(node)
      )
        return true;
      if (
        parent?.type === 'Property' &&
        parent.value === node &&
        parent.parent?.type === 'ObjectExpression' &&
        depth < 3 &&
        isCallOptions(parent.parent, depth + 1)
      )
        return true;
      continue;
    }
    pushChildNodes(node, stack);
  }
  return false;
}

/** The callee of the call an options object is passed to (`basicAuth` for `basicAuth({ ... })`). */
function sinkName(object: AstNode): string {
  const call = object.parent;
  if (call?.type !== 'CallExpression' && call?.type !== 'NewExpression') return '';
  return memberPath(call.callee) ?? '';
}

function keyName(property: AstNode): string | undefined {
  if (property.type !== 'Property' || property.computed) return undefined;
  return property.key?.name ?? (typeof property.key?.value === 'string' ? property.key.value : undefined);
}

/** The lower-case words of a name of any style (`NODEBB_DB_PASSWORD`, `admin:password`, `dbPassword`). */
function words(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * A table from longer names to shorter ones: most of its string values are the last words of their
 * own, longer keys (`NODEBB_DB_PASSWORD: 'password'`, `NODEBB_ADMIN_PASSWORD: 'admin:password'`,
 * `NODEBB_URL: 'url'` — environment variables to setting keys). Its values are names, not settings;
 * `{ user: 'user', password: 'password' }` (a value as long as its key) is still a login.
 */
function namesTable(object: AstNode): boolean {
  let strings = 0;
  let named = 0;
  for (const property of object.properties) {
    const key = keyName(property);
    const value = key === undefined ? undefined : staticString(property.value);
    if (key === undefined || value === undefined) continue;
    strings++;
    const keyWords = words(key);
    const valueWords = words(value);
    if (
      valueWords.length > 0 &&
      valueWords.length < keyWords.length &&
      keyWords.slice(-valueWords.length).join(' ') === valueWords.join(' ')
    )
      named++;
  }
  return strings >= 3 && named * 2 > strings;
}

/** Credential literals in an object literal's options (password keys; user keys beside a literal password). */
export function credentialsInObject(object: AstNode): CredentialUse[] {
  // An `Authorization` header with its secret inline is a credential wherever the headers go.
  if (!isCallOptions(object)) return authorizationHeaders(object);
  if (namesTable(object)) return [];
  const found: CredentialUse[] = [];
  let password = false;
  for (const property of object.properties) {
    const key = keyName(property) ?? '';
    const value = property.value;
    if (PASSWORD_KEY.test(key)) {
      const literal = literalOf(value);
      if (literal) {
        found.push({ literal, what: key.toLowerCase().includes('pass') ? 'password' : 'secret' });
        password = true;
      }
    } else if (/^auth$/i.test(key)) {
      // Node's `http.request({ auth: 'user:password' })`.
      const literal = literalOf(value);
      if (literal && /^[^:\s]+:[^\s]+$/.test(staticString(literal)!))
        found.push({ literal, what: 'credentials' });
    } else if (key === 'users' && value?.type === 'ObjectExpression' && /auth/i.test(sinkName(object))) {
      // express-basic-auth `basicAuth({ users: { admin: 'supersecret' } })`: user name → password.
      for (const entry of value.properties) {
        const literal = entry.type === 'Property' ? literalOf(entry.value) : undefined;
        if (!literal) continue;
        found.push({ literal, what: 'password' });
        if (keyName(entry) && !entry.shorthand) found.push({ literal: entry.key, what: 'user name' });
      }
    } else if (
      CLIENT_SECRET_KEY.test(key) &&
      object.properties.some((p: AstNode) => CLIENT_ACCOUNT_KEY.test(keyName(p) ?? ''))
    ) {
      const literal = literalOf(value);
      if (literal) {
        found.push({ literal, what: key === 'token' ? 'token' : 'secret' });
        password = true;
      }
    } else if (/^authorization$/i.test(key)) {
      const literal = authorizationValue(value);
      if (literal) found.push({ literal, what: 'credentials' });
    }
  }
  // A user name is reported beside a password option or in connection settings; without a literal
  // password beside it, as half of a login.
  const login =
    password ||
    object.properties.some((p: AstNode) => {
      const key = keyName(p) ?? '';
      return PASSWORD_KEY.test(key) || CONNECTION_KEY.test(key) || CLIENT_ACCOUNT_KEY.test(key);
    });
  if (login) {
    for (const property of object.properties) {
      const literal = USER_KEY.test(keyName(property) ?? '') ? literalOf(property.value) : undefined;
      if (literal) found.push({ literal, what: 'user name', account: !password });
    }
  }
  return found;
}

function authorizationHeaders(object: AstNode): CredentialUse[] {
  return object.properties.flatMap((property: AstNode) => {
    if (!/^authorization$/i.test(keyName(property) ?? '')) return [];
    const literal = authorizationValue(property.value);
    return literal ? [{ literal, what: 'credentials' }] : [];
  });
}

/**
 * `config.password = 'pw'`, `opts.secretOrKey = 'k'`: a literal stored under a password or secret
 * property is that credential, as it would be written in the object literal.
 */
export function credentialsInAssignment(node: AstNode): CredentialUse[] {
  const left = node.left;
  if (node.operator !== '=' || left.type !== 'MemberExpression' || left.computed) return [];
  const key = propertyName(left) ?? '';
  if (USER_KEY.test(key)) return assignedBesidePassword(node) ? userAssigned(node) : [];
  if (!PASSWORD_KEY.test(key)) return [];
  const literal = literalOf(node.right);
  return literal ? [{ literal, what: /pass/i.test(key) ? 'password' : 'secret' }] : [];
}

function userAssigned(node: AstNode): CredentialUse[] {
  const literal = literalOf(node.right);
  return literal ? [{ literal, what: 'user name' }] : [];
}

/**
 * `config.user = 'root'` next to `config.password = 'pw'` in the same block: settings filled one
 * property at a time hold the login as an object literal would.
 */
function assignedBesidePassword(node: AstNode): boolean {
  const object = node.left.object;
  const statement = node.parent;
  const block = statement?.parent;
  if (object.type !== 'Identifier' || statement?.type !== 'ExpressionStatement') return false;
  if (block?.type !== 'Program' && block?.type !== 'BlockStatement') return false;
  return block.body.some((other: AstNode) => {
    const assignment = other.type === 'ExpressionStatement' ? other.expression : undefined;
    const target = assignment?.type === 'AssignmentExpression' ? assignment.left : undefined;
    return (
      target?.type === 'MemberExpression' &&
      !target.computed &&
      target.object.type === 'Identifier' &&
      target.object.name === object.name &&
      PASSWORD_KEY.test(propertyName(target) ?? '') &&
      literalOf(assignment.right) !== undefined
    );
  });
}

/**
 * `'Basic dXNlcjpwYXNz'`, `'Bearer abc.def'`: an Authorization header value with its secret inline;
 * also `'Basic ' + Buffer.from('user:pass').toString('base64')`, where the literal pair is the secret.
 */
function authorizationValue(node: AstNode): AstNode | undefined {
  if (node?.type === 'BinaryExpression' && node.operator === '+') {
    const scheme = staticString(node.left) ?? '';
    if (/^basic\s*$/i.test(scheme)) return literalIn(node.right, (v) => /^[^:\s]+:\S+$/.test(v));
    if (/^(bearer|token)\s*$/i.test(scheme)) return literalIn(node.right, (v) => v.length >= 8);
    return undefined;
  }
  const literal = declaredInit(node);
  const value = staticString(literal) ?? '';
  return /^(basic|bearer|token)\s+[^\s<{$]{4,}$/i.test(value) &&
    !isPlaceholder(value.split(/\s+/)[1]!, BY_POSITION)
    ? literal
    : undefined;
}

/** The first string literal in an expression (through calls and members) that passes `test`. */
function literalIn(node: AstNode | undefined, test: (value: string) => boolean): AstNode | undefined {
  const stack = node ? [node] : [];
  for (let budget = 50; stack.length > 0 && budget > 0; budget--) {
    const current = declaredInit(stack.pop()!)!;
    const value = staticString(current);
    if (value !== undefined && !isPlaceholder(value, BY_POSITION) && test(value)) return current;
    if (current.type === 'CallExpression' || current.type === 'NewExpression')
      stack.push(current.callee, ...current.arguments);
    else if (current.type === 'MemberExpression') stack.push(current.object);
    else if (current.type === 'BinaryExpression') stack.push(current.left, current.right);
  }
  return undefined;
}

/** Names of variables and properties that hold a password or an account name. */
const PASSWORD_NAME = /^(password|passwd|pass|pwd|passphrase|adminPassword|userPassword)$/i;
const USER_NAME = /^(user|username|userName|user_name|login|admin)$/;

/**
 * `if (password === 'letmein')`, `user.pass === 's3cret' && user.name === 'admin'`: a login checked
 * against a literal is a password anyone reading the code knows. The user name is reported with it.
 */
export function credentialsInComparison(test: AstNode): CredentialUse[] {
  const password = comparedLiteral(test, PASSWORD_NAME);
  if (!password) return [];
  const found: CredentialUse[] = [{ literal: password, what: 'password' }];
  // The account name checked in the same condition (`a && b`).
  const condition = test.parent?.type === 'LogicalExpression' ? test.parent : undefined;
  const sibling = condition && (condition.left === test ? condition.right : condition.left);
  const user = sibling && comparedLiteral(sibling, USER_NAME);
  if (user) found.push({ literal: user, what: 'user name' });
  return found;
}

/** The literal an equality test compares a variable or property of the given name with. */
function comparedLiteral(test: AstNode, name: RegExp): AstNode | undefined {
  if (test.type !== 'BinaryExpression' || !/^[!=]==?$/.test(test.operator)) return undefined;
  for (const [side, other] of [
    [test.left, test.right],
    [test.right, test.left],
  ]) {
    const last = (memberPath(side) ?? '').split('.').pop() ?? '';
    if (name.test(last)) return literalOf(other);
  }
  return undefined;
}

/** Argument positions that hold credentials, by the call's shape. */
export function credentialsInCall(call: AstNode, bindings?: ModuleBindings): CredentialUse[] {
  const { method, receiverNode } = calleeParts(call);
  const callee = memberPath(call.callee) ?? '';
  // The module a call or `new` invokes, under whatever name it was imported.
  const resolved = bindings && resolveCall(call, bindings);
  const module =
    resolved?.module ??
    (call.callee.type === 'Identifier' ? bindings?.namespaces.get(call.callee.name) : undefined);
  const args: AstNode[] = call.arguments;
  const at = (index: number, what: string): CredentialUse[] => {
    const literal = literalOf(args[index]);
    return literal ? [{ literal, what }] : [];
  };
  // The password, and the user name beside it (half of a login when the password is not a literal).
  // `alone`: the position is known to hold a login even when the password is not a literal.
  const pair = (userIndex: number, passIndex: number, alone = true): CredentialUse[] => {
    const pass = at(passIndex, 'password');
    if (pass.length === 0 && !alone) return [];
    return [...at(userIndex, 'user name').map((use) => ({ ...use, account: pass.length === 0 })), ...pass];
  };
  if (
    call.type === 'NewExpression' &&
    (/(^|\.)Sequelize$/.test(callee) || (module === 'sequelize' && !resolved)) &&
    args.length >= 3
  )
    return pair(1, 2);
  // basic-auth-connect `basicAuth('user', 'pw')` under any name; browserid-crypto and express-jwt `sign(data, key)`.
  if (module === 'basic-auth-connect' && !resolved && args.length === 2) return pair(0, 1);
  if (/^(browserid-crypto|express-jwt)$/.test(module ?? '') && resolved?.name === 'sign')
    return at(1, 'signing secret');
  if (module === 'digitalocean' && resolved?.name === 'client') return at(0, 'token');
  // AWS SDK `new AWS.Credentials('AKID', 'SECRET')`, and credential classes like it.
  if (call.type === 'NewExpression' && /(^|\.)\w*Credentials$/.test(callee) && args.length >= 2)
    return pair(0, 1);
  // CryptoJS `AES.encrypt(data, 'key')`, `HmacSHA256(message, 'key')`: the key is the second argument.
  if (/(^|\.)(AES|DES|TripleDES|Rabbit|RC4|RC4Drop)\.(encrypt|decrypt)$|(^|\.)Hmac\w+$/.test(callee))
    return at(1, 'encryption key');
  // superagent/request `.auth(user, pass, sendImmediately, bearer)`, redis `client.auth(password)`.
  if (method === 'auth' && receiverNode)
    return args.length >= 2 ? [...pair(0, 1), ...at(3, 'token')] : at(0, 'password');
  // ms-rest-azure `loginWithUsernamePassword(user, pw)`, `loginWithServicePrincipalSecret(id, secret, tenant)`.
  if (method && /^loginWith(UsernamePassword|ServicePrincipalSecret)$/.test(method)) return pair(0, 1);
  // DigitalOcean `digitalocean.client('token')`.
  if (/(^|\.)digitalocean\.client$/i.test(callee)) return at(0, 'token');
  // Private keys handed to signing and decryption: `createSign(alg).sign(key)`, `privateDecrypt(key, buf)`.
  if (method && /^(privateDecrypt|privateEncrypt|setPrivateKey)$/.test(method) && receiverNode)
    return at(0, 'private key');
  if (method === 'sign' && receiverNode && isSigner(receiverNode)) return at(0, 'private key');
  // node-forge `forge.rc2.createEncryptionCipher(key)`.
  if (method && /^create(En|De)cryptionCipher$/.test(method)) return at(0, 'encryption key');
  if (method && /^basic_?auth$/i.test(method)) return args.length >= 2 ? pair(0, 1) : [];
  if (/(^|\.)(express-?jwt|expressJwt)\.sign$/i.test(callee)) return at(1, 'signing secret');
  // MongoDB `db.authenticate(user, password)` (passport's `authenticate('local', options)` passes none).
  if (method === 'authenticate' && receiverNode && args.length >= 2) return pair(0, 1, false);
  // Azure storage `createBlobService(account, accessKey)`: the account key signs every request.
  if (method && /^create(Blob|Table|Queue|File)Service$/.test(method) && args.length >= 2)
    return pair(0, 1, false);
  // ldapjs `client.bind('cn=admin,dc=example', 'secret', cb)`: the first argument is a DN.
  if (method === 'bind' && receiverNode && /=/.test(staticString(args[0]) ?? '')) return at(1, 'password');
  if (/(^|\.)(jwt|jsonwebtoken|JWT)\.(sign|verify)$/.test(callee)) return at(1, 'signing secret');
  if (method === 'createHmac') return at(1, 'signing secret');
  if (method && /^create(De)?[Cc]ipher(iv)?$/.test(method)) return at(1, 'encryption key');
  if (method && /^cookieParser$/.test(method)) return at(0, 'cookie signing secret');
  // `xhr.setRequestHeader('Authorization', 'Basic ...')`, `req.set('Authorization', 'Bearer ...')`.
  if (method && /^(setRequestHeader|setHeader|set|header)$/.test(method) && args.length === 2) {
    if (/^authorization$/i.test(staticString(args[0]) ?? '')) {
      const literal = authorizationValue(args[1]);
      return literal ? [{ literal, what: 'credentials' }] : [];
    }
  }
  return [];
}

/** `crypto.createSign('RSA-SHA256')`, directly or through the variable holding it. */
function isSigner(node: AstNode): boolean {
  const signer = declaredInit(node);
  if (signer?.type !== 'CallExpression') return false;
  if (calleeParts(signer).method === 'createSign') return true;
  // `createSign(alg).update(data).sign(key)`: the chain's start.
  const callee = signer.callee;
  return callee.type === 'MemberExpression' && callee.property?.name === 'update' && isSigner(callee.object);
}
