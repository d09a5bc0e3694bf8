// JavaScript/TypeScript refactoring: builds the transforms for the selected patterns, runs them over
// one virtual file with the language service, and returns the new text with its change log.
import { ChangeLog } from '../changeLog';
import { PositionMap } from '../edits';
import type { PatternName } from '../patterns';
import { createArrowFunctionTransform } from './arrowFunctions';
import { createCodeFixTransforms } from './codeFixes';
import { createEslintTransform } from './eslintFixers';
import { createGuardTransforms } from './guards';
import { runTransforms } from './pipeline';
import type { JsContext, JsTransform } from './transform';
import { createVirtualFile, type VirtualFile } from './virtualFile';
import { assertParses } from './parseCheck';
import { retainingMapsDuring } from '../../mapRetention';

export interface JsRefactorRequest {
  code: string;
  extension: 'js' | 'jsx' | 'ts' | 'tsx';
  patterns: ReadonlySet<PatternName>;
  signal?: AbortSignal;
  deadline: number;
  within?: { start: number; end: number };
  /**
   * Sees each transform before it runs and may return a stand-in that delegates to it (the stage
   * timeline, bench/refactorTimeline.ts, times `propose` this way); the engine never sets it.
   */
  observe?: (transform: JsTransform) => JsTransform;
  /**
   * Receives what the passes built — each program a transform read (with its checker), each
   * lint's SourceCode (with its scope analysis and the referencer that built it) and the pipeline's
   * state (position map, change log) — so that a caller can keep it alive: a pool worker's shape anchor
   * (server/src/pool/shapeAnchor.ts) keeps a few small samples' structures, whose hidden classes the
   * optimized code of later requests is compiled against. Requests never set it.
   */
  keep?: (built: object) => void;
}

export interface JsRefactorResult {
  code: string;
  log: ChangeLog;
}

/** Applies the pattern transforms (modernize, simplify, remove_dead_code, async_await). */
export function refactorJs(request: JsRefactorRequest): JsRefactorResult {
  return retainingMapsDuring(() => refactorWithService(request));
}

function refactorWithService(request: JsRefactorRequest): JsRefactorResult {
  const file = openChecked(request.code, request.extension);
  const context = { ...contextFor(file, request.extension, request.patterns), keep: request.keep };
  const log = new ChangeLog();
  const state = {
    context,
    map: new PositionMap(request.code),
    log,
    signal: request.signal,
    deadline: request.deadline,
    within: request.within,
  };
  // The pipeline's own per-request structures (the position map with its recorded batches, the
  // change log) are built the same way on every request: kept for the anchor with the rest.
  request.keep?.(state);
  try {
    const transforms = transformsFor(request.patterns).map((transform) =>
      request.keep ? keepingPrograms(transform, request.keep) : transform,
    );
    runTransforms(state, request.observe ? transforms.map(request.observe) : transforms);
    return { code: file.text(), log };
  } finally {
    file.dispose();
  }
}

/** The transform, handing `keep` the program each of its proposals read. */
function keepingPrograms(transform: JsTransform, keep: (built: object) => void): JsTransform {
  return {
    ...transform,
    propose: (context) => {
      const proposals = transform.propose(context);
      keep(context.file.program());
      return proposals;
    },
  };
}

/** Opens the code in a virtual file, throwing a ValidationError naming the line if it does not parse. */
export function openChecked(code: string, extension: string): VirtualFile {
  const file = createVirtualFile(code, extension);
  assertParses(file);
  return file;
}

export function contextFor(
  file: VirtualFile,
  extension: string,
  patterns: ReadonlySet<PatternName>,
): JsContext {
  return {
    file,
    isTypeScript: extension === 'ts' || extension === 'tsx',
    jsx: extension.endsWith('x'),
    patterns,
  };
}

// Whole-construct rewrites by the compiler run first; ESLint's local fixers then tidy what they produce.
function transformsFor(patterns: ReadonlySet<PatternName>): JsTransform[] {
  const transforms = [...createCodeFixTransforms(patterns), ...createGuardTransforms(patterns)];
  if (patterns.has('arrow_functions')) transforms.push(createArrowFunctionTransform());
  const eslint = createEslintTransform(patterns);
  if (eslint) transforms.push(eslint);
  return transforms;
}
