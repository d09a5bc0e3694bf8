// Hard-coded credentials found by where a literal goes (connection and login options, auth
// arguments, signing and encryption keys, Authorization headers), each next to a safe look-alike:
// values from the environment, placeholders, form labels; user names without a literal password
// are half of a login, reported at low severity.
import assert from 'node:assert/strict';
import { reviewJavaScript } from '../../../../../../server/src/engine/review/javascript/analyser';

function found(src: string): number[] {
  return reviewJavaScript(src, 'javascript', { checkTypes: ['security'] })
    .filter((f) => f.rule === 'codewright/hardcoded-secret')
    .map((f) => f.line)
    .sort((a, b) => a - b);
}

function severities(src: string, line: number): string[] {
  return reviewJavaScript(src, 'javascript', { checkTypes: ['security'] })
    .filter((f) => f.rule === 'codewright/hardcoded-secret' && f.line === line)
    .map((f) => f.severity);
}

describe('review: hard-coded credentials by use', () => {
  it('reports passwords and their user names in connection options, not values from the environment', () => {
    const src = [
      "const mysql = require('mysql');",
      'const conn = mysql.createConnection({',
      "  host: 'localhost',",
      "  user: 'root',",
      "  password: 'hunter2',",
      '});',
      'const pool = new Pool({',
      "  user: 'app',",
      '  password: process.env.PGPASSWORD,',
      '});',
      "const transport = nodemailer.createTransport({ auth: { user: 'mailer', pass: 'mail-pass' } });",
      "const labels = { password: 'Password', user: 'User name' };",
      "const settings = { host: 'db', password: '' };",
      "const form = { password: 'Your password here' };",
    ].join('\n');
    assert.deepEqual(found(src), [4, 5, 8, 11, 11]);
    // A user name without a literal password beside it is half of a login: reported, at low severity.
    assert.deepEqual(severities(src, 8), ['low']);
  });

  it('reports positional passwords, keys and Authorization headers, also through a constant', () => {
    const src = [
      "const Sequelize = require('sequelize');",
      "const jwt = require('jsonwebtoken');",
      "const crypto = require('crypto');",
      "const PASSWORD = 'open-sesame';",
      "const db = new Sequelize('shop', 'admin',",
      '  PASSWORD);',
      "request.get(url).auth('bob', 'builder');",
      "redis.auth('r3dis');",
      "client.bind('cn=admin,dc=example,dc=org', 'ldap-pass', () => {});",
      "jwt.sign(payload, 'my-signing-key');",
      'jwt.sign(payload, process.env.JWT_KEY);',
      "crypto.createCipheriv('aes-256-cbc', 'k3y-k3y-k3y', iv);",
      "app.use(cookieParser('cookie-secret'));",
      "xhr.setRequestHeader('Authorization', 'Basic YWxhZGRpbjpvcGVuc2VzYW1l');",
      "xhr.setRequestHeader('Authorization', 'Bearer ' + token);",
      "http.request({ host: 'h', auth: 'user:pa55' });",
      "fn.bind(null, 'value');",
      "const token = '<token>';",
    ].join('\n');
    assert.deepEqual(found(src), [4, 5, 7, 7, 8, 9, 10, 12, 13, 14, 16]);
  });

  it('reports logins checked against literals, Bearer options, SDK credentials and CryptoJS keys', () => {
    const src = [
      'function check(username, password) {',
      "  return username === 'admin' && password === 'letmein';",
      '}',
      "if (input.type === 'password') show();",
      "if (password === '') reject();",
      "request({ url, auth: { bearer: 'tok-123456' } });",
      "const creds = new AWS.Credentials('AKID1234', 'wJalrXUtnFEMI');",
      "CryptoJS.AES.encrypt(data, 'aes-key-123');",
      'CryptoJS.AES.encrypt(data, key);',
      "fetch(url, { headers: { Authorization: 'Basic ' + btoa('api:s3cret') } });",
      "fetch(url, { headers: { Authorization: 'Bearer ' + token } });",
    ].join('\n');
    assert.deepEqual(found(src), [2, 2, 6, 7, 7, 8, 10]);
  });

  it('reports credentials stored as properties, secret options of any name, database logins and storage keys', () => {
    const src = [
      "config.password = 'hunter2';",
      "opts.secretOrKey = 'jwt-key-1';",
      "new TwitterStrategy({ consumerKey: 'ck', consumerSecret: 'cs-value' }, verify);",
      "db.authenticate('admin', 'hunter2');",
      "azure.createBlobService('account', 'storage-key');",
      "const headers = { Authorization: 'Basic ' + btoa('user:hunter2') };",
      "app.use(cookieSession({ name: 'sid', keys: ['key-one', 'key-two'] }));",
      // Look-alikes: values from elsewhere, empty values, labels and computed keys.
      'config.password = process.env.DB_PASSWORD;',
      "config.password = '';",
      "form.passwordLabel = 'Password';",
      "opts[name] = 'value';",
      "passport.authenticate('local', { failureRedirect: '/login' });",
      "const shown = { Authorization: 'Bearer ' + token };",
      "app.use(cookieSession({ name: 'sid', keys: [process.env.KEY] }));",
      "const list = { keys: ['id', 'name'] };",
    ].join('\n');
    assert.deepEqual(found(src), [1, 2, 3, 4, 4, 5, 5, 6, 7, 7]);
  });

  it('reports the passwords of a basic-auth users map, not other maps named users', () => {
    const src = [
      "app.use(basicAuth({ users: { admin: 'supersecret', guest: process.env.GUEST_PW } }));",
      "const store = createStore({ users: { admin: 'Administrator' } });",
      "app.use(basicAuth({ users: { admin: '' } }));",
    ].join('\n');
    // The password and the user name it belongs to.
    assert.deepEqual(found(src), [1, 1]);
  });
  it('reports settings declared first and passed later, cloud client keys, private keys and logins', () => {
    const src = [
      "const auth = { user: 'svc', pass: 'svc-pass' };",
      'request.get(url, { auth });',
      "const config = { user: 'report', password: 'r3port' };",
      'sql.connect(config);',
      "const copy = { user: 'Name', password: 'Password' };",
      "pkgcloud.storage.createClient({ provider: 'rackspace', username: 'acct', apiKey: 'rk-123' });",
      "pkgcloud.storage.createClient({ provider: 'azure', storageAccount: 'acct', storageAccessKey: 'ak-1' });",
      "msRestAzure.loginWithUsernamePassword('me@example.com', 'azure-pass', cb);",
      "digitalocean.client('do-token-123');",
      "crypto.createSign('RSA-SHA256').update(data).sign('private-key-text');",
      "crypto.privateDecrypt('private-key-text', buffer);",
      "request.get(url).auth(null, null, true, 'bearer-tok');",
      // Look-alikes: a copy never passed anywhere, keys outside a client's settings, a lookup's `sign`.
      "const tokens = { key: 'Enter', token: 'punctuator' };",
      "math.sign('x');",
    ].join('\n');
    assert.deepEqual(found(src), [1, 1, 3, 3, 6, 6, 7, 7, 8, 8, 9, 10, 11, 12]);
  });
  it('follows literals passed for a parameter and fallbacks of a default', () => {
    const src = [
      'function open(user, pw) {',
      "  return mysql.createConnection({ host: 'db', user, password: pw });",
      '}',
      "open('admin', 'adm1n-pw');",
      "mysql.createConnection({ host: 'db', password: process.env.DB_PW || 'dev-pw' });",
      'function openFromEnv(pw) {',
      "  return mysql.createConnection({ host: 'db', password: pw });",
      '}',
      'openFromEnv(process.env.DB_PW);',
    ].join('\n');
    assert.deepEqual(found(src), [4, 4, 5]);
  });
  it('finds credential positions of modules imported under other names', () => {
    const src = [
      "const connectAuth = require('basic-auth-connect');",
      "const Db = require('sequelize');",
      "const jwcrypto = require('browserid-crypto');",
      "app.use(connectAuth('admin', 'adm1n-pw'));",
      "const db = new Db('shop', 'shopper', process.env.DB_PW);",
      "jwcrypto.sign(payload, 'key-material');",
      "const other = new Map([['a', 'b']]);",
    ].join('\n');
    assert.deepEqual(found(src), [4, 4, 5, 6]);
  });
});

describe('review: credentials through conditionals, helpers and one-by-one settings', () => {
  it('follows both branches of a conditional and a helper returning a literal, not one returning the environment', () => {
    const src = [
      "const mysql = require('mysql');",
      'function defaultPassword() {',
      "  return 'fallback-pw';",
      '}',
      'function envPassword() {',
      '  return process.env.DB_PASSWORD;',
      '}',
      "mysql.createConnection({ host: 'db', password: defaultPassword() });",
      "mysql.createConnection({ host: 'db', password: isDev ? 'dev-pw' : 'prod-pw' });",
      "mysql.createConnection({ host: 'db', password: isDev ? process.env.A : process.env.B });",
      "mysql.createConnection({ host: 'db', password: envPassword() });",
    ].join('\n');
    assert.deepEqual(found(src), [3, 9]);
  });

  it('reports a user name assigned beside a literal password property, not beside one from the environment', () => {
    const src = [
      'const settings = {};',
      "settings.user = 'admin';",
      "settings.password = 's3cr3t-pw';",
      'connect(settings);',
      'const other = {};',
      "other.user = 'reader';",
      'other.password = process.env.PW;',
      "const form = {}; form.user = 'name';",
    ].join('\n');
    assert.deepEqual(found(src), [2, 3]);
  });
});

describe('review: credentials in a table of names (NodeBB)', () => {
  it('reads a table from environment variables to setting keys as names, a login of equal names as a login', () => {
    const src = [
      'const envConfMap = {',
      "  NODEBB_URL: 'url',",
      "  NODEBB_PORT: 'port',",
      "  NODEBB_ADMIN_PASSWORD: 'admin:password',",
      "  NODEBB_DB_HOST: 'host',",
      "  NODEBB_DB_PASSWORD: 'password',",
      '};',
      'load(envConfMap);',
      "const login = { host: 'db', user: 'user', password: 'password', database: 'database' };",
      'connect(login);',
    ].join('\n');
    assert.deepEqual(found(src), [9, 9]);
  });
});
