// Literals used as credentials by where they go, whatever they look like: a password option of a
// connection or login call (`mysql.createConnection({ user: 'root', password: 'pw' })`), the password
// argument of `new Sequelize(db, user, pw)`, `.auth(user, pw)`, an LDAP `bind(dn, pw)`, a signing or
// encryption key (`jwt.sign(p, 'k')`, `createHmac(alg, 'k')`, `createCipheriv(alg, 'k', iv)`,
// `cookieParser('k')`), a Basic/Bearer `Authorization` header. Anyone who reads the code can log in
// or forge tokens with them, so entropy does not matter; only obvious placeholders are spared.
// A user name counts only beside a hard-coded password: alone it is not a secret.
import { calleeParts, declaredInit, memberPath, propertyName, staticString, type AstNode } from '../ast';
import { isPlaceholder } from '../../secrets';

export interface CredentialUse {
  /** The literal that holds the credential (where it is declared, when passed through a constant). */
  literal: AstNode;
  /** What it is, for the message: `password`, `user name`, `signing secret`, ... */
  what: string;
}

/** Option keys that hold a password, secret or key. */
const PASSWORD_KEY =
  /^(\w*password|\w*passwd|pass|pwd|passphrase|\w*secret|bearer|secretAccessKey|secret_access_key|secretOrKey|secretOrPrivateKey|apiKey|api_key|authToken|auth_token|accessToken|access_token|sessionToken|privateKey|masterKey|encryptionKey|signingKey)$/i;
/** Option keys that hold the account name of a credential pair. */
const USER_KEY = /^(user|username|userName|user_name|login|accessKeyId|access_key_id|clientId|client_id)$/;

/** Keys that make an object connection settings rather than, say, form labels. */
const CONNECTION_KEY =
  /^(host|hostname|port|database|db|server|dialect|connectionString|uri|url|endpoint|region)$/;

/** Here the position makes a literal a credential: only stand-ins (`<password>`, `***`, `${PW}`) are spared. */
const BY_POSITION = { byPosition: true };

/** The literal a credential expression is, or the constant it names (`const PASSWORD = 'pw'`). */
function literalOf(node: AstNode | undefined): AstNode | undefined {
  const target = declaredInit(node);
  const value = staticString(target);
  return value !== undefined && !isPlaceholder(value, BY_POSITION) ? target : undefined;
}

/** Whether an object literal is (nested in) an argument of a call or `new`: options handed to an API. */
function isCallOptions(object: AstNode): boolean {
  let node = object;
  for (let depth = 0; depth < 4; depth++) {
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
    // `const config = { host, user, password }`: connection settings declared, then passed.
    if (parent.type === 'VariableDeclarator' && parent.init === node)
      return node.properties.some((p: AstNode) => CONNECTION_KEY.test(keyName(p) ?? ''));
    return false;
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

/** Credential literals in an object literal's options (password keys; user keys beside a literal password). */
export function credentialsInObject(object: AstNode): CredentialUse[] {
  // An `Authorization` header with its secret inline is a credential wherever the headers go.
  if (!isCallOptions(object)) return authorizationHeaders(object);
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
        if (literal) found.push({ literal, what: 'password' });
      }
    } else if (/^authorization$/i.test(key)) {
      const literal = authorizationValue(value);
      if (literal) found.push({ literal, what: 'credentials' });
    }
  }
  if (password) {
    for (const property of object.properties) {
      const literal = USER_KEY.test(keyName(property) ?? '') ? literalOf(property.value) : undefined;
      if (literal) found.push({ literal, what: 'user name' });
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
  if (!PASSWORD_KEY.test(key)) return [];
  const literal = literalOf(node.right);
  return literal ? [{ literal, what: /pass/i.test(key) ? 'password' : 'secret' }] : [];
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
export function credentialsInCall(call: AstNode): CredentialUse[] {
  const { method, receiverNode } = calleeParts(call);
  const callee = memberPath(call.callee) ?? '';
  const args: AstNode[] = call.arguments;
  const at = (index: number, what: string): CredentialUse[] => {
    const literal = literalOf(args[index]);
    return literal ? [{ literal, what }] : [];
  };
  const pair = (userIndex: number, passIndex: number): CredentialUse[] => {
    const pass = at(passIndex, 'password');
    return pass.length > 0 ? [...at(userIndex, 'user name'), ...pass] : [];
  };
  if (call.type === 'NewExpression' && /(^|\.)Sequelize$/.test(callee) && args.length >= 3) return pair(1, 2);
  // AWS SDK `new AWS.Credentials('AKID', 'SECRET')`, and credential classes like it.
  if (call.type === 'NewExpression' && /(^|\.)\w*Credentials$/.test(callee) && args.length >= 2)
    return pair(0, 1);
  // CryptoJS `AES.encrypt(data, 'key')`, `HmacSHA256(message, 'key')`: the key is the second argument.
  if (/(^|\.)(AES|DES|TripleDES|Rabbit|RC4|RC4Drop)\.(encrypt|decrypt)$|(^|\.)Hmac\w+$/.test(callee))
    return at(1, 'encryption key');
  // superagent/request `.auth(user, pass)`, redis `client.auth(password)`.
  if (method === 'auth' && receiverNode)
    return args.length >= 2 && staticString(args[1]) !== undefined ? pair(0, 1) : at(0, 'password');
  if (method && /^basic_?auth$/i.test(method)) return args.length >= 2 ? pair(0, 1) : [];
  // MongoDB `db.authenticate(user, password)` (passport's `authenticate('local', options)` passes none).
  if (method === 'authenticate' && receiverNode && args.length >= 2) return pair(0, 1);
  // Azure storage `createBlobService(account, accessKey)`: the account key signs every request.
  if (method && /^create(Blob|Table|Queue|File)Service$/.test(method) && args.length >= 2) return pair(0, 1);
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
