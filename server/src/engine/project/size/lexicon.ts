// A language's syntax table (syntax.ts) compiled once into the one fixed shape the line lexer reads:
// every field present, arrays of one element kind, and the regular expressions that let the lexer
// jump over runs of ordinary text. The jumps run in V8's compiled regular-expression code, which is
// fast from the first file on; a per-character loop in JavaScript spends most of a fresh worker's
// first thousands of files in the interpreter (on 7,672 small files the cold pass took ~9x the warm
// one), and a syntax object whose shape differs per language made the optimised lexer bail out.
import type { Syntax } from './syntax';

export class Lexicon {
  /** By character code (ASCII): 1 where a marker of the syntax may start. */
  readonly starters = new Uint8Array(128);
  readonly blockOpens: string[];
  readonly blockCloses: string[];
  /** Per block pair: the next newline, closing delimiter or (nested) opening delimiter. */
  readonly blockEnds: RegExp[];
  readonly lineStarts: string[];
  readonly multiOpens: string[];
  readonly multiCloses: string[];
  /** Per multi-line string: the next newline, escape (unless raw), `${` (template) or close. */
  readonly multiEnds: RegExp[];
  readonly multiRaw: boolean[];
  readonly multiTemplate: boolean[];
  /** Index of the template literal among the multi-line strings, -1 when there is none. */
  readonly template: number;
  readonly quotes: number[];
  /** Per one-line quote: the next backslash, newline or the quote itself. */
  readonly quoteEnds: RegExp[];
  /** The next character that may need a decision in code: newline or a marker's first character. */
  readonly plainEnd: RegExp;
  /** The same inside a `${ }` of a template literal, where braces are counted. */
  readonly plainEndInTemplate: RegExp;
  readonly nested: boolean;
  readonly regex: boolean;
  readonly charQuote: boolean;
  readonly lineAtWordStart: boolean;
  readonly docstrings: boolean;
  readonly allCode: boolean;

  constructor(syntax: Syntax) {
    const blocks = syntax.block ?? [];
    const multis = syntax.multiline ?? [];
    const quotes = syntax.quotes ?? [];
    this.nested = Boolean(syntax.nested);
    this.regex = Boolean(syntax.regex);
    this.charQuote = Boolean(syntax.charQuote);
    this.lineAtWordStart = Boolean(syntax.lineAtWordStart);
    this.docstrings = Boolean(syntax.docstrings);
    this.allCode = Boolean(syntax.allCode);
    this.blockOpens = blocks.map(([open]) => open);
    this.blockCloses = blocks.map(([, close]) => close);
    this.blockEnds = blocks.map(([open, close]) =>
      alternatives(['\n', close, ...(this.nested ? [open] : [])]),
    );
    this.lineStarts = [...(syntax.line ?? [])];
    this.multiOpens = multis.map((m) => m.open);
    this.multiCloses = multis.map((m) => m.close);
    this.multiRaw = multis.map((m) => Boolean(m.raw));
    this.multiTemplate = multis.map((m) => Boolean(m.template));
    // Order matters where two could start at one place: an escape before `${` before the close.
    this.multiEnds = multis.map((m) =>
      alternatives(['\n', ...(m.raw ? [] : ['\\']), ...(m.template ? ['${'] : []), m.close]),
    );
    this.template = this.multiTemplate.indexOf(true);
    this.quotes = quotes.map((q) => q.charCodeAt(0));
    this.quoteEnds = quotes.map((q) => alternatives(['\\', '\n', q]));
    const firsts = new Set<string>(['\n']);
    for (const marker of [...this.blockOpens, ...this.lineStarts, ...this.multiOpens, ...quotes])
      if (marker.charCodeAt(0) < 128) {
        this.starters[marker.charCodeAt(0)] = 1;
        firsts.add(marker[0]!);
      }
    // Characters decided one at a time in code besides the markers: `/` (a regular expression or a
    // division) and `'` (a Rust char literal or a lifetime).
    if (this.regex) firsts.add('/');
    if (this.charQuote) firsts.add("'");
    this.plainEnd = anyOf([...firsts]);
    this.plainEndInTemplate = anyOf([...firsts, '{', '}']);
  }
}

function escape(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

/** A global expression for the first of these strings; earlier ones win where two start at one place. */
function alternatives(strings: string[]): RegExp {
  return new RegExp(strings.map(escape).join('|'), 'g');
}

function anyOf(chars: string[]): RegExp {
  return new RegExp(`[${chars.map(escape).join('')}]`, 'g');
}

const compiled = new WeakMap<Syntax, Lexicon>();

/** The syntax's lexicon, built once per syntax table. */
export function lexiconOf(syntax: Syntax): Lexicon {
  let lexicon = compiled.get(syntax);
  if (!lexicon) {
    lexicon = new Lexicon(syntax);
    compiled.set(syntax, lexicon);
  }
  return lexicon;
}
