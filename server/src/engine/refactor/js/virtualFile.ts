// A TypeScript LanguageService over one in-memory file, so the refactor engine can ask the compiler
// for its own refactors, code fixes, rename locations and type facts about the code being changed.
import ts from 'typescript';

export interface VirtualFile {
  readonly fileName: string;
  readonly service: ts.LanguageService;
  /** The service's host (code fixes format with it). */
  readonly host: ts.LanguageServiceHost;
  /** Current text of the file. */
  text(): string;
  /** Replaces the text; the next service call re-parses and re-checks it. */
  update(text: string): void;
  /** The service's program for the current text (the same object until the text changes). */
  program(): ts.Program;
  /** The program's source file for the current text. */
  sourceFile(): ts.SourceFile;
  checker(): ts.TypeChecker;
  /** Releases the service's documents from the shared registry. */
  dispose(): void;
}

const COMPILER_OPTIONS: ts.CompilerOptions = {
  allowJs: true,
  checkJs: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.CommonJS,
  moduleResolution: ts.ModuleResolutionKind.Node10,
  lib: ['lib.es2022.d.ts'],
  strict: false,
  noEmit: true,
  jsx: ts.JsxEmit.Preserve,
  types: [],
};

export const FORMAT_SETTINGS: ts.FormatCodeSettings = {
  ...ts.getDefaultFormatCodeSettings('\n'),
  indentSize: 2,
  tabSize: 2,
  convertTabsToSpaces: true,
  semicolons: ts.SemicolonPreference.Ignore,
};

export const USER_PREFERENCES: ts.UserPreferences = {
  quotePreference: 'auto',
  provideRefactorNotApplicableReason: true,
};

// The few host globals whose types the transforms rely on (fetch returning a Promise makes the
// compiler offer async conversion). Far cheaper to check than the whole DOM library.
const GLOBALS_FILE = '/virtual/__globals.d.ts';
const GLOBALS = `
interface Response { ok: boolean; status: number; json(): Promise<any>; text(): Promise<string>; }
declare function fetch(input: any, init?: any): Promise<Response>;
declare function setTimeout(handler: (...args: any[]) => void, ms?: number, ...args: any[]): any;
declare function clearTimeout(id: any): void;
declare function setInterval(handler: (...args: any[]) => void, ms?: number, ...args: any[]): any;
declare function clearInterval(id: any): void;
declare var console: { log(...a: any[]): void; error(...a: any[]): void; warn(...a: any[]): void; info(...a: any[]): void };
`;

// Shared so the standard library's declaration files are parsed once per process. Versions are
// unique across files, so one file's cached source is never served for another with the same name.
const registry = ts.createDocumentRegistry();
let nextVersion = 0;
const LIB_DIR = ts.getDefaultLibFilePath(COMPILER_OPTIONS).replace(/[^/\\]+$/, '');

// The standard library's files do not change while the process runs (the registry already keeps
// their parsed source files for good, version '0'), yet the service asks the host for every file's
// snapshot each time it builds a program, so each text version read ~50 files from disk again
// (0.7% of a 10,000-line `modernize`, three programs per request). One snapshot per file is kept.
const librarySnapshots = new Map<string, ts.IScriptSnapshot | undefined>();
function librarySnapshot(name: string): ts.IScriptSnapshot | undefined {
  if (!librarySnapshots.has(name)) {
    const content = ts.sys.readFile(name);
    librarySnapshots.set(name, content === undefined ? undefined : ts.ScriptSnapshot.fromString(content));
  }
  return librarySnapshots.get(name);
}

/** A host over the host globals, the standard library and (when named) the one input file. */
function hostFor(
  fileName: string | undefined,
  text: () => string,
  version: () => number,
): ts.LanguageServiceHost {
  const files = fileName ? [fileName, GLOBALS_FILE] : [GLOBALS_FILE];
  return {
    // Only the input file's text ever changes (settings, file names and the library are fixed), so
    // its version is the project's. Given one, the service answers each call whose project version
    // it has seen without asking the host about every file of the program (~60 with the standard
    // library) and comparing the compiler options: a cost per call that refactors and fact queries
    // pay per site (~950 times, 0.3–1.8% of a 10,000-line `modernize`).
    getProjectVersion: () => String(version()),
    getCompilationSettings: () => COMPILER_OPTIONS,
    getScriptFileNames: () => files,
    getScriptVersion: (name) => (name === fileName ? String(version()) : '0'),
    getScriptSnapshot: (name) => {
      if (name === fileName) return ts.ScriptSnapshot.fromString(text());
      if (name === GLOBALS_FILE) return ts.ScriptSnapshot.fromString(GLOBALS);
      if (name.startsWith(LIB_DIR)) return librarySnapshot(name);
      const content = ts.sys.readFile(name);
      return content === undefined ? undefined : ts.ScriptSnapshot.fromString(content);
    },
    getCurrentDirectory: () => '/virtual',
    getDefaultLibFileName: (options) => LIB_DIR + ts.getDefaultLibFileName(options),
    fileExists: (name) => files.includes(name) || (name.startsWith(LIB_DIR) && ts.sys.fileExists(name)),
    readFile: (name) =>
      name === fileName ? text() : name.startsWith(LIB_DIR) ? ts.sys.readFile(name) : undefined,
  };
}

// The registry drops a document when no service holds it any more, so without a holder every
// request (and every program released on update, below) would parse and bind the standard library
// again (~100 ms). This service holds the library and the globals for the life of the process;
// its checker binds them once, and every later program reuses those bound source files.
let libraryHolder: ts.LanguageService | undefined;
function holdLibrary(): void {
  if (libraryHolder) return;
  libraryHolder = ts.createLanguageService(
    hostFor(
      undefined,
      () => '',
      () => 0,
    ),
    registry,
  );
  libraryHolder.getProgram()?.getTypeChecker();
}

/** Creates the service for one file; `extension` is js, jsx, ts or tsx. */
export function createVirtualFile(code: string, extension: string): VirtualFile {
  holdLibrary();
  const fileName = `/virtual/input.${extension}`;
  let text = code;
  let version = nextVersion++;
  const host = hostFor(
    fileName,
    () => text,
    () => version,
  );
  const service = ts.createLanguageService(host, registry);
  // The service's program changes only when the text does (the host's other answers are fixed),
  // yet every `getProgram` asks the host about every file of the program (~50 with the standard
  // library) to find that out. Fact queries ask for the program or its checker per node, so the
  // program is held per text version and the service asked again only after an update.
  let held: { version: number; program: ts.Program } | undefined;
  const program = (): ts.Program => {
    if (held?.version === version) return held.program;
    const current = service.getProgram();
    if (!current) throw new Error('TypeScript language service has no program');
    held = { version, program: current };
    return current;
  };
  return {
    fileName,
    service,
    host,
    text: () => text,
    update(next) {
      if (next === text) return;
      text = next;
      version = nextVersion++;
    },
    program,
    sourceFile: () => program().getSourceFile(fileName)!,
    checker: () => program().getTypeChecker(),
    dispose: () => {
      held = undefined;
      service.dispose();
    },
  };
}

/** Code fixes format what they insert; following the input's indentation keeps the diff minimal. */
/** Guesses the indentation unit of the code (2 or 4 spaces, or a tab) for formatting edits. */
export function formatSettingsFor(code: string): ts.FormatCodeSettings {
  const indents = code.match(/^[ \t]+(?=\S)/gm) ?? [];
  // Follow the input's `function (` vs `function(` so code the compiler moves keeps its spacing.
  const spacedFunctions =
    (code.match(/\bfunction \(/g) ?? []).length > (code.match(/\bfunction\(/g) ?? []).length;
  const base = { ...FORMAT_SETTINGS, insertSpaceAfterFunctionKeywordForAnonymousFunctions: spacedFunctions };
  if (indents.some((indent) => indent.startsWith('\t'))) {
    return { ...base, convertTabsToSpaces: false, indentSize: 4, tabSize: 4 };
  }
  const widths = indents.map((indent) => indent.length).filter((width) => width > 0);
  const unit = widths.length > 0 && widths.every((width) => width % 4 === 0) ? 4 : 2;
  return { ...base, indentSize: unit, tabSize: unit };
}
