// Python test generation (pytest/unittest with coverage.py) is not built yet: the request is refused
// with a clear error instead of an answer that pretends. See docs/testgen.md, "Not done yet".
import type { TestGenOutput } from '../../contracts/tests';
import { CodewrightError } from '../../errors';

export interface PyTestRequest {
  code: string;
  framework: 'pytest' | 'unittest';
  coverageTarget: number;
  edgeCases: boolean;
  modulePath: string;
  execute: boolean;
  signal?: AbortSignal;
}

export function generatePythonTests(request: PyTestRequest): Promise<TestGenOutput> {
  return Promise.reject(
    new CodewrightError(
      'UNPROCESSABLE',
      `Test generation for Python (${request.framework}) is not available in this version; JavaScript and TypeScript are`,
      { field: 'language', issue: 'python test generation not built yet' },
    ),
  );
}
