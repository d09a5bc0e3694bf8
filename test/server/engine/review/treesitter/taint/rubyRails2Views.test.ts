// Rails 2 views (project type `rails 2.3`): `<%= %>` wrote its value unescaped, so input, a
// view's instance variables and application records written there are reported; markup helpers,
// escapes and numbers are not. The rails_xss plugin (or any later Rails) escapes again.
import assert from 'node:assert/strict';
import { reviewDetailed } from '../../../../../../server/src/engine/review/index';
import { escapingViews } from '../../../../../../server/src/engine/review/treesitter/index';
import { code } from '../reviewHelper';

async function xss(src: string, projectType?: string): Promise<Array<[number, string]>> {
  const { findings } = await reviewDetailed(
    {
      code: src,
      language: 'ruby',
      check_types: ['security'],
      ...(projectType ? { context: { project_type: projectType } } : {}),
    },
    undefined,
    { fixedCode: false },
  );
  return findings.filter((f) => f.rule === 'codewright/xss').map((f) => [f.line, f.severity]);
}

const VIEW = code`
  <h1>Orders</h1>
  <%= params[:note] %>
  <%= @order.comment %>
  <%= summary cookies[:last] %>
  <%= h(params[:q]) %>
  <%= link_to "next", u(params[:page]) %>
  <%= render :partial => "row", :locals => { :q => params[:q] } %>
  <%= text_field_tag :q, params[:q] %>
  <%= @orders.count %>
  <%= params[:all] == "1" ? "all" : "some" %>
  <%= orders_path(:q => params[:q]) %>
`;

describe('review taint engine: Rails 2 views', () => {
  it('reports what `<%= %>` writes unescaped in a Rails 2 view', async () => {
    assert.deepEqual(await xss(VIEW, 'rails 2.3.11'), [
      [2, 'high'],
      [3, 'medium'],
      [4, 'high'],
    ]);
  });

  it("reports Rails 2 content_tag's content and attribute names, and values only with escape false", async () => {
    const tags = code`
      <%= content_tag :span, @user.name %>
      <%= content_tag :p, params[:note] %>
      <%= content_tag :div, "Hi", { cookies[:attr] => "x" } %>
      <%= content_tag :div, "Hi", { :id => params[:id] }, false %>
      <%= content_tag :div, "Hi", { :class => params[:class] } %>
      <%= content_tag :div, "Hi", { :class => params[:class] }, true %>
      <%= content_tag :p, h(params[:note]) %>
      <%= content_tag :p, params[:n] == 1 ? "one" : "many" %>
    `;
    assert.deepEqual(await xss(tags, 'rails 2.3.11'), [
      [1, 'medium'],
      [2, 'high'],
      [3, 'high'],
      [4, 'high'],
    ]);
    assert.deepEqual(await xss(tags, 'rails 3.2'), []);
    assert.deepEqual(await xss(tags, 'rails 2.3.14 rails_xss'), []);
  });

  it('reports nothing there when the views escape (later Rails, rails_xss, no project type)', async () => {
    assert.deepEqual(await xss(VIEW), []);
    assert.deepEqual(await xss(VIEW, 'rails 3.2'), []);
    assert.deepEqual(await xss(VIEW, 'rails 2.3.14 rails_xss'), []);
  });

  it('reads links joined and marked safe as escaped from Rails 3 on, not in a Rails 2 view', async () => {
    const helper = code`
      module SearchHelper
        def result_links(types)
          links = types.map { |t| link_to(params[:q], :q => 1, t => 1) }
          links.join(' ').html_safe
        end
      end
    `;
    assert.deepEqual(await xss(helper, 'rails 3.2'), []);
    assert.deepEqual(await xss(helper, 'rails 2.3.11'), [[4, 'high']]);
  });

  it('reads the Rails version from the project type words', () => {
    assert.equal(escapingViews('rails2'), false);
    assert.equal(escapingViews('web app, Rails 2.3.5'), false);
    assert.equal(escapingViews('rails-1.2'), false);
    assert.equal(escapingViews('rails 2.3.14 rails_xss'), true);
    assert.equal(escapingViews('rails 4.2'), true);
    assert.equal(escapingViews('rails 20'), true);
    assert.equal(escapingViews(undefined), true);
  });
});
