// The taint engine on Ruby: Rails params and request fields reaching ActiveRecord, shells, eval,
// constantize, files and redirects, with the safe look-alikes the issue names (hash conditions,
// placeholders, `to_i`, `only_path`, `instance_eval(&block)`, `YAML.load(data, safe: true)`).
import assert from 'node:assert/strict';
import { code, linesOf, review } from '../reviewHelper';

describe('review taint engine: Ruby flows', () => {
  it('reports params in SQL fragments and column methods, not in hashes, placeholders or numbers', async () => {
    const src = code`
      class UsersController < ApplicationController
        def index
          User.where("name = '#{params[:name]}'")
          User.where(name: params[:name])
          User.where("name = ?", params[:name])
          User.order(params[:sort])
          User.order(:created_at)
          User.where("id = #{params[:id].to_i}")
          User.first(:conditions => "name = '#{params[:name]}'")
          User.pluck(params[:column])
        end
      end
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'ruby'), [3, 6, 9, 10]);
  });

  it('reports params reaching shells, eval, constantize, files and redirects; safe look-alikes stay quiet', async () => {
    const src = code`
      class ToolsController < ApplicationController
        def run
          system("ls #{params[:dir]}")
          system("ls", params[:dir])
          \`echo #{Shellwords.escape(params[:msg])}\`
          params[:kind].constantize.new
          File.read(params[:path])
          File.read(File.basename(params[:path]))
          redirect_to params[:back]
          redirect_to params.merge(only_path: true)
          redirect_to root_path
        end

        def configure(&block)
          instance_eval(&block)
          eval("1 + 1")
          YAML.load(params[:doc], safe: true)
          YAML.load(params[:doc])
        end
      end
    `;
    assert.deepEqual(await linesOf('command-injection', src, 'ruby'), [3]);
    assert.deepEqual(await linesOf('code-injection', src, 'ruby'), [6]);
    assert.deepEqual(await linesOf('path-traversal', src, 'ruby'), [7]);
    assert.deepEqual(await linesOf('open-redirect', src, 'ruby'), [9]);
    assert.deepEqual(await linesOf('unsafe-deserialization', src, 'ruby'), [18]);
  });

  it("evaluates a caller's string at medium: a DSL or configuration script is the API's purpose", async () => {
    const src = code`
      class Builder
        def self.new_from_string(builder_script, path = "(rackup)")
          eval(builder_script, binding, path)
        end
      end
    `;
    const findings = await review(src, 'ruby', ['security']);
    assert.deepEqual(
      findings.filter((f) => f.rule === 'codewright/code-injection').map((f) => [f.line, f.severity]),
      [[3, 'medium']],
    );
  });

  it('reports YAML files named by input, not ActiveStorage-sanitized names', async () => {
    const src = code`
      class FilesController < ApplicationController
        def show
          YAML.load_file("config/#{params[:name]}.yml")
          YAML.parse_file("data/" + params[:name])
          send_file ActiveStorage::Filename.new("#{params[:name]}.pdf").sanitized
          send_file "reports/#{params[:name]}.pdf"
        end
      end
    `;
    assert.deepEqual(await linesOf('path-traversal', src, 'ruby'), [3, 4, 6]);
  });

  it('reads `params` as a block parameter where a block declares it, not as the request', async () => {
    const src = code`
      class Finder
        def find_by(keys)
          cached_statement(keys) { |params| where(keys.index_with { params.bind }).limit(1) }
          cached_statement(keys) { |params| where("id = #{params.bind}") }
        end
      end
      class UsersController < ApplicationController
        def index
          items.each { |item| User.where("name = '#{params[:name]}'") }
        end
      end
    `;
    assert.deepEqual(await linesOf('sql-injection', src, 'ruby'), [9]);
  });

  it('reads a Rack env entry a middleware set as no input, not the headers or the request data', async () => {
    const src = code`
      class FailureApp < ActionController::Metal
        def recall
          Pathname.new(request.env["warden.options"][:attempted_path])
          send(request.env["warden.options"][:scope])
          Pathname.new(request.env["HTTP_X_PATH"])
          Pathname.new(request.env["action_dispatch.request.path_parameters"][:file])
          Pathname.new(request.env["rack.input"].read)
        end
      end
    `;
    assert.deepEqual(await linesOf('path-traversal', src, 'ruby'), [5, 6, 7]);
    assert.deepEqual(await linesOf('code-injection', src, 'ruby'), []);
  });
});
