// ERB views reviewed as the Ruby of their tags: `<%= %>` escapes, `<%== %>`, `raw` and
// `html_safe` do not; a link's URL from input can be `javascript:`; a view's instance variables are
// what its controller set (unknown origin: medium). Findings are at the template's own lines.
import assert from 'node:assert/strict';
import { code, review } from '../reviewHelper';

async function xss(src: string): Promise<Array<[number, string]>> {
  const findings = await review(src, 'ruby', ['security']);
  return findings.filter((f) => f.rule === 'codewright/xss').map((f) => [f.line, f.severity]);
}

describe('review taint engine: Ruby ERB templates', () => {
  it('reports unescaped input at its line in the template', async () => {
    const src = code`
      <h1>Search</h1>
      <p>You searched for <%= raw params[:q] %></p>
      <p><%== params[:name] %></p>
      <div title="<%= params[:title].html_safe %>"></div>
      <%= cookies[:theme].html_safe unless preview? %>
    `;
    assert.deepEqual(await xss(src), [
      [2, 'high'],
      [3, 'high'],
      [4, 'high'],
      [5, 'high'],
    ]);
  });

  it('does not report escaped output, escaped or numeric values, comparisons and tag helpers', async () => {
    const src = code`
      <p><%= params[:q] %></p>
      <p><%= raw h(params[:q]) %></p>
      <p><%== params[:page].to_i %></p>
      <p><%== params[:flag] == "1" %></p>
      <%= raw content_tag(:span, params[:label]) %>
      <%# raw params[:q] %>
      <% form_for @user do |f| %>
        <%== f.text_field :name, value: params[:name] %>
      <% end %>
    `;
    assert.deepEqual(await xss(src), []);
  });

  it('reports a link whose URL is input, not one whose scheme or route is fixed', async () => {
    const src = code`
      <%= link_to "Home", params[:return_to] %>
      <%= link_to params[:next] do %>Next<% end %>
      <%= link_to "Site", url_for(params[:site]) %>
      <%= link_to params[:label], "/help" %>
      <%= link_to "Mail", "mailto:#{params[:to]}" %>
      <%= link_to "Post", post_path(params[:id]) %>
      <%= link_to "Page 2", params.merge(page: 2) %>
      <%= link_to "Docs", "#{ENV['DOCS_URL']}/#{params[:topic]}" %>
    `;
    assert.deepEqual(await xss(src), [
      [1, 'high'],
      [2, 'high'],
      [3, 'high'],
    ]);
  });

  it('keeps a record or instance variable written unescaped at medium', async () => {
    const src = code`
      <p><%= raw @user.bio %></p>
      <% @comments.each do |comment| %>
        <%== comment.body %>
      <% end %>
      <p><%= @post.title.html_safe %></p>
      <p><%= @post.title %></p>
      <p><%= raw t(".intro_html") %></p>
    `;
    assert.deepEqual(await xss(src), [
      [1, 'medium'],
      [3, 'medium'],
      [5, 'medium'],
    ]);
  });

  it("keeps a stored record's field as a link's URL at medium; the record, its id and its paths are routes", async () => {
    const src = code`
      <%= link_to "Home", User.find(params[:id]).home_url %>
      <%= link_to "Site", Company.first.website %>
      <%= link_to "Profile", User.find(params[:id]) %>
      <%= link_to "Home", User.find(params[:id]).home_path %>
      <%= link_to "Post", post_path(Post.first.id) %>
      <%= link_to "Ref", User.first.referrer_id %>
    `;
    assert.deepEqual(await xss(src), [
      [1, 'medium'],
      [2, 'medium'],
    ]);
  });

  it('reports a syntax error inside a tag at its place, and leaves Ruby files alone', async () => {
    const template = await review('<p>\n<%= link_to( %>\n</p>\n', 'ruby', ['security']);
    assert.equal(template.find((f) => f.rule === 'codewright/syntax-error')?.line, 2);
    const ruby = await review('TEMPLATE = "<p><%= raw params[:x] %></p>"\n', 'ruby', ['security']);
    assert.deepEqual(
      ruby.map((f) => f.rule),
      [],
    );
  });

  it('reads a partial of markup alone as a template, not a Ruby syntax error', async () => {
    const partial = await review('<button onclick="copy.bind(this)()">Copy</button>\n', 'ruby', ['security']);
    assert.deepEqual(
      partial.map((f) => f.rule),
      [],
    );
    // Near miss: Ruby that does not parse is still an error at its line.
    const ruby = await review('def f(\n  1 +\n', 'ruby', ['security']);
    assert.ok(ruby.some((f) => f.rule === 'codewright/syntax-error'));
  });

  it("does not take a hash of route options kept in a variable for a link's URL, nor links joined and marked safe for input", async () => {
    const src = code`
      module UsersHelper
        def status_link(user)
          url = {:controller => 'users', :action => 'update', :id => user, :page => params[:page]}
          link_to 'Lock', url.merge(:status => 3)
          link_to 'Edit', url
          back = "#{params[:back]}?page=1"
          link_to 'Back', back
          link_to 'Next', params[:next]
        end

        def result_links(types)
          links = types.map { |t| link_to(h(t), :q => params[:q], t => 1) }
          links.join(' ').html_safe
          items = types.map { |t| "<li>#{params[:q]}</li>" }
          items.join(' ').html_safe
        end
      end
    `;
    // 7, 8: a URL built from input and input itself; 15: the text joined is input, unescaped.
    assert.deepEqual(await xss(src), [
      [7, 'high'],
      [8, 'high'],
      [15, 'high'],
    ]);
  });
});
