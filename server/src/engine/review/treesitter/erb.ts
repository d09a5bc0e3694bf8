// ERB templates (Rails views, `show.html.erb`) reviewed as Ruby: the Ruby of their tags, at the
// same lines and columns, with the markup around it blanked. No embedded-template grammar ships
// with @vscode/tree-sitter-wasm, and ERB's tag syntax is small enough to scan here:
//
//   <% code %>    runs code                  ->  `   code; `
//   <%= expr %>   writes expr, HTML-escaped  ->  `   expr; `   (escaped output is no sink)
//   <%== expr %>  writes expr unescaped      ->  `raw expr; `  (the `raw` sink of the Ruby table)
//   <%# note %>   a comment; <%% a literal `<%`: blanked
//
// Rails 2 wrote `<%= expr %>` unescaped (escaping came with Rails 3, or the rails_xss plugin): with
// `escapes: false`, `<%= expr %>` is written as `raw expr` too (`<%=` and the space after it are
// the four characters of `raw `).
//   `<%-` and `-%>` trim whitespace and read like `<%` and `%>`.
//
// Every replacement has the length of what it replaces and keeps line breaks, so a finding in the
// view is at the template's own line and column. The `;` ends each tag's code as ERB's compiled
// Ruby does, so `<% if x %>…<% end %>` on one line still parses.

/** One Ruby fragment of a template: where its code starts and ends in the template's text. */
interface Tag {
  /** Index of `<%`. */
  open: number;
  /** Index of the code's first character (after `<%`, `<%=`, `<%==` or `<%-`). */
  start: number;
  /** Index of the closing `%>` (or of the `-` of `-%>`); the text's length when unterminated. */
  end: number;
  /** Index just past the tag. */
  close: number;
  kind: 'code' | 'output' | 'raw' | 'comment' | 'literal';
}

/** The tags of an ERB template, in order. ERB ends a tag at the first `%>`, strings or not. */
export function erbTags(text: string): Tag[] {
  const tags: Tag[] = [];
  for (let open = text.indexOf('<%'); open >= 0; open = text.indexOf('<%', open + 2)) {
    if (text[open + 2] === '%') {
      tags.push({ open, start: open + 3, end: open + 3, close: open + 3, kind: 'literal' });
      open += 1;
      continue;
    }
    const marker = /^(?:==|=|#|-)?/.exec(text.slice(open + 2, open + 4))![0];
    const start = open + 2 + marker.length;
    const found = text.indexOf('%>', start);
    const close = found < 0 ? text.length : found + 2;
    const end = found < 0 ? text.length : found > start && text[found - 1] === '-' ? found - 1 : found;
    const kind = marker === '==' ? 'raw' : marker === '=' ? 'output' : marker === '#' ? 'comment' : 'code';
    tags.push({ open, start, end, close, kind });
    open = close - 2;
  }
  return tags;
}

/** True when `text` holds ERB tags: `<%` followed later by `%>`. */
export function hasErbTags(text: string): boolean {
  const open = text.indexOf('<%');
  return open >= 0 && text.indexOf('%>', open + 2) > 0;
}

/** Spaces for every character of `text` but its line breaks. */
const blank = (text: string) => text.replace(/[^\r\n]/g, ' ');

/**
 * A block opened by an output tag (`<%= form_for @user do |f| %>`, `<%= link_to url do %>`): its
 * body and `<% end %>` follow in later tags, so the code cannot be wrapped in a call.
 */
const OPENS_BLOCK = /(?:\bdo|\{)\s*(?:\|[^|]*\|)?\s*$/;

/** A tag whose code is only a comment (`<% # note %>`): its `;` would be commented out. */
const ONLY_COMMENT = /^\s*#/;

/** The Ruby view of an ERB template: same length, same line breaks, markup blanked. */
export function erbRubyView(text: string, escapes = true): string {
  let out = '';
  let at = 0;
  for (const tag of erbTags(text)) {
    out += blank(text.slice(at, tag.open));
    const code = text.slice(tag.start, tag.end);
    const opener = text.slice(tag.open, tag.start);
    const closer = text.slice(tag.end, tag.close);
    if (tag.kind === 'comment' || tag.kind === 'literal' || ONLY_COMMENT.test(code)) {
      out += blank(text.slice(tag.open, tag.close));
    } else if (!escapes && tag.kind === 'output' && /^\s/.test(code) && !OPENS_BLOCK.test(code)) {
      out += `raw${code}${closer.length >= 2 ? `${blank(closer.slice(0, -2))}; ` : blank(closer)}`;
    } else if (tag.kind === 'raw' && !OPENS_BLOCK.test(code)) {
      // `<%==` is four characters, as `raw ` is; a command call without parentheses keeps
      // `<%== x if c %>` and `<%== a ? b : c %>` valid Ruby (`raw(x if c)` would not be).
      out += `raw ${code}${closer.length >= 2 ? `${blank(closer.slice(0, -2))}; ` : blank(closer)}`;
    } else {
      out += blank(opener) + code + (closer.length >= 2 ? `${blank(closer.slice(0, -2))}; ` : blank(closer));
    }
    at = tag.close;
  }
  return out + blank(text.slice(at));
}
