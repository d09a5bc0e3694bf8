// The taint table of C and C++ (see `common.ts` for what each field means).
import { CMD, FORMAT, LDAP, PATH, sanitizer, type LanguageTaint } from './common';

export const c: LanguageTaint = {
  callTypes: new Set(['call_expression']),
  memberTypes: new Set(['subscript_expression', 'field_expression']),
  parameterTypes: new Set(['parameter_declaration']),
  macroType: 'preproc_def',
  localDeclaration: 'init_declarator',
  // C++ reference parameters (`char *&data`) write through to the caller's variable.
  referenceParameter: /&\s*(\w+)\s*$/,
  source: /^(?:getenv|_wgetenv|secure_getenv|gets|_getws|getchar|getc|fgetc|getwchar)$|^argv\b/,
  sanitizer: sanitizer(),
  // The command line, the environment and the console are the operator's (fuzzing harnesses and
  // command-line tools open the file they are given): reported, at medium.
  localSource: /^(?:argv|getenv|_wgetenv|secure_getenv|gets|_getws|getchar|getwchar)\b/,
  inPlace: [
    // Reads: the buffer argument receives input (`recv(sock, buf, n, 0)`, `fgets(buf, n, f)`).
    { callee: /^(?:fgets|fgetws|fread|gets|_getws|scanf|wscanf|strcpy_s)$/, target: 0, reads: true },
    { callee: /^(?:recv|recvfrom|read|_read|fscanf|fwscanf|sscanf|swscanf)$/, target: 1, reads: true },
    { callee: /^(?:fscanf|fwscanf|sscanf|swscanf)$/, target: 2, reads: true },
    { callee: /^(?:scanf|wscanf)$/, target: 1, reads: true },
    {
      callee:
        /^(?:strcpy|strncpy|strcat|strncat|wcscpy|wcsncpy|wcscat|wcsncat|memcpy|memmove|wmemcpy|wmemmove|sprintf|snprintf|_snprintf|swprintf|_snwprintf|strlcpy|strlcat)$/,
      target: 0,
    },
  ],
  sinks: [
    {
      rule: CMD,
      callee:
        /^_?w?(?:system|popen|exec[lv]p?e?|spawn[lv]p?e?)$|^(?:posix_spawnp?|WinExec|ShellExecute[AW]?|CreateProcess[AW]?)$/,
      does: 'runs a command',
    },
    {
      rule: FORMAT,
      callee: /^(?:printf|wprintf|vprintf|vwprintf|syslog)$/,
      args: [0],
      does: 'formats output',
    },
    {
      rule: FORMAT,
      callee: /^(?:fprintf|fwprintf|sprintf|vfprintf|vfwprintf|vsprintf|dprintf)$/,
      args: [1],
      does: 'formats output',
    },
    {
      rule: FORMAT,
      callee: /^(?:snprintf|_snprintf|swprintf|_snwprintf|vsnprintf|_vsnprintf|_vsnwprintf|vswprintf)$/,
      args: [2],
      does: 'formats output',
    },
    {
      rule: PATH,
      callee:
        /^_?w?(?:fopen|open|freopen)$|^(?:CreateFile[AW]?|std::ifstream|std::ofstream|std::fstream)$|\.open$/,
      args: [0],
      does: 'opens a file',
    },
    { rule: LDAP, callee: /^ldap_search\w*$/, does: 'runs an LDAP search' },
  ],
};
