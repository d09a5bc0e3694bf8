// Ruby SQL and commands built from values whose origin the file does not show (a method defined
// elsewhere, an instance variable set out of sight, the record `self`, a caller's parameter): kept at
// medium, request input at the rule's severity; constants, escaped values, allow-list lookups,
// ternaries of literals and a model's schema names are not reported.
import assert from 'node:assert/strict';
import { code, review } from '../reviewHelper';

async function severities(rule: string, src: string): Promise<Array<[number, string]>> {
  const findings = await review(src, 'ruby', ['security']);
  return findings.filter((f) => f.rule === `codewright/${rule}`).map((f) => [f.line, f.severity]);
}

describe('review taint engine: Ruby values of unknown origin', () => {
  it('keeps commands built from unknown values at medium, request input at critical', async () => {
    const src = code`
      class Deployer
        def restart
          system("service #{service_name} restart")
          \`rm #{@target}\`
          system("echo " + remote_host)
          system("ls #{params[:dir]}")
        end
      end
    `;
    assert.deepEqual(await severities('command-injection', src), [
      [3, 'medium'],
      [4, 'medium'],
      [5, 'medium'],
      [6, 'critical'],
    ]);
  });

  it('does not report commands whose parts are constant, escaped, allow-listed or the runtime own', async () => {
    const src = code`
      class Tools
        COMMANDS = { list: "ls", show: "cat" }.freeze

        def initialize(dir)
          @dir = Shellwords.escape(dir)
        end

        def run(kind)
          \`#{COMMANDS[kind]} notes.txt\`
          \`ls #{@dir}\`
          \`echo #{verbose ? "-v" : "-q"}\`
          \`echo #{"--force" if forced}\`
          system("kill -9 #{Process.pid}")
          system("touch #{Shellwords.escape(target)}")
          system(command_line)
          system("ls", target)
        end

        def sweep(path)
          path = Shellwords.escape(path)
          \`rm -f #{path}\`
        end
      end
    `;
    assert.deepEqual(await severities('command-injection', src), []);
  });

  it('follows blocks, instance variables and methods of the file to request input', async () => {
    const src = code`
      class ReportsController < ApplicationController
        before_action :load_dir

        def export
          params[:names].each { |name| system("zip out.zip #{name}") }
          system("tar cf out.tar #{@dir}")
          system("du -sh #{chosen}")
        end

        def archive
          %w[a b].each { |name| system("zip out.zip #{name}") }
        end

        private

        def load_dir
          @dir = params[:dir]
        end

        def chosen
          params[:chosen]
        end
      end
    `;
    assert.deepEqual(await severities('command-injection', src), [
      [5, 'critical'],
      [6, 'critical'],
      [7, 'critical'],
    ]);
  });

  it('keeps SQL built from model fields, scopes and parameters at medium; schema names and ids are safe', async () => {
    const src = code`
      class Account < ApplicationRecord
        named_scope :by_state, lambda { |state| { :conditions => "state = '#{state}'" } }

        def touch_all
          connection.execute("UPDATE accounts SET kind = '#{self.kind}'")
          where("region = '#{region}'")
          connection.execute("UPDATE #{self.class.table_name} SET n = n + 1 WHERE id = #{id}")
          group(column_names.map { |c| "accounts.#{c}" }.join(", "))
        end

        def self.lookup(value)
          find_by_sql("SELECT * FROM accounts WHERE name = '#{value}'")
        end
      end
    `;
    assert.deepEqual(await severities('sql-injection', src), [
      [2, 'medium'],
      [5, 'medium'],
      [6, 'medium'],
      [12, 'medium'],
    ]);
  });

  it('reports a query written over several lines at the line where input is interpolated', async () => {
    const src = code`
      class SearchController < ApplicationController
        def index
          User.find_by_sql "SELECT * FROM users WHERE " +
            "name = '#{params[:name]}' AND " +
            "active = 1"
        end
      end
    `;
    assert.deepEqual(await severities('sql-injection', src), [[4, 'critical']]);
  });

  it("reads Rails 2 :conditions only on finders and scopes, not on other methods' options", async () => {
    const src = code`
      class Policy
        def statement(ref)
          Statement.new(effect: "allow", conditions: common + [ref.to_s])
        end

        def recent(days)
          Post.find(:all, :conditions => "created_at > '#{days}'")
        end
      end
    `;
    assert.deepEqual(await severities('sql-injection', src), [[7, 'medium']]);
  });

  it('does not call route helpers, parameter hashes without a host, or case results redirects to input', async () => {
    const src = code`
      class SessionsController < ApplicationController
        def create
          redirect_to user_path(params[:id])
          redirect_to params.permit(:page, :sort)
          redirect_to params.permit(:host, :page)
          redirect_to theme_url
          redirect_to params[:back]
        end

        def theme_url
          case params[:theme]
          when "dark" then "/dark"
          else "/light"
          end
        end
      end
    `;
    const findings = await review(src, 'ruby', ['security']);
    assert.deepEqual(
      findings.filter((f) => f.rule === 'codewright/open-redirect').map((f) => f.line),
      [5, 7],
    );
  });

  it('reports input that picks the method called (send, method, to_proc) or the file loaded; symbols are no escape', async () => {
    const src = code`
      class ActionsController < ApplicationController
        def run(&back)
          @report.send(params[:action_name])
          Kernel.method(params[:m]).call
          params[:m].to_sym.to_proc.call(Kernel)
          load params[:file]
          @report.send(:refresh)
          @report.public_send("#{KINDS.first}_total")
          @back = back.to_proc
          options.each_pair { |name, value| send(name, value) }
        end

        def back
          request.referer
        end
      end
    `;
    assert.deepEqual(await severities('code-injection', src), [
      [3, 'critical'],
      [4, 'critical'],
      [5, 'critical'],
      [6, 'critical'],
    ]);
  });

  it("keeps a method or SQL picked by a stored record's field at medium; other unknown values do not pick methods", async () => {
    const src = code`
      class GroupsController < ApplicationController
        def show
          User.method("#{User.first.kind}_stuff")
          User.where("name = '#{User.find_by_token(params[:t]).name}'")
          require Hash.new { |h, k| h[k] = k }
          User.method("#{@kind}_stuff")
          User.send(User.first.id)
        end
      end
    `;
    assert.deepEqual(await severities('code-injection', src), [[3, 'medium']]);
    assert.deepEqual(await severities('sql-injection', src), [[4, 'medium']]);
  });

  it("keeps data deserialized from a stored record's field at medium, not from other unknown values", async () => {
    const src = code`
      class SettingsController < ApplicationController
        def show
          YAML.load(User.first.preferences)
          Marshal.load(User.find(params[:id]).blob)
          YAML.load(some_method)
          YAML.load(@cached)
          YAML.load(User.first.id)
        end
      end
    `;
    assert.deepEqual(await severities('unsafe-deserialization', src), [
      [3, 'medium'],
      [4, 'medium'],
    ]);
  });

  it('does not take a parameter or local named params for the request parameters', async () => {
    const src = code`
      module ErrorsHelper
        def error_list(*params)
          options = params.extract_options!
          raw("<b>#{options[:header]}</b>")
        end

        def notice(params)
          raw(params[:text])
        end

        def shown
          raw(params[:text])
        end
      end
    `;
    const findings = await review(src, 'ruby', ['security']);
    assert.deepEqual(
      findings.filter((f) => f.rule === 'codewright/xss').map((f) => f.line),
      [12],
    );
  });

  it("does not read an instance variable another action of a controller wrote; filters, helpers and the action's own writes count", async () => {
    const src = code`
      class AttachmentsController < ApplicationController
        before_action :find_attachment, :only => [:show, :upload]
        before_action :load_draft

        def show
          File.read(@attachment.diskfile)
          File.read(@upload.path)
          File.read(@draft.path)
          File.read(@shared.path)
        end

        def upload
          @upload = Attachment.new(:file => request.body)
          File.read(@upload.path)
        end

        def load_draft
          @draft = Draft.new(params[:draft])
        end

        def helper_action
          @shared = Upload.new(params[:file])
        end

        def preview
          helper_action
          File.read(@shared.path)
        end

        private

        def find_attachment
          @attachment = Attachment.new(params[:attachment])
        end
      end
    `;
    // 6: a filter's write; 7: \`upload\` (only named in \`only:\`) is another request, so \`@upload\` is not
    // set here; 8: a public method named as a filter; 9: called by \`preview\`, so not another action there
    // (and read in \`show\` too, the method being named); 14: the action's own write.
    assert.deepEqual(await severities('path-traversal', src), [
      [6, 'high'],
      [8, 'high'],
      [9, 'high'],
      [14, 'high'],
      [27, 'high'],
    ]);
  });

  it('still reads an instance variable another method wrote in a class that is no controller', async () => {
    const src = code`
      class Importer
        def load
          @file = params[:file]
        end

        def run
          File.read(@file)
        end
      end
    `;
    assert.deepEqual(await severities('path-traversal', src), [[7, 'high']]);
  });

  it("does not take an object's class name for input when it picks the method called", async () => {
    const src = code`
      class QueriesController < ApplicationController
        before_action :find_query

        def update
          method = "redirect_to_#{@query.class.name.underscore}"
          send method, {}
          send "redirect_to_#{@query.name}", {}
        end

        private

        def find_query
          @query = Query.find(params[:id])
        end
      end
    `;
    assert.deepEqual(await severities('code-injection', src), [[7, 'critical']]);
  });
});
