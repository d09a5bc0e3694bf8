// /v1/project/init and /v1/project/analyze end to end through the real api and the worker pool:
// 201 with the created files, the analysis of what was created, and errors in the spec's envelope.
import assert from 'node:assert/strict';
import { ProjectAnalyzeOutput, ProjectInitOutput } from '../../../../server/src/engine/contracts/project';
import { createTestApi, errorOf, type TestApi } from '../../../api/helpers';

describe('POST /v1/project/init and /v1/project/analyze', function () {
  this.timeout(60_000);
  let api: TestApi;
  before(async () => {
    api = await createTestApi({ unlimited: true });
  });
  after(() => api.close());

  it('creates a project (201) and analyses it', async () => {
    const created = await api.call({
      method: 'POST',
      url: '/v1/project/init',
      payload: { name: 'web', template: 'fastify-api', options: { include_docs: false } },
    });
    assert.equal(created.statusCode, 201, created.body);
    const init = ProjectInitOutput.parse(created.json());
    assert.ok(init.files.includes('src/app.ts'));
    assert.ok(!init.files.includes('README.md'));
    const analysed = await api.call({
      method: 'POST',
      url: '/v1/project/analyze',
      payload: { project_path: 'web', analysis_type: 'architecture' },
    });
    assert.equal(analysed.statusCode, 200, analysed.body);
    const out = ProjectAnalyzeOutput.parse(analysed.json());
    assert.equal(out.project_info.name, 'web');
    assert.equal(out.project_info.framework, 'Fastify');
    assert.equal(out.project_info.language, 'TypeScript');
    assert.equal(out.project_info.size.languages!.TypeScript!.files, 3);
    assert.ok(out.architecture!.testability !== 'unknown');
  });

  it('refuses an unknown template and a path outside the roots in the envelope', async () => {
    const badTemplate = await api.call({
      method: 'POST',
      url: '/v1/project/init',
      payload: { name: 'x', template: 'cobol' },
    });
    assert.equal(badTemplate.statusCode, 400);
    assert.equal(errorOf(badTemplate).details.field, 'template');
    const outside = await api.call({
      method: 'POST',
      url: '/v1/project/analyze',
      payload: { project_path: '/etc' },
    });
    assert.equal(outside.statusCode, 400);
    assert.equal(errorOf(outside).details.field, 'project_path');
  });
});
