// The abstract value the taint analysis tracks per expression and variable: whether it carries
// user-controlled data (`tainted`), data from a caller we cannot see (`dynamic`), and the literal
// text it was built from (so a sink can tell an SQL string from any other string).

export interface Taint {
  /** Carries data a user controls (request fields, argv, location, message events). */
  tainted: boolean;
  /** Carries a function parameter's value: not known to be user input, not a constant either. */
  dynamic: boolean;
  /** The literal pieces the value was built from, concatenated (bounded). */
  text: string;
  /** Where the data came from, for messages (e.g. `req.query.id`). */
  source?: string;
  /** The constant text the value is known to start with (only for literals and concatenations). */
  prefix?: string;
  /**
   * Concatenations only: the literal text before the first part that carries input or a caller's
   * value, other unknown parts skipped (`someUrl() + '?next=' + x` → `?next=`).
   */
  beforeRisk?: string;
  /** Known to be a string (a concatenation, `String(x)`, a string method's result): not an object. */
  isString?: boolean;
  /**
   * The value starts with the page's own address (`location.href`, `document.URL`, `location.href +
   * '#top'`): a link can choose its query or fragment but not where it points, so navigating to it
   * stays on the site. `head` marks the array `split` returns, whose first element keeps the start.
   */
  siteUrl?: 'page' | 'head';
  /**
   * Its input had every `<` removed or escaped (`s.replace(/[<>]/g, '')`): it cannot open a tag in
   * HTML, though it may still be SQL, a path or a URL.
   */
  htmlSafe?: boolean;
  /**
   * Input passed through an escape for HTML, URLs or SQL (`escape(x)`, `encodeURIComponent(x)`,
   * `_.escape(x)`): clean for every sink but a regular expression, since those escapes leave `.`, `*`,
   * `(` and `)` as they are. Holds the input's description; set only on values that are not tainted.
   */
  patternInput?: string;
}

export const CLEAN: Taint = Object.freeze({ tainted: false, dynamic: false, text: '' });

const MAX_TEXT = 2000;

export function literal(text: string): Taint {
  const bounded = text.slice(0, MAX_TEXT);
  return { tainted: false, dynamic: false, text: bounded, prefix: bounded };
}

export function source(description: string): Taint {
  return { tainted: true, dynamic: false, text: '', source: description };
}

export function dynamicValue(description: string): Taint {
  return { tainted: false, dynamic: true, text: '', source: description };
}

/** The value built from several parts (concatenation, template literal, object holding them). */
export function join(...parts: Taint[]): Taint {
  let tainted = false;
  let dynamic = false;
  let text = '';
  let from: string | undefined;
  let patternInput: string | undefined;
  for (const part of parts) {
    patternInput ??= part.patternInput;
    if (part.tainted && !tainted) from = part.source;
    else if (part.dynamic && !tainted && !dynamic) from = part.source;
    tainted ||= part.tainted;
    dynamic ||= part.dynamic;
    if (text.length < MAX_TEXT) text += part.text;
  }
  if (!tainted && !dynamic && text === '' && !patternInput) return CLEAN;
  const joined: Taint = { tainted, dynamic, text: text.slice(0, MAX_TEXT), source: from };
  if (!tainted && patternInput) joined.patternInput = patternInput;
  // Markup-free input stays so when joined with other such input or with constants.
  if (tainted && parts.every((part) => !part.tainted || part.htmlSafe)) joined.htmlSafe = true;
  return joined;
}

/** A string concatenation (`a + b`, a template literal): a join that also knows its constant prefix. */
export function concat(...parts: Taint[]): Taint {
  let prefix = '';
  for (const part of parts) {
    if (part.prefix === undefined || isRisky(part)) {
      prefix += part.prefix ?? '';
      break;
    }
    prefix += part.prefix;
  }
  let beforeRisk: string | undefined;
  let seen = '';
  for (const part of parts) {
    if (isRisky(part)) {
      beforeRisk = (seen + (part.beforeRisk ?? '')).slice(0, MAX_TEXT);
      break;
    }
    if (seen.length < MAX_TEXT) seen += part.text;
  }
  // Inside a tag (`'<img src="' + x`), text without `<` can still close the attribute and add one.
  let written = '';
  let inTag = false;
  for (const part of parts) {
    if (part.tainted && part.htmlSafe && written.lastIndexOf('<') > written.lastIndexOf('>')) inTag = true;
    if (written.length < MAX_TEXT) written += part.text;
  }
  const all = join(...parts);
  const joined = inTag && all.htmlSafe ? { ...all, htmlSafe: undefined } : all;
  // The page's address first (ignoring empty literals) keeps the result on the page's site.
  const first = parts.find((part) => part.text !== '' || isRisky(part) || part.siteUrl);
  const siteUrl = first?.siteUrl === 'page' ? ('page' as const) : undefined;
  const built: Taint =
    joined === CLEAN
      ? literal('')
      : { ...joined, prefix: prefix.slice(0, MAX_TEXT), beforeRisk, isString: true };
  return siteUrl ? { ...built, siteUrl } : built;
}

/** The page's own address as a source (`location.href`, `document.URL`). */
export function siteUrlSource(description: string): Taint {
  return { ...source(description), siteUrl: 'page' };
}

/** The same data with its literal text dropped (a property read, a method result). */
export function withoutText(value: Taint): Taint {
  if (!value.tainted && !value.dynamic)
    return value.patternInput ? { ...CLEAN, patternInput: value.patternInput } : CLEAN;
  return { ...value, text: '', prefix: undefined, beforeRisk: undefined, siteUrl: undefined };
}

export function isRisky(value: Taint): boolean {
  return value.tainted || value.dynamic;
}

/** Variables in one function scope; lookups fall back to the enclosing scopes. */
export class Scope {
  private readonly vars = new Map<string, Taint>();
  /** Names and slots that refer to the same object as another (`const writer = res`, `head.next = next`). */
  private readonly aliases = new Map<string, string>();
  constructor(readonly parent?: Scope) {}

  declare(name: string, value: Taint): void {
    this.vars.set(name, value);
    // A new binding hides any alias an enclosing scope has for the name ('' = no alias).
    if (this.parent?.aliasOf(name) !== undefined) this.aliases.set(name, '');
    else this.aliases.delete(name);
  }

  /** Records that `name` (a variable or slot) now refers to the object `target` names. */
  alias(owner: string, name: string, target: string): void {
    if (this.vars.has(owner) || !this.parent?.has(owner)) this.aliases.set(name, target);
    else this.parent.alias(owner, name, target);
  }

  aliasOf(name: string): string | undefined {
    const own = this.aliases.get(name);
    if (own !== undefined) return own || undefined;
    return this.parent?.aliasOf(name);
  }

  /** What the slots stored on `owner` carry together (`q.title = input` makes `q` a filter with input). */
  slotsOf(owner: string): Taint {
    const prefix = `${owner}\u0000`;
    const values = [...this.vars].filter(([key]) => key.startsWith(prefix)).map(([, value]) => value);
    return join(...values, this.parent?.slotsOf(owner) ?? CLEAN);
  }

  /** Forgets an alias (the name or slot was assigned another value). */
  unalias(name: string): void {
    if (this.aliases.has(name)) this.aliases.set(name, '');
    else this.parent?.unalias(name);
  }

  has(name: string): boolean {
    return this.vars.has(name) || (this.parent?.has(name) ?? false);
  }

  get(name: string): Taint | undefined {
    return this.vars.get(name) ?? this.parent?.get(name);
  }

  /** Stores `slot` (an element or property of `owner`) in the scope declaring `owner`, to live as long. */
  store(owner: string, slot: string, value: Taint): void {
    if (this.vars.has(owner) || !this.parent?.has(owner)) this.vars.set(slot, value);
    else this.parent.store(owner, slot, value);
  }

  /** Assigns to the innermost scope declaring the name (or this one for undeclared names). */
  assign(name: string, value: Taint): void {
    if (this.vars.has(name) || !this.parent?.has(name)) this.vars.set(name, value);
    else this.parent.assign(name, value);
  }
}
