// The taint table of C# (see `common.ts` for what each field means).
import {
  CMD,
  CODE,
  FORMAT,
  LDAP,
  PATH,
  REDIRECT,
  SQL,
  XPATH,
  XSS,
  sanitizer,
  type LanguageTaint,
  DESERIALIZE,
} from './common';
import { argumentValues } from '../objects';

/**
 * `new StreamReader(section.Body)`, `new StreamWriter(response.OutputStream)`: the reader's or
 * writer's overload over a stream, which opens no file. The argument is a member or variable named
 * for a stream (`Body`, `InputStream`, `stream`, `requestStream`), not a path.
 */
const STREAM_ARGUMENT =
  /(?:^|\.)(?:Body|InputStream|OutputStream|BaseStream)$|(?:^|[._])(?:[a-z]\w*)?[sS]tream$/;
import { CSHARP_OUT_OF_SIGHT } from './outOfSight';
import { CSHARP_HANDLERS } from './csharpHandlers';

export const csharp: LanguageTaint = {
  outOfSight: CSHARP_OUT_OF_SIGHT,
  callTypes: new Set(['invocation_expression', 'object_creation_expression']),
  memberTypes: new Set(['member_access_expression', 'element_access_expression']),
  parameterTypes: new Set(['parameter']),
  // Fields: a name a method never declares is a field, carrying what other methods assign to it.
  localDeclaration: 'variable_declarator',
  source:
    /(?:^|\.)Console\.ReadLine$|(?:^|\.)Environment\.GetEnvironmentVariable$|\b(?:req|request|Request|HttpContext\.Request)\.(?:QueryString|Params|Form|Cookies|Headers|Query|RouteValues|Body|Path|Url|RawUrl)\b|\.(?:ReadLine|ReadToEnd|ReadToEndAsync|DownloadString|GetString)$/,
  // The deployer's environment and the operator's console: medium at most.
  localSource: /^(?:System\.)?(?:Environment\.GetEnvironmentVariable|Console\.ReadLine)\b/,
  // Parameters of types that hold no text (`[FromRoute] Guid itemId`, `[FromQuery] int? width`,
  // `Version version`): a number, a GUID, a date or a version can name a record, never a path, a
  // query or markup. (No C# rule here takes a number as the attack: Juliet C#'s labelled families
  // are all text.)
  scalarType:
    /^(?:System\.)?(?:Guid|bool|Boolean|DateTime|DateTimeOffset|DateOnly|TimeOnly|TimeSpan|Version|int|long|short|byte|sbyte|uint|ulong|ushort|double|float|decimal|Int16|Int32|Int64|UInt16|UInt32|UInt64|Double|Single|Decimal)\??$/,
  handlers: CSHARP_HANDLERS,
  // `if (Url.IsLocalUrl(returnUrl)) return Redirect(returnUrl);`: a path on this site, ASP.NET's own
  // answer to open redirects.
  narrowing: [String.raw`\bUrl\.IsLocalUrl\(\s*NAME\s*\)`],
  sourceParameter: /\[(?:FromQuery|FromRoute|FromBody|FromForm|FromHeader)\b/,
  sanitizer: sanitizer(/(?:HtmlEncode|UrlEncode|JavaScriptStringEncode|Parse|TryParse|GetFileName)$/),
  // BinaryFormatter or Json.NET type-name handling on data the program wrote itself is no attack.
  taintedOnly: [DESERIALIZE],
  validatedBy:
    /^(?:System\.)?(?:int|long|short|byte|uint|ulong|ushort|double|float|decimal|Int16|Int32|Int64|UInt32|UInt64|Double|Single|Decimal|Guid)\.Parse$/,
  inPlace: [
    {
      callee: /^\w+\.(?:Add|AddRange|Append|AppendFormat|AppendLine|Insert|Push|Enqueue)$/,
      target: 'receiver',
    },
  ],
  sinks: [
    {
      rule: SQL,
      callee:
        /^newSql(?:Command|DataAdapter)$|\.(?:ExecuteSqlRaw|ExecuteSqlRawAsync|FromSqlRaw|SqlQuery|ExecuteQuery|ExecuteCommand)$/,
      args: [0],
      does: 'runs SQL',
    },
    { rule: CMD, callee: /(?:^|\.)Process\.Start$|^newProcessStartInfo$/, does: 'runs a command' },
    {
      rule: PATH,
      callee:
        /^new(?:System\.IO\.)?(?:FileStream|StreamReader|StreamWriter|FileInfo|DirectoryInfo)$|(?:^|\.)File\.\w+$|(?:^|\.)Directory\.\w+$/,
      args: [0],
      does: 'opens a file',
      notAt: (call) =>
        /^new\s*(?:System\.IO\.)?Stream(?:Reader|Writer)\b/.test(call.text) &&
        STREAM_ARGUMENT.test(argumentValues(call)[0]?.text ?? ''),
    },
    {
      rule: XSS,
      callee: /(?:resp|response|Response)\.(?:Write|Output\.Write)$/,
      does: 'writes the HTTP response',
    },
    {
      rule: REDIRECT,
      callee: /(?:resp|response|Response)\.Redirect$|^Redirect$/,
      args: [0],
      does: 'redirects the browser',
    },
    { rule: LDAP, callee: /^newDirectorySearcher$|\.(?:Filter)$/, does: 'runs an LDAP search' },
    {
      rule: XPATH,
      callee: /\.(?:SelectNodes|SelectSingleNode|Evaluate|Compile)$/,
      args: [0],
      does: 'evaluates an XPath expression',
    },
    {
      rule: FORMAT,
      callee: /(?:^|\.)(?:[Ss]tring\.Format|AppendFormat)$/,
      args: [0],
      does: 'formats text with a composite format',
    },
    {
      rule: CODE,
      callee: /\.CompileAssemblyFromSource$/,
      args: [1, 2, 3],
      does: 'compiles and loads code',
    },
  ],
  assignmentTypes: ['assignment_expression'],
  assignmentSinks: [{ rule: LDAP, target: /(?:^|\.)Filter$/, does: 'sets an LDAP search filter' }],
};
