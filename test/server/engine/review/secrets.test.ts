import assert from 'node:assert/strict';
import {
  detectSecret,
  isPlaceholder,
  isSecretName,
  normalizeName,
  shannonEntropy,
} from '../../../../server/src/engine/review/secrets';

describe('secrets', () => {
  describe('known key formats (reported whatever the name)', () => {
    const cases: [string, string][] = [
      ['AKIA4ZQ7XK2M9PLR3TBN', 'aws-access-key-id'],
      ['ghp_8fK2mQx7LpR4vT9zWc3NbY6hJd1sA5eG0uIo', 'github-token'],
      ['github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz', 'github-token'],
      ['xoxb-2718281828-3141592653-QzR7vLm2XpT9kWc4', 'slack-token'],
      ['sk_live_51Hx9QeKf7ZpR2mVtY8wLc3NbJ', 'stripe-key'],
      ['-----BEGIN RSA PRIVATE KEY-----\nMIIEow...', 'private-key'],
      ['-----BEGIN OPENSSH PRIVATE KEY-----', 'private-key'],
      ['eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U', 'jwt'],
      ['postgres://app:S3cretPw@db.internal:5432/app', 'url-credentials'],
    ];
    for (const [value, kind] of cases) {
      it(`recognises ${kind}: ${value.slice(0, 16)}…`, () => {
        const match = detectSecret(value);
        assert.equal(match?.kind, kind);
        assert.equal(match?.confidence, 'high');
      });
    }

    it('ignores documentation values in a known format', () => {
      assert.equal(detectSecret('AKIAIOSFODNN7EXAMPLE'), undefined);
      assert.equal(detectSecret('sk_live_xxxxxxxxxxxxxxxxxxxxxxxx'), undefined);
    });

    it('ignores URLs whose password is a template', () => {
      assert.equal(detectSecret('postgres://app:${DB_PASSWORD}@db:5432/app'), undefined);
    });
  });

  it('does not take a URN or colon-separated identifier under a token-like name for a secret', () => {
    assert.equal(detectSecret('urn:ietf:params:oauth:token-type:jwt', 'access_token'), undefined);
    assert.equal(detectSecret('urn:ietf:params:oauth:token-type:x509', 'client_secret'), undefined);
    assert.equal(detectSecret('arn:aws:secretsmanager:eu-west-1:deploy', 'api_token'), undefined);
    // The same name with a real-looking key is still reported.
    assert.equal(detectSecret('f9Q2kLx7Vr4TzW8mN3pB6cY1', 'access_token')?.kind, 'generic-secret');
  });

  describe('generic secrets under secret-sounding names', () => {
    it('reports a random-looking token assigned to api_key', () => {
      assert.equal(detectSecret('9f8Kq2LmX7pR4vT1zW3cN6bY', 'api_key')?.kind, 'generic-secret');
      assert.equal(detectSecret('9f8Kq2LmX7pR4vT1zW3cN6bY', 'clientSecret')?.kind, 'generic-secret');
    });

    it('reports a password that is not a plain word', () => {
      assert.equal(detectSecret('Vq7!pR2#xL9z', 'DB_PASSWORD')?.kind, 'generic-password');
      assert.equal(detectSecret('hunter2!', 'password')?.kind, 'generic-password');
    });

    it('reports human-chosen keys under secret names, but not identifiers or MIME types', () => {
      assert.equal(detectSecret('super-secret-key-123', 'SECRET_KEY')?.kind, 'generic-secret');
      assert.equal(detectSecret('django-insecure-7x!q2', 'SECRET_KEY')?.kind, 'generic-secret');
      assert.equal(detectSecret('next_marker', 'input_token'), undefined);
      assert.equal(detectSecret('SecretBinary', 'secret_binary'), undefined);
      assert.equal(detectSecret('application/json', 'api_key'), undefined);
      assert.equal(detectSecret('localStorage', 'token_storage'), undefined);
    });

    it('ignores flags and options about a secret, not secrets under names that merely contain the word', () => {
      assert.equal(detectSecret('same-origin', 'withCredentials'), undefined);
      assert.equal(detectSecret('Bearer-Only7', 'useToken'), undefined);
      assert.equal(detectSecret('my-jwt-signing-secret', 'jwtSecret')?.kind, 'generic-secret');
    });

    it('ignores what happened to a secret: its reset reason, status or state', () => {
      assert.equal(detectSecret('compromised', 'session[:password_reset_reason]'), undefined);
      assert.equal(detectSecret('expired-2', 'tokenStatus'), undefined);
      assert.equal(detectSecret('Str0ngPassw0rd', 'session[:password]')?.kind, 'generic-password');
    });

    it('needs the name: the same token under an ordinary name is not reported', () => {
      assert.equal(detectSecret('9f8Kq2LmX7pR4vT1zW3cN6bY', 'request_id'), undefined);
      assert.equal(detectSecret('9f8Kq2LmX7pR4vT1zW3cN6bY'), undefined);
    });

    it('ignores low-entropy or short values under token names', () => {
      assert.equal(detectSecret('aaaaaaaaaaaaaaaaaaaa', 'token'), undefined);
      assert.equal(detectSecret('abc123', 'api_key'), undefined);
    });

    it('ignores placeholders, env lookups, empty strings and prose', () => {
      for (const value of [
        '',
        'changeme',
        'xxx',
        'xxxxxxxx',
        '<your-token>',
        '${API_TOKEN}',
        '{{ secret }}',
        'YOUR_API_KEY',
        'API_TOKEN',
        'please enter your password',
        '********',
        'password',
      ]) {
        assert.equal(detectSecret(value, 'password'), undefined, value);
        assert.equal(detectSecret(value, 'api_token'), undefined, value);
      }
    });

    it('ignores prompts, field names used as values, and character sets', () => {
      assert.equal(detectSecret('Password: ', 'password'), undefined);
      assert.equal(detectSecret('_master_user_password', 'master_user_password'), undefined);
      assert.equal(
        detectSecret(
          "!#$%&'*+-.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ^_`abcdefghijklmnopqrstuvwxyz|~",
          'token',
        ),
        undefined,
      );
    });

    it('ignores names that are about a secret rather than holding one', () => {
      for (const name of [
        'TOKEN_URL',
        'password_field',
        'secretName',
        'api_key_header',
        'PASSWORD_MIN_LENGTH',
        'password_hash',
        'token_endpoint',
      ]) {
        assert.equal(detectSecret('9f8Kq2LmX7pR4vT1zW3cN6bY', name), undefined, name);
      }
    });
  });

  describe('helpers', () => {
    it('computes Shannon entropy in bits per character', () => {
      assert.equal(shannonEntropy(''), 0);
      assert.equal(shannonEntropy('aaaa'), 0);
      assert.equal(shannonEntropy('abab'), 1);
      assert.equal(shannonEntropy('abcd'), 2);
    });

    it('normalises identifiers of every style', () => {
      assert.equal(normalizeName('apiKey'), 'api_key');
      assert.equal(normalizeName('$db_password'), 'db_password');
      assert.equal(normalizeName('self.clientSecret'), 'client_secret');
      assert.equal(normalizeName('config["api-key"]'), 'api_key');
      assert.equal(normalizeName('AWSSecretKey'), 'aws_secret_key');
    });

    it('classifies names and placeholders', () => {
      assert.ok(isSecretName('DB_PASSWORD'));
      assert.ok(isSecretName('authToken'));
      assert.ok(!isSecretName('username'));
      assert.ok(isPlaceholder('changeme'));
      assert.ok(isPlaceholder('/etc/app/secret.pem'));
      assert.ok(!isPlaceholder('Vq7!pR2#xL9z'));
    });

    it('does not read a camelCase compound of words under a password-like name as a password', () => {
      assert.equal(detectSecret('overEvery', 'allPass'), undefined);
      assert.equal(detectSecret('Tr0ub4dor&3', 'adminPass')?.kind, 'generic-password');
    });

    it('does not read a list or condition of names under a token-like name as a token', () => {
      assert.equal(detectSecret('acl_m_,$id', 'auth'), undefined);
      assert.equal(detectSecret('acl_a_board || aclf_m_', 'auth'), undefined);
      assert.equal(detectSecret('Qz8rLm2Vx9,Tk4p', 'auth')?.kind, 'generic-secret');
    });

    it('does not read a dotted key of words under a password-like name as a password', () => {
      assert.equal(detectSecret('passwords.reset', 'PASSWORD_RESET'), undefined);
      assert.equal(detectSecret('auth.password_sent', 'passwordSent'), undefined);
      assert.equal(detectSecret('Passw0rds.Reset', 'PASSWORD')?.kind, 'generic-password');
    });

    it('by position, spares only stand-ins: a word written where a password goes is the password', () => {
      const byPosition = { byPosition: true };
      for (const standIn of [
        '',
        '  ',
        '<password>',
        '{{pw}}',
        '${PW}',
        '$DB_PASS',
        '%PW%',
        'your_password',
        'password_here',
        '***',
        'xxxx',
        'enter a password',
      ])
        assert.ok(isPlaceholder(standIn, byPosition), standIn);
      for (const real of [
        'password',
        'test',
        'secret',
        'admin',
        'changeme',
        'hgfedcba',
        'DB_PASSWORD',
        './key',
      ])
        assert.ok(!isPlaceholder(real, byPosition), real);
      // The same words are placeholders when only a name says the value is a secret.
      for (const word of ['password', 'test', 'secret', 'changeme']) assert.ok(isPlaceholder(word), word);
    });
  });

  describe('values read the way sonar-php labels them (numbered names, pairs, locators)', () => {
    it('reads a numbered name as its word, and auth/oauth as secret names', () => {
      assert.equal(normalizeName('secret008'), 'secret_008');
      assert.equal(detectSecret('Zk4mPq8Vr2Wn5TySb', 'secret007')?.kind, 'generic-secret');
      assert.equal(detectSecret('Qm7vXpLr2FzT9baWtHx', 'oauth')?.kind, 'generic-secret');
      // A compound of words under such a name is a class or setting, not a token.
      assert.equal(detectSecret('AuthMiddleware', 'AUTH'), undefined);
      assert.equal(detectSecret('Qm7vXpLr2FzT9baWtHx', 'author_id'), undefined);
    });

    it('finds a secret in a name=value pair of a query or connection string, not a bind marker', () => {
      assert.equal(detectSecret('login=a&pwd=azerty123', 'variable2')?.kind, 'generic-password');
      assert.equal(detectSecret('Server=db;Password=x7Qk2p9L', 'dsn')?.kind, 'generic-password');
      assert.equal(detectSecret('token=Qm7vXpLr2FzT9baWtHx user=admin', 'params')?.kind, 'generic-secret');
      for (const value of ['password=?&login=a', 'password=:password', 'password=%s', 'password=(secret)'])
        assert.equal(detectSecret(value, 'query'), undefined, value);
      assert.equal(detectSecret('token=abc,Qm7vXpLr2FzT9baWtHxaaa', 'params'), undefined);
      assert.equal(detectSecret('user=admin&page=Qm7vXpLr2FzT9baWtHx', 'params'), undefined);
    });

    it('spares locators, addresses, class names and stand-in URL passwords', () => {
      assert.equal(detectSecret('op://vault/secret', 'password'), undefined);
      assert.equal(detectSecret('bfee:e3e1:9a92:6617:02d5:256a:b87a:fbcc', 'ip_secret'), undefined);
      assert.equal(detectSecret('Defuse\\Crypto\\KeyOrPassword', 'keyOrPassword'), undefined);
      assert.equal(detectSecret('http://user:password@test.com', 'url'), undefined);
      assert.equal(detectSecret('https://user:azerty123@domain.com', 'url')?.kind, 'url-credentials');
      assert.equal(detectSecret('Tr8pQz2Ln9', 'password')?.kind, 'generic-password');
    });

    it('spares names written as values: its own name, a leading underscore, option flags, code', () => {
      // A permissions-policy directive, a private marker, a command-line option, a script's text.
      assert.equal(detectSecret('publickey-credentials-get', 'publickey_credentials_get'), undefined);
      assert.equal(detectSecret('_sa_default', '_DEFAULT_TOKEN'), undefined);
      assert.equal(detectSecret('--password', 'password'), undefined);
      const script = 'o.credentials=e.crossOrigin==="use-credentials"?"include":"omit";';
      assert.equal(detectSecret(script, 'source'), undefined);
      // Near misses: a random value with an underscore, words that are not the name, a quoted pair.
      assert.equal(detectSecret('_aK93jd8Qz7Lp', '_SECRET_TOKEN')?.kind, 'generic-secret');
      assert.equal(detectSecret('otp-credentials-9x', 'otp_credentials')?.kind, 'generic-secret');
      assert.equal(detectSecret('--password=Tr8pQz2Ln9', 'args'), undefined);
      assert.equal(detectSecret("Server=db;Password='x7Qk2p9L'", 'dsn')?.kind, 'generic-password');
      // A pattern of a token's characters describes tokens; a value with brackets is still one.
      assert.equal(detectSecret('[A-Za-z0-9._~+/-]+=*', 'TOKEN_STRINGS'), undefined);
      assert.equal(detectSecret('Qm7v[XpLr]2FzT9baW', 'api_token')?.kind, 'generic-secret');
    });
  });
  describe('header names and documented URLs read on real Go code (minio)', () => {
    it('takes an X- header name under a key or token name for that name, not a key with a random run', () => {
      assert.equal(detectSecret('x-amz-request-token', 'AmzRequestToken'), undefined);
      assert.equal(detectSecret('x-subnet-api-key', 'SubnetAPIKey'), undefined);
      assert.equal(
        detectSecret('X-Minio-Internal-Server-Side-Encryption-S3-Kms-Sealed-Key', 'MetaDataEncryptionKey'),
        undefined,
      );
      assert.equal(detectSecret('x-9fK2-qLm8ZpR4', 'ApiKey')?.kind, 'generic-secret');
      assert.equal(detectSecret('xk-amz-request-token', 'ApiKey')?.kind, 'generic-secret');
    });

    it('reads a possessive stand-in password in a URL as an example, a chosen one as a leak', () => {
      const doc = 'AMQP server endpoint e.g. `amqp://myuser:mypassword@localhost:5672`';
      assert.equal(detectSecret(doc, 'Description'), undefined);
      assert.equal(detectSecret('amqp://guest:your_password@localhost', 'url'), undefined);
      assert.equal(detectSecret('amqp://myuser:myk3yQ9x@localhost:5672', 'url')?.kind, 'url-credentials');
      assert.equal(detectSecret('amqp://myuser:mypasswordQ9@localhost', 'url')?.kind, 'url-credentials');
    });
  });

  describe('names and templates read on real C# code (Jellyfin)', () => {
    it('takes hyphenated words under a token name for a header or claim name, not a key with digits', () => {
      assert.equal(detectSecret('Jellyfin-Token', 'Token'), undefined);
      assert.equal(detectSecret('X-Emby-Authorization-Token', 'AuthToken'), undefined);
      assert.equal(detectSecret('Qm7v-XpLr2-FzT9baWt', 'Token')?.kind, 'generic-secret');
      assert.equal(detectSecret('jellyfin-signing-secret', 'Token')?.kind, 'generic-secret');
    });

    it('reads a numbered pass of a process as no password, a pass of a user as one', () => {
      assert.equal(isSecretName('hwScaleFilterFirstPass'), false);
      assert.equal(isSecretName('second_pass'), false);
      assert.equal(detectSecret('vpp_rkrga=format=bgra:afbc=1', 'hwScaleFilterFirstPass'), undefined);
      assert.equal(isSecretName('userPass'), true);
      assert.equal(detectSecret('Tr8pQz2Ln9', 'adminPass')?.kind, 'generic-password');
    });

    it('skips an interpolated pair value, also quoted in a script, not a literal one', () => {
      const script = 'req.headers.Authorization = `MediaBrowser Token=\\"${req.headers.Authorization}\\"`';
      assert.equal(detectSecret(script), undefined);
      assert.equal(detectSecret('Token=${TOKEN}&x=1'), undefined);
      assert.equal(detectSecret('MediaBrowser Token=Qm7vXpLr2FzT9baWtHx')?.kind, 'generic-secret');
    });
  });

  it('reads a regular expression kept under a token-like name as a pattern, not a key', () => {
    const pattern = String.raw`([.#][^\s"'.#]+)|((?:class|id)\s*=\s*(?:"[^"]*"|'[^']*'))`;
    assert.equal(detectSecret(pattern, '$token'), undefined);
    assert.equal(detectSecret(String.raw`^(?:\d{3})+-secret$`, 'api_key'), undefined);
    // A key that happens to hold `|` or `+` but no regular expression's class or group stays a key.
    assert.equal(detectSecret('Xk9|pQ2+wE7zR4tY8uI0', '$token')?.kind, 'generic-secret');
  });

  describe('names read on real PHP and Java code (BookStack, commons-lang)', () => {
    it('reads words under the key of a session or cache entry as the entry name, not a key', () => {
      assert.equal(detectSecret('mfa-setup-totp-secret', 'SETUP_SECRET_SESSION_KEY'), undefined);
      assert.equal(detectSecret('oauth-access-token', 'OAUTH_TOKEN_CACHE_KEY'), undefined);
      assert.equal(detectSecret('api.token.value', 'tokenCacheKey'), undefined);
      // Near misses: a random value under the same name, and words under a secret's own name.
      assert.equal(detectSecret('Qm7vXpLr2FzT9baW', 'SETUP_SECRET_SESSION_KEY')?.kind, 'generic-secret');
      assert.equal(detectSecret('Qm7vXpLr2FzT9baWtHx', 'SETUP_SECRET_SESSION_KEY')?.kind, 'generic-secret');
      assert.equal(detectSecret('mfa-setup-totp-secret', 'SETUP_SECRET')?.kind, 'generic-secret');
      assert.equal(detectSecret('mfa-setup-totp-secret', 'SECRET_KEY')?.kind, 'generic-secret');
    });

    it('reads a dotted name of camelCase words as a property name, not a token', () => {
      assert.equal(
        detectSecret('javax.security.auth.useSubjectCredsOnly', 'JAVAX_SECURITY_AUTH_USE_SUBJECT_CREDS_ONLY'),
        undefined,
      );
      assert.equal(
        detectSecret('jdk.http.auth.proxying.disabledSchemes', 'JDK_HTTP_AUTH_SCHEMES'),
        undefined,
      );
      // Near misses: dotted parts with digits, and two parts only, are still judged as values.
      assert.equal(detectSecret('prod.Xk9mQ2.vL7pRt', 'AUTH_TOKEN')?.kind, 'generic-secret');
      assert.equal(detectSecret('xkQmvRt.zPLwBaNcY', 'AUTH_TOKEN')?.kind, 'generic-secret');
    });

    it('reads a package-qualified constant name or one capitalised word as a name, not a secret', () => {
      assert.equal(detectSecret('org.apache.catalina.session.PASSWORD', 'SESS_PASSWORD_NOTE'), undefined);
      assert.equal(
        detectSecret('org.apache.catalina.realm.GSS_CREDENTIAL', 'GSS_CREDENTIAL_ATTR'),
        undefined,
      );
      assert.equal(detectSecret('Application', 'Auth'), undefined);
      // Near misses: a last part with digits, a word with a second capital, a password with digits.
      assert.equal(detectSecret('org.apache.catalina.Xk9mQ2vL7pRt', 'AUTH_TOKEN')?.kind, 'generic-secret');
      assert.equal(detectSecret('XkqmvrtzPLwbancy', 'AUTH_TOKEN')?.kind, 'generic-secret');
      assert.equal(detectSecret('org.apache.catalina.Pa55word9', 'SESS_PASSWORD')?.kind, 'generic-password');
    });

    it('reads a label, field name or setting that says password, and text in another script, as no secret', () => {
      // Translations and import fields (`'password' => 'Datenbank-Password'`, `'field_password'`).
      assert.equal(detectSecret('Datenbank-Password', 'password'), undefined);
      assert.equal(detectSecret('HTTP-Passwort', 'password'), undefined);
      assert.equal(detectSecret('field_must_change_passwd', 'must_change_passwd'), undefined);
      assert.equal(detectSecret('password_hash_b64_invalid', 'RequestPasswordDoesNotMatch'), undefined);
      // A setting's name of camelCase words, two parts.
      assert.equal(detectSecret('security.passwordRequiresDigit', 'GP_PASSWORD_REQUIRES_DIGIT'), undefined);
      assert.equal(detectSecret('security.validTime', 'GP_PASSWORD_RESET_VALIDTIME'), undefined);
      assert.equal(detectSecret('データベースパスワード', 'password'), undefined);
      assert.equal(detectSecret('このEメールアドレスのトークンは誤っています。', 'wrong_token'), undefined);
      // Near misses: a password with digits beside the word, a default password, a value mixing
      // a few other letters into a random key, a dotted value with digits.
      assert.equal(detectSecret('Password-Qx7z', 'password')?.kind, 'generic-password');
      assert.equal(detectSecret('Admin123', 'ADMIN_DEFAULT_PASSWORD')?.kind, 'generic-password');
      assert.equal(detectSecret('sk-aZ9xQ2бвгдRt5', 'api_key')?.kind, 'generic-secret');
      assert.equal(detectSecret('security.pa55Word9', 'GP_PASSWORD')?.kind, 'generic-password');
    });
  });

  describe('names read on real web applications (gogs, NodeBB)', () => {
    it('reads a template name, under a tmpl name or as a path of words, as a name, not a secret', () => {
      assert.equal(isSecretName('tmplAuthActivateEmail'), false);
      assert.equal(detectSecret('auth/activate_email', 'tmplAuthActivateEmail'), undefined);
      assert.equal(detectSecret('auth/reset_passwd', 'resetPassword'), undefined);
      assert.equal(detectSecret('user/settings/password', 'settingsPassword'), undefined);
      // Near misses: a path with digits and capitals is a value; so is a token under its name.
      assert.equal(detectSecret('Tr8p/Qz2Ln9xW', 'resetPassword')?.kind, 'generic-password');
      assert.equal(isSecretName('authActivateEmailToken'), true);
    });

    it('reads a change-me stand-in inside a longer text as a placeholder, not a word that holds it', () => {
      assert.equal(detectSecret('CHANGE-ME-OR-FAIL-TO-START', 'SecretKey'), undefined);
      assert.equal(isPlaceholder('replace_me_before_deploy'), true);
      assert.equal(isPlaceholder('exchange-meter-Q7x2Lp9'), false);
      assert.equal(detectSecret('exchange-meter-Q7x2Lp9', 'SecretKey')?.kind, 'generic-secret');
    });

    it('reads a namespaced name of words under a password-like key as a name (a privilege)', () => {
      assert.equal(detectSecret('admin:users', 'admin.user.sendPasswordResetEmail'), undefined);
      assert.equal(detectSecret('admin:Tr8pQz2', 'adminPassword')?.kind, 'generic-password');
    });
  });

  describe('names and stored forms under secret-like names (web applications)', () => {
    it("reads a setting's key spelled with other separators and cases as the name it is", () => {
      assert.equal(detectSecret('files.s3.secretkey', 'FilesS3SecretKey'), undefined);
      assert.equal(detectSecret('service.JWTSecret', 'ServiceJWTSecret'), undefined);
      // Near miss: a value that is more than the name.
      assert.equal(detectSecret('files.s3.secretkey.Q7x2Lp9z', 'FilesS3SecretKey')?.kind, 'generic-secret');
    });

    it("reads a value spelling the name's last words as an enumeration's member", () => {
      assert.equal(detectSecret('hmac-sha256', 'AUTH_HMAC_SHA256'), undefined);
      assert.equal(detectSecret('hmac-sha512', 'AUTH_HMAC_SHA512'), undefined);
      // Near misses: a value that is more than the name's words, or other words.
      assert.equal(detectSecret('hmac-sha256-Qx7zLp9', 'AUTH_HMAC_SHA256')?.kind, 'generic-secret');
      assert.equal(detectSecret('hmac-sha512', 'AUTH_HMAC_SHA256')?.kind, 'generic-secret');
    });

    it("reads an upper-case X- extension property's name as a name", () => {
      assert.equal(detectSecret('X-APPLE-CALENDAR-COLOR', 'c.IANAToken'), undefined);
      assert.equal(detectSecret('X-9fK2-qLm8ZpR4x', 'c.IANAToken')?.kind, 'generic-secret');
    });

    it("reads a password's hash in the modular crypt format as the stored hash, not a password", () => {
      const bcrypt = '$2a$14$dcadBoMBL9jQoOcZK8Fju.cy0Ptx2oZECkKLnaa8ekRoTFe1w7To.';
      assert.equal(detectSecret(bcrypt, 'Password'), undefined);
      // Near miss: the same characters without the format's header are a password.
      assert.equal(detectSecret('dcadBoMBL9jQoOcZK8Fju.cy0Ptx2', 'Password')?.kind, 'generic-password');
    });

    it('reads a token strategy, handler or factory name as the class that handles tokens', () => {
      assert.equal(detectSecret('paperless.adapter.DrfTokenStrategy', 'HEADLESS_TOKEN_STRATEGY'), undefined);
      assert.equal(detectSecret('Zx8qLm2Rt7Vp9KwYb3', 'HEADLESS_TOKEN')?.kind, 'generic-secret');
    });
  });

  describe('stand-ins read on web applications (halo, wallabag, huginn)', () => {
    it('reads a word between stars or brackets as a mask, not a password', () => {
      assert.equal(detectSecret('[PROTECTED]', 'password'), undefined);
      assert.equal(detectSecret('**masked**', "$parameters['password']"), undefined);
      assert.equal(isPlaceholder('[redacted]', { byPosition: true }), true);
      // Near misses: a password with digits inside the brackets or stars, and a bracket left open.
      assert.equal(detectSecret('[Pr0tected9]', 'password')?.kind, 'generic-password');
      assert.equal(detectSecret('**mask3d**', 'password')?.kind, 'generic-password');
      assert.equal(detectSecret('[PROTECTED', 'password')?.kind, 'generic-password');
    });

    it('reads words that only say what the value is as a stand-in', () => {
      assert.equal(detectSecret('a-secret-key', 'secret'), undefined);
      assert.equal(detectSecret('my_secret_token', 'api_token'), undefined);
      // Near misses: a passphrase with words of its own, and a stand-in word beside random text.
      assert.equal(detectSecret('my-jwt-signing-secret', 'secret')?.kind, 'generic-secret');
      assert.equal(detectSecret('secret-key-Qx7zLp9', 'secret')?.kind, 'generic-secret');
    });

    it('reads a private key block with no key in it as the format shown, not a key', () => {
      const block = (body: string) => `-----BEGIN PRIVATE KEY-----\\n${body}\\n-----END PRIVATE KEY-----\\n`;
      assert.equal(detectSecret(block('...'), 'key'), undefined);
      assert.equal(detectSecret(block('<your key here>'), 'key'), undefined);
      // Near misses: a block with a body of base64, and the header alone, are reported.
      assert.equal(detectSecret(block('MIIEvQIBADANBgkqhkiG9w0BAQEFAASC'), 'key')?.kind, 'private-key');
      assert.equal(detectSecret('-----BEGIN PRIVATE KEY-----', 'key')?.kind, 'private-key');
    });
  });

  describe('validation rules under a password key (monica)', () => {
    it('reads rules joined by a bar as what the field must hold, not a password', () => {
      assert.equal(detectSecret('required|string', 'password'), undefined);
      assert.equal(detectSecret('required|alpha_dash|string|max:255', "'password'"), undefined);
      assert.equal(detectSecret('nullable|string|min:8|confirmed', 'api_token'), undefined);
      // Near misses: words joined by a bar without any common rule, a rule beside a capital or a
      // digit run, and a password with a bar in it stay reported.
      assert.equal(detectSecret('hunter|dragon', 'password')?.kind, 'generic-password');
      assert.equal(detectSecret('required|Xk9pQ2', 'password')?.kind, 'generic-password');
      assert.equal(detectSecret('s3cr3t|pass', 'password')?.kind, 'generic-password');
    });
  });
});
