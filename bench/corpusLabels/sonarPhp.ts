// Reader for SonarSource/sonar-php's check fixtures (`php-checks/src/test/resources/checks/`,
// extracted into `<root>/checks/`). Each fixture is verified by `CheckVerifier.verify(check, file)`,
// which fails when the check raises an issue on a line without a `// Noncompliant` marker or misses
// a marked one: so a fixture states, for its check, both the lines that must be reported and that
// every other line must not be. Lines the authors mark `// FN` are ones the check should report but
// does not (their statement, not the check's): positives too.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { partOf, type Case, type Corpus, type CorpusFile } from './corpus';

/**
 * Fixture → family, for the checks whose concept review claims for PHP (run with the check's
 * default settings; the `...Custom*` fixtures test other settings and are left out).
 *
 * Left out, as review does not report their concept in PHP: weak ciphers, modes, paddings and key
 * sizes (`AvoidDESCheck`, `security/RobustCipherAlgorithmCheck`, `EncryptionModeAndPaddingCheck`,
 * `NoPaddingRsaCheck`, `CryptographicKeySize`), weak TLS versions (`WeakSSLProtocolCheck`), weak
 * random numbers (`RandomGeneratorCheck`), cookie flags (`CookiesSecureCheck`, `HttpOnlyCheck`,
 * `SessionCookiePersistence`), XXE (`security/XxeCheck*`), file permissions
 * (`security/POSIXFilePermissionsCheck`), salts (`HashFunctionCheck`), and configuration or
 * framework rules (CORS, CSRF, session fixation, LDAP binds, clear-text protocols, WordPress and
 * CakePHP settings, hard-coded IPs and URIs, empty database passwords).
 */
export const SONAR_PHP_FAMILY: Record<string, string> = {
  'InsecureHashCheck.php': 'hash',
  'security/CryptographicHashCheck.php': 'hash',
  'HardCodedCredentialsInFunctionCallsCheck.php': 'secret',
  'HardCodedCredentialsInVariablesAndUrisCheck.php': 'secret',
  'HardCodedSecretCheckAST.php': 'secret',
  'HardCodedSecretCheckSecrets.php': 'secret',
  'SSLCertificatesVerificationDisabledCheck.php': 'tls',
  'SSLHostVerificationDisabledCheck.php': 'tls',
  'EvalUseCheck.php': 'codeinj',
  'security/QueryUsageCheck.php': 'sqli',
};

/**
 * The lines a fixture marks: `// Noncompliant` (also `@+N`/`@-N`, relative to the marker's line)
 * and `// FN`; a marker alone on its line with no offset is about the next line.
 */
export function sonarMarkedLines(code: string): number[] {
  const lines = code.split(/\r?\n/);
  const out = new Set<number>();
  lines.forEach((text, i) => {
    const m = /(?:\/\/|#|\/\*)\s*(?:Noncompliant(?:@([+-]\d+))?|FN)\b/.exec(text);
    if (!m) return;
    const alone = text.slice(0, m.index).trim() === '';
    const line = i + 1 + (m[1] ? Number(m[1]) : alone ? 1 : 0);
    out.add(line);
  });
  return [...out].sort((a, b) => a - b);
}

/**
 * Each fixture is split by line, as the CodeQL inline tests are: a line belongs to the half given
 * by a hash of the fixture's path and the line's text, and each half scores only its lines. A
 * marked line is a positive for the fixture's family; any finding of that family on another line of
 * the half is a false positive (the verifier's rule).
 */
export function sonarPhp(root: string): Corpus | undefined {
  const dir = join(root, 'checks');
  if (!existsSync(join(dir, 'InsecureHashCheck.php')) || !existsSync(join(dir, 'security'))) return undefined;
  const out: CorpusFile[] = [];
  for (const [rel, family] of Object.entries(SONAR_PHP_FAMILY)) {
    const path = join(dir, rel);
    if (!existsSync(path)) continue;
    const code = readFileSync(path, 'utf8');
    const lines = code.split(/\r?\n/);
    const marked = sonarMarkedLines(code);
    for (const part of ['dev', 'held-out'] as const) {
      const mine = new Set(
        lines.map((text, i) => (partOf(`${rel}:${text.trim()}`) === part ? i + 1 : 0)).filter((n) => n > 0),
      );
      const cases: Case[] = marked
        .filter((n) => mine.has(n))
        .map((n) => ({ family, positive: true, regions: [[n, n] as [number, number]] }));
      out.push({
        path,
        rel: `${rel}#${part}`,
        code,
        language: 'php',
        part,
        cases,
        strictFamilies: [family],
        lines: mine,
      });
    }
  }
  return out.length > 0
    ? { name: "sonar-php's check fixtures (// Noncompliant markers)", files: out }
    : undefined;
}
