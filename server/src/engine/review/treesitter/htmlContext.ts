// Where in an HTML page a value lands, from the page text written before it. An escaper is only
// valid for the context it was made for: HTML escaping protects text and quoted attribute values,
// not a `<script>` block (entities are not decoded there, and code needs no `<` or quote), an event
// handler (the attribute is entity-decoded before the JavaScript runs), CSS, an unquoted attribute
// (a space starts a new attribute), a URL attribute (`javascript:` needs no escaped character) or a
// tag or attribute name (the input picks the element or attribute itself).

export type HtmlContext =
  /** Element content, or a comment: `<`/`>` must not appear. */
  | 'text'
  | 'comment'
  /** A quoted attribute value: its quote must not appear. */
  | 'attr-dq'
  | 'attr-sq'
  /** An unquoted attribute value: spaces, quotes, `=`, `>` and backticks must not appear. */
  | 'attr-unquoted'
  /** The start of a URL attribute (`href`, `src`, ...): the input picks the scheme. */
  | 'url-attr'
  /** Inside a JavaScript string literal of a `<script>` block: `"..."`, or `'...'`/template. */
  | 'js-string-dq'
  | 'js-string-sq'
  /** Inside a JavaScript string literal of an event handler attribute (entity-decoded first). */
  | 'js-attr-string'
  /** JavaScript code: a `<script>` block or event handler outside strings, or a string run as code. */
  | 'js'
  /** A `<style>` block or a `style` attribute. */
  | 'css'
  /** A tag or attribute name. */
  | 'tag-name'
  | 'attr-name';

const URL_ATTRIBUTES =
  /^(?:href|src|action|formaction|data|poster|background|cite|codebase|srcset|xlink:href|manifest|ping|longdesc|usemap)$/i;
/** A JavaScript string passed to one of these is itself run as code. */
const CODE_STRING = /(?:setTimeout|setInterval|eval|Function|execScript)\s*\(\s*$/;

/** The context of the position right after `prefix`, the page text written so far. */
export function htmlContext(prefix: string): HtmlContext {
  const n = prefix.length;
  let i = 0;
  while (i < n) {
    if (prefix.startsWith('<!--', i)) {
      const end = prefix.indexOf('-->', i + 4);
      if (end < 0) return 'comment';
      i = end + 3;
      continue;
    }
    if (prefix[i] !== '<') {
      i++;
      continue;
    }
    if (i === n - 1) return 'tag-name';
    if (!/[A-Za-z/]/.test(prefix[i + 1])) {
      i++;
      continue;
    }
    const tag = scanTag(prefix, i);
    if (typeof tag === 'string') return tag;
    i = tag.end;
    if (tag.closing || !/^(?:script|style)$/i.test(tag.name)) continue;
    // Raw text: everything up to the closing tag is script or style.
    const close = prefix.toLowerCase().indexOf(`</${tag.name.toLowerCase()}`, i);
    if (close < 0) return tag.name.toLowerCase() === 'style' ? 'css' : jsContext(prefix.slice(i), false);
    i = close;
  }
  return 'text';
}

/** Scans the tag starting at `start` (`<`): the context when `prefix` ends inside it, else where it ends. */
function scanTag(
  prefix: string,
  start: number,
): HtmlContext | { end: number; name: string; closing: boolean } {
  const n = prefix.length;
  let j = start + 1;
  const closing = prefix[j] === '/';
  if (closing) j++;
  const nameStart = j;
  while (j < n && /[\w:-]/.test(prefix[j])) j++;
  const name = prefix.slice(nameStart, j);
  if (j >= n) return closing ? 'text' : 'tag-name';
  for (;;) {
    while (j < n && /[\s/]/.test(prefix[j])) j++;
    if (j >= n) return 'attr-name';
    if (prefix[j] === '>') return { end: j + 1, name, closing };
    const attrStart = j;
    while (j < n && !/[\s/>=]/.test(prefix[j])) j++;
    const attr = prefix.slice(attrStart, j);
    while (j < n && /\s/.test(prefix[j])) j++;
    if (j >= n) return 'attr-name';
    if (prefix[j] !== '=') continue;
    j++;
    while (j < n && /\s/.test(prefix[j])) j++;
    if (j >= n) return attributeValue(attr, '', '');
    const quote = prefix[j];
    if (quote === '"' || quote === "'") {
      const close = prefix.indexOf(quote, j + 1);
      if (close < 0) return attributeValue(attr, prefix.slice(j + 1), quote);
      j = close + 1;
    } else {
      const valueStart = j;
      while (j < n && !/[\s>]/.test(prefix[j])) j++;
      if (j >= n) return attributeValue(attr, prefix.slice(valueStart), '');
    }
  }
}

function attributeValue(attr: string, value: string, quote: string): HtmlContext {
  if (/^on/i.test(attr)) return jsContext(value, true);
  if (/^style$/i.test(attr)) return 'css';
  // A URL whose constant start fixes the scheme or path (`/`, `http://host/`, `page.php?id=`) lets
  // the input choose only what follows.
  if (URL_ATTRIBUTES.test(attr) && /^\s*[\w.+-]*$/.test(value)) return 'url-attr';
  return quote === '"' ? 'attr-dq' : quote === "'" ? 'attr-sq' : 'attr-unquoted';
}

/** JavaScript code so far: inside a string literal (a plain one, or one run as code) or not. */
function jsContext(code: string, inAttribute: boolean): HtmlContext {
  let quote = '';
  let opened = 0;
  for (let k = 0; k < code.length; k++) {
    const c = code[k];
    if (quote) {
      if (c === '\\') k++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === '/' && code[k + 1] === '/') {
      const end = code.indexOf('\n', k);
      if (end < 0) return 'js';
      k = end;
    } else if (c === '/' && code[k + 1] === '*') {
      const end = code.indexOf('*/', k + 2);
      if (end < 0) return 'js';
      k = end + 1;
    } else if (c === '"' || c === "'" || c === '`') {
      quote = c;
      opened = k;
    }
  }
  if (!quote || CODE_STRING.test(code.slice(0, opened))) return 'js';
  return inAttribute ? 'js-attr-string' : quote === '"' ? 'js-string-dq' : 'js-string-sq';
}
