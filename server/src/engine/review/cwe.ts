// The CWE weakness each security rule reports (https://cwe.mitre.org), for SARIF tags
// (`external/cwe/cwe-89`, the form GitHub code scanning reads) and anyone mapping findings to a
// standard. A rule absent here has no single CWE.
const CWE_BY_RULE: Readonly<Record<string, number>> = {
  'codewright/buffer-overflow': 120,
  'codewright/code-injection': 94,
  'codewright/command-injection': 78,
  'codewright/format-string': 134,
  'codewright/hardcoded-secret': 798,
  'codewright/insecure-cookie': 614,
  'codewright/insecure-random': 338,
  'codewright/jwt-algorithm-not-pinned': 347,
  'codewright/ldap-injection': 90,
  'codewright/open-redirect': 601,
  'codewright/path-traversal': 22,
  'codewright/prototype-pollution': 1321,
  'codewright/regex-injection': 1333,
  'codewright/sql-injection': 89,
  'codewright/ssrf': 918,
  'codewright/nosql-injection': 943,
  'codewright/tls-verification-disabled': 295,
  'codewright/trust-boundary': 501,
  'codewright/unsafe-deserialization': 502,
  'codewright/weak-cipher': 327,
  'codewright/weak-hash': 328,
  'codewright/weak-tls': 326,
  'codewright/xpath-injection': 643,
  'codewright/xss': 79,
  'codewright/xxe': 611,
  'security/detect-bidi-characters': 451,
  'security/detect-buffer-noassert': 119,
  'security/detect-disable-mustache-escape': 79,
  'security/detect-new-buffer': 119,
  'security/detect-no-csrf-before-method-override': 352,
  'security/detect-pseudoRandomBytes': 338,
  'sonarjs/cookie-no-httponly': 1004,
  'sonarjs/disabled-auto-escaping': 79,
  'sonarjs/encryption-secure-mode': 327,
  'sonarjs/insecure-cookie': 614,
  'sonarjs/no-weak-cipher': 327,
  'sonarjs/no-weak-keys': 326,
  'sonarjs/slow-regex': 1333,
  'sonarjs/weak-ssl': 326,
  'sonarjs/xml-parser-xxe': 611,
};

export function cweOf(ruleId: string): number | undefined {
  return CWE_BY_RULE[ruleId];
}
