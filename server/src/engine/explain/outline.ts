// The outline of a source file for the editor: its named functions, methods and classes with their
// line spans (code lenses and "explain at the cursor" use it), from the explain engine's extractors.
import type { LanguageId } from '../languages';
import { extractFacts, MAX_CODE_BYTES } from './index';
import type { Unit, UnitKind } from './model';

/** The unit kinds that get an "Explain" lens (named lambdas are functions bound to a name). */
const OUTLINE_KINDS: ReadonlySet<UnitKind> = new Set([
  'function',
  'method',
  'constructor',
  'lambda',
  'component',
  'class',
  'struct',
  'interface',
  'trait',
  'enum',
  'impl',
]);

export interface OutlineUnit {
  name: string;
  kind: UnitKind;
  /** 1-based first and last lines. */
  line: number;
  endLine: number;
  /** Exported from its module (what test generation covers). */
  exported: boolean;
}

/** Named units in document order; empty when the code is too large or does not parse. */
export async function outline(code: string, language: LanguageId): Promise<OutlineUnit[]> {
  if (Buffer.byteLength(code, 'utf8') > MAX_CODE_BYTES) return [];
  try {
    const facts = await extractFacts(code, language);
    return facts.units.filter(isOutlined).map(({ name, kind, line, endLine, isExported }) => ({
      name,
      kind,
      line,
      endLine,
      exported: isExported,
    }));
  } catch {
    return [];
  }
}

function isOutlined(unit: Unit): boolean {
  return unit.name !== '<anonymous>' && OUTLINE_KINDS.has(unit.kind);
}
