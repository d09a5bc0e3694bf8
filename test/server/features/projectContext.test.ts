import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ProjectContexts } from '../../../server/src/features/projectContext';

const roots: string[] = [];

function app(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'cw-app-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const VIEW = 'app/views/users/show.html.erb';
const uriOf = (root: string, path = VIEW) => pathToFileURL(join(root, path)).href;

describe('features/projectContext', () => {
  after(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

  it('names the Rails of the app a view belongs to, from its Gemfile.lock', async () => {
    const root = app({
      Gemfile: "gem 'rails'\n",
      'Gemfile.lock': 'GEM\n  specs:\n    rails (2.3.18)\n',
      [VIEW]: '',
    });
    assert.deepEqual(await new ProjectContexts().forDocument(uriOf(root), 'ruby'), {
      project_type: 'rails 2.3.18',
    });
  });

  it("reads Rails 2's RAILS_GEM_VERSION and the rails_xss plugin that escapes its views", async () => {
    const root = app({
      'config/environment.rb': "RAILS_GEM_VERSION = '2.3.11' unless defined? RAILS_GEM_VERSION\n",
      'vendor/plugins/rails_xss/init.rb': '',
      [VIEW]: '',
    });
    assert.deepEqual(await new ProjectContexts().forDocument(uriOf(root), 'ruby'), {
      project_type: 'rails 2.3.11 rails_xss',
    });
  });

  it('gives nothing where the app does not say, for other languages and for unsaved documents', async () => {
    const plain = app({ Gemfile: "gem 'sinatra'\n", 'lib/x.rb': '' });
    const contexts = new ProjectContexts();
    assert.equal(await contexts.forDocument(uriOf(plain, 'lib/x.rb'), 'ruby'), undefined);
    assert.equal(await contexts.forDocument(uriOf(app({ 'x.rb': '' }), 'x.rb'), 'ruby'), undefined);
    const rails = app({ 'Gemfile.lock': '    rails (2.3.18)\n', Gemfile: '', 'app/x.js': '' });
    assert.equal(await contexts.forDocument(uriOf(rails, 'app/x.js'), 'javascript'), undefined);
    assert.equal(await contexts.forDocument('untitled:Untitled-1', 'ruby'), undefined);
  });

  it('reads the files again once its short memory has passed (a Gemfile.lock that changed counts)', async () => {
    const root = app({ Gemfile: '', 'Gemfile.lock': '    rails (2.3.18)\n', [VIEW]: '' });
    let now = 0;
    const contexts = new ProjectContexts(() => now);
    assert.deepEqual(await contexts.forDocument(uriOf(root), 'ruby'), { project_type: 'rails 2.3.18' });
    writeFileSync(join(root, 'Gemfile.lock'), '    rails (7.1.3)\n');
    now = 1_000;
    assert.deepEqual(await contexts.forDocument(uriOf(root), 'ruby'), { project_type: 'rails 2.3.18' });
    now = 60_000;
    assert.deepEqual(await contexts.forDocument(uriOf(root), 'ruby'), { project_type: 'rails 7.1.3' });
  });
});
