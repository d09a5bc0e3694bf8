// Command execution sinks: Node's child_process and the libraries that wrap it (execa, shelljs,
// cross-spawn, child-process-promise, node-cmd, exec-sh), under whatever local name they are bound to.
// Two shapes: a command line a shell parses (`exec(cmd)`), and a program run with an argument list
// (`spawn(file, args)`), which is a shell command again when the program is a shell given `-c`, or
// when the options ask for `shell: true`. Choosing the program itself from input is always a finding.
import { declaredInit, staticString, type AstNode } from '../ast';
import { resolveCall, type ModuleBindings } from '../modules';
import type { SinkHit } from './sinks';
import type { Taint } from './value';

type Shape = 'shell' | 'program';

/** Per module: which of its functions take a shell command line and which a program and arguments. */
const COMMAND_MODULES: Record<string, { shell?: RegExp; program?: RegExp }> = {
  child_process: { shell: /^(exec|execSync)$/, program: /^(spawn|spawnSync|execFile|execFileSync|fork)$/ },
  // execa(file, args, options); `execaCommand('cmd args')` splits a command line itself, and the
  // old `execa.shell` runs one through a shell.
  execa: {
    shell: /^(command|commandSync|execaCommand|execaCommandSync|shell|shellSync)$/,
    program: /^(default|execa|execaSync|sync|execaNode|node)$/,
  },
  'cross-spawn': { program: /^(default|spawn|sync)$/ },
  shelljs: { shell: /^exec$/ },
  'child-process-promise': { shell: /^exec$/, program: /^(spawn|execFile|fork)$/ },
  'child-process-async': { shell: /^exec$/, program: /^(spawn|execFile)$/ },
  'node-cmd': { shell: /^(run|runSync|get)$/ },
  'exec-sh': { shell: /^(default|promise)$/ },
  'sync-exec': { shell: /^default$/ },
};

/** Programs that run their `-c` (or `/c`, `-Command`) argument as a command line. */
const SHELL_PROGRAM = /^(.*[/\\])?(sh|bash|dash|zsh|ksh|csh|tcsh|fish|cmd(\.exe)?|powershell(\.exe)?|pwsh)$/i;

/** What kind of command call this is, by the module member it resolves to (or the module called directly). */
function commandShape(call: AstNode, bindings: ModuleBindings): { shape: Shape; fn: string } | undefined {
  const callee = call.callee;
  const direct = callee.type === 'Identifier' ? bindings.namespaces.get(callee.name) : undefined;
  const member = direct ? { module: direct, name: 'default' } : resolveCall(call, bindings);
  // `require('execa').command(...)`, `execa.sync(...)` on the default export.
  const table = member && COMMAND_MODULES[member.module];
  if (!member || !table) return undefined;
  if (table.shell?.test(member.name)) return { shape: 'shell', fn: member.name };
  if (table.program?.test(member.name)) return { shape: 'program', fn: member.name };
  return undefined;
}

/** The `shell` option's value, when the options are an object literal (or a constant holding one). */
function shellValue(options: AstNode | undefined): AstNode | undefined {
  const object = declaredInit(options);
  if (object?.type !== 'ObjectExpression') return undefined;
  return object.properties.find((p: AstNode) => (p.key?.name ?? p.key?.value) === 'shell')?.value;
}

/** Whether an options object asks for a shell (`shell: true`, `shell: '/bin/bash'`). */
function asksForShell(options: AstNode | undefined): boolean {
  const object = declaredInit(options);
  if (object?.type !== 'ObjectExpression') return false;
  return object.properties.some(
    (p: AstNode) =>
      (p.key?.name ?? p.key?.value) === 'shell' &&
      !(p.value.type === 'Literal' && (p.value.value === false || p.value.value === null)),
  );
}

/** The program a value names when its text is a constant (`'sh'`, or a `const` holding it). */
function constantText(node: AstNode | undefined, value: Taint | undefined): string | undefined {
  const text = staticString(node);
  if (text !== undefined) return text;
  return value && !value.tainted && !value.dynamic && value.prefix === value.text ? value.text : undefined;
}

/** Whether an argument list starts a shell's command option (`['-c', cmd]`, `['/c', cmd]`, `['-Command', cmd]`). */
function passesCommandOption(node: AstNode | undefined): boolean {
  // An array built elsewhere, or declared empty and filled later (`args[0] = '-c'`): assume it may.
  const list = declaredInit(node);
  if (list?.type !== 'ArrayExpression' || list.elements.length === 0) return true;
  return list.elements.some((e: AstNode | null) =>
    /^(-\w*c|\/c|\/k|-command|-encodedcommand)$/i.test(staticString(e) ?? ''),
  );
}

/**
 * `execFile('git', ['clone', url])`: input placed where git or hg read options can start with `-`
 * (`--upload-pack=touch x`, `--config=alias.clone=!sh`) and run a command; a `--` before it ends
 * the options.
 */
/**
 * git subcommands with an option that names a program to run (`--upload-pack`, `--receive-pack`,
 * `--exec`), and any hg command (its global `--config` can define a shell alias).
 */
function readsCommandOptions(program: string, argv: AstNode): boolean {
  if (/^hg(\.exe)?$/.test(program)) return true;
  const subcommand = staticString(argv.elements[0]);
  return (
    /^git(\.exe)?$/.test(program) && /^(clone|fetch|pull|push|ls-remote|archive)$/.test(subcommand ?? '')
  );
}

function optionInjection(argv: AstNode, contents?: (node: AstNode) => Taint): Taint | undefined {
  for (const element of argv.elements as Array<AstNode | null>) {
    if (!element) continue;
    if (staticString(element) === '--') return undefined;
    const value = contents?.(element);
    if (value?.tainted && !(value.prefix && !value.prefix.startsWith('-'))) return value;
  }
  return undefined;
}

/**
 * A caller's whole command line, run as given (`function run(cmd) { exec(cmd) }`): running it is the
 * wrapper's job, and input reaching it is found at the caller. One built from a caller's value
 * (`'git clone ' + url`) is not this: the wrapper chose the command and the value can inject into it.
 */
export function runsAsGiven(value: Taint | undefined): boolean {
  return !!value && !value.tainted && value.dynamic && value.prefix === undefined;
}

/**
 * Command-execution hits of a call, or undefined when the call runs no command. `sink` names the
 * call for messages.
 */
export function commandHits(
  call: AstNode,
  args: Taint[],
  bindings: ModuleBindings,
  sink: string,
  contents?: (node: AstNode) => Taint,
): SinkHit[] | undefined {
  const kind = commandShape(call, bindings);
  if (!kind) return undefined;
  const hit = (value: Taint | undefined): SinkHit[] =>
    value && (value.tainted || value.dynamic) ? [{ kind: 'command', node: call, value, sink }] : [];
  const argv = call.arguments[1]?.type === 'ObjectExpression' ? undefined : call.arguments[1];
  const options = call.arguments.find((a: AstNode, i: number) => i > 0 && a !== argv) ?? undefined;
  // `exec(cmd, { shell: input })`: input picks the program that runs the command.
  const shellOption = shellValue(options);
  if (shellOption && contents?.(shellOption).tainted) return hit(contents(shellOption));
  if (kind.shape === 'shell') return hit(runsAsGiven(args[0]) ? undefined : args[0]);
  if (asksForShell(options))
    return hit([args[0], argv ? args[1] : undefined].find((a) => a?.tainted || a?.dynamic));
  // Input that picks the program runs whatever the caller names (a caller's value is a wrapper's job).
  if (args[0]?.tainted) return hit(args[0]);
  const program = constantText(call.arguments[0], args[0]);
  if (program !== undefined && SHELL_PROGRAM.test(program) && argv && passesCommandOption(argv))
    return hit(contents ? contents(argv) : args[1]);
  if (program !== undefined && argv?.type === 'ArrayExpression' && readsCommandOptions(program, argv))
    return hit(optionInjection(argv, contents));
  return [];
}
