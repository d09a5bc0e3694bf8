// brakeman's tests assert warnings (and their absence) by type, line and file; the reader keeps each
// assertion's options as written.
import assert from 'node:assert/strict';
import { brakemanAssertions } from '../../../bench/corpusLabels/brakeman';

describe('corpus labels: brakeman assertions', () => {
  it('reads positive and negative assertions with a path or a file pattern', () => {
    const text = [
      '  def test_sql',
      '    assert_warning :type => :warning,',
      '      :warning_type => "SQL Injection",',
      '      :line => 12,',
      '      :relative_path => "app/models/user.rb",',
      '      :code => s(:call, nil, :where)',
      '  end',
      '  def test_no_redirect',
      '    assert_no_warning :warning_type => "Redirect",',
      '      :line => 30,',
      '      :file => /home_controller\\.rb/',
      '  end',
      '  def test_without_type',
      '    assert_warning :line => 3, :relative_path => "x.rb"',
      '  end',
    ].join('\n');
    const found = brakemanAssertions(text);
    assert.equal(found.length, 2);
    assert.deepEqual(
      { ...found[0], code: found[0].code.trim() },
      {
        positive: true,
        warningType: 'SQL Injection',
        line: 12,
        file: 'app/models/user.rb',
        code: 's(:call, nil, :where)',
      },
    );
    assert.equal(found[1].positive, false);
    assert.equal(found[1].line, 30);
    assert.ok(found[1].file instanceof RegExp && found[1].file.test('app/controllers/home_controller.rb'));
  });
});
