// The taint table of Java (see `common.ts` for what each field means).
import { phpQueryParts } from '../../languages/phpOutput';
import { checkedAtOnce, confinedAfter } from './javaPathChecks';
import { appendsToTextBuffer, writesNonHtmlResponse } from './javaResponseType';
import {
  CMD,
  LDAP,
  NOT_DECODED_LATER,
  NUMERIC,
  PATH,
  REDIRECT,
  SQL,
  TRUST,
  XPATH,
  XSS,
  type LanguageTaint,
} from './common';
import { JAVA_OUT_OF_SIGHT } from './outOfSight';
import { JAVA_HANDLERS } from './javaHandlers';

export const java: LanguageTaint = {
  outOfSight: JAVA_OUT_OF_SIGHT,
  callTypes: new Set(['method_invocation', 'object_creation_expression']),
  memberTypes: new Set(['field_access', 'array_access']),
  parameterTypes: new Set(['formal_parameter', 'spread_parameter']),
  // Fields: a name a method never declares is a field, carrying what other methods assign to it.
  localDeclaration: 'variable_declarator',
  confinedAfter,
  source:
    /(?:^|\.)(?:request|req|httpRequest|servletRequest)\.(?:getParameter\w*|getHeader\w*|getCookies|getQueryString|getInputStream|getReader|getRequestURI|getRequestURL|getPathInfo|getParts?)$|(?:^|\.)System\.getenv$|(?:^|\.)(?:readLine|nextLine|getInputStream)$/,
  // The deployer's environment (`System.getenv("BASE")` naming a service's folder): medium at most.
  localSource: /^(?:java\.lang\.)?System\.getenv\b/,
  handlers: JAVA_HANDLERS,
  sourceParameter:
    /@(?:RequestParam|PathVariable|RequestBody|RequestHeader|CookieValue|QueryParam|PathParam|FormParam)\b/,
  // Escaping is specific to where the value goes: ESAPI's encodeForHTML protects a page, not a
  // path or the session, so Java's escapers are listed per rule and only numbers are safe everywhere.
  // Tomcat's own `Escape.htmlElementContent` escapes text for an element's content.
  sanitizer: NOT_DECODED_LATER(NUMERIC),
  // A `File` checked at once by a method confining its canonical path (`javaPathChecks.ts`) is inside
  // the base from then on: what is built from it (`new File(war.getAbsolutePath() + ".tmp")`) too.
  ruleSanitizingCalls: { [PATH]: checkedAtOnce },
  ruleSanitizers: {
    [XSS]:
      /(?:encodeForHTML\w*|encodeForJavaScript|encodeForURL|encodeForXML\w*|forHtml\w*|forJavaScript\w*|escapeHtml\w*|htmlEscape\w*|escapeXml\w*|escapeEcmaScript|escapeJavaScript|URLEncoder\.encode|Escape\.htmlElementContent)$/,
    [SQL]: /(?:encodeForSQL|escapeSql)$/,
    [CMD]: /encodeForOS$/,
    [LDAP]: /(?:encodeForLDAP|encodeForDN)$/,
    [XPATH]: /(?:encodeForXPath|escapeXPath)$/,
    [PATH]: /(?:\bgetName|FilenameUtils\.getName|FilenameUtils\.getBaseName)$/,
    [REDIRECT]: /encodeForURL$/,
  },
  inPlace: [
    {
      callee: /^\w+\.(?:add|addAll|put|putAll|append|insert|push|offer|set|addElement)$/,
      target: 'receiver',
    },
  ],
  indexedList: {
    empty: /^new (?:[\w.]*\.)?\w*(?:List|Vector)\b[^(]*\(\s*\)$/,
    add: /^(?:add|addElement)$/,
    removeAt: /^remove$/,
    get: /^(?:get|elementAt)$/,
  },
  sinks: [
    {
      rule: SQL,
      // `query`/`update` are too common to be SQL on any receiver (MessageDigest.update): only on a
      // JdbcTemplate-like object.
      callee:
        /\.(?:executeQuery|executeUpdate|executeLargeUpdate|execute|addBatch|prepareStatement|prepareCall|createQuery|createNativeQuery|createSQLQuery)$|(?:jdbc|template|Template|JDBC)\w*\.(?:queryForObject|queryForList|queryForMap|queryForRowSet|queryForLong|queryForInt|query|update|batchUpdate)$/,
      args: [0],
      does: 'runs SQL',
      parts: phpQueryParts,
    },
    {
      rule: CMD,
      callee: /(?:getRuntime\(\)|runtime|rt|r)\.exec$|^new(?:java\.lang\.)?ProcessBuilder$|\.command$/,
      does: 'runs a command',
    },
    {
      rule: PATH,
      callee:
        /^new(?:java\.io\.)?(?:File|FileInputStream|FileOutputStream|FileReader|FileWriter|RandomAccessFile|PrintWriter)$|(?:Paths|Path)\.(?:get|of)$|(?:^|\.)Files\.(?:newInputStream|newOutputStream|newBufferedReader|newBufferedWriter|readAllBytes|readAllLines|write|delete|copy|move|lines|readString)$/,
      // `File f = new File(base, name); if (!pathCheck(f, base)) return;`: checked before any use.
      notAt: checkedAtOnce,
      does: 'opens a file',
    },
    {
      rule: XSS,
      // `System.out.println` writes the console, not the response.
      callee:
        /(?:getWriter\(\)|getOutputStream\(\)|(?<!System\.)\bout|writer|pw)\.(?:print|println|write|printf|format|append)$/,
      // A local stream over a socket, a file or the console (`out = new DataOutputStream(s.getOutputStream())`):
      // no response is in sight of it.
      receiverNotBoundTo:
        /^(?![\s\S]*\b(?:response|resp|res|httpResponse|servletResponse|getWriter)\b)[\s\S]*(?:\.getOutputStream\(\)|\bnew\s+(?:java\.io\.)?\w*(?:OutputStream|Writer)\b|\bSystem\.(?:out|err)\b)/,
      // A response the servlet declared `text/plain` (or JSON, CSV, ...) is shown, not rendered.
      // Nor is a text buffer the method declares (`StringBuilder out`).
      notAt: (call, context) => writesNonHtmlResponse(call, context) || appendsToTextBuffer(call),
      does: 'writes the HTTP response',
    },
    {
      rule: LDAP,
      callee: /(?:ctx|context|dirContext|idc|\w*[cC]ontext)\.search$/,
      args: [0, 1],
      does: 'runs an LDAP search',
    },
    {
      rule: XPATH,
      callee: /(?:xp|xpath|xPath|\w*XPath)\.(?:evaluate|compile)$/,
      args: [0],
      does: 'evaluates an XPath expression',
    },
    { rule: REDIRECT, callee: /\.sendRedirect$/, args: [0], does: 'redirects the browser' },
    {
      rule: TRUST,
      callee: /getSession\(\)\.(?:setAttribute|putValue)$|session\.(?:setAttribute|putValue)$/,
      does: 'stores data in the trusted session',
    },
  ],
};
