// Input-size limits the doors enforce before running an operation. Tokens are counted with the
// o200k_base BPE vocabulary bundled with js-tiktoken (offline), so CONTEXT_TOO_LONG means what a
// model would see. Two costs are kept bounded:
// - the vocabulary is large, so it loads only when a text could exceed the window: every token is
//   at least one byte, so a text of at most `window` UTF-8 bytes cannot;
// - js-tiktoken's merge loop is cubic in the length of one regex piece (a 10 kB run of one letter
//   takes seconds), so pieces are merged here with cached pair ranks, in slices of at most
//   MAX_PIECE_BYTES. Cutting a long piece changes the count only around the cuts (a token cannot
//   span one), so the count stays faithful. Normal text has no such pieces and counts exactly as
//   tiktoken does (checked in the tests).
import { CodewrightError } from './errors';

export { DEFAULT_CONTEXT_TOKENS } from './contracts/config';
const MAX_PIECE_BYTES = 64;

interface Vocabulary {
  pattern: RegExp;
  ranks: Map<string, number>;
}

let vocabulary: Vocabulary | undefined;

function loadVocabulary(): Vocabulary {
  if (vocabulary) return vocabulary;
  interface Ranks {
    pat_str: string;
    bpe_ranks: string;
  }
  // The CommonJS build exports the ranks object itself; the ESM build has it as `default`.
  const data = require('js-tiktoken/ranks/o200k_base') as Ranks & { default?: Ranks };
  const { pat_str, bpe_ranks } = data.default ?? data;
  const ranks = new Map<string, number>();
  for (const line of bpe_ranks.split('\n')) {
    const [, offset, ...tokens] = line.split(' ');
    if (offset === undefined) continue;
    const base = Number.parseInt(offset, 10);
    tokens.forEach((token, i) => ranks.set(Buffer.from(token, 'base64').join(','), base + i));
  }
  vocabulary = { pattern: new RegExp(pat_str, 'gu'), ranks };
  return vocabulary;
}

/**
 * The number of o200k_base tokens in a text (special-token text counts as ordinary text). With
 * `stopAbove`, counting stops as soon as the count exceeds it (the result is then > stopAbove).
 */
export function countTokens(text: string, stopAbove = Infinity): number {
  const { pattern, ranks } = loadVocabulary();
  let total = 0;
  for (const match of text.matchAll(pattern)) {
    const bytes = Buffer.from(match[0], 'utf8');
    if (ranks.has(bytes.join(','))) total += 1;
    else {
      for (let start = 0; start < bytes.length; start += MAX_PIECE_BYTES) {
        total += mergedLength(bytes.subarray(start, start + MAX_PIECE_BYTES), ranks);
      }
    }
    if (total > stopAbove) break;
  }
  return total;
}

/** Byte-pair merging as tiktoken does it (lowest rank first, leftmost on ties); returns the token count. */
function mergedLength(bytes: Uint8Array, ranks: Map<string, number>): number {
  // Part i spans bytes [starts[i], starts[i + 1]); pairRanks[i] is the rank of parts i and i + 1 joined.
  const starts = Array.from({ length: bytes.length + 1 }, (_, i) => i);
  const rankOf = (i: number): number =>
    i >= 0 && i + 2 < starts.length
      ? (ranks.get(bytes.subarray(starts[i]!, starts[i + 2]!).join(',')) ?? Infinity)
      : Infinity;
  const pairRanks = Array.from({ length: Math.max(0, bytes.length - 1) }, (_, i) => rankOf(i));
  for (;;) {
    let best = -1;
    for (let i = 0; i < pairRanks.length; i++) {
      if (pairRanks[i]! < (best < 0 ? Infinity : pairRanks[best]!)) best = i;
    }
    if (best < 0) break;
    starts.splice(best + 1, 1);
    pairRanks.splice(best, 1);
    if (best < pairRanks.length) pairRanks[best] = rankOf(best);
    if (best > 0) pairRanks[best - 1] = rankOf(best - 1);
  }
  return starts.length - 1;
}

/** Every string in a validated input (values only, in document order), joined one per line. */
export function inputText(input: unknown): string {
  const parts: string[] = [];
  const stack: unknown[] = [input];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') parts.push(value);
    else if (Array.isArray(value)) for (let i = value.length - 1; i >= 0; i--) stack.push(value[i]);
    else if (value !== null && typeof value === 'object') stack.push(...Object.values(value).reverse());
  }
  return parts.join('\n');
}

/** Throws CONTEXT_TOO_LONG when the strings of an input hold more tokens than the context window. */
export function assertWithinContextWindow(input: unknown, windowTokens: number): void {
  const text = inputText(input);
  if (Buffer.byteLength(text, 'utf8') <= windowTokens) return;
  const tokens = countTokens(text, windowTokens);
  if (tokens > windowTokens) {
    throw new CodewrightError(
      'CONTEXT_TOO_LONG',
      `The input holds more than ${windowTokens} tokens, the context window`,
      { limit_tokens: windowTokens },
    );
  }
}
