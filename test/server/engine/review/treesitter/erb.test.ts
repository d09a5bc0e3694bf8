// The Ruby view of an ERB template: the code of its tags at their own lines and columns, markup
// blanked, `<%==` written as the `raw` call it is.
import assert from 'node:assert/strict';
import { erbRubyView, erbTags, hasErbTags } from '../../../../../server/src/engine/review/treesitter/erb';

describe('ERB templates as Ruby', () => {
  it('keeps every tag at its place and blanks the markup', () => {
    const template = '<ul>\n<% @items.each do |item| %>\n  <li><%= item.name %></li>\n<% end %>\n</ul>\n';
    const view = erbRubyView(template);
    assert.equal(view.length, template.length);
    assert.deepEqual(
      view.split('\n').map((l) => l.trimEnd()),
      ['', '   @items.each do |item| ;', '          item.name ;', '   end ;', '', ''],
    );
    assert.equal(view.indexOf('item.name'), template.indexOf('item.name'));
  });

  it('writes unescaped output as `raw` and ends every tag with `;`', () => {
    assert.equal(erbRubyView('<b><%== x %></b>'), '   raw  x ;     ');
    assert.equal(erbRubyView('<% if a %>y<% end %>'), '   if a ;     end ; ');
    // `raw x if c` is `(raw x) if c`: still Ruby, where `raw(x if c)` would not be.
    assert.equal(erbRubyView('<%== x if c %>'), 'raw  x if c ; ');
  });

  it('writes `<%= %>` as `raw` too for views that do not escape (Rails 2)', () => {
    assert.equal(erbRubyView('<b><%= x %></b>', false), '   raw x ;     ');
    // Without a space after `=` there is no room for `raw `: left as escaped output.
    assert.equal(erbRubyView('<%=x%>', false), '   x; ');
    assert.equal(erbRubyView('<%= form_for @u do |f| %>', false).trim(), 'form_for @u do |f| ;');
  });

  it('blanks comments, literal `<%%` and whole-comment code; reads the trim markers', () => {
    assert.equal(erbRubyView('<%# note %>a').trim(), '');
    // `<%% x %>` is the text `<% x %>`: markup.
    assert.equal(erbRubyView('<%% x %>').trim(), '');
    assert.equal(erbRubyView('<% # note %><% end %>').trim(), 'end ;');
    assert.equal(erbRubyView('<%- if a -%>\n<% end -%>'), '    if a  ; \n   end  ; ');
  });

  it('leaves an output tag that opens a block unwrapped', () => {
    const view = erbRubyView('<%== form_for @user do |f| %>x<% end %>');
    assert.ok(!view.includes('raw'));
    assert.ok(view.includes('form_for @user do |f| ;'));
  });

  it('finds the tags, and only where both delimiters are', () => {
    assert.deepEqual(
      erbTags('a <%= b %> c <%== d -%>').map((t) => t.kind),
      ['output', 'raw'],
    );
    assert.equal(hasErbTags('x = "<%"'), false);
    assert.equal(hasErbTags('<p><%= x %></p>'), true);
  });
});
