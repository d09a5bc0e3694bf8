// Ruby: every SQL option of a Rails 2 finder, queries given as `[sql, binds]` arrays, foreign keys,
// redirects that cannot leave the site, procs made from names in block arguments, and
// `YAML.load(x, safe: false)`.
import assert from 'node:assert/strict';
import { code, review } from '../reviewHelper';

async function severities(rule: string, src: string): Promise<Array<[number, string]>> {
  const findings = await review(src, 'ruby', ['security']);
  return findings.filter((f) => f.rule === `codewright/${rule}`).map((f) => [f.line, f.severity]);
}

describe('review taint engine: Ruby queries, redirects and dispatch', () => {
  it('reads every SQL option of a Rails 2 finder or scope, and the SQL of a bind array', async () => {
    const src = code`
      class Ticket < ActiveRecord::Base
        named_scope :ranked, lambda { |col| { :order => "#{col} DESC" } }

        def self.report(col, table)
          all(:select => "#{col}, count(*)", :group => "state")
          find(:first, :joins => "JOIN #{table} ON a = b")
          find(:all, :order => params[:sort])
          find(:all, :conditions => ["title = '#{col}'"])
          find_by_sql(["SELECT * FROM tickets WHERE a = '#{col}' AND b = ?", 1])
        end

        def self.fine(col, owner)
          find(:all, :order => "created_at DESC", :select => "id, title")
          find(:all, :conditions => ["title = ?", col])
          find(:all, :conditions => "owner_id = #{owner.account_id}")
          find(:all, :limit => col)
        end
      end
    `;
    assert.deepEqual(await severities('sql-injection', src), [
      [2, 'medium'],
      [5, 'medium'],
      [6, 'medium'],
      [7, 'critical'],
      [8, 'medium'],
      [9, 'medium'],
    ]);
  });

  it('does not report SQL built from quoting, Arel SQL, schema names or the locale', async () => {
    const src = code`
      class Report < ActiveRecord::Base
        def self.lookup(x)
          where("name = #{quote_value(x)}")
          where("id IN (#{select(:id).where(name: x).to_sql})")
          where("#{reflection.foreign_key} = 1 AND t = '#{polymorphic_name}'")
          where("locale = '#{I18n.locale}'")
          where("name = '#{x}'")
        end
      end
    `;
    assert.deepEqual(await severities('sql-injection', src), [[7, 'medium']]);
  });

  it('does not report input checked against an allow-list before it is used', async () => {
    const src = code`
      class UsersController < ApplicationController
        ALLOWED = %w[ls df]
        def index
          User.order("#{sort_column} #{sort_direction}")
          User.order(params[:sort]) if ALLOWED.include?(params[:sort])
          dir = params[:dir]
          return head(:bad_request) unless %w[asc desc].include?(dir)
          User.order("name #{dir}")
        end

        def tools
          kind = params[:kind]
          unless ALLOWED.include?(kind)
            raise ArgumentError, "unknown tool"
          end
          system("#{kind} -l")
          system("#{params[:tool]} -l") if params[:tool] == "ls"
        end

        def unchecked
          kind = params[:kind]
          logger.warn("unknown") if !ALLOWED.include?(kind)
          system("#{kind} -l")
          system("#{params[:tool]} -l") if params[:tool] != "ls"
        end

        def sort_column
          User.column_names.include?(params[:sort]) ? params[:sort] : "name"
        end

        def sort_direction
          %w[asc desc].include?(params[:direction]) ? params[:direction] : "asc"
        end
      end
    `;
    assert.deepEqual(await severities('sql-injection', src), []);
    assert.deepEqual(await severities('command-injection', src), [
      [23, 'critical'],
      [24, 'critical'],
    ]);
  });

  it('follows SQL appended with <<, nested scope options and update_all conditions', async () => {
    const src = code`
      class Account < ActiveRecord::Base
        def self.matching(name)
          with_scope(:find => { :conditions => "name = '#{name}'" }) { find(:all) }
          update_all("active = 1", "name = '#{name}'")
          conditions = []
          conditions << "name = '#{name}'"
          find(:all, :conditions => conditions.join(" AND "))
          sql = "SELECT * FROM accounts WHERE 1 = 1"
          sql << " AND name = '#{name}'"
          connection.select_all(sql)
          update_all("active = 0", { :name => name })
          safe = "SELECT 1"
          safe << " FROM accounts"
          connection.select_all(safe)
        end
      end
    `;
    assert.deepEqual(await severities('sql-injection', src), [
      [3, 'medium'],
      [4, 'medium'],
      [7, 'medium'],
      [10, 'medium'],
    ]);
  });

  it('reports destroy_all with built SQL like the other bulk queries', async () => {
    const src = code`
      class Cleanup
        def run
          Ticket.destroy_all("owner = '#{Account.current.name}'")
          Ticket.destroy_all(state: Account.current.name)
        end
      end
    `;
    assert.deepEqual(await severities('sql-injection', src), [[3, 'medium']]);
  });

  it('does not report redirects that stay on this site', async () => {
    const src = code`
      class TicketsController < ApplicationController
        def show
          redirect_to params[:next], allow_other_host: false
          redirect_to [params[:project], :tickets]
          redirect_to current_user.tickets.find(params[:id])
          redirect_to url_for(:action => params[:step], :only_path => false)
          redirect_to params.merge(:host => "tickets.example.com")
          redirect_to url_from(params[:back])
          redirect_to "/tickets?q=#{params[:q]}"
          redirect_to Ticket.create(params[:ticket])
          redirect_to current_user.tickets.build(params[:ticket])
        end

        def leave
          redirect_to "/#{params[:to]}"
          redirect_to url_for(:host => params[:host], :action => "x")
          redirect_to params[:next] || root_path
          redirect_to URI.parse(params[:next]).to_s
        end
      end
    `;
    assert.deepEqual(
      (await severities('open-redirect', src)).map(([line]) => line),
      [15, 16, 17, 18],
    );
  });

  it('reports a block argument that turns input into a proc, not a symbol literal', async () => {
    const src = code`
      class ToolsController < ApplicationController
        def run
          Kernel.tap(&params[:method].to_sym)
          items.map(&:name)
          items.each(&method(:show))
        end
      end
    `;
    assert.deepEqual(await severities('code-injection', src), [[3, 'critical']]);
  });

  it('reads YAML.load(x, safe: false) as unsafe', async () => {
    const src = code`
      class ImportsController < ApplicationController
        def create
          YAML.load(params[:doc], safe: true)
          YAML.load(params[:doc], safe: false)
          YAML.load(params[:doc], :safe => false)
        end
      end
    `;
    assert.deepEqual(
      (await severities('unsafe-deserialization', src)).map(([line]) => line),
      [4, 5],
    );
  });
});
