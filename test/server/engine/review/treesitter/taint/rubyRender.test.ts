// The taint engine on Ruby: `render` told by input which template or file to render (CVE-2016-0752),
// with the look-alikes that stay quiet: locals, components built from input, the router's own
// action and controller names, predicates, and a name checked against the app's templates.
import assert from 'node:assert/strict';
import { code, linesOf } from '../reviewHelper';

describe('review taint engine: Ruby render paths', () => {
  it('reports input naming the template, action or file that render renders', async () => {
    const src = code`
      class PagesController < ApplicationController
        def show
          render params[:page]
          render :action => params[:my_action]
          render file: "/var/app/#{params[:name]}"
          page = cookies[:last_page]
          render template: page
        end
      end
    `;
    assert.deepEqual(await linesOf('code-injection', src, 'ruby'), [3, 4, 5, 7]);
  });

  it('leaves locals, components, router names, predicates and checked template names alone', async () => {
    const src = code`
      class PagesController < ApplicationController
        def show
          render :locals => { :input => params[:user_input] }
          render CardComponent.new(params.require(:name))
          render params[:action]
          render :action => params[:controller]
          render params[:x].thing?
          slug = params[:slug].to_s
          render slug if template_exists?(slug, "pages")
          render :show, status: params[:status].to_i
        end
      end
    `;
    assert.deepEqual(await linesOf('code-injection', src, 'ruby'), []);
  });

  it('still reports a name checked against something other than the templates', async () => {
    const src = code`
      class PagesController < ApplicationController
        def show
          slug = params[:slug].to_s
          render slug if slug.length < 40
        end
      end
    `;
    assert.deepEqual(await linesOf('code-injection', src, 'ruby'), [4]);
  });
});
